import Foundation
import Testing

/// The scenarios and mazes `synth` ships.
private let synthFixtures = Paths.fixtures.appendingPathComponent("synth")
private let mazeFixtures = Paths.fixtures.appendingPathComponent("mazes")

/// What the synthesized recording itself says, read with a parser of our own in this file (not the
/// package's reader): touch-downs, lifts and the position of every frame in contact.
private struct EvemuFacts {
    struct Frame {
        var milliseconds: Double
        var x: Int
        var y: Int
    }

    var touchDowns: [Double] = []
    var lifts: [Double] = []
    var contactFrames: [Frame] = []
    var eventLines = 0

    init(_ file: URL) throws {
        var x = 0
        var y = 0
        var touch = 0
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") where line.hasPrefix("E: ") {
            eventLines += 1
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let time = fields[1].split(separator: ".")
            let milliseconds = Double(Int(time[0])!) * 1_000 + Double(Int(time[1])!) / 1_000
            let type = Int(fields[2], radix: 16)!
            let code = Int(fields[3], radix: 16)!
            let value = Int(fields[4])!
            switch (type, code) {
            case (3, 0): x = value
            case (3, 1): y = value
            case (1, 0x14a):
                if value == 1 && touch == 0 { touchDowns.append(milliseconds) }
                if value == 0 && touch == 1 { lifts.append(milliseconds) }
                touch = value
            case (0, 0):
                if touch == 1 { contactFrames.append(Frame(milliseconds: milliseconds, x: x, y: y)) }
            default:
                break
            }
        }
    }
}

/// The Wacom Cintiq 13HD (the default --like device): X 400...59152 and Y 400...33448 at
/// 200 units/mm (its A: lines). The maze test's form is the whole active area at physical size,
/// so a form centimetre is 2000 units from the minimum, and a centred maze's origin is
/// ((29.376 - width) / 2, (16.524 - height) / 2) cm.
private func formCentimetres(_ frame: EvemuFacts.Frame) -> (x: Double, y: Double) {
    (Double(frame.x - 400) / 2_000, Double(frame.y - 400) / 2_000)
}

/// `synth` then `replay --test maze` of one scenario, in a fresh directory.
private struct SynthesizedSession {
    let directory: URL
    let recording: URL
    let results: URL
    let replay: ProcessResult

    init(_ scenario: String, maze: String, seed: Int = 1, extra: [String] = []) throws {
        directory = try Paths.temporaryDirectory()
        recording = directory.appendingPathComponent("\(scenario).evemu")
        results = directory.appendingPathComponent("\(scenario).msk")
        let synth = try styluskit([
            "synth", synthFixtures.appendingPathComponent("\(scenario).scenario").path, "--seed", "\(seed)",
            "--output", recording.path,
        ])
        try #require(synth.status == 0, "\(synth.standardError)")
        replay = try styluskit(
            ["replay", recording.path, "--test", "maze", "--maze", maze, "--out", directory.path] + extra)
        try #require(replay.status == 0, "\(replay.standardError)")
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// The interruptions of the results file, read with xmllint: (type, timestamp) in document order.
    func interruptions() throws -> [(type: String, milliseconds: Double)] {
        let count = Int(try xpath("count(//TaskData/Step/Interruptions/Pause)", in: results))!
        return try (1...max(count, 1)).prefix(count).map { index in
            let pause = "(//TaskData/Step/Interruptions/Pause)[\(index)]"
            return (
                try xpath("string(\(pause)/@type)", in: results),
                Double(try xpath("string(\(pause)/@timestamp)", in: results))!
            )
        }
    }

    func number(_ expression: String) throws -> Double {
        Double(try xpath(expression, in: results))!
    }
}

@Suite("Maze replay of synthesized recordings")
struct MazeReplayTests {
    private let noChoice = mazeFixtures.appendingPathComponent("no-choice.maze").path
    private let detour = synthFixtures.appendingPathComponent("detour.maze").path

    @Test("Every scenario's results file passes adf validate, with one maze step that finishes")
    func validates() throws {
        for (scenario, maze) in [
            ("clean-solve", noChoice), ("cut-corner", noChoice), ("wall-cross-0.6s", detour),
            ("wall-cross-0.4s", detour), ("no-drawing", noChoice), ("start-far", noChoice),
        ] {
            let session = try SynthesizedSession(scenario, maze: maze)
            defer { session.remove() }
            let validation = try styluskit(["adf", "validate", session.results.path])
            #expect(validation.status == 0, "\(scenario): \(validation.standardOutput)\(validation.standardError)")
            #expect(try xpath("name(/*)", in: session.results) == "MazeSketchXMLFile")
            #expect(try session.number("count(//TaskData/Step)") == 1, "\(scenario)")
            #expect(try session.number("count(//PenData/drawing)") == 1, "\(scenario)")
            // The maze finishes 2 s (finish timeout) after the last lift; the step ends then.
            let facts = try EvemuFacts(session.recording)
            let end = try session.number("string(//TaskData/Step/End/@timestamp)")
            #expect(abs(end - (facts.lifts.last! + 2_000)) <= 1, "\(scenario): step ends at \(end)")
        }
    }

    @Test("A clean solve and a cut corner: one stroke, no interruption")
    func noInterruption() throws {
        for scenario in ["clean-solve", "cut-corner"] {
            let session = try SynthesizedSession(scenario, maze: noChoice)
            defer { session.remove() }
            #expect(try session.interruptions().isEmpty, "\(scenario)")
            #expect(try session.number("count(//PenData/drawing/strokes/stroke)") == 1)
            #expect(try xpath("string(//TaskData/Step/@identifier)", in: session.results) == "mazeStep-no-choice")
        }
    }

    @Test("The cut corner really leaves the corridor: it passes through row 2 column 1, walled off from it")
    func cutCornerLeavesCorridor() throws {
        let session = try SynthesizedSession("cut-corner", maze: noChoice)
        defer { session.remove() }
        // no-choice is 6 x 5 cells of 1.5 cm: origin ((29.376 - 9) / 2, (16.524 - 7.5) / 2).
        let origin = ((29.376 - 9) / 2, (16.524 - 7.5) / 2)
        let inRow2Column1 = try EvemuFacts(session.recording).contactFrames.filter {
            let (x, y) = formCentimetres($0)
            return x >= origin.0 && x < origin.0 + 1.5 && y >= origin.1 + 1.5 && y < origin.1 + 3
        }
        #expect(!inRow2Column1.isEmpty)
        // ...and briefly: well under the 0.5 s wall-cross timeout.
        #expect(inRow2Column1.last!.milliseconds - inRow2Column1.first!.milliseconds < 200)
    }

    @Test("A skip of three cells held 0.6 s: one wall-cross 0.5 s after the cross; the stroke stops being recorded there")
    func wallCross() throws {
        let session = try SynthesizedSession("wall-cross-0.6s", maze: detour)
        defer { session.remove() }
        let facts = try EvemuFacts(session.recording)
        // detour is 3 x 3 cells of 1.5 cm: origin ((29.376 - 4.5) / 2, (16.524 - 4.5) / 2); the pen
        // crosses at its first contact frame inside row 2 column 2.
        let origin = ((29.376 - 4.5) / 2, (16.524 - 4.5) / 2)
        let cross = try #require(
            facts.contactFrames.first {
                let (x, y) = formCentimetres($0)
                return x >= origin.0 + 1.5 && x < origin.0 + 3 && y >= origin.1 + 1.5 && y < origin.1 + 3
            })
        let interruptions = try session.interruptions()
        try #require(interruptions.count == 1)
        #expect(interruptions[0].type == "wall-cross")
        #expect(abs(interruptions[0].milliseconds - (cross.milliseconds + 500)) <= 1)

        // The first stroke has no point after the interruption, though the pen stayed down until its lift.
        #expect(facts.lifts[0] > interruptions[0].milliseconds + 50)
        let lastPoint = try session.number("string((//stroke)[1]/point[last()]/@timestamp)")
        #expect(lastPoint <= interruptions[0].milliseconds)
        // The patient resumed inside the pause circle: the second stroke is recorded and the maze finishes.
        #expect(try session.number("count(//stroke)") == 2)
        #expect(session.replay.standardOutput.contains("detour: finished, 2 strokes"))
    }

    @Test(
        "Out of a reduced maze's corridor into a hidden branch for 0.8 s: one wall-cross 0.5 s after entering it; none in the choice maze")
    func reducedMazeBranch() throws {
        for file in ["reduced-filled.maze", "reduced-blank.maze"] {
            let session = try SynthesizedSession(
                "reduced-branch", maze: mazeFixtures.appendingPathComponent(file).path, extra: ["--events"])
            defer { session.remove() }
            let facts = try EvemuFacts(session.recording)
            // The reduced mazes are 6 x 5 cells of 1.5 cm: origin ((29.376 - 9) / 2, (16.524 - 7.5) / 2);
            // the pen enters row 2 column 1 at its first contact frame there.
            let origin = ((29.376 - 9) / 2, (16.524 - 7.5) / 2)
            let entered = try #require(
                facts.contactFrames.first {
                    let (x, y) = formCentimetres($0)
                    return x >= origin.0 && x < origin.0 + 1.5 && y >= origin.1 + 1.5 && y < origin.1 + 3
                })
            let interruptions = try session.interruptions()
            try #require(interruptions.count == 1, "\(file)")
            #expect(interruptions[0].type == "wall-cross")
            #expect(abs(interruptions[0].milliseconds - (entered.milliseconds + 500)) <= 1, "\(file)")
            let events = session.replay.standardOutput.split(separator: "\n").compactMap {
                try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            }
            let interrupt = try #require(events.first { $0["action"] as? String == "interrupt" })
            #expect(interrupt["interruption"] as? String == "wall-cross")
            #expect(interrupt["before"] as? String == "crossedWall" && interrupt["after"] as? String == "paused")
            // The patient resumed near where the path ended, and finished.
            #expect(try session.number("count(//stroke)") == 2, "\(file)")
            #expect(try session.number("count(//TaskData/Step/End)") == 1)
            #expect(session.replay.standardError.contains(": finished, 2 strokes"), "\(session.replay.standardError)")
        }
        // The control: the choice maze leaves the branch open, so the same drawing crosses no wall.
        let control = try SynthesizedSession("reduced-branch", maze: mazeFixtures.appendingPathComponent("choice.maze").path)
        defer { control.remove() }
        #expect(try control.interruptions().isEmpty)
    }

    @Test("The same skip for about 0.4 s: no interruption")
    func briefWallCross() throws {
        let session = try SynthesizedSession("wall-cross-0.4s", maze: detour)
        defer { session.remove() }
        #expect(try session.interruptions().isEmpty)
        #expect(try session.number("count(//stroke)") == 1)
    }

    @Test("Pen up for 2.1 s: one no-drawing interruption 2 s after the lift, then drawing resumes")
    func noDrawing() throws {
        let session = try SynthesizedSession("no-drawing", maze: noChoice)
        defer { session.remove() }
        let facts = try EvemuFacts(session.recording)
        try #require(facts.lifts.count == 2 && facts.touchDowns.count == 2)
        // The scenario's pause: 2.1 s from lift to touch-down, to within a frame or two.
        #expect(abs(facts.touchDowns[1] - facts.lifts[0] - 2_100) < 16)
        let interruptions = try session.interruptions()
        try #require(interruptions.count == 1)
        #expect(interruptions[0].type == "no-drawing")
        #expect(abs(interruptions[0].milliseconds - (facts.lifts[0] + 2_000)) <= 1)
        #expect(try session.number("count(//stroke)") == 2)
    }

    @Test("A start far from the arrow: the stroke is refused (absent) with a start-far interruption at its touch-down")
    func startFar() throws {
        let session = try SynthesizedSession("start-far", maze: noChoice)
        defer { session.remove() }
        let facts = try EvemuFacts(session.recording)
        try #require(facts.touchDowns.count == 2)
        let interruptions = try session.interruptions()
        try #require(interruptions.count == 1)
        #expect(interruptions[0].type == "start-far")
        #expect(abs(interruptions[0].milliseconds - facts.touchDowns[0]) <= 1)
        // Only the second stroke is recorded: its first point is at the second touch-down.
        #expect(try session.number("count(//stroke)") == 1)
        let first = try session.number("string((//stroke)[1]/point[1]/@timestamp)")
        #expect(abs(first - facts.touchDowns[1]) <= 1)
        #expect(try session.number("string((//stroke)[1]/@index)") == 1)
    }

    @Test("--events prints one JSON object per proctor decision on standard output, the summary on standard error")
    func events() throws {
        let session = try SynthesizedSession("wall-cross-0.6s", maze: detour, extra: ["--events"])
        defer { session.remove() }
        let lines = session.replay.standardOutput.split(separator: "\n")
        #expect(lines.count >= 6)
        var objects: [[String: Any]] = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let parsed = try #require(object, "not a JSON object: \(line)")
            for key in ["time", "maze", "input", "before", "after", "action"] {
                #expect(parsed[key] != nil, "\(key) missing in \(line)")
            }
            objects.append(parsed)
        }
        let actions = objects.map { $0["action"] as? String ?? "" }
        #expect(actions.first == "accept-stroke")
        #expect(actions.contains("end-stroke"))
        #expect(actions.last == "finish")
        let interrupt = try #require(objects.first { $0["action"] as? String == "interrupt" })
        #expect(interrupt["interruption"] as? String == "wall-cross")
        #expect(interrupt["before"] as? String == "crossedWall")
        #expect(interrupt["after"] as? String == "paused")
        #expect(interrupt["maze"] as? String == "detour")
        // The interruption's time is the one in the results file.
        let recorded = try session.interruptions()[0].milliseconds
        #expect(abs((interrupt["time"] as? Double ?? 0) - recorded) <= 1)
        #expect(session.replay.standardError.contains("detour: finished"))
    }

    @Test("A battery: one step per maze, the next maze shown at the previous one's finish")
    func battery() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("calibration.evemu")
        let synth = try styluskit([
            "synth", synthFixtures.appendingPathComponent("calibration.scenario").path, "--output", recording.path,
        ])
        try #require(synth.status == 0, "\(synth.standardError)")
        let replay = try styluskit([
            "replay", recording.path, "--test", "maze", "--battery",
            mazeFixtures.appendingPathComponent("standard.battery").path, "--out", directory.path,
        ])
        try #require(replay.status == 0, "\(replay.standardError)")
        let results = directory.appendingPathComponent("calibration.msk")
        // The recording solves the calibration maze only: the no-choice maze is shown, nothing after it.
        #expect(try xpath("count(//TaskData/Step)", in: results) == "2")
        #expect(try xpath("string((//TaskData/Step)[1]/@identifier)", in: results) == "mazeStep-calibration")
        #expect(try xpath("string((//TaskData/Step)[2]/@identifier)", in: results) == "mazeStep-no-choice")
        let firstEnd = try xpath("string((//TaskData/Step)[1]/End/@timestamp)", in: results)
        #expect(try xpath("string((//TaskData/Step)[2]/Start/@timestamp)", in: results) == firstEnd)
        let lift = try EvemuFacts(recording).lifts.last!
        #expect(abs(Double(firstEnd)! - (lift + 2_000)) <= 1)
        #expect(try xpath("count((//PenData/drawing)[1]//stroke)", in: results) == "1")
        #expect(try xpath("count((//PenData/drawing)[2]//stroke)", in: results) == "0")
        #expect(try styluskit(["adf", "validate", results.path]).status == 0)
    }

    @Test("--test maze needs exactly one of --maze and --battery; the maze options do not go with --test clock")
    func options() throws {
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events").path
        let neither = try styluskit(["replay", recording, "--test", "maze"])
        #expect(neither.status == 64)
        #expect(neither.standardError.hasPrefix("Error: --test maze needs exactly one of --maze FILE or --battery FILE.\n"))
        let both = try styluskit([
            "replay", recording, "--test", "maze", "--maze", noChoice, "--battery",
            mazeFixtures.appendingPathComponent("standard.battery").path,
        ])
        #expect(both.status == 64)
        let clock = try styluskit(["replay", recording, "--test", "clock", "--maze", noChoice])
        #expect(clock.status == 64)
        #expect(
            clock.standardError.hasPrefix(
                "Error: --maze and --battery belong to --test maze; leave them out for --test clock.\n"))
    }
}

@Suite("synth")
struct SynthTests {
    @Test("The same seed gives a byte-identical recording; another seed a different one")
    func deterministic() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = synthFixtures.appendingPathComponent("no-drawing.scenario").path
        var files: [Data] = []
        for (name, seed) in [("a", 7), ("b", 7), ("c", 8)] {
            let output = directory.appendingPathComponent("\(name).evemu")
            let result = try styluskit(["synth", scenario, "--seed", "\(seed)", "--output", output.path])
            try #require(result.status == 0, "\(result.standardError)")
            files.append(try Data(contentsOf: output))
        }
        #expect(files[0].count > 100_000)
        #expect(files[0] == files[1])
        #expect(files[0] != files[2])
    }

    @Test("libevemu reads a synthesized recording whole: the device and every event line")
    func libevemuReads() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("clock.evemu")
        let result = try styluskit([
            "synth", synthFixtures.appendingPathComponent("clock.scenario").path, "--output", output.path,
        ])
        try #require(result.status == 0, "\(result.standardError)")
        // libevemu through Python's ctypes: the reference parser, independent of our reader.
        let script = """
            import ctypes, ctypes.util, sys
            evemu = ctypes.CDLL("libevemu.so.3"); libc = ctypes.CDLL(ctypes.util.find_library("c"))
            libc.fopen.restype = ctypes.c_void_p; libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
            libc.fclose.argtypes = [ctypes.c_void_p]
            evemu.evemu_new.restype = ctypes.c_void_p; evemu.evemu_new.argtypes = [ctypes.c_char_p]
            evemu.evemu_delete.argtypes = [ctypes.c_void_p]
            evemu.evemu_read.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
            evemu.evemu_read_event.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
            evemu.evemu_get_name.restype = ctypes.c_char_p; evemu.evemu_get_name.argtypes = [ctypes.c_void_p]
            device = evemu.evemu_new(None); f = libc.fopen(sys.argv[1].encode(), b"r")
            if evemu.evemu_read(device, f) <= 0: sys.exit("evemu_read failed")
            event = ctypes.create_string_buffer(64); count = 0
            while evemu.evemu_read_event(f, event) > 0: count += 1
            print(evemu.evemu_get_name(device).decode(), count)
            libc.fclose(f); evemu.evemu_delete(device)
            """
        let python = try run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, output.path])
        try #require(python.status == 0, "\(python.standardError)")
        let eventLines = try EvemuFacts(output).eventLines
        #expect(eventLines > 10_000)
        #expect(python.standardOutput == "Wacom Cintiq 13HD touch Pen \(eventLines)\n")
    }

    @Test("Sampling stays within 133-266 Hz, and styluskit info reads the strokes the clock scenario draws")
    func samplingAndInfo() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("clock.evemu")
        let result = try styluskit([
            "synth", synthFixtures.appendingPathComponent("clock.scenario").path, "--output", output.path,
        ])
        try #require(result.status == 0, "\(result.standardError)")
        // Frame intervals while in contact, from the SYN_REPORT lines (consecutive contact frames of a stroke).
        let frames = try EvemuFacts(output).contactFrames
        let intervals = zip(frames, frames.dropFirst()).map { $1.milliseconds - $0.milliseconds }.filter { $0 < 20 }
        #expect(intervals.count > 1_000)
        #expect(intervals.allSatisfy { $0 >= 1_000 / 266 - 0.001 && $0 <= 1_000 / 133 + 0.001 })
        // 12 numbers with 15 digits, a circle and two hands: 18 strokes.
        let info = try styluskit(["info", output.path])
        try #require(info.status == 0, "\(info.standardError)")
        #expect(info.standardOutput.contains("  strokes    18\n"))
        let replay = try styluskit(["replay", output.path, "--test", "clock", "--out", directory.path])
        try #require(replay.status == 0, "\(replay.standardError)")
        #expect(try styluskit(["adf", "validate", directory.appendingPathComponent("clock.csk").path]).status == 0)
    }

    @Test("A scenario mistake names the file, the line and the column")
    func scenarioError() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = directory.appendingPathComponent("bad.scenario")
        try "maze: ../x.maze\ndown: start\nmove: r1c1 r1x2\nup\n".write(to: scenario, atomically: true, encoding: .utf8)
        let result = try styluskit(["synth", scenario.path, "--output", directory.appendingPathComponent("o.evemu").path])
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "Error: \(scenario.path), line 3, column 12: expected a point: 'start', 'end', 'here', a cell such as"
                + " 'r2c3' or 'r2c3@0.5,0.9', or 'X,Y' in cm, found 'r1x2'.\n")
    }
}
