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
            "replay", Self.recording.path, "--test", "clock", "--step-split", stepSplit, "--out", directory.appendingPathComponent("replay").path,
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

    @Test("A recording without control lines is refused with what to do instead")
    func notAJournal() throws {
        let result = try styluskit(["recover", Self.recording.path, "--out", "/tmp"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("is not a StylusKit journal"))
        #expect(result.standardError.contains("use `styluskit replay`"))
    }
}
