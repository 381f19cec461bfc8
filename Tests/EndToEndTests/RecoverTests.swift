import Foundation
import Testing

/// `recover` through the binary: what it prints, refuses and writes. What the rebuilt results hold
/// (the same file as `replay`, interruptions, reading times, taps) is checked in-process, in
/// SessionsTests/JournalRecoveryTests.swift.
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
        try text.replacingOccurrences(of: banner, with: banner + lines).write(
            to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test(
        "recover writes STEM.csk into --out, warns of a reading time for no step, and adf show prints the reading times"
    )
    func instructionTimes() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let controls = [
            "anchor realtime-us=0 monotonic-us=0", "begin 0.000001", "continue 3.000001",
            "instructions shown=2.000000 spoken=2.700400 first-touch=2.250999 step=clockStep-command",
            "instructions shown=3.100000 spoken=3.900000 first-touch=4.123456 step=clockStep-copy",
            // No such step: left out, with a warning, the file still written.
            "instructions shown=3.200000 spoken=3.300000 first-touch=3.400000 step=clockStep-other",
        ]
        let withMeasures = try journal(controls: controls, in: directory)
        let recovered = try styluskit([
            "recover", withMeasures.path, "--out", directory.appendingPathComponent("with").path,
        ])
        #expect(recovered.status == 0, "\(recovered.standardError)")
        #expect(
            recovered.standardError.contains(
                "warning: the reading time of step clockStep-other is left out of the results: the file has no such step."
            ))
        let results = directory.appendingPathComponent("with/journal.csk")
        #expect(
            FileManager.default.fileExists(atPath: results.path), "the results are named after the journal, in --out")
        let shown = try styluskit(["adf", "show", results.path])
        #expect(shown.status == 0, "\(shown.standardError)")
        // 2250 - 2000 and 4123 - 3100 ms.
        #expect(shown.standardOutput.contains("instructions read in 0.250 s"))
        #expect(shown.standardOutput.contains("instructions read in 1.023 s"))
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
            [
                "patient", "encode", "--from", details.path, "--results-name", "journal.csk", "--start-time", "0",
                "--key-file", keyFile,
            ],
            input: password)
        try #require(encoded.status == 0, "\(encoded.standardError)")
        let local = try #require(
            encoded.standardOutput.split(separator: "\n").first { $0.hasPrefix("LocalPatientEncodedID ") }
                .map { String($0.dropFirst("LocalPatientEncodedID ".count)) })
        let journal = try journal(
            controls: ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001", "patient local=\(local)"], in: directory
        )
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
        try text.replacingOccurrences(of: banner, with: banner + lines).write(
            to: journal, atomically: true, encoding: .utf8)
        return (recording, journal)
    }

    /// The time of the recording's first event, read from its first `E:` line.
    func firstEventTime(_ text: String) throws -> String {
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("E: ") })
        return String(line.split(separator: " ")[1])
    }

    @Test("A maze journal whose maze file is gone is refused, naming the file")
    func mazeJournalWithoutItsMaze() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("gone.maze").path
        let (_, journal) = try synthesizedJournal(
            "clean-solve",
            controls: { text in
                [
                    "anchor realtime-us=0 monotonic-us=0", "test maze maze=\(missing)",
                    "begin \(try firstEventTime(text))",
                ]
            }, in: directory)
        let recovered = try styluskit(["recover", journal.path, "--out", directory.path])
        #expect(recovered.status != 0)
        #expect(recovered.standardError.contains("gone.maze"))
    }
}
