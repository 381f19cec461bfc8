import Foundation
import Testing

/// The scenarios and mazes `synth` ships.
private let synthFixtures = Paths.fixtures.appendingPathComponent("synth")
private let mazeFixtures = Paths.fixtures.appendingPathComponent("mazes")

/// What the synthesized recording itself says, read with a parser of our own in this file (not the
/// package's reader): its event lines and the position of every frame in contact.
private struct EvemuFacts {
    struct Frame {
        var milliseconds: Double
        var x: Int
        var y: Int
    }

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
                touch = value
            case (0, 0):
                if touch == 1 { contactFrames.append(Frame(milliseconds: milliseconds, x: x, y: y)) }
            default:
                break
            }
        }
    }
}

/// `synth` then `replay --test maze` of one scenario, in a fresh directory.
private struct SynthesizedSession {
    let directory: URL
    let recording: URL
    let results: URL
    let replay: ProcessResult

    /// `source` is `--maze FILE` or `--battery FILE`.
    init(_ scenario: String, source: [String], extra: [String] = []) throws {
        directory = try Paths.temporaryDirectory()
        recording = directory.appendingPathComponent("\(scenario).evemu")
        results = directory.appendingPathComponent("\(scenario).msk")
        let synth = try styluskit([
            "synth", synthFixtures.appendingPathComponent("\(scenario).scenario").path, "--output", recording.path,
        ])
        try #require(synth.status == 0, "\(synth.standardError)")
        replay = try styluskit(
            ["replay", recording.path, "--test", "maze"] + source + ["--out", directory.path] + extra)
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
}

/// The command line of a maze replay: what the binary writes and prints. What the proctor decides
/// is tested in-process (SessionsTests' MazeSessionTests) on the same scenarios.
@Suite("Maze replay of synthesized recordings")
struct MazeReplayTests {
    private let noChoice = mazeFixtures.appendingPathComponent("no-choice.maze").path
    private let detour = synthFixtures.appendingPathComponent("detour.maze").path

    @Test("Every scenario's results file passes adf validate, a battery's too")
    func validates() throws {
        for (scenario, source) in [
            ("clean-solve", ["--maze", noChoice]), ("cut-corner", ["--maze", noChoice]),
            ("wall-cross-0.6s", ["--maze", detour]),
            ("wall-cross-0.4s", ["--maze", detour]), ("no-drawing", ["--maze", noChoice]),
            ("start-far", ["--maze", noChoice]),
            ("calibration", ["--battery", mazeFixtures.appendingPathComponent("standard.battery").path]),
        ] {
            let session = try SynthesizedSession(scenario, source: source)
            defer { session.remove() }
            let validation = try styluskit(["adf", "validate", session.results.path])
            #expect(validation.status == 0, "\(scenario): \(validation.standardOutput)\(validation.standardError)")
            #expect(try xpath("name(/*)", in: session.results) == "MazeSketchXMLFile")
            // The writer numbers the recorded strokes from 1: start-far's refused first stroke takes no number.
            #expect(try xpath("string((//stroke)[1]/@index)", in: session.results) == "1", "\(scenario)")
        }
    }

    @Test("--events prints one JSON object per proctor decision on standard output, the summary on standard error")
    func events() throws {
        let session = try SynthesizedSession("wall-cross-0.6s", source: ["--maze", detour], extra: ["--events"])
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
        // The summary, on standard error: the stroke after the interruption is recorded too.
        #expect(session.replay.standardError.contains("detour: finished, 2 strokes"))
    }

    @Test("--test maze needs exactly one of --maze and --battery; the maze options do not go with --test clock")
    func options() throws {
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events").path
        let neither = try styluskit(["replay", recording, "--test", "maze"])
        #expect(neither.status == 64)
        #expect(
            neither.standardError.hasPrefix("Error: --test maze needs exactly one of --maze FILE or --battery FILE.\n"))
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
        let result = try styluskit([
            "synth", scenario.path, "--output", directory.appendingPathComponent("o.evemu").path,
        ])
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "Error: \(scenario.path), line 3, column 12: expected a point: 'start', 'end', 'here', a cell such as"
                + " 'r2c3' or 'r2c3@0.5,0.9', or 'X,Y' in cm, found 'r1x2'.\n")
    }
}
