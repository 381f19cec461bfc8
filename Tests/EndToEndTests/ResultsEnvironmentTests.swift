import Foundation
import Testing

/// Which display a results file's `DisplayData` describes, and how `ClockSketchData` names the
/// profiles used (`replay`, `record` and `recover` share the choice: ResultsEnvironment.swift).
@Suite("Display data and profile names of results files")
struct ResultsEnvironmentTests {
    static let cintiq = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events").path
    static let intuos = Paths.realRecordings.appendingPathComponent("Wacom-Intuos4-6x9.stylus-tap.events").path
    static let intuosDesc = Paths.realRecordings.appendingPathComponent("Wacom-Intuos4-6x9.desc").path

    struct Facts {
        var pixelsPerInch, scale, pointsPerInch, deviceName, canvasWidth: String
    }

    static func replay(_ arguments: [String]) throws -> (Facts, stderr: String) {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try styluskit(["replay"] + arguments + ["--test", "clock", "--out", out.path])
        try #require(result.status == 0, "\(result.standardError)")
        let stem = ((arguments[0] as NSString).lastPathComponent as NSString).deletingPathExtension
        let csk = out.appendingPathComponent("\(stem).csk")
        let validation = try styluskit(["adf", "validate", csk.path])
        #expect(validation.status == 0, "\(validation.standardOutput)")
        func value(_ path: String) throws -> String { try xpath("string(\(path)/@value)", in: csk) }
        return (
            Facts(
                pixelsPerInch: try value("//DisplayData/PixelsPerInch"),
                scale: try value("//DisplayData/ScreenScalingFactor"),
                pointsPerInch: try value("//DisplayData/PointsPerInch"),
                deviceName: try value("//ClockSketchData/DeviceName"),
                canvasWidth: try value("//ClockSketchData/CanvasWidth")),
            result.standardError
        )
    }

    /// The Cintiq 13HD touch is a pen display (`P: 02`, INPUT_PROP_DIRECT, line 102 of its
    /// recording); its tablet profile names displays/wacom-cintiq-13hd.yaml, 166.0131 ppi at scale
    /// 1 (25.4 / 0.153 mm, Wacom's pixel pitch). Its active area, 58752 x 33048 units at 200/mm =
    /// 293.76 mm, is 293.76 / 25.4 × 166.0131 = 1920.0003 points across.
    @Test("A pen display's results are measured on its own screen, by default and by name")
    func penDisplay() throws {
        for extra in [[], ["--display-profile", "wacom-cintiq-13hd"]] {
            let (facts, _) = try Self.replay([Self.cintiq] + extra)
            #expect(facts.pixelsPerInch == "166.0131", "\(extra)")
            #expect(facts.scale == "1.0000")
            #expect(facts.pointsPerInch == "166.0131")
            #expect(facts.canvasWidth == "1920.0003")
            #expect(facts.deviceName == "StylusKit profiles: tablet=wacom-cintiq-13hd-touch; display=wacom-cintiq-13hd")
        }
    }

    /// A Cintiq recording without its `P: 02` line (as evemu 1.0 wrote them, before input
    /// properties) is still a pen display: libwacom knows the 056a:0333 as integrated in a display
    /// (issue 17: the display choice from libwacom's flag, not a guess).
    @Test("A pen display recorded without INPUT_PROP_DIRECT is known as one through libwacom")
    func penDisplayFromLibwacom() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try String(contentsOfFile: Self.cintiq, encoding: .utf8)
        let withoutProperties = original.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.hasPrefix("P: ")
        }
        try #require(
            withoutProperties.count == original.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
        let stripped = directory.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events")
        try withoutProperties.joined(separator: "\n").write(to: stripped, atomically: true, encoding: .utf8)
        let (facts, _) = try Self.replay([stripped.path])
        #expect(facts.pixelsPerInch == "166.0131")
        #expect(facts.deviceName == "StylusKit profiles: tablet=wacom-cintiq-13hd-touch; display=wacom-cintiq-13hd")
    }

    /// The Intuos4 has no display (its .desc has no INPUT_PROP_DIRECT): the reference canvas,
    /// 264 ppi at scale 2, 132 points per inch; 223.52 mm across is 223.52 / 25.4 × 132 = 1161.6 pt.
    @Test("A tablet without a display keeps the reference 264 ppi, 2x canvas")
    func tabletWithoutDisplay() throws {
        let (facts, stderr) = try Self.replay([Self.intuos, "--desc", Self.intuosDesc])
        #expect(facts.pixelsPerInch == "264.0000")
        #expect(facts.scale == "2.0000")
        #expect(facts.pointsPerInch == "132.0000")
        #expect(facts.canvasWidth == "1161.6000")
        #expect(facts.deviceName == "StylusKit profiles: tablet=wacom-intuos4-6x9; display=reference-264ppi-2x")
        #expect(!stderr.contains("pen display"))
    }

    @Test("--display-profile FILE: its density and scale, named by its file")
    func displayProfileFile() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("site-screen.yaml")
        try "schema: 1\nkind: display\npixels_per_inch: 200\nscaling_factor: 2\n".write(
            to: file, atomically: true, encoding: .utf8)
        let (facts, _) = try Self.replay([Self.intuos, "--desc", Self.intuosDesc, "--display-profile", file.path])
        #expect(facts.pixelsPerInch == "200.0000")
        #expect(facts.scale == "2.0000")
        // 223.52 / 25.4 × 100 = 880.0 points.
        #expect(facts.pointsPerInch == "100.0000")
        #expect(facts.canvasWidth == "880.0000")
        #expect(facts.deviceName == "StylusKit profiles: tablet=wacom-intuos4-6x9; display=site-screen")
    }

    @Test("A display profile that is not there is refused with the names there are")
    func unknownDisplayProfile() throws {
        let result = try styluskit([
            "replay", Self.cintiq, "--test", "clock", "--display-profile", "no-such-screen", "--out", "/nonexistent",
        ])
        #expect(result.status != 0)
        #expect(
            result.standardError.hasPrefix(
                "Error: No display profile named 'no-such-screen' in the displays/ folders of Calibration/, "
                    + "/etc/styluskit/calibration or ~/.config/styluskit/calibration (there are: "))
        #expect(result.standardError.contains("wacom-cintiq-13hd"))
    }

    @Test("A pen display whose tablet profile names no screen uses the reference canvas, and says so")
    func penDisplayWithoutLink() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let profile = directory.appendingPathComponent("bare-13hd.yaml")
        try "schema: 1\nkind: tablet\nmatch: {vendor: 056a, product: 0333}\n".write(
            to: profile, atomically: true, encoding: .utf8)
        let (facts, stderr) = try Self.replay([Self.cintiq, "--profile", profile.path])
        #expect(facts.pixelsPerInch == "264.0000")
        #expect(facts.deviceName == "StylusKit profiles: tablet=bare-13hd; display=reference-264ppi-2x")
        #expect(
            stderr.contains(
                "note: Wacom Cintiq 13HD touch Pen is a pen display, but its tablet profile \(profile.path) names no display"
            ))
    }
}
