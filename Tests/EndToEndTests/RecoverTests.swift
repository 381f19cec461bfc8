import Foundation
import Testing

/// `recover` against `replay`: a journal is an evemu recording plus `# StylusKit control:` lines, so a
/// real recording with control lines added by hand must give byte for byte the file `replay` gives
/// when its step split presses continue at the same instant.
@Suite("Recover from a journal")
struct RecoverTests {
    static let recording = Paths.realRecordings.appendingPathComponent("dell_canvas_pen.evemu")

    /// The recording with control lines after its banner: anchor offset 0 (replay's default for
    /// relative times) and the session beginning at the first event (0.000001, checked with grep).
    func journal(controls: [String], in directory: URL) throws -> URL {
        let text = try String(contentsOf: Self.recording, encoding: .utf8)
        #expect(text.contains("\nE: 0.000001 "))
        let banner = "#      Waiting for events      #\n################################\n"
        let lines = controls.map { "# StylusKit control: \($0)\n" }.joined()
        let url = directory.appendingPathComponent("journal.evemu")
        try text.replacingOccurrences(of: banner, with: banner + lines).write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    func compare(stepSplit: String, controls: [String]) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = try journal(controls: controls, in: directory)
        let replayed = try styluskit([
            "replay", Self.recording.path, "--test", "clock", "--step-split", stepSplit, "--out",
            directory.appendingPathComponent("replay").path,
        ])
        #expect(replayed.status == 0, "\(replayed.standardError)")
        let recovered = try styluskit(["recover", journal.path, "--out", directory.appendingPathComponent("recover").path])
        #expect(recovered.status == 0, "\(recovered.standardError)")
        let a = try Data(contentsOf: directory.appendingPathComponent("replay/dell_canvas_pen.csk"))
        let b = try Data(contentsOf: directory.appendingPathComponent("recover/journal.csk"))
        #expect(a == b)
    }

    @Test("No continue line: the same file as replay --step-split none")
    func noContinue() throws {
        try compare(stepSplit: "none", controls: ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001"])
    }

    @Test("A continue line at 3.000001 s: the same file as replay --step-split 3 (3 s falls in a pen-up pause)")
    func continueLine() throws {
        try compare(
            stepSplit: "3", controls: ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001", "continue 3.000001"])
    }

    @Test("removed, reconnected and gap lines become Pause interruptions in the step they fall in, in time order")
    func interruptions() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Written out of time order on purpose: the gap (4 s) is after the continue (3 s), the
        // reconnection (2 s) after the removal (1.5 s).
        let journal = try journal(
            controls: [
                "anchor realtime-us=0 monotonic-us=0", "begin 0.000001", "removed 1.500000", "reconnected 2.000000",
                "continue 3.000001", "gap dropped-at=4.000000 resync-events=3",
            ], in: directory)
        let recovered = try styluskit(["recover", journal.path, "--out", directory.path])
        #expect(recovered.status == 0, "\(recovered.standardError)")
        let text = try String(contentsOf: directory.appendingPathComponent("journal.csk"), encoding: .utf8)
        // Anchor offset 0: event time 1.5 s is Unix ms 1500.
        let removed = try #require(text.range(of: #"<Pause timestamp="1500" type="device-removed"/>"#))
        let reconnected = try #require(text.range(of: #"<Pause timestamp="2000" type="device-reconnected"/>"#))
        let dropped = try #require(text.range(of: #"<Pause timestamp="4000" type="events-dropped"/>"#))
        let copyStep = try #require(text.range(of: #"<Step identifier="clockStep-copy">"#))
        #expect(removed.lowerBound < reconnected.lowerBound)
        #expect(reconnected.lowerBound < copyStep.lowerBound)
        #expect(copyStep.lowerBound < dropped.lowerBound)
        #expect(text.components(separatedBy: "<Pause ").count == 4)
        let validated = try styluskit(["adf", "validate", directory.appendingPathComponent("journal.csk").path])
        #expect(validated.status == 0, "\(validated.standardOutput)\(validated.standardError)")
    }

    @Test("instructions lines put the reading times on their steps' Start (a repeat's later line wins); adf show prints them")
    func instructionTimes() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let base = ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001", "continue 3.000001"]
        // Anchor offset 0: event time 2.700400 s is Unix ms 2700.4, written 2700. The command step's first
        // measure is replaced by the later one (the instructions were repeated).
        let measures = [
            "instructions shown=0.500000 spoken=1.200000 first-touch=1.800000 step=clockStep-command",
            "instructions shown=2.000000 spoken=2.700400 first-touch=2.250999 step=clockStep-command",
            "instructions shown=3.100000 spoken=3.900000 first-touch=4.123456 step=clockStep-copy",
            // No such step: left out, with a warning, the file still written.
            "instructions shown=3.200000 spoken=3.300000 first-touch=3.400000 step=clockStep-other",
        ]
        let withMeasures = try journal(controls: base + measures, in: directory)
        let recovered = try styluskit(["recover", withMeasures.path, "--out", directory.appendingPathComponent("with").path])
        #expect(recovered.status == 0, "\(recovered.standardError)")
        #expect(
            recovered.standardError.contains(
                "warning: the reading time of step clockStep-other is left out of the results: the file has no such step."))
        let results = directory.appendingPathComponent("with/journal.csk")
        let text = try String(contentsOf: results, encoding: .utf8)
        #expect(text.contains(#"<Start timestamp="0" instructionsShown="2000" instructionsSpoken="2700" firstTouch="2250"/>"#))
        #expect(text.contains(#"<Start timestamp="3000" instructionsShown="3100" instructionsSpoken="3900" firstTouch="4123"/>"#))
        #expect(try xpath("count(//@instructionsShown)", in: results) == "2")
        let validated = try styluskit(["adf", "validate", results.path])
        #expect(validated.status == 0, "\(validated.standardOutput)\(validated.standardError)")
        let shown = try styluskit(["adf", "show", results.path])
        #expect(shown.status == 0, "\(shown.standardError)")
        // 2250 - 2000 and 4123 - 3100 ms.
        #expect(shown.standardOutput.contains("instructions read in 0.250 s"))
        #expect(shown.standardOutput.contains("instructions read in 1.023 s"))

        // Without the lines the file is the same but for the three attributes.
        let plain = try journal(controls: base, in: directory)
        let without = try styluskit(["recover", plain.path, "--out", directory.appendingPathComponent("without").path])
        #expect(without.status == 0, "\(without.standardError)")
        let plainText = try String(contentsOf: directory.appendingPathComponent("without/journal.csk"), encoding: .utf8)
        #expect(!plainText.contains("instructions"))
        let stripped = text.replacingOccurrences(
            of: #" instructionsShown="[0-9]+" instructionsSpoken="[0-9]+" firstTouch="[0-9]+""#, with: "", options: .regularExpression)
        #expect(stripped == plainText)
    }

    @Test("A recording without control lines is refused with what to do instead")
    func notAJournal() throws {
        let result = try styluskit(["recover", Self.recording.path, "--out", "/tmp"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("is not a StylusKit journal"))
        #expect(result.standardError.contains("use `styluskit replay`"))
    }

    @Test("A journal's patient line (ciphertext only) comes back in the recovered results, which then decrypt")
    func patientFields() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let details = directory.appendingPathComponent("details.txt")
        try Data(#""Quintero","Evangelina","MR-55821","1941-07-30","Site North","T-9"\#n"#.utf8).write(to: details)
        let keyFile = directory.appendingPathComponent("clinician.key").path
        let password = "correct horse battery\n"
        let initialised = try run(Paths.styluskit, ["keys", "init", "--key-file", keyFile], input: password + password)
        try #require(initialised.status == 0, "\(initialised.standardError)")
        // The session begins at 0.000001 s with anchor 0: its first Start timestamp is 0 ms.
        let encoded = try run(
            Paths.styluskit,
            ["patient", "encode", "--from", details.path, "--results-name", "journal.csk", "--start-time", "0", "--key-file", keyFile],
            input: password)
        try #require(encoded.status == 0, "\(encoded.standardError)")
        let local = try #require(
            encoded.standardOutput.split(separator: "\n").first { $0.hasPrefix("LocalPatientEncodedID ") }
                .map { String($0.dropFirst("LocalPatientEncodedID ".count)) })
        let journal = try journal(
            controls: ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001", "patient local=\(local)"], in: directory)
        let out = directory.appendingPathComponent("out")
        let recovered = try styluskit(["recover", journal.path, "--out", out.path])
        try #require(recovered.status == 0, "\(recovered.standardError)")
        let results = out.appendingPathComponent("journal.csk")
        #expect(try xpath("string(//LocalPatientEncodedID/@value)", in: results) == local)
        let shown = try run(Paths.styluskit, ["patient", "show", results.path, "--key-file", keyFile], input: password)
        #expect(shown.status == 0, "\(shown.standardError)")
        #expect(shown.standardOutput.contains("Evangelina"))
        // Neither the journal nor the results hold the plaintext.
        for file in [journal, results] {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("Quintero") && !text.contains("1941-07-30"), "\(file.lastPathComponent)")
        }
    }

    /// A synthesized recording (`synth SCENARIO`) made a journal: the control lines after its banner.
    func synthesizedJournal(_ scenario: String, controls: (String) throws -> [String], in directory: URL) throws
        -> (recording: URL, journal: URL)
    {
        let recording = directory.appendingPathComponent("\(scenario).evemu")
        let synth = try styluskit([
            "synth", Paths.fixtures.appendingPathComponent("synth/\(scenario).scenario").path, "--seed", "1",
            "--output", recording.path,
        ])
        try #require(synth.status == 0, "\(synth.standardError)")
        let text = try String(contentsOf: recording, encoding: .utf8)
        let banner = "#      Waiting for events      #\n################################\n"
        try #require(text.contains(banner))
        let lines = try controls(text).map { "# StylusKit control: \($0)\n" }.joined()
        let journal = directory.appendingPathComponent("journal.evemu")
        try text.replacingOccurrences(of: banner, with: banner + lines).write(to: journal, atomically: true, encoding: .utf8)
        return (recording, journal)
    }

    /// The time of the recording's first event, read from its first `E:` line.
    func firstEventTime(_ text: String) throws -> String {
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("E: ") })
        return String(line.split(separator: " ")[1])
    }

    @Test("A maze journal (test maze line naming the maze file) recovers to the same file as replay --test maze")
    func mazeJournal() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let maze = Paths.fixtures.appendingPathComponent("mazes/no-choice.maze").path
        let (recording, journal) = try synthesizedJournal(
            "clean-solve",
            controls: { text in
                ["anchor realtime-us=0 monotonic-us=0", "test maze maze=\(maze)", "begin \(try firstEventTime(text))"]
            }, in: directory)
        let replayed = try styluskit([
            "replay", recording.path, "--test", "maze", "--maze", maze, "--out", directory.appendingPathComponent("replay").path,
        ])
        #expect(replayed.status == 0, "\(replayed.standardError)")
        let recovered = try styluskit(["recover", journal.path, "--out", directory.appendingPathComponent("recover").path])
        #expect(recovered.status == 0, "\(recovered.standardError)")
        let a = try Data(contentsOf: directory.appendingPathComponent("replay/clean-solve.msk"))
        let b = try Data(contentsOf: directory.appendingPathComponent("recover/journal.msk"))
        #expect(a == b)
        // The maze's step is there (a file without it would also compare equal to an empty one).
        #expect(
            try xpath(
                "count(//TaskData/Step[@identifier='mazeStep-no-choice'])", in: directory.appendingPathComponent("recover/journal.msk"))
                == "1")
    }

    @Test("A maze journal whose maze file is gone is refused, naming the file")
    func mazeJournalWithoutItsMaze() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("gone.maze").path
        let (_, journal) = try synthesizedJournal(
            "clean-solve",
            controls: { text in
                ["anchor realtime-us=0 monotonic-us=0", "test maze maze=\(missing)", "begin \(try firstEventTime(text))"]
            }, in: directory)
        let recovered = try styluskit(["recover", journal.path, "--out", directory.path])
        #expect(recovered.status != 0)
        #expect(recovered.standardError.contains("gone.maze"))
    }

    @Test("An sdt journal with a continue line at 5 s recovers to the same file as replay --test sdt split there")
    func symbolDigitJournal() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var first = ""
        let (recording, journal) = try synthesizedJournal(
            "sdt-parts",
            controls: { text in
                first = try firstEventTime(text)
                // 5 s lies in the scenario's 6 s pause: the last BTN_TOUCH before it is a release.
                let touches = text.split(separator: "\n").filter { $0.hasPrefix("E: ") && $0.contains(" 0001 014a ") }
                    .map { $0.split(separator: " ") }
                let before = try #require(touches.last { Double($0[1])! < 5 })
                let after = try #require(touches.first { Double($0[1])! > 5 })
                #expect(before[4].prefix(4) == "0000" && after[4].prefix(4) == "0001")
                return ["anchor realtime-us=0 monotonic-us=0", "test sdt", "begin \(first)", "continue 5.000000"]
            }, in: directory)
        let firstMicroseconds = try #require(Int(first.replacingOccurrences(of: ".", with: "")))
        let split = String(format: "%.6f", Double(5_000_000 - firstMicroseconds) / 1_000_000)
        let replayed = try styluskit([
            "replay", recording.path, "--test", "sdt", "--step-split", split, "--out", directory.appendingPathComponent("replay").path,
        ])
        #expect(replayed.status == 0, "\(replayed.standardError)")
        let recovered = try styluskit(["recover", journal.path, "--out", directory.appendingPathComponent("recover").path])
        #expect(recovered.status == 0, "\(recovered.standardError)")
        let results = directory.appendingPathComponent("recover/journal.ssk")
        let a = try Data(contentsOf: directory.appendingPathComponent("replay/sdt-parts.ssk"))
        let b = try Data(contentsOf: results)
        #expect(a == b)
        // The continue line split the parts: strokes in both the test and the copy part.
        #expect(try xpath("count(//PenData/drawing[1]//stroke)", in: results) != "0")
        #expect(try xpath("count(//PenData/drawing[2]//stroke)", in: results) != "0")
    }

    @Test("A tap line: the touch-down it names and the samples up to the lift make no stroke; its step ends there")
    func tapLine() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-22HDT-Pen.events")
        let text = try String(contentsOf: recording, encoding: .utf8)
        // The tenth touch-down and the first event, read with grep: 'E: 1369413655.262537 0001 014a 0001'.
        #expect(text.contains("\nE: 1369413655.262537 0001 014a 0001"))
        #expect(text.contains("Waiting for events      #\n################################\nE: 1369413636.405673 "))
        func journal(_ name: String, _ control: String) throws -> String {
            let banner = "#      Waiting for events      #\n################################\n"
            let lines = ["anchor realtime-us=0 monotonic-us=0", "begin 1369413636.405673", control]
                .map { "# StylusKit control: \($0)\n" }.joined()
            let url = directory.appendingPathComponent(name + ".evemu")
            try text.replacingOccurrences(of: banner, with: banner + lines).write(to: url, atomically: true, encoding: .utf8)
            let recovered = try styluskit(["recover", url.path, "--out", directory.path])
            #expect(recovered.status == 0, "\(recovered.standardError)")
            return try String(contentsOf: directory.appendingPathComponent(name + ".csk"), encoding: .utf8)
        }
        // A continue press a microsecond before the touch-down: the touched stroke is the copy step's first.
        let pressed = try journal("pressed", "continue 1369413655.262536")
        let tapped = try journal("tapped", "tap continue 1369413655.262537")
        /// Each drawing's strokes, each as its point lines.
        func strokes(_ file: String) -> [[[Substring]]] {
            file.components(separatedBy: "<drawing>").dropFirst().map { drawing in
                drawing.components(separatedBy: "<stroke ").dropFirst().map { stroke in
                    stroke.split(separator: "\n").filter { $0.contains("<point ") }
                }
            }
        }
        let byPress = strokes(pressed)
        let byTap = strokes(tapped)
        try #require(byPress.count == 2 && byTap.count == 2)
        #expect(byTap[0] == byPress[0], "the command step is untouched")
        #expect(byPress[1].count > 1)
        #expect(byTap[1] == Array(byPress[1].dropFirst()), "the copy step lacks exactly the tapped stroke")
        // The command step ends at the touch-down (Unix ms, anchor offset 0), where the copy step starts.
        #expect(tapped.contains("<End timestamp=\"1369413655262\"/>"))
        #expect(tapped.contains("<Start timestamp=\"1369413655262\"/>"))
        #expect(!tapped.contains("timestamp=\"1369413655262\" x="), "no point at the tap's touch-down")
        let validated = try styluskit(["adf", "validate", directory.appendingPathComponent("tapped.csk").path])
        #expect(validated.status == 0, "\(validated.standardOutput)\(validated.standardError)")
    }
}
