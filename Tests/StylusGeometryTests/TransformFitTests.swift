import Testing

@testable import StylusGeometry

/// A deterministic noise source (a linear congruential generator), so the tests never flake.
struct SeededNoise {
    var state: UInt64

    /// Uniform in [-amplitude, amplitude].
    mutating func next(amplitude: Double) -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let unit = Double(state >> 11) / Double(1 << 53)
        return (unit * 2 - 1) * amplitude
    }
}

@Suite("Tablet-to-form transform fit")
struct TransformFitTests {
    /// The sheet's 3 x 3 targets, 4 cm apart on A4 landscape.
    static let sheet = CalibrationSheet.grid(
        page: CalibrationSheet.a4Landscape, columns: 3, rows: 3, spacingCentimetres: 4)

    /// Where the paper lies on the tablet: rotated 2.5°, the tablet's mm 0.4 % larger than true mm
    /// (a resolution slightly off), and offset. Form cm = R(θ) · s · 0.1 · tablet mm + offset.
    static let angle = 2.5 * Double.pi / 180
    static let scale = 0.1 * 1.004
    static let offset = (x: -6.3, y: 2.85)

    static func truth(_ tablet: TabletPosition) -> FormPosition {
        let c = cosine(angle) * scale
        let s = sine(angle) * scale
        return FormPosition(
            xCentimetres: c * tablet.xMillimetres - s * tablet.yMillimetres + offset.x,
            yCentimetres: s * tablet.xMillimetres + c * tablet.yMillimetres + offset.y)
    }

    /// The tablet position the true transform sends to `form` (its inverse, worked out by hand).
    static func tap(on form: FormPosition) -> TabletPosition {
        let x = form.xCentimetres - offset.x
        let y = form.yCentimetres - offset.y
        let c = cosine(angle) / scale
        let s = sine(angle) / scale
        return TabletPosition(xMillimetres: c * x + s * y, yMillimetres: -s * x + c * y)
    }

    static func taps(noise amplitude: Double) -> [TabletPosition] {
        var noise = SeededNoise(state: 42)
        return sheet.targets.map { target in
            var tap = tap(on: target)
            tap.xMillimetres += noise.next(amplitude: amplitude)
            tap.yMillimetres += noise.next(amplitude: amplitude)
            return tap
        }
    }

    static func distanceMillimetres(_ a: FormPosition, _ b: FormPosition) -> Double {
        ((a.xCentimetres - b.xCentimetres) * (a.xCentimetres - b.xCentimetres)
            + (a.yCentimetres - b.yCentimetres) * (a.yCentimetres - b.yCentimetres)).squareRoot() * 10
    }

    @Test("The inverse used to make the taps is the inverse of the truth")
    func inverseIsRight() {
        for target in Self.sheet.targets {
            #expect(Self.distanceMillimetres(Self.truth(Self.tap(on: target)), target) < 1e-9)
        }
    }

    @Test("Noisy taps made with a known transform are fitted back within 0.1 mm", arguments: TransformModel.allCases)
    func fitsKnownTransform(model: TransformModel) throws {
        let fit = try TransformFit(taps: Self.taps(noise: 0.1), targets: Self.sheet.targets, model: model)
        try fit.check()
        // Compare with the truth over the whole area the targets span, corners and between targets.
        for row in stride(from: 6.5, through: 14.5, by: 1) {
            for column in stride(from: 10.85, through: 18.85, by: 1) {
                let tablet = Self.tap(on: FormPosition(xCentimetres: column, yCentimetres: row))
                let error = Self.distanceMillimetres(fit.transform.formPosition(of: tablet), Self.truth(tablet))
                #expect(error < 0.1, "at (\(column), \(row)) cm the fit is \(error) mm off the truth")
            }
        }
        #expect(fit.residuals.count == 9)
        #expect(fit.rmsMillimetres < 0.15)
    }

    @Test("Exact taps give the exact transform")
    func exactTaps() throws {
        let fit = try TransformFit(taps: Self.taps(noise: 0), targets: Self.sheet.targets, model: .affine)
        let c = cosine(Self.angle) * Self.scale
        let s = sine(Self.angle) * Self.scale
        #expect(
            abs(fit.transform.xx - c) < 1e-9 && abs(fit.transform.xy + s) < 1e-9
                && abs(fit.transform.x0 - Self.offset.x) < 1e-7)
        #expect(
            abs(fit.transform.yx - s) < 1e-9 && abs(fit.transform.yy - c) < 1e-9
                && abs(fit.transform.y0 - Self.offset.y) < 1e-7)
        #expect(fit.transform.isAffine)
        #expect(fit.rmsMillimetres < 1e-6)
    }

    @Test("A slipped tap makes the fit refused and is named")
    func badTapFlagged() throws {
        var taps = Self.taps(noise: 0.1)
        taps[4].xMillimetres += 1.8
        taps[4].yMillimetres -= 1.2
        let fit = try TransformFit(taps: taps, targets: Self.sheet.targets, model: .affine)
        #expect(fit.suspect?.number == 5)
        #expect(fit.worst.number == 5)
        #expect(throws: TransformFitError.self) { try fit.check() }
        do {
            try fit.check()
        } catch {
            let text = error.description
            #expect(text.hasPrefix("The calibration is refused: its error is "))
            #expect(text.contains("Tap 5 is probably bad: it lies "))
            #expect(text.hasSuffix(" Check the sheet has not moved, then record the taps again."))
        }
        // Leaving the bad tap out recovers the truth.
        var targets = Self.sheet.targets
        taps.remove(at: 4)
        targets.remove(at: 4)
        let without = try TransformFit(taps: taps, targets: targets, model: .affine)
        try without.check()
    }

    @Test("A bad tap on a corner target is flagged too")
    func badCornerTap() throws {
        var taps = Self.taps(noise: 0.05)
        taps[8].yMillimetres += 1.5
        let fit = try TransformFit(taps: taps, targets: Self.sheet.targets, model: .affine)
        #expect(fit.suspect?.number == 9)
        #expect(throws: TransformFitError.self) { try fit.check() }
    }

    @Test("A homography is recovered from taps made with a projective map")
    func homography() throws {
        let truth = TabletToFormTransform(
            xx: 0.1, xy: 0.002, x0: -3, yx: -0.001, yy: 0.099, y0: 1.5, px: 0.0002, py: -0.0001)
        // Taps on a 4 x 3 grid of tablet positions and their images.
        var taps: [TabletPosition] = []
        for x in stride(from: 20.0, through: 200, by: 60) {
            for y in stride(from: 20.0, through: 140, by: 60) {
                taps.append(TabletPosition(xMillimetres: x, yMillimetres: y))
            }
        }
        let targets = taps.map { truth.formPosition(of: $0) }
        let fit = try TransformFit(taps: taps, targets: targets, model: .homography)
        #expect(fit.rmsMillimetres < 1e-6)
        #expect(abs(fit.transform.px - truth.px) < 1e-9 && abs(fit.transform.py - truth.py) < 1e-9)
        // The affine fit cannot follow the perspective.
        let affine = try TransformFit(taps: taps, targets: targets, model: .affine)
        #expect(affine.rmsMillimetres > 1)
    }

    @Test("Too few, mismatched or collinear taps are refused")
    func refusals() throws {
        let targets = Array(Self.sheet.targets.prefix(3))
        #expect(throws: TransformFitError.tooFewTargets(model: .affine, found: 3)) {
            try TransformFit(taps: Self.taps(noise: 0).prefix(3).map { $0 }, targets: targets, model: .affine)
        }
        #expect(throws: TransformFitError.tooFewTargets(model: .homography, found: 4)) {
            try TransformFit(
                taps: Self.taps(noise: 0).prefix(4).map { $0 }, targets: Array(Self.sheet.targets.prefix(4)),
                model: .homography)
        }
        #expect(throws: TransformFitError.countMismatch(taps: 8, targets: 9)) {
            try TransformFit(taps: Array(Self.taps(noise: 0).prefix(8)), targets: Self.sheet.targets, model: .affine)
        }
        let line = (0..<5).map { TabletPosition(xMillimetres: Double($0) * 10, yMillimetres: Double($0) * 5) }
        #expect(throws: TransformFitError.degenerate(model: .affine)) {
            try TransformFit(taps: line, targets: Array(Self.sheet.targets.prefix(5)), model: .affine)
        }
        #expect(
            TransformFitError.countMismatch(taps: 8, targets: 9).description
                == "Found 8 taps for 9 targets. Tap every target of the calibration sheet exactly once, in its numbered order, "
                + "lifting the pen between taps; record the taps again.")
    }

    @Test("The grid sheet's targets are where their spacing puts them, numbered row by row")
    func sheetGrid() {
        let sheet = Self.sheet
        #expect(sheet.targets.count == 9)
        #expect(sheet.targets[0] == FormPosition(xCentimetres: 10.85, yCentimetres: 6.5))
        #expect(sheet.targets[2] == FormPosition(xCentimetres: 18.85, yCentimetres: 6.5))
        #expect(sheet.targets[8] == FormPosition(xCentimetres: 18.85, yCentimetres: 14.5))
        #expect(sheet.fitsOnPage)
        #expect(
            !CalibrationSheet.grid(page: CalibrationSheet.a4Landscape, columns: 3, rows: 3, spacingCentimetres: 11)
                .fitsOnPage)
    }

    @Test("A fitted transform written into a tablet profile reads back the same")
    func profileRoundTrip() throws {
        let fit = try TransformFit(taps: Self.taps(noise: 0.1), targets: Self.sheet.targets, model: .homography)
        let profile = TabletProfile(
            source: "fitted.yaml", description: "Wacom \"Intuos\" S",
            match: DeviceMatch(bus: 3, vendor: 0x056a, product: 0x0374),
            resolution: UnitsPerMillimetre(x: 100, y: 100), pressure: PressureSettings(minimum: 0, maximum: 4095),
            tabletToForm: fit.transform)
        let text = profile.yaml(comments: ["Fitted by a test."])
        #expect(text.hasPrefix("# Fitted by a test.\nschema: 1\nkind: tablet\n"))
        let read = try TabletProfile(yaml: text, source: "fitted.yaml")
        #expect(read == profile)
    }

    @Test("The scale of taps at the sheet's true size is 1 within the resolution's error, and is accepted")
    func trueScale() throws {
        let fit = try TransformFit(taps: Self.taps(noise: 0.1), targets: Self.sheet.targets, model: .affine)
        // The truth's tablet mm are 0.4 % large: the taps lie 1/1.004 as far apart.
        #expect(abs(fit.scale - 1.004) < 0.002)
        try fit.check()
    }

    @Test(
        "A sheet printed at 80 % (\"fit to page\") fits with no error but is refused, naming the scale found",
        arguments: TransformModel.allCases)
    func sheetPrintedSmall(model: TransformModel) throws {
        // The targets as printed: 80 % of their distance from the page's centre.
        let centre = (x: 29.7 / 2, y: 21.0 / 2)
        let printed = Self.sheet.targets.map {
            FormPosition(
                xCentimetres: centre.x + 0.8 * ($0.xCentimetres - centre.x),
                yCentimetres: centre.y + 0.8 * ($0.yCentimetres - centre.y))
        }
        let fit = try TransformFit(taps: printed.map(Self.tap(on:)), targets: Self.sheet.targets, model: model)
        #expect(fit.rmsMillimetres < 0.001)
        #expect(abs(fit.scale - 1.25 * 1.004) < 1e-9)
        #expect(throws: TransformFitError.wrongScale(scale: fit.scale, limits: .standard)) { try fit.check() }
        #expect {
            try fit.check()
        } throws: { error in
            "\(error)"
                == "The calibration is refused: the fitted scale is 0.126 cm on the form per mm on the tablet, where a"
                + " sheet at its true size gives 0.100 (+25.5 %; at most 3.0 % allowed). The sheet was probably printed"
                + " at 79.7 % of its size (\"fit to page\" or another paper size): print it again at actual size (100 %,"
                + " no scaling) and record the taps again. If it was printed at actual size, the tablet's resolution"
                + " (from the device or its profile) is wrong by that much."
        }
    }
}
