import ADF
import FormPrinting
import Foundation
import Proctoring
import Rendering
import StylusGeometry
import Testing

/// The package root: three levels above this file.
private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The length of the run of light pixels through (`x`, `y`) along a row (or a column), and
/// whether dark pixels bound it on both sides.
private func lightRun(_ image: RasterImage, x: Int, y: Int, horizontal: Bool) -> (length: Int, bounded: Bool) {
    func light(_ i: Int) -> Bool? {
        let (px, py) = horizontal ? (i, y) : (x, i)
        guard px >= 0, py >= 0, px < image.width, py < image.height else { return nil }
        return image.pixel(x: px, y: py).brightness > 127.5
    }
    let centre = horizontal ? x : y
    var low = centre
    var high = centre
    while light(low - 1) == true { low -= 1 }
    while light(high + 1) == true { high += 1 }
    return (high - low + 1, light(low - 1) == false && light(high + 1) == false)
}

/// A one-step clock document on the reference canvas (132 points per inch), 1320 points square.
private func clockDocument(points: [PenPoint], interruptions: [Interruption] = []) -> ADFDocument {
    let start = points.first?.unixMilliseconds ?? 0
    return ADFDocument(
        variant: .clock,
        environment: ClockSketchData(deviceModel: "Test tablet", canvasWidth: 1320, canvasHeight: 1320),
        steps: [
            ADFDocument.Step(
                identifier: "clockStep-command", start: StepMark(unixMilliseconds: start),
                end: StepMark(unixMilliseconds: (points.last?.unixMilliseconds ?? start) + 100),
                strokes: [
                    ADFDocument.Stroke(
                        beginUnixMilliseconds: start, endUnixMilliseconds: points.last?.unixMilliseconds ?? start,
                        points: points)
                ], interruptions: interruptions)
        ], display: .formatDefault)
}

@Suite("Pictures of results")
struct RenderingTests {
    @Test("A symbol-digit answer box at 600 dpi is 1.27 cm wide and 58 pt (at 132 pt/in) high, within one pixel")
    func answerBoxSize() throws {
        let formPage = FormSize(widthCentimetres: 24, heightCentimetres: 16)
        let form = SymbolDigitForm(
            step: SymbolDigitStep(round: 1, part: .test), origin: SymbolDigitForm.origin(centredOn: formPage))
        let page = PageDrawing.symbolDigitForm(form, page: formPage)
        // A timed box (not a sample, whose border is wider): row 2, column 8.
        let box = form.boxes[22]
        #expect(!box.isSample)
        let cell = box.answerCell
        let margin = 0.3
        let image = RasterImage(
            page: page, dotsPerInch: 600,
            region: (
                cell.minX - margin, cell.minY - margin, cell.size.widthCentimetres + 2 * margin,
                cell.size.heightCentimetres + 2 * margin
            ))
        let centreX = Int(((cell.size.widthCentimetres / 2 + margin) / 2.54 * 600).rounded(.down))
        let centreY = Int(((cell.size.heightCentimetres / 2 + margin) / 2.54 * 600).rounded(.down))
        let across = lightRun(image, x: centreX, y: centreY, horizontal: true)
        let down = lightRun(image, x: centreX, y: centreY, horizontal: false)
        #expect(across.bounded && down.bounded)
        // B = 1.27 cm (assessments.md); A = the 58 pt the reference app recorded at 132 pt/in.
        let expectedWidth = 1.27 / 2.54 * 600
        let expectedHeight = 58.0 / 132 * 600
        #expect(abs(Double(across.length) - expectedWidth) <= 1, "width \(across.length) px, expected \(expectedWidth)")
        #expect(abs(Double(down.length) - expectedHeight) <= 1, "height \(down.length) px, expected \(expectedHeight)")
    }

    @Test("--step picks one step from 1, or every step without it; a step the file does not have is refused")
    func stepChoice() throws {
        let sample = PenPoint(x: 660, y: 330, altitude: 1.2, azimuth: 0, force: 1, unixMilliseconds: 1_700_000_000_000)
        let picture = ResultsPicture(
            document: clockDocument(points: [sample]), forms: [.blank], options: PictureOptions())
        #expect(try picture.steps(choosing: nil) == [0] && picture.steps(choosing: 1) == [0])
        #expect { try picture.steps(choosing: 2) } throws: { error in
            "\(error)" == "--step 2 is not a step of the results file, which has 1 step; give a number from 1 to 1."
        }
    }

    @Test("The ink of a sample lies where its canvas coordinates say")
    func inkPosition() throws {
        // 660 pt, 330 pt on a 132 pt/in canvas: 5 in, 2.5 in; at 200 dpi pixel 1000, 500.
        let sample = PenPoint(x: 660, y: 330, altitude: 1.2, azimuth: 0, force: 1, unixMilliseconds: 1_700_000_000_000)
        let document = clockDocument(points: [sample])
        let picture = ResultsPicture(
            document: document, forms: [.blank], options: PictureOptions(colouring: .stroke, showsLegend: false))
        let image = RasterImage(page: picture.page(step: 0), dotsPerInch: 200)
        #expect(image.width == 2000 && image.height == 2000)
        var sumX = 0.0
        var sumY = 0.0
        var weight = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let darkness = 255 - image.pixel(x: x, y: y).brightness
                guard darkness > 0 else { continue }
                sumX += (Double(x) + 0.5) * darkness
                sumY += (Double(y) + 0.5) * darkness
                weight += darkness
            }
        }
        try #require(weight > 0, "no ink drawn")
        #expect(
            abs(sumX / weight - 1000) < 0.5 && abs(sumY / weight - 500) < 0.5,
            "ink centred at \(sumX / weight), \(sumY / weight)")
        // The dot is in the stroke's colour, the first of the palette (blue-ish: blue > red).
        let centre = image.pixel(x: 1000, y: 500)
        #expect(centre.blue > centre.red + 60)
    }

    @Test("An interruption's ring is centred on the last sample before it")
    func interruptionPosition() throws {
        let t0 = 1_700_000_000_000.0
        let points = (0..<5).map {
            PenPoint(
                x: 264 + Double($0) * 26.4, y: 264, altitude: 1.2, azimuth: 0, force: 0.5,
                unixMilliseconds: t0 + Double($0) * 100)
        }
        // Between the third (t0 + 200) and fourth sample: the ring goes on the third, x = 316.8 pt.
        let document = clockDocument(
            points: points, interruptions: [Interruption(type: "test", unixMilliseconds: t0 + 250)])
        let picture = ResultsPicture(document: document, forms: [.blank], options: PictureOptions(showsLegend: false))
        let image = RasterImage(page: picture.page(step: 0), dotsPerInch: 100)
        let expected = (x: 316.8 / 132 * 100, y: 264.0 / 132 * 100)
        var sum = (x: 0.0, y: 0.0, n: 0.0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.red > 150, p.green < 80, p.blue > 150 {
                    sum = (sum.x + Double(x) + 0.5, sum.y + Double(y) + 0.5, sum.n + 1)
                }
            }
        }
        try #require(sum.n > 10, "no marker drawn")
        #expect(abs(sum.x / sum.n - expected.x) < 1 && abs(sum.y / sum.n - expected.y) < 1)
    }

    @Test("Refused ink is faint grey where its samples lie; recorded ink over it stays full strength")
    func refusedInkIsFaint() throws {
        let t0 = 1_700_000_000_000.0
        // Recorded: a horizontal stroke at y = 264 pt (2 in) from x = 132 to 660 pt (1 to 5 in).
        let recorded = (0...20).map {
            PenPoint(
                x: 132 + Double($0) * 26.4, y: 264, altitude: 1.2, azimuth: 0, force: 1,
                unixMilliseconds: t0 + Double($0) * 10)
        }
        // Refused: a vertical stroke at x = 396 pt (3 in) from y = 132 to 660 pt, crossing the recorded one
        // at (3 in, 2 in).
        let refused = (0...20).map {
            PenPoint(
                x: 396, y: 132 + Double($0) * 26.4, altitude: 1.2, azimuth: 0, force: 1,
                unixMilliseconds: t0 + 500 + Double($0) * 10)
        }
        let picture = ResultsPicture(
            document: clockDocument(points: recorded), forms: [.blank],
            options: PictureOptions(colouring: .stroke, showsLegend: false),
            unrecorded: .known([[UnrecordedStroke(reason: .refused, points: refused)]]))
        // 100 dpi: a point is 100/132 px. Force 1 gives 0.052 cm = 2 px of ink, so a sample's pixel is covered.
        let image = RasterImage(page: picture.page(step: 0), dotsPerInch: 100)
        func pixel(_ point: PenPoint) -> RasterImage.Pixel {
            image.pixel(x: Int(point.x / 132 * 100), y: Int(point.y / 132 * 100))
        }
        // Grey at 35 % opacity over white: 255 × (1 − 0.35 × (1 − 0.4)) = 201.45 in every channel.
        // (The pixel below and right of a sample: at a stroke's last sample only the round end covers
        // part of it, so the samples checked are the inner ones.)
        for point in refused.dropFirst().dropLast() where abs(point.y - 264) > 30 {
            let p = pixel(point)
            #expect(
                abs(p.red - p.green) <= 1 && abs(p.green - p.blue) <= 1,
                "refused ink at \(point.y) pt is not grey: \(p)")
            #expect(
                (196...207).contains(p.red), "refused ink at \(point.y) pt has brightness \(p.red), expected about 201")
        }
        // The recorded stroke, the palette's first colour (0.12, 0.47, 0.71 = 31, 120, 181), opaque,
        // also where it crosses the refused stroke: it is drawn over it.
        for point in recorded.dropFirst().dropLast() {
            let p = pixel(point)
            #expect(
                abs(p.red - 31) <= 3 && abs(p.green - 120) <= 3 && abs(p.blue - 181) <= 3,
                "recorded ink at \(point.x) pt is \(p)")
        }
        // Between the samples of the refused stroke, away from both: white.
        #expect(image.pixel(x: 150, y: 100).brightness == 255)
    }

    @Test("The legend counts refused strokes and ignored stroke ends, or says a results file cannot")
    func refusedLegend() throws {
        let t0 = 1_700_000_000_000.0
        let point = PenPoint(x: 100, y: 100, altitude: 1.2, azimuth: 0, force: 1, unixMilliseconds: t0)
        let document = clockDocument(points: [point])
        let fromFile = ResultsPicture(document: document, forms: [.blank])
        #expect(fromFile.unrecordedLegend(step: 0) == "refused strokes: not in results files; render the recording")
        let none = ResultsPicture(document: document, forms: [.blank], unrecorded: .known([[]]))
        #expect(none.unrecordedLegend(step: 0) == "refused strokes 0")
        let strokes = [
            UnrecordedStroke(reason: .refused, points: [point]),
            UnrecordedStroke(reason: .ignoredRest, points: [point]),
            UnrecordedStroke(reason: .refused, points: [point]),
        ]
        let some = ResultsPicture(document: document, forms: [.blank], unrecorded: .known([strokes]))
        #expect(some.unrecordedLegend(step: 0) == "refused strokes 2, ignored stroke ends 1 (drawn faint grey)")
        // The legend band shows the line: its text is among the page's marks.
        let texts = some.page(step: 0).marks.compactMap { mark -> String? in
            if case .text(let text, _, _, _) = mark { return text }
            return nil
        }
        #expect(texts.contains("refused strokes 2, ignored stroke ends 1 (drawn faint grey)"))
        #expect(
            ResultsPicture(
                document: document, forms: [.blank], options: PictureOptions(showsLegend: false),
                unrecorded: .known([strokes])
            )
            .page(step: 0).marks.allSatisfy { if case .text = $0 { false } else { true } })
    }

    @Test(
        "A start-far ring lies at the touch-down of the stroke it refused; an animation frame leaves out later refused ink"
    )
    func refusedStrokePositionAndTime() throws {
        let t0 = 1_700_000_000_000.0
        // The refused stroke touched down at (264, 264) pt at t0, which is when start-far was recorded;
        // the recorded stroke begins at (660, 660) pt 1 s later.
        let refused = (0..<5).map {
            PenPoint(
                x: 264 + Double($0) * 13.2, y: 264, altitude: 1.2, azimuth: 0, force: 1,
                unixMilliseconds: t0 + Double($0) * 10)
        }
        let recorded = (0..<5).map {
            PenPoint(
                x: 660, y: 660 + Double($0) * 13.2, altitude: 1.2, azimuth: 0, force: 1,
                unixMilliseconds: t0 + 1000 + Double($0) * 10)
        }
        let document = clockDocument(
            points: recorded, interruptions: [Interruption(type: "start-far", unixMilliseconds: t0)])
        let picture = ResultsPicture(
            document: document, forms: [.blank], options: PictureOptions(showsLegend: false),
            unrecorded: .known([[UnrecordedStroke(reason: .refused, points: refused)]]))
        let at = try #require(picture.position(of: document.steps[0].interruptions[0], inStep: 0))
        #expect(abs(at.xCentimetres - 264.0 / 132 * 2.54) < 1e-9 && abs(at.yCentimetres - 264.0 / 132 * 2.54) < 1e-9)
        // Without the refused ink (a results file) the ring can only go on the first recorded sample.
        let fromFile = ResultsPicture(document: document, forms: [.blank])
        let there = try #require(fromFile.position(of: document.steps[0].interruptions[0], inStep: 0))
        #expect(abs(there.xCentimetres - 660.0 / 132 * 2.54) < 1e-9)
        // A frame at t0 + 20 ms shows the refused stroke's first three samples only.
        let frame = picture.page(step: 0, upTo: t0 + 20)
        let faint = frame.marks.compactMap { mark -> [FormPosition]? in
            if case .path(let points, _, let colour, _) = mark, colour == PictureStyle.unrecordedInk { return points }
            return nil
        }
        #expect(faint.count == 1 && faint.first?.count == 3)
    }

    @Test("The clock-small.csk picture matches its golden PNG within a small tolerance")
    func golden() throws {
        let path = packageRoot.appendingPathComponent("Fixtures/golden/clock-small.csk").path
        let document = try ADFReader.read(path: path).document
        let picture = ResultsPicture(document: document, forms: StepForm.forms(of: document), options: PictureOptions())
        let rendered = RasterImage(page: PageDrawing.sideBySide(picture.pages()), dotsPerInch: 30)
        let golden = try RasterImage(
            readingPNG: packageRoot.appendingPathComponent("Fixtures/golden/render/clock-small.png").path)
        try #require(rendered.width == golden.width && rendered.height == golden.height)
        var differing = 0
        for y in 0..<golden.height {
            for x in 0..<golden.width {
                let a = rendered.pixel(x: x, y: y)
                let b = golden.pixel(x: x, y: y)
                if max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) > 48 { differing += 1 }
            }
        }
        // Font rasterisation may move a few pixels of the legend's text; nothing else should differ.
        #expect(Double(differing) < 0.005 * Double(golden.width * golden.height), "\(differing) pixels differ")
    }

    @Test("A PNG written and read back through cairo keeps its pixels")
    func pngRoundTrip() throws {
        let page = PageDrawing(
            size: FormSize(widthCentimetres: 2, heightCentimetres: 1),
            marks: [
                .disc(
                    centre: FormPosition(xCentimetres: 0.5, yCentimetres: 0.5), radiusCentimetres: 0.3, colour: .black)
            ])
        let image = RasterImage(page: page, dotsPerInch: 127)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try image.writePNG(to: path)
        let back = try RasterImage(readingPNG: path)
        #expect(back == image)
        #expect(image.width == 100 && image.height == 50)
        #expect(image.pixel(x: 25, y: 25).brightness == 0)
        #expect(image.pixel(x: 75, y: 25).brightness == 255)
    }

    @Test("The plot marks an interruption with a dashed line at its time")
    func plotInterruption() throws {
        let t0 = 1_700_000_000_000.0
        let points = (0...10).map {
            PenPoint(
                x: 100 + Double($0) * 10, y: 100, altitude: 1, azimuth: 0, force: 0.5,
                unixMilliseconds: t0 + Double($0) * 100)
        }
        // The step runs from t0 to t0 + 1100 ms; the interruption at 550 ms is half way.
        let document = clockDocument(
            points: points, interruptions: [Interruption(type: "x", unixMilliseconds: t0 + 550)])
        let image = RasterImage(page: AnalysisPlot(document: document).page(), dotsPerInch: 100)
        // The panels span 2.4 cm to 23.4 cm across: half way is 12.9 cm, pixel 507.9 at 100 dpi.
        let expected = 12.9 / 2.54 * 100
        var columns: [Int: Int] = [:]
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                // Magenta, also where anti-aliasing mixed it with white: green well under red and blue.
                if p.red - p.green > 60, p.blue - p.green > 60 { columns[x, default: 0] += 1 }
            }
        }
        let busiest = try #require(columns.max { $0.value < $1.value })
        #expect(abs(Double(busiest.key) + 0.5 - expected) <= 1, "line at column \(busiest.key), expected \(expected)")
    }
}

/// `render`'s choices, refused before any input is read in words that say what to give.
@Suite("Picture choices")
struct PictureChoicesTests {
    @Test("Where the pictures go: a directory for several, a file or frames for one")
    func outputs() throws {
        try PictureChoices.checkOutputs(several: true, out: "dir", animate: nil, format: "svg")
        try PictureChoices.checkOutputs(several: false, out: nil, animate: "frames", format: "bogus")
        #expect(throws: PictureChoiceError.severalNeedDirectory) {
            try PictureChoices.checkOutputs(several: true, out: "dir", animate: "frames", format: "png")
        }
        #expect(throws: PictureChoiceError.unknownFormat("gif")) {
            try PictureChoices.checkOutputs(several: true, out: "dir", animate: nil, format: "gif")
        }
        #expect(throws: PictureChoiceError.nothingToWrite) {
            try PictureChoices.checkOutputs(several: false, out: nil, animate: nil, format: "png")
        }
        #expect(throws: RenderError.self) {
            try PictureChoices.checkOutputs(several: false, out: "a.gif", animate: nil, format: "png")
        }
        #expect(PictureChoiceError.severalNeedDirectory.description.hasPrefix("With several inputs give --out DIR"))
    }

    @Test("How they are drawn: resolution, frame rate and speed in range, one maze source")
    func drawing() throws {
        try PictureChoices.checkDrawing(dotsPerInch: 100, framesPerSecond: 10, speed: 1, maze: "m.maze", battery: nil)
        #expect(throws: PictureChoiceError.dotsPerInchOutOfRange(2401)) {
            try PictureChoices.checkDrawing(dotsPerInch: 2401, framesPerSecond: 10, speed: 1, maze: nil, battery: nil)
        }
        #expect(throws: PictureChoiceError.framesPerSecondOutOfRange(0)) {
            try PictureChoices.checkDrawing(dotsPerInch: 100, framesPerSecond: 0, speed: 1, maze: nil, battery: nil)
        }
        #expect(throws: PictureChoiceError.speedNotPositive(-1)) {
            try PictureChoices.checkDrawing(dotsPerInch: 100, framesPerSecond: 10, speed: -1, maze: nil, battery: nil)
        }
        #expect(throws: PictureChoiceError.mazeAndBattery) {
            try PictureChoices.checkDrawing(dotsPerInch: 100, framesPerSecond: 10, speed: 1, maze: "a", battery: "b")
        }
        #expect(
            PictureChoiceError.dotsPerInchOutOfRange(0).description
                == "--dpi 0.0 is out of range; give 1 to 2400 dots per inch.")
        #expect(PictureChoiceError.mazeAndBattery.description == "Give one of --maze FILE or --battery FILE, not both.")
    }
}

/// The copy step's clock and the legend follow the time the results file records, not 11:10.
@Suite("Rendering the clock's time")
struct ClockTimeRenderingTests {
    /// The golden clock file with `time` on both steps' Start.
    func document(_ time: ClockFaceTime?) throws -> ADFDocument {
        var document = try ADFReader.read(
            path: packageRoot.appendingPathComponent("Fixtures/golden/clock-small.csk").path
        ).document
        for index in document.steps.indices { document.steps[index].start.clockTime = time }
        return document
    }

    @Test("The copy step's clock shows the recorded time; a file without one shows the spec's 10 past 11")
    func copyStepForm() throws {
        #expect(
            StepForm.forms(of: try document(ClockFaceTime(hours: 2, minutes: 45))) == [
                .blank, .clockToCopy(hours: 2, minutes: 45),
            ])
        #expect(StepForm.forms(of: try document(nil)) == [.blank, .clockToCopy(hours: 11, minutes: 10)])
    }

    @Test("The picture's hands and legend follow the recorded time")
    func picture() throws {
        let recorded = try document(ClockFaceTime(hours: 2, minutes: 45))
        let picture = ResultsPicture(document: recorded, forms: StepForm.forms(of: recorded), options: PictureOptions())
        let texts = picture.page(step: 1).marks.compactMap { mark -> String? in
            if case .text(let text, _, _, _) = mark { return text }
            return nil
        }
        #expect(texts.contains("clock drawing test, step 2 of 2: clockStep-copy, clock time 2:45"))
        let plain = try document(nil)
        let before = ResultsPicture(document: plain, forms: StepForm.forms(of: plain), options: PictureOptions())
        #expect(
            before.page(step: 1).marks.contains {
                if case .text("clock drawing test, step 2 of 2: clockStep-copy", _, _, _) = $0 { true } else { false }
            })
        // The hands (the form's black paths) differ between the two times; the numbers and the circle do not.
        func hands(_ page: PageDrawing) -> [PageMark] {
            page.marks.filter { if case .path(_, _, let colour, _) = $0, colour == .black { true } else { false } }
        }
        #expect(hands(picture.page(step: 1)).count == 2)
        #expect(hands(picture.page(step: 1)) != hands(before.page(step: 1)))
    }
}
