import Foundation
import TestSupport
import Testing

private let dell = Paths.realRecordings.appendingPathComponent("dell_canvas_pen.evemu")

/// Writes the first `bytes` bytes of the Dell Canvas recording to `directory`, cutting it mid-line.
private func cutRecording(in directory: URL, bytes: Int) throws -> URL {
    let data = try Data(contentsOf: dell)
    let cut = directory.appendingPathComponent("cut.evemu")
    try data.prefix(bytes).write(to: cut)
    return cut
}

@Suite("Replay behaviour")
struct ReplayBehaviourTests {
    @Test("A corrupt line is named with the file, the line and what was expected")
    func corruptLine() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var lines = try String(contentsOf: dell, encoding: .utf8).components(separatedBy: "\n")
        lines[199] = "E: 0.1 0003"
        let bad = out.appendingPathComponent("bad.evemu")
        try lines.joined(separator: "\n").write(to: bad, atomically: true, encoding: .utf8)
        let result = try styluskit(["replay", bad.path, "--test", "clock", "--out", out.path])
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "Error: \(bad.path):200: expected 'E: <seconds>.<microseconds> <type> <code> <value>', found 'E: 0.1 0003';"
                + " fix or remove the line (--allow-truncated uses the complete frames before a damaged event line)\n")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("bad.csk").path))
    }

    @Test("A truncated recording is refused, and --allow-truncated replays its complete frames")
    func truncated() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        // Byte 20000 falls inside line 352, "E: 0.429857 0003 0000 34026\t# EV...": the event is whole,
        // its frame is not (`head -c 20000 dell_canvas_pen.evemu | tail -2`).
        let cut = try cutRecording(in: out, bytes: 20_000)
        let strict = try styluskit(["replay", cut.path, "--test", "clock", "--out", out.path])
        #expect(strict.status == 65)
        #expect(
            strict.standardError
                == "Error: \(cut.path):352: the recording ends inside a frame (1 event after the last SYN_REPORT):"
                + " it was cut off; pass --allow-truncated to use the complete frames before it\n")

        // The first 84 frames are the pen hovering: an empty recording, written only with --allow-empty.
        let lenient = try styluskit([
            "replay", cut.path, "--test", "clock", "--out", out.path, "--allow-truncated", "--allow-empty",
        ])
        #expect(lenient.status == 0, "\(lenient.standardError)")
        #expect(lenient.standardOutput.contains("warning: the pen never touched the tablet in the recording"))
        // 84 SYN_REPORT lines in the first 20000 bytes (`head -c 20000 ... | grep -c '0000 0000 0000'`).
        #expect(lenient.standardOutput.contains(", 84 frames"))
        #expect(
            lenient.standardOutput.contains(
                "warning: dropped 0 line(s) (0 bytes) and 1 event(s) of an incomplete last frame"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("cut.csk").path))
    }

    @Test("A recording cut in the middle of a line is refused, naming the line")
    func cutMidLine() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        // Byte 19900 falls inside "E: 0.423907 0003 0000 34013": line 350 ends after "E: 0.4".
        let cut = try cutRecording(in: out, bytes: 19_900)
        let lastLine = try String(contentsOf: cut, encoding: .utf8).components(separatedBy: "\n").last ?? ""
        let lineNumber = try String(contentsOf: cut, encoding: .utf8).components(separatedBy: "\n").count
        let result = try styluskit(["replay", cut.path, "--test", "clock", "--out", out.path])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("Error: \(cut.path):\(lineNumber): expected"))
        #expect(result.standardError.contains("found '\(lastLine)' at the end of the file without a newline"))
    }

    @Test("An existing results file is never overwritten without --force, and --force replaces it")
    func existingResults() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let existing = out.appendingPathComponent("dell_canvas_pen.csk")
        try Data("earlier results".utf8).write(to: existing)
        let refused = try styluskit(["replay", dell.path, "--test", "clock", "--out", out.path])
        #expect(refused.status == 73)
        #expect(
            refused.standardError
                == "Error: A results file already exists at \(existing.path); results are never replaced without --force."
                + " Pass --force to replace it, give another directory with --out, or move the existing file away.\n")
        #expect(try Data(contentsOf: existing) == Data("earlier results".utf8))

        let forced = try styluskit(["replay", dell.path, "--test", "clock", "--out", out.path, "--force"])
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(try String(contentsOf: existing, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["dell_canvas_pen.csk"])
    }

    @Test("A device without resolution and without a profile stops with the profile key to set")
    func missingResolution() throws {
        // A copy of the binary in an empty directory, with an empty config home: no Calibration/
        // beside it, above it or in the working directory to find a profile in.
        let empty = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let binary = empty.appendingPathComponent("styluskit")
        try FileManager.default.copyItem(at: Paths.styluskit, to: binary)
        // The DTH2242's EVEMU 1.1 file states "Resolution 200" in its header comments, which is used
        // now; a copy whose comments state none (as evtest printed for a kernel that did not know) is
        // what has no resolution anywhere.
        let original = try String(
            contentsOf: Paths.realRecordings.appendingPathComponent("Wacom-DTH2242-Pen.events"), encoding: .utf8)
        let recording = empty.appendingPathComponent("Wacom-DTH2242-Pen.events")
        try original.replacingOccurrences(of: "#       Resolution 200", with: "#       Resolution 0")
            .write(to: recording, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["replay", recording.path, "--test", "clock", "--out", empty.path]
        process.currentDirectoryURL = empty
        process.environment = ["XDG_CONFIG_HOME": empty.path, "HOME": empty.path, "PATH": "/usr/bin:/bin"]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: readToEnd(error.fileHandleForReading), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 65)
        #expect(
            message
                == "Error: Wacom DTH2242 Pen (0003:056a:0059) reports no resolution for ABS_X and ABS_Y. Add a tablet profile"
                + " in Calibration/tablets/ matching it with 'match: {bus: 0003, vendor: 056a, product: 0059}' and"
                + " 'resolution: {x: <units per mm>, y: <units per mm>}' (units per mm = lines per inch / 25.4; schema in"
                + " Calibration/README.md; /etc/styluskit/calibration/tablets/ and $XDG_CONFIG_HOME/styluskit/calibration/tablets/"
                + " are read too).\n")
    }

    @Test(
        "An EVEMU 1.1 recording without a profile replays with the resolution its header comments state, and info says so"
    )
    func headerCommentResolution() throws {
        let empty = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: empty) }
        let binary = empty.appendingPathComponent("styluskit")
        try FileManager.default.copyItem(at: Paths.styluskit, to: binary)
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-DTH2242-Pen.events").path
        let environment = ["XDG_CONFIG_HOME": empty.path, "HOME": empty.path, "PATH": "/usr/bin:/bin"]
        let info = try runIsolated(binary, ["info", recording], in: empty, environment: environment)
        #expect(info.status == 0)
        #expect(
            info.standardOutput.contains(
                "ABS_X         0..95840  resolution 200 (from the recording's header comment; its A: line has none)  479.20 mm"
            ))
        let replay = try runIsolated(
            binary, ["replay", recording, "--test", "clock", "--out", empty.path], in: empty, environment: environment)
        #expect(replay.status == 0, "\(replay.standardError)")
    }

    @Test("A wrong step-split rule is a usage error that says what is accepted")
    func badStepSplit() throws {
        let result = try styluskit(["replay", dell.path, "--test", "clock", "--step-split", "halfway"])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix(
                "Error: 'halfway' is not a step-split rule. Use 'longest-pause', 'none', or a number of seconds after"
                    + " the first event (e.g. 12.5).\n"))
    }

    @Test(
        "--step-split and --start-time reach the replay: the summary counts the strokes per step, the file starts at the start time"
    )
    func stepSplitNoneAndStartTime() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try styluskit([
            "replay", dell.path, "--test", "clock", "--out", out.path, "--step-split", "none", "--start-time",
            "1700000000000",
        ])
        try #require(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("strokes   2 (2 in clockStep-command, 0 in clockStep-copy)"))
        // The command step starts at the first event, 0.000001 s. (The split rules and the anchor
        // are tested in-process: SessionsTests' RealRecordingSessionTests.)
        let csk = out.appendingPathComponent("dell_canvas_pen.csk")
        #expect(try xpath("string(//Step[1]/Start/@timestamp)", in: csk) == "1700000000000")
    }

    @Test("The bundled example replays, as the README's first command does")
    func bundledExample() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        // The Makefile's EXAMPLE.
        let example = Paths.fixtures.appendingPathComponent("recordings/real/Wacom-Cintiq-22HDT-Pen.events")
        let result = try styluskit(["replay", example.path, "--test", "clock", "--out", out.path])
        try #require(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("device    Wacom Cintiq 22HDT Pen (0003:056a:005b)"))
        #expect(result.standardOutput.contains("duration  81.154 s, 5647 frames"))
        // 34 contacts, 5 of them with the eraser end, which are not ink.
        #expect(result.standardOutput.contains("strokes   29 ("))
    }

    @Test("Shipped profiles are found from any working directory")
    func profilesFromAnyDirectory() throws {
        let elsewhere = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-22HDT-Pen.events")
        let result = try styluskit(
            ["replay", recording.path, "--test", "clock", "--out", elsewhere.path], in: elsewhere)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("Calibration/tablets/wacom-cintiq-22hdt.yaml"))
    }

    @Test("A libinput-record file with CRLF line endings keeps its times")
    func crlfLibinputRecord() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-DTH2242-Pen.events").path
        let yaml = out.appendingPathComponent("dth.yml")
        let converted = try styluskit(["convert", recording, yaml.path])
        try #require(converted.status == 0, "\(converted.standardError)")
        let crlf = out.appendingPathComponent("crlf.yml")
        try Data(try String(contentsOf: yaml, encoding: .utf8).replacingOccurrences(of: "\n", with: "\r\n").utf8)
            .write(to: crlf)
        let result = try styluskit(["replay", crlf.path, "--test", "clock", "--out", out.path])
        try #require(result.status == 0, "\(result.standardError)")
        // The first event of the recording: E: 1369413313.184404.
        #expect(
            try xpath("string(//Step[1]/Start/@timestamp)", in: out.appendingPathComponent("crlf.csk"))
                == "1369413313184")
    }

    @Test("--start-time is checked, and said to be ignored for a recording with Unix times")
    func startTimeChecks() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let bad = try styluskit(["replay", dell.path, "--test", "clock", "--start-time", "9223372036854775"])
        #expect(bad.status == 64)
        #expect(
            bad.standardError.hasPrefix(
                "Error: --start-time 9223372036854775 is not a Unix time in milliseconds between 0 and 253402300799999"
                    + " (year 9999); give the time the recording started, e.g. 1700000000000.\n"))
        let epoch = Paths.realRecordings.appendingPathComponent("Wacom-DTH2242-Pen.events").path
        let ignored = try styluskit(["replay", epoch, "--test", "clock", "--out", out.path, "--start-time", "5"])
        #expect(ignored.status == 0, "\(ignored.standardError)")
        #expect(
            ignored.standardOutput.contains(
                "note: --start-time was ignored: the recording's times are already Unix times."))
    }

    @Test("A timestamp too large to keep is refused with its column")
    func hugeTimestamp() throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        var lines = try String(contentsOf: dell, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("E: ") })
        lines[index] = "E: 99999999999999.000001 0003 0000 38433"
        let huge = out.appendingPathComponent("huge.evemu")
        try lines.joined(separator: "\n").write(to: huge, atomically: true, encoding: .utf8)
        let result = try styluskit(["info", huge.path])
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "Error: \(huge.path):\(index + 1):4: timestamp 99999999999999 s is beyond the largest time StylusKit keeps"
                + " (9223372036853 s); fix the line (--allow-truncated uses the complete frames before a damaged event line)\n"
        )
    }
}

/// Runs `binary` in `directory` with exactly `environment` (no profiles found beyond it).
private func runIsolated(_ binary: URL, _ arguments: [String], in directory: URL, environment: [String: String]) throws
    -> ProcessResult
{
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    // Both outputs are a few lines, far below a pipe's buffer: reading one after the other cannot block.
    let outputData = readToEnd(output.fileHandleForReading)
    let errorData = readToEnd(error.fileHandleForReading)
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, standardOutput: String(decoding: outputData, as: UTF8.self),
        standardError: String(decoding: errorData, as: UTF8.self))
}
