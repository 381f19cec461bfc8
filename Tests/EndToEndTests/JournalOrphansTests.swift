import Foundation
import Testing

/// A journal is never mistaken for a recording nor left unnoticed: `replay` refuses it with the
/// `recover` command to run, `results` lists a journal that has no results file with that
/// command, and a session stopped early is marked incomplete by `results` and `adf show`.
@Suite("Journals never mistaken or orphaned")
struct JournalOrphansTests {
    /// A clock journal of the real Dell Canvas recording that keeps its (built-in) settings and
    /// profiles, written to `directory/NAME.evemu`; with an `end` line when `ended`.
    static func clockJournal(in directory: URL, name: String, ended: Bool) throws -> URL {
        let journal = directory.appendingPathComponent("\(name).evemu")
        try JournalFilesTests.journal(
            try String(contentsOf: JournalFilesTests.recording, encoding: .utf8),
            controls: [
                "anchor realtime-us=1764000000000000 monotonic-us=0", "test clock", "none settings",
                "none tablet-profile",
                "none display-profile", "begin 0.000001", "continue 3.000001",
            ],
            to: journal)
        // A session writes its `end` line last, after its last event.
        if ended {
            let handle = try FileHandle(forWritingTo: journal)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("# StylusKit control: end 7.900000\n".utf8))
        }
        return journal
    }

    @Test("replay refuses a journal and names the recover command that rebuilds its results file")
    func replayRefusesJournal() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = try Self.clockJournal(in: directory, name: "clock-20251124T160000Z", ended: true)
        let out = directory.appendingPathComponent("out dir").path
        let result = try styluskit(["replay", journal.path, "--test", "clock", "--out", out])
        #expect(result.status != 0)
        #expect(
            result.standardError.contains(
                "\(journal.path) is a StylusKit journal (a live session's, with its control lines), not a plain recording: "
                    + "replayed, its button taps would become strokes and its times would start in 1970. Rebuild the session's "
                    + "results file with: styluskit recover \(journal.path) --out '\(out)'"),
            "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: out + "/clock-20251124T160000Z.csk"))

        // The plain recording it was made from still replays.
        let plain = try styluskit(["replay", JournalFilesTests.recording.path, "--test", "clock", "--out", out])
        #expect(plain.status == 0, "\(plain.standardError)")
    }

    @Test(
        "results lists a journal without its results file, with the recover command; recovered, the file takes its place"
    )
    func orphanJournalListed() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = try Self.clockJournal(in: directory, name: "clock-20251124T160000Z", ended: true)
        let listed = try styluskit(["results", directory.path])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(
            listed.standardOutput == """
                No results files (.csk, .msk, .ssk, .tsk) in \(directory.path).

                Journals without a results file (each command rebuilds one):
                  clock-20251124T160000Z.evemu  clock, 2025-11-24T16:00:00Z: styluskit recover \(journal.path)

                """)
        let json = try styluskit(["results", directory.path, "--json"])
        #expect(json.status == 0)
        #expect(
            json.standardOutput.contains(
                #""recover":"styluskit recover \#(journal.path.replacingOccurrences(of: "/", with: "\\/"))""#)
                || json.standardOutput.contains(#""recover" : "styluskit recover"#)
                || json.standardOutput.contains(#""recover":"styluskit recover"#),
            "\(json.standardOutput)")

        let recovered = try styluskit(["recover", journal.path, "--out", directory.path])
        try #require(recovered.status == 0, "\(recovered.standardError)")
        let after = try styluskit(["results", directory.path])
        #expect(!after.standardOutput.contains("Journals without a results file"), "\(after.standardOutput)")
        #expect(after.standardOutput.contains("clock-20251124T160000Z.csk"))
        #expect(!after.standardOutput.contains("incomplete"))
    }

    @Test(
        "A session stopped early (no end line): its recovered file is incomplete in results and adf show, not just valid"
    )
    func recoveredEarlyIsIncomplete() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = try Self.clockJournal(in: directory, name: "clock-20251124T160000Z", ended: false)
        let listed = try styluskit(["results", directory.path])
        #expect(
            listed.standardOutput.contains(
                "clock, 2025-11-24T16:00:00Z, incomplete: styluskit recover \(journal.path)"),
            "\(listed.standardOutput)")

        let recovered = try styluskit(["recover", journal.path, "--out", directory.path])
        try #require(recovered.status == 0, "\(recovered.standardError)")
        let results = directory.appendingPathComponent("clock-20251124T160000Z.csk").path
        let after = try styluskit(["results", directory.path])
        #expect(after.standardOutput.contains("valid, incomplete"), "\(after.standardOutput)")
        let shown = try styluskit(["adf", "show", results])
        #expect(shown.status == 0)
        #expect(
            shown.standardOutput.hasSuffix(
                "session: incomplete: it stopped before its last step ended (its journal has no 'end' line)\n"),
            "\(shown.standardOutput)")
        let shownJSON = try styluskit(["adf", "show", results, "--json"])
        #expect(shownJSON.standardOutput.contains(#""incomplete""#))

        // The same session run to its end is not marked.
        let endedDirectory = directory.appendingPathComponent("ended")
        try FileManager.default.createDirectory(at: endedDirectory, withIntermediateDirectories: true)
        let ended = try Self.clockJournal(in: endedDirectory, name: "clock-20251124T160000Z", ended: true)
        try #require(try styluskit(["recover", ended.path, "--out", endedDirectory.path]).status == 0)
        let shownEnded = try styluskit([
            "adf", "show", endedDirectory.appendingPathComponent("clock-20251124T160000Z.csk").path,
        ])
        #expect(!shownEnded.standardOutput.contains("incomplete"))
    }
}
