import ADF
import Foundation
import Sessions
import StylusInput
import TestMaterials
import TestSupport
import Testing

/// Clock sessions replayed in-process from the real recordings (`RecordingReplay`, as `replay
/// --test clock` replays them): strokes, steps and split rules against facts established without
/// StylusKit (`RealRecordingFacts`).
@Suite("Clock sessions of the real recordings")
struct RealRecordingSessionTests {
    /// A clock replay of `file` (a real recording) with the shipped profiles only.
    static func replay(_ file: String, desc: String? = nil) -> RecordingReplay {
        var replay = RecordingReplay(
            recording: RealRecordingFacts.directory.appendingPathComponent(file).path, test: .clock,
            facts: Fixture.facts)
        replay.descriptionFile = desc.map { RealRecordingFacts.directory.appendingPathComponent($0).path }
        replay.lookup = Fixture.lookup
        return replay
    }

    @Test("The independent facts hold for the recording itself", arguments: RealRecordingFacts.all)
    func independentFacts(_ recording: RealRecordingFacts) throws {
        let syn = try run("/usr/bin/grep", ["-c", "^E: [0-9.]* 0000 0000 0*0\\b", recording.path])
        #expect(Int(syn.trimmingCharacters(in: .whitespacesAndNewlines)) == recording.synReports)
        let awk = try run(
            "/usr/bin/awk",
            [
                "-v", "hi=\(recording.pressureMaximum * 5 / 100)", "-v", "lo=\(recording.pressureMaximum / 100)",
                "-f", Fixture.path("Fixtures/tools/strokes.awk"), recording.path,
            ])
        #expect(Int(awk.trimmingCharacters(in: .whitespacesAndNewlines)) == recording.strokes)
    }

    @Test(
        "A clock replay keeps the recording's strokes, in the command and copy steps", arguments: RealRecordingFacts.all
    )
    func strokes(_ recording: RealRecordingFacts) throws {
        var replay = Self.replay(recording.file, desc: recording.desc)
        // A recording whose pen never touches is refused unless empty results are allowed.
        replay.allowEmpty = recording.strokes == 0
        let session = try replay.runInMemory()
        #expect(session.document.steps.map(\.identifier) == ["clockStep-command", "clockStep-copy"])
        #expect(session.document.steps.reduce(0) { $0 + $1.strokes.count } == recording.strokes)
        #expect(
            session.warnings.contains { $0.hasPrefix("the pen never touched the tablet in the recording") }
                == (recording.strokes == 0))
    }

    @Test("A split offset on a stroke never cuts it: as many strokes as with no split")
    func offsetSplitKeepsStrokes() throws {
        // 1.6 s after the first event (1369413636.405673) falls inside the second stroke; 0.562019 s is
        // exactly the last in-contact frame of the first stroke (1369413636.967692, found with the
        // awk rule of Fixtures/tools/strokes.awk). Either way the count must stay 29 (the awk rule's
        // count: 34 contacts, 5 of them with the eraser end, which are not ink).
        for split in ["1.6", "0.562019", "none"] {
            var replay = Self.replay("Wacom-Cintiq-22HDT-Pen.events")
            try replay.setStepSplit(parsing: split)
            let session = try replay.runInMemory()
            #expect(session.document.steps.reduce(0) { $0 + $1.strokes.count } == 29, "step split \(split)")
        }
    }

    @Test("Step split none keeps every stroke in the command step; a start time anchors relative times")
    func stepSplitNoneAndStartTime() throws {
        var replay = Self.replay("dell_canvas_pen.evemu")
        try replay.setStepSplit(parsing: "none")
        replay.startTime = 1_700_000_000_000
        let document = try replay.runInMemory().document
        #expect(document.steps.map { $0.strokes.count } == [2, 0])
        // The first in-contact frame is at 6.597959 s of the recording.
        #expect(document.steps.first?.strokes.first?.points.first?.unixMilliseconds == 1_700_000_006_597)
        // The command step starts at the first event, 0.000001 s.
        #expect(document.steps.first?.start.unixMilliseconds == 1_700_000_000_000)
    }

    @Test("Replaying the same input twice gives byte-identical results")
    func deterministic() throws {
        let scratch = try Scratch()
        var files: [Data] = []
        for name in ["first", "second"] {
            var replay = Self.replay("Wacom-Cintiq-22HDT-Pen.events")
            replay.directory = scratch.path + "/" + name
            try FileManager.default.createDirectory(atPath: replay.directory, withIntermediateDirectories: true)
            let outcome = try replay.run()
            files.append(try Data(contentsOf: URL(fileURLWithPath: outcome.result.output)))
        }
        #expect(files[0].count > 10_000)
        #expect(files[0] == files[1])
    }

    @Test(
        "A node that is not a pen is refused at open, naming its kind, and nothing is written",
        arguments: [
            (
                "Wacom-Intuos-Pro-M-Pad.events",
                "Error: \"Wacom Intuos Pro M Pad\" is the tablet's pad (buttons and ring), not its pen: it has pad"
                    + " controls (BTN_0…, a ring or strip) and no pen tool (BTN_TOOL_PEN); its BTN_STYLUS alone does"
                    + " not make it a pen."
            ),
            (
                "Wacom-Intuos-Pro-M-Finger.events",
                "Error: \"Wacom Intuos Pro M Finger\" is a touch surface, not a pen: its finger tools or multitouch"
                    + " axes report fingers."
            ),
            (
                "Wacom-Intuos4-Lens-Cursor.events",
                "Error: \"Wacom Intuos4 6x9 Lens Cursor\" is a lens cursor or mouse (a puck: BTN_TOOL_LENS/BTN_TOOL_MOUSE),"
                    + " not a pen: a puck's position is not handwriting."
            ),
        ])
    func notAPen(file: String, message: String) throws {
        let scratch = try Scratch()
        var replay = RecordingReplay(
            recording: Fixture.path("Fixtures/recordings/kinds/" + file), test: .clock, facts: Fixture.facts)
        replay.lookup = Fixture.lookup
        replay.directory = scratch.path
        let error = #expect(throws: PenDeviceRejection.self) { try replay.run() }
        // What `replay` and `info` print: "Error: " and the description (EndToEndTests pins the binary's).
        #expect(
            error.map { "Error: \($0)\n" }
                == message + " Record from the tablet's pen node (`styluskit devices` lists each node with its kind),"
                + " or replay a recording of it.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    /// Runs `executable` with `arguments` and returns its standard output: the tools that establish
    /// the recordings' facts independently of StylusKit.
    private func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = readToEnd(output.fileHandleForReading)
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// The first point of chosen real recordings, worked out by hand from their event lines, against
/// the results file an in-process replay writes (read back with ADFReader, its numbers printed as
/// the file prints them: four decimals, pressure ×1000, whole milliseconds).
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

    /// The first point of the first stroke of `file`'s clock replay, as its results file reads back.
    private func firstPoint(of file: String, desc: String? = nil) throws -> [String: String] {
        let scratch = try Scratch()
        var replay = RealRecordingSessionTests.replay(file, desc: desc)
        replay.directory = scratch.path
        let output = try replay.run().result.output
        let document = try ADFReader.read(path: output).document
        let point = try #require(document.steps.flatMap(\.strokes).first?.points.first)
        func decimals(_ value: Double) -> String { String(format: "%.4f", value) }
        return [
            "altitude": decimals(point.altitude), "azimuth": decimals(point.azimuth),
            "pressure": "\(Int((point.force * 1_000).rounded()))", "timestamp": "\(Int64(point.unixMilliseconds))",
            "x": decimals(point.x), "y": decimals(point.y),
        ]
    }
}
