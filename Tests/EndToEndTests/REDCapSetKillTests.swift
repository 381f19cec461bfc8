import Foundation
import TestSupport
import Testing
import Visits

/// `export redcap --force` over an older set, SIGKILLed just before one of its renames by strace's fault injection
/// (as integration/kill9 does; issue 34 item 1): the set is the older one or the new one, never a mix.
@Suite("kill -9 of export redcap over an older set")
struct REDCapSetKillTests {
    static let names = ["README.txt", "data-dictionary.csv", "files.csv", "import.csv"]

    /// The set's files in `folder` by name (nil for a missing one).
    static func set(in folder: String) -> [Data?] {
        names.map { FileManager.default.contents(atPath: folder + "/" + $0) }
    }

    /// The names in `folder` that are temporary files or folders of a writer.
    static func temporaries(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".styluskit-partial-") }
    }

    @Test(
        "Killed just before each of its first four renames, export redcap --force leaves the older set or the new one whole, never a mix; run again, the new set and no temporary file or folder",
        .enabled(if: VisitKillTests.strace != nil, "strace is not installed"), arguments: [1, 2, 3, 4])
    func killedBeforeARename(rename: Int) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let visit = try VisitFixture.make(root: directory.appendingPathComponent("visits").path).path
        let out = directory.appendingPathComponent("out").path
        let redcap = out + "/redcap"
        // The older set differs from the new one in each of its four files.
        let older = try styluskit([
            "export", "redcap", visit, "--out", redcap, "--instrument", "styluskit_older", "--event", "baseline_arm_1",
            "--record-id", "participant",
        ])
        try #require(older.status == 0, "\(older.standardError)")
        let reference = directory.appendingPathComponent("reference").path
        let made = try styluskit(["export", "redcap", visit, "--out", reference])
        try #require(made.status == 0, "\(made.standardError)")
        let old = Self.set(in: redcap)
        let new = Self.set(in: reference)
        try #require(zip(old, new).allSatisfy { $0 != nil && $1 != nil && $0 != $1 }, "the sets differ in each file")

        let calls = "rename,renameat,renameat2"
        let killed = try run(
            URL(fileURLWithPath: VisitKillTests.strace ?? "strace"),
            [
                "-f", "-qq", "-o", "/dev/null", "-e", "trace=\(calls)", "-e",
                "inject=\(calls):signal=KILL:when=\(rename)",
                Paths.styluskit.path, "export", "redcap", visit, "--out", redcap, "--force",
            ], in: Paths.packageRoot)
        // A run making fewer renames than `rename` is not killed and completes.
        #expect([0, 9, 137].contains(killed.status), "\(killed.status): \(killed.standardError)")
        let after = Self.set(in: redcap)
        let states = (0..<4).map { index -> String in
            if after[index] == old[index] { return "older" }
            return after[index] == new[index] ? "new" : "neither"
        }
        #expect(
            states == Array(repeating: "older", count: 4) || states == Array(repeating: "new", count: 4),
            "after the kill: \(Array(zip(Self.names, states)))")

        let rerun = try styluskit(["export", "redcap", visit, "--out", redcap, "--force"])
        #expect(rerun.status == 0, "\(rerun.standardError)")
        #expect(!rerun.standardError.contains("note:"), "\(rerun.standardError)")
        #expect(Self.set(in: redcap) == new)
        #expect(try Self.temporaries(in: out) + Self.temporaries(in: redcap) == [])
    }

    @Test(
        "An --out folder holding a file not of the set keeps it; the set is written file by file and the operator told why and what to do"
    )
    func sharedFolder() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let visit = try VisitFixture.make(root: directory.appendingPathComponent("visits").path).path
        let shared = directory.appendingPathComponent("shared").path
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try Data("the coordinator's notes\n".utf8).write(to: URL(fileURLWithPath: shared + "/notes.txt"))
        let result = try styluskit(["export", "redcap", visit, "--out", shared])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "styluskit export redcap: note: \(shared) was written file by file, not replaced as one folder, "
                    + "because it holds 1 file not of the set: a kill during its four renames could leave old and new "
                    + "files together. Give --out a folder of its own to have the set replaced as one.\n"),
            "\(result.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: shared).sorted()
                == (Self.names + ["notes.txt"]).sorted())
        #expect(try String(contentsOfFile: shared + "/notes.txt", encoding: .utf8) == "the coordinator's notes\n")
    }

    @Test(
        "export redcap --force into a folder of its own on a disk that fills while the new set is written: an error, the old set whole, no temporary folder",
        .enabled(if: FullDisk.mountable))
    func fullDiskKeepsTheOldSet() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let visit = try VisitFixture.make(root: directory.appendingPathComponent("visits").path).path
        let disk = try FullDisk(kilobytes: 512)
        let redcap = disk.path + "/redcap"
        let older = try styluskit(["export", "redcap", visit, "--out", redcap])
        try #require(older.status == 0, "\(older.standardError)")
        let old = Self.set(in: redcap)
        disk.fill()
        let new = try styluskit([
            "export", "redcap", visit, "--out", redcap, "--instrument", "styluskit_new", "--force",
        ])
        #expect(new.status != 0 && new.standardError.contains("No space left on device"), "\(new.standardError)")
        #expect(Self.set(in: redcap) == old)
        #expect(disk.names() == ["redcap"])
    }
}
