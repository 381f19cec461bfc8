import PatientWindow
import Proctoring
import ADF
import ArgumentParser
import Foundation
import Sessions
import StylusGeometry

/// `styluskit calibrate display`: a display's density from its EDID and/or a measured ruler, into a display profile.
struct CalibrateDisplay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "display",
        abstract: "Measures a display's density (from its EDID and/or a measured ruler) and writes a display profile.",
        discussion: """
            The EDID is read from /sys/class/drm/*/edid (or --edid FILE); its physical size gives the \
            density as pixels / (mm / 25.4). A ruler is more exact: draw a line of a known number of \
            pixels on the display, measure it on the glass in cm, and pass --ruler-pixels and \
            --measured-cm; the ruler's density is then used. Prints the symbol-digit form's element \
            sizes in pixels and points at the resulting density.
            """)

    @Option(help: "The display's connector (as in /sys/class/drm/card0-DP-1: DP-1).")
    var output: String?

    @Option(help: "Read the EDID from this file instead of /sys/class/drm.")
    var edid: String?

    @Option(help: "The length in pixels of a line drawn on the display.")
    var rulerPixels: Int?

    @Option(help: "That line's length measured on the display, in centimetres.")
    var measuredCm: Double?

    @Option(help: "The desktop's scaling factor: physical pixels per point.")
    var scale = 1.0

    @Option(help: "The profile to write (default: ~/.config/styluskit/calibration/displays/NAME.yaml).")
    var out: String?

    @Flag(help: "Replace an existing profile.")
    var force = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func validate() throws {
        if (rulerPixels == nil) != (measuredCm == nil) {
            throw ValidationError("--ruler-pixels and --measured-cm go together: the line's length in pixels and in centimetres.")
        }
        if let rulerPixels, rulerPixels <= 0 {
            throw ValidationError("--ruler-pixels \(rulerPixels) is not a length; give the line's length in pixels, e.g. 1000.")
        }
        if let measuredCm, !(measuredCm > 0 && measuredCm.isFinite) {
            throw ValidationError("--measured-cm \(measuredCm) is not a length; give the measured length in centimetres, e.g. 15.3.")
        }
        guard scale > 0, scale.isFinite else {
            throw ValidationError("--scale \(scale) is not a scaling factor; give the physical pixels per point, e.g. 1 or 2.")
        }
    }

    func run() throws {
        let (edid, output, edidSource, note) = try findEDID()
        let fromEDID = edid?.density
        var notes: [String] = note.map { [$0] } ?? []
        let pixelsPerInch: Double
        let source: String
        if let rulerPixels, let measuredCm {
            pixelsPerInch = Double(rulerPixels) / (measuredCm / 2.54)
            source = "ruler: \(rulerPixels) px measured \(measuredCm) cm"
            if let fromEDID {
                let difference = (pixelsPerInch - fromEDID.diagonal) / fromEDID.diagonal * 100
                notes.append(
                    "The EDID's size gives \(fixed(fromEDID.diagonal, 2)) ppi, \(fixed(difference, 1)) % from the ruler's; the ruler's is used."
                )
            }
        } else if let fromEDID, let edidSource {
            pixelsPerInch = fromEDID.diagonal
            source =
                "EDID (\(edidSource)): \(fromEDID.horizontalPixels) x \(fromEDID.verticalPixels) px on "
                + "\(fixed(fromEDID.widthMillimetres, 0)) x \(fixed(fromEDID.heightMillimetres, 0)) mm"
        } else {
            let reason =
                edid == nil
                ? (note ?? "No EDID was found.")
                : "The EDID gives no physical size or no preferred mode, so it cannot give a density."
            throw CalibrateError.noDensitySource(edidNote: reason)
        }

        let name = output ?? edid.map { "\($0.manufacturer.lowercased())-\(String(format: "%04x", $0.productCode))" } ?? "display"
        let path =
            out ?? (CalibrationFiles.userFolder(CalibrationSearchPath.displaysFolder) as NSString).appendingPathComponent("\(name).yaml")
        let profile = DisplayProfile(
            source: path, description: edid?.productName.map { "\(edid!.manufacturer) \($0)" },
            match: DisplayMatch(output: output, edidVendor: edid?.manufacturer, edidProduct: edid?.productCode),
            pixelsPerInch: (pixelsPerInch * 10_000).rounded() / 10_000, scalingFactor: scale,
            resolution: fromEDID.map { ($0.horizontalPixels, $0.verticalPixels) },
            sizeMillimetres: fromEDID.map { ($0.widthMillimetres, $0.heightMillimetres) })
        var comments = ["Written by styluskit calibrate display.", "Density from the \(source)."]
        if profile.match.specificity == 0 {
            comments.append("No output name or EDID: this profile is chosen by name only; add a 'match' to apply it automatically.")
        }
        let text = profile.yaml(comments: comments)
        try CalibrationFiles.writeNew(text, to: path, force: force)

        let report = DisplayReport(profile: profile, source: source, profilePath: path, notes: notes)
        print(json ? report.json : report.text)
    }

    /// The EDID to use, its output, where it came from, and a note when none was found.
    func findEDID() throws -> (EDID?, String?, String?, String?) {
        if let edid {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: edid)))
            return (try EDID(bytes: bytes), output, edid, nil)
        }
        let drm = "/sys/class/drm"
        let found = DRMConnector.scan(root: drm).filter { !$0.edidBytes.isEmpty }
            .map { (output: $0.name, path: $0.edidPath, bytes: $0.edidBytes) }
        if let output {
            guard let match = found.first(where: { $0.output == output }) else {
                if rulerPixels != nil { return (nil, output, nil, "No EDID for output \(output) under \(drm); the ruler is used.") }
                throw CalibrateError.noSuchOutput(output: output, found: found.map(\.output))
            }
            return (try EDID(bytes: match.bytes), output, match.path, nil)
        }
        switch found.count {
        case 0:
            return (nil, nil, nil, "No display on this machine reports an EDID under \(drm) (none connected, or a virtual one).")
        case 1:
            return (try EDID(bytes: found[0].bytes), found[0].output, found[0].path, nil)
        default:
            throw CalibrateError.severalDisplays(outputs: found.map(\.output))
        }
    }
}

/// What `calibrate display` prints.
struct DisplayReport: CommandReport {
    struct Element: Codable {
        var name: String
        var centimetres: Double
        var pixels: Double
        var points: Double
    }

    var pixelsPerInch: Double
    var scalingFactor: Double
    var pointsPerInch: Double
    var source: String
    var profile: String
    var match: String
    var symbolDigit: [Element]
    var notes: [String]

    init(profile: DisplayProfile, source: String, profilePath: String, notes: [String]) {
        pixelsPerInch = profile.pixelsPerInch
        scalingFactor = profile.scalingFactor
        pointsPerInch = profile.pointsPerInch
        self.source = source
        self.profile = profilePath
        var matchParts: [String] = []
        if let output = profile.match.output { matchParts.append("output \(output)") }
        if let vendor = profile.match.edidVendor { matchParts.append("EDID \(vendor)") }
        if let product = profile.match.edidProduct { matchParts.append(String(format: "product %04x", product)) }
        match = matchParts.isEmpty ? "by name only" : matchParts.joined(separator: ", ")
        // ADF's rule (cm / 2.54 x ppi, rounded to whole pixels, / scale), so these are the numbers
        // a results file's DisplayData will carry.
        let sizes = SymbolDigitSizes(formAt: profile.pixelsPerInch, screenScalingFactor: profile.scalingFactor)
        let form = SymbolDigitForm.Lengths.self
        let rows: [(String, Double, Double)] = [
            ("BorderWidth", form.borderWidth, sizes.borderWidth),
            ("InnerCellHeight", form.innerCellHeight, sizes.innerCellHeight),
            ("InnerCellWidth", form.innerCellWidth, sizes.innerCellWidth),
            ("RowVerticalMargin", form.rowVerticalMargin, sizes.rowVerticalMargin),
            ("SampleBorderWidth", form.sampleBorderWidth, sizes.sampleBorderWidth),
            ("SampleLabelRightMargin", form.sampleLabelRightMargin, sizes.sampleLabelRightMargin),
            ("StopSignHeight", form.stopSignHeight, sizes.stopSignHeight),
        ]
        symbolDigit = rows.map { Element(name: $0.0, centimetres: $0.1, pixels: $0.2 * profile.scalingFactor, points: $0.2) }
        self.notes = notes
    }

    var text: String {
        var lines = [
            "density    \(fixed(pixelsPerInch, 4)) pixels per inch, scale \(fixed(scalingFactor, 4)), \(fixed(pointsPerInch, 4)) points per inch",
            "from       \(source)",
            "profile    \(profile) (matches \(match))",
            "symbol-digit form at physical size:",
            "  element                    cm      pixels   points",
        ]
        for element in symbolDigit {
            lines.append(
                "  " + element.name.padding(toLength: 22, withPad: " ", startingAt: 0)
                    + fixed(element.centimetres, 4).leftPadded(10) + fixed(element.pixels, 0).leftPadded(9)
                    + fixed(element.points, 4).leftPadded(10))
        }
        for note in notes { lines.append("note: \(note)") }
        return lines.joined(separator: "\n")
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
