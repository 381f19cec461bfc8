import Foundation
import Testing

/// One real recording and the facts about it that were established without StylusKit.
struct RealRecording: CustomTestStringConvertible, Sendable {
    var file: String
    var desc: String?
    /// `grep -c '^E: [0-9.]* 0000 0000 0*0\b' FILE`: the SYN_REPORT lines.
    var synReports: Int
    /// Fixtures/tools/strokes.awk with 5% and 1% of the pressure range (libinput's thresholds).
    var strokes: Int
    var pressureMaximum: Int
    /// (max - min) / resolution of ABS_X and ABS_Y, from the A: lines (or the profile's 200 units/mm
    /// where the recording has no resolution), worked out by hand.
    var widthMillimetres: Double
    var heightMillimetres: Double

    var testDescription: String { file }

    var arguments: [String] {
        [Paths.realRecordings.appendingPathComponent(file).path]
            + (desc.map { ["--desc", Paths.realRecordings.appendingPathComponent($0).path] } ?? [])
    }
}

let realRecordings: [RealRecording] = [
    // A: 00 400 59152 ... 200 -> 58752 / 200; A: 01 400 33448 ... 200 -> 33048 / 200.
    RealRecording(
        file: "Wacom-Cintiq-13HD-touch-Pen.events", synReports: 79, strokes: 2, pressureMaximum: 2047,
        widthMillimetres: 293.76, heightMillimetres: 165.24),
    // A: 00 0 59674 ... 100; A: 01 0 33566 ... 100.
    RealRecording(
        file: "dell_canvas_pen.evemu", synReports: 978, strokes: 2, pressureMaximum: 4095,
        widthMillimetres: 596.74, heightMillimetres: 335.66),
    // A: 00 0 32767 ... 235; A: 01 0 32767 ... 323: 139.4340 and 101.4458 mm.
    RealRecording(
        file: "UC-LOGIC-Tablet-WP5540U-Pen.events", synReports: 506, strokes: 1, pressureMaximum: 1023,
        widthMillimetres: 32767.0 / 235, heightMillimetres: 32767.0 / 323),
    // evemu 1.1, no resolution: 95840 and 54260 units at the profile's 200 units/mm.
    RealRecording(
        file: "Wacom-DTH2242-Pen.events", synReports: 1200, strokes: 7, pressureMaximum: 2047,
        widthMillimetres: 479.2, heightMillimetres: 271.3),
    RealRecording(
        // 34 contacts, 5 of them with the eraser end (BTN_TOOL_RUBBER), which are not ink.
        file: "Wacom-Cintiq-22HDT-Pen.events", synReports: 5647, strokes: 29, pressureMaximum: 2047,
        widthMillimetres: 479.2, heightMillimetres: 271.3),
    // The .desc has resolution 0: 44704 and 27940 units at the profile's 200 units/mm.
    RealRecording(
        file: "Wacom-Intuos4-6x9.stylus-tap.events", desc: "Wacom-Intuos4-6x9.desc", synReports: 88, strokes: 1,
        pressureMaximum: 2047, widthMillimetres: 223.52, heightMillimetres: 139.7),
    RealRecording(
        file: "Wacom-Intuos4-6x9.stylus-move.events", desc: "Wacom-Intuos4-6x9.desc", synReports: 444, strokes: 0,
        pressureMaximum: 2047, widthMillimetres: 223.52, heightMillimetres: 139.7),
]

@Suite("Replay of every real recording")
struct ReplayRealRecordingsTests {
    @Test("The fixture list covers every bundled recording")
    func coversEveryRecording() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Paths.realRecordings.path)
            .filter { $0.hasSuffix(".events") || $0.hasSuffix(".evemu") }
        #expect(Set(names) == Set(realRecordings.map(\.file)))
    }

    @Test(
        "The bundled recordings are the project's shared ones, byte for byte",
        .enabled(if: FileManager.default.fileExists(atPath: Paths.sharedRecordings.path), "no shared/ beside this clone"))
    func bundledEqualShared() throws {
        let shared = try FileManager.default.contentsOfDirectory(atPath: Paths.sharedRecordings.path)
        #expect(Set(shared) == Set(try FileManager.default.contentsOfDirectory(atPath: Paths.realRecordings.path)))
        for name in shared {
            let bundled = try Data(contentsOf: Paths.realRecordings.appendingPathComponent(name))
            #expect(bundled == (try Data(contentsOf: Paths.sharedRecordings.appendingPathComponent(name))), "\(name)")
        }
    }

    @Test("The independent facts hold for the recording itself", arguments: realRecordings)
    func independentFacts(_ recording: RealRecording) throws {
        let path = Paths.realRecordings.appendingPathComponent(recording.file).path
        let syn = try run(URL(fileURLWithPath: "/usr/bin/grep"), ["-c", "^E: [0-9.]* 0000 0000 0*0\\b", path])
        #expect(Int(syn.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) == recording.synReports)
        let awk = try run(
            URL(fileURLWithPath: "/usr/bin/awk"),
            [
                "-v", "hi=\(recording.pressureMaximum * 5 / 100)", "-v", "lo=\(recording.pressureMaximum / 100)",
                "-f", Paths.fixtures.appendingPathComponent("tools/strokes.awk").path, path,
            ])
        #expect(Int(awk.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) == recording.strokes)
    }

    @Test("replay writes a .csk that xmllint reads, with the recording's strokes", arguments: realRecordings)
    func replay(_ recording: RealRecording) throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        // A recording whose pen never touches is refused unless --allow-empty (then the summary warns).
        let empty = recording.strokes == 0
        if empty {
            let refused = try styluskit(["replay"] + recording.arguments + ["--test", "clock", "--out", out.path])
            #expect(refused.status != 0)
            #expect(refused.standardError.contains("The pen never touched the tablet in "), "\(refused.standardError)")
            #expect(refused.standardError.contains("pass --allow-empty to write the empty results file."))
        }
        let result = try styluskit(
            ["replay"] + recording.arguments + ["--test", "clock", "--out", out.path] + (empty ? ["--allow-empty"] : []))
        try #require(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("warning: the pen never touched the tablet in the recording") == empty)
        let stem = (recording.file as NSString).deletingPathExtension
        let csk = out.appendingPathComponent("\(stem).csk")
        #expect(result.standardOutput.contains("results   \(csk.path)"))

        let lint = try run(URL(fileURLWithPath: "/usr/bin/xmllint"), ["--noout", csk.path])
        #expect(lint.status == 0, "\(lint.standardError)")
        let validation = try styluskit(["adf", "validate", csk.path])
        #expect(validation.status == 0)
        #expect(validation.standardOutput == "\(csk.path): valid\n")
        #expect(try xpath("name(/*)", in: csk) == "ClockSketchXMLFile")
        #expect(try xpath("count(//stroke)", in: csk) == "\(recording.strokes)")
        #expect(try xpath("count(/ClockSketchXMLFile/PenData/drawing)", in: csk) == "2")
        #expect(try xpath("string(//Step[1]/@identifier)", in: csk) == "clockStep-command")
        #expect(try xpath("string(//Step[2]/@identifier)", in: csk) == "clockStep-copy")
        // Strokes are numbered 1... across both steps.
        if recording.strokes > 0 {
            #expect(try xpath("string((//stroke)[last()]/@index)", in: csk) == "\(recording.strokes)")
        }
    }

    @Test("info reports the frames and the physical size", arguments: realRecordings)
    func info(_ recording: RealRecording) throws {
        let result = try styluskit(["info"] + recording.arguments + ["--json"])
        try #require(result.status == 0, "\(result.standardError)")
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(report["frames"] as? Int == recording.synReports)
        #expect(report["strokes"] as? Int == recording.strokes)
        let area = try #require(report["activeAreaMillimetres"] as? [Double])
        // JSON carries the two decimals the text shows (docs/json/info.md): within half of the last one.
        #expect(abs(area[0] - recording.widthMillimetres) <= 0.005 + 1e-9)
        #expect(abs(area[1] - recording.heightMillimetres) <= 0.005 + 1e-9)
    }
}

@Suite("Tilt and pressure of chosen frames, worked out by hand")
struct HandComputedFrameTests {
    /// The first in-contact frame of the Cintiq 13HD recording: the SYN_REPORT at 0.027962 s, where
    /// pressure reaches 223 (>= 102, 5% of 2047). The tilt carried from earlier frames is
    /// ABS_TILT_X 16, ABS_TILT_Y 26 at 57 units per radian:
    ///   tiltX = 16/57 rad = 16.0830°, tiltY = 26/57 rad = 26.1349°;
    ///   tan = 0.28837, 0.49071; azimuth = atan2(0.49071, 0.28837) = 1.0395 rad;
    ///   altitude = atan(1 / sqrt(0.28837² + 0.49071²)) = atan(1.7570) = 1.0534 rad.
    /// Pressure 223 / 2047 × 25/6 × 1000 = 453.9 -> 454. x = (26092 - 400) / 200 mm = 12.846 cm
    /// (the form is the whole active area). A pen display (P: 02) whose tablet profile names its
    /// screen, Calibration/displays/wacom-cintiq-13hd.yaml: 166.0131 ppi at scale 1, so
    /// 12.846 / 2.54 × 166.0131 pt = 839.6080 pt.
    @Test("Cintiq 13HD: first point of the first stroke")
    func cintiq13HD() throws {
        let point = try firstPoint(of: "Wacom-Cintiq-13HD-touch-Pen.events")
        #expect(point["altitude"] == "1.0534")
        #expect(point["azimuth"] == "1.0395")
        #expect(point["pressure"] == "454")
        #expect(point["x"] == "839.6080")
        #expect(point["timestamp"] == "27")
    }

    /// The first in-contact frame of the Dell Canvas recording: 6.597959 s, pressure 579 (>= 204).
    /// Tilt 600 and -1300 at 5730 units per radian: 5.9996° and -12.9990°;
    ///   tan = 0.10510, -0.23084; azimuth = atan2(-0.23084, 0.10510) + 2π = 5.1396 rad;
    ///   altitude = atan(1 / sqrt(0.10510² + 0.23084²)) = atan(3.9426) = 1.3224 rad.
    /// Pressure 579 / 4095 × 25/6 × 1000 = 589.1 -> 589.
    @Test("Dell Canvas: first point of the first stroke")
    func dellCanvas() throws {
        let point = try firstPoint(of: "dell_canvas_pen.evemu")
        #expect(point["altitude"] == "1.3224")
        #expect(point["azimuth"] == "5.1396")
        #expect(point["pressure"] == "589")
        #expect(point["timestamp"] == "6597")
    }

    /// Cintiq 22HDT, 1369413636.790687 s: pressure 165 (>= 102). Tilt 64 and 63 on 0..127 without
    /// resolution, libinput's ±64° mapping: (128/127 - 1) × 64 = 0.50394° and (126/127 - 1) × 64 = -0.50394°;
    /// azimuth = atan2(tan(-0.50394°), tan(0.50394°)) + 2π = 7π/4 = 5.4978; altitude = atan(1 / (√2 × 0.0087955))
    /// = 1.5584. Pressure 165 / 2047 × 25/6 × 1000 = 335.9 -> 336.
    @Test("Cintiq 22HDT: first point of the first stroke")
    func cintiq22HDT() throws {
        let point = try firstPoint(of: "Wacom-Cintiq-22HDT-Pen.events")
        #expect(point["altitude"] == "1.5584")
        #expect(point["azimuth"] == "5.4978")
        #expect(point["pressure"] == "336")
        #expect(point["timestamp"] == "1369413636790")
    }

    /// Intuos4 6x9 tap, 1364787604.485333 s: pressure 1057 (>= 102). Tilt 85 and 65 on 0..127:
    /// (170/127 - 1) × 64 = 21.6693° and (130/127 - 1) × 64 = 1.5118°; tan = 0.39733, 0.026392;
    /// azimuth = atan2(0.026392, 0.39733) = 0.0663; altitude = atan(1 / 0.39820) = 1.1918.
    /// Pressure 1057 / 2047 × 25/6 × 1000 = 2151.6 -> 2152. x = 19466 / 200 mm = 9.733 cm = 505.8094 pt.
    @Test("Intuos4 6x9: first point of the tap")
    func intuos4() throws {
        let point = try firstPoint(of: "Wacom-Intuos4-6x9.stylus-tap.events", desc: "Wacom-Intuos4-6x9.desc")
        #expect(point["altitude"] == "1.1918")
        #expect(point["azimuth"] == "0.0663")
        #expect(point["pressure"] == "2152")
        #expect(point["x"] == "505.8094")
    }

    /// DTH2242, 1369413313.469401 s: pressure 720 (>= 102). The pen advertises tilt but never reports
    /// it (`grep -c ' 0003 001a'` is 0), so it is upright: altitude π/2, azimuth 0. Pressure
    /// 720 / 2047 × 25/6 × 1000 = 1465.6 -> 1466. x = 54394 / 200 mm = 27.197 cm; a pen display
    /// (P: 02) on its screen's profile, wacom-dth2242 (102.4609 ppi, scale 1): 27.197 / 2.54 ×
    /// 102.4609 = 1097.0981 pt.
    @Test("DTH2242: first point, tilt never reported")
    func dth2242() throws {
        let point = try firstPoint(of: "Wacom-DTH2242-Pen.events")
        #expect(point["altitude"] == "1.5708")
        #expect(point["azimuth"] == "0.0000")
        #expect(point["pressure"] == "1466")
        #expect(point["x"] == "1097.0981")
    }

    /// UC-LOGIC WP5540U, 1.935979 s: pressure 53 (>= 51, 5% of 1023). No tilt axes: upright.
    /// Pressure 53 / 1023 × 25/6 × 1000 = 215.9 -> 216. x = 13171 / 235 mm = 5.6047 cm = 291.2669 pt.
    @Test("UC-LOGIC: first point, no tilt axes")
    func ucLogic() throws {
        let point = try firstPoint(of: "UC-LOGIC-Tablet-WP5540U-Pen.events")
        #expect(point["altitude"] == "1.5708")
        #expect(point["azimuth"] == "0.0000")
        #expect(point["pressure"] == "216")
        #expect(point["x"] == "291.2669")
    }

    private func firstPoint(of file: String, desc: String? = nil) throws -> [String: String] {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let descArguments = desc.map { ["--desc", Paths.realRecordings.appendingPathComponent($0).path] } ?? []
        let result = try styluskit(
            ["replay", Paths.realRecordings.appendingPathComponent(file).path, "--test", "clock", "--out", out.path]
                + descArguments)
        try #require(result.status == 0, "\(result.standardError)")
        let csk = out.appendingPathComponent((file as NSString).deletingPathExtension + ".csk")
        var point: [String: String] = [:]
        for attribute in ["altitude", "azimuth", "pressure", "timestamp", "x", "y"] {
            point[attribute] = try xpath("string((//stroke)[1]/point[1]/@\(attribute))", in: csk)
        }
        return point
    }
}
