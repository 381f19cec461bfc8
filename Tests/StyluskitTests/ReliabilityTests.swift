import Foundation
import Sessions
import TestSupport
import Testing

/// Issue 34 through the command line: outputs whole or not at all, temporary files reaped, a damaged
/// journal named rather than silently cut.
@Suite("Reliability: outputs, temporary files and damaged journals")
struct ReliabilityTests {
    static let golden = JournalFaultTests.packageRoot.appendingPathComponent("Fixtures/golden/clock-small.csk").path

    @Test(
        "render to PDF, SVG and PNG with --force on a full disk: a non-zero exit, the old picture whole, nothing else left",
        .enabled(if: FullDisk.mountable), arguments: ["pdf", "svg", "png"])
    func picturesOnAFullDisk(format: String) throws {
        let disk = try FullDisk(kilobytes: 64)
        let picture = disk.path + "/picture." + format
        let old = Data("the old picture".utf8)
        try old.write(to: URL(fileURLWithPath: picture))
        disk.fill()
        let run = try JournalFaultTests.run(["render", Self.golden, "--out", picture, "--force"])
        #expect(run.status != 0, "\(run.output)")
        #expect(run.output.contains("No space left on device"), "\(run.output)")
        // cairo used to open the final path itself: the old picture was gone before the disk filled.
        #expect(try Data(contentsOf: URL(fileURLWithPath: picture)) == old)
        #expect(disk.names() == ["picture." + format])
    }

    @Test("A temporary file a killed writer left in the output folder is removed by the next write there")
    func temporaryFilesReaped() throws {
        let directory = try JournalFaultTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A process that has ended: its pid names the temporary file it would have left.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let stale = directory + "/.styluskit-partial-\(ended.processIdentifier)-7-features-test.csv"
        try Data("half a table".utf8).write(to: URL(fileURLWithPath: stale))
        let run = try JournalFaultTests.run(["features", Self.golden, "--out", directory])
        try #require(run.status == 0, "\(run.output)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names.count == 1 && names[0].hasPrefix("features-"), "\(names)")
    }

    /// A journal of the real recording, whole, in `directory`.
    static func journal(in directory: String) throws -> String {
        let path = directory + "/clock-20260101T000000Z.evemu"
        try #require(try JournalFaultTests.journal(to: path, fileDescriptor: JournalFaultTests.create(path)) == nil)
        return path
    }

    @Test(
        "recover refuses a journal with a damaged line in its middle (exit 65, the line and what is lost named, no file); --keep-prefix keeps what comes before"
    )
    func damagedJournal() throws {
        let directory = try JournalFaultTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try Self.journal(in: directory)
        var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        let events = lines.indices.filter { lines[$0].hasPrefix("E: ") }
        let damaged = events[events.count / 2]
        // One byte flipped: the event's time is no longer a number.
        lines[damaged] = "E: x" + lines[damaged].dropFirst(4)
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let out = directory + "/out"
        let refused = try JournalFaultTests.run(["recover", path, "--out", out])
        #expect(refused.status == 65, "\(refused.output)")
        let after = lines.count - 1 - damaged - 1
        #expect(
            refused.output.contains(
                "\(path) is damaged: line \(damaged + 1) cannot be read: it and the \(after) lines after it"),
            "\(refused.output)")
        #expect(refused.output.contains("run `styluskit recover --keep-prefix \(path)`"), "\(refused.output)")
        #expect(!FileManager.default.fileExists(atPath: out + "/clock-20260101T000000Z.csk"))
        let kept = try JournalFaultTests.run(["recover", path, "--out", out, "--keep-prefix"])
        #expect(kept.status == 0, "\(kept.output)")
        #expect(
            kept.output.contains("Warning: \(path) is damaged: line \(damaged + 1) cannot be read"), "\(kept.output)")
        #expect(try JournalFaultTests.run(["adf", "validate", out + "/clock-20260101T000000Z.csk"]).status == 0)
    }

    @Test("A journal cut mid-line by a kill is not damaged: recover rebuilds it with exit 0, as before")
    func cutJournalIsNotDamaged() throws {
        let directory = try JournalFaultTests.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try Self.journal(in: directory)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        try bytes.prefix(bytes.count * 2 / 3).write(to: URL(fileURLWithPath: path))
        let run = try JournalFaultTests.run(["recover", path, "--out", directory + "/out"])
        #expect(run.status == 0, "\(run.output)")
        #expect(!run.output.contains("damaged"), "\(run.output)")
    }
}
