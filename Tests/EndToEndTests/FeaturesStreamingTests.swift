import Foundation
import TestSupport
import Testing

/// `features` over a corpus as a lab runs it: memory that does not grow with the number of files (issue 34,
/// item 5), nothing loaded or opened that results files do not need (issue 32, item 4).
@Suite("features over a corpus: memory, FIFOs, libwacom")
struct FeaturesStreamingTests {
    static let time = URL(fileURLWithPath: "/usr/bin/time")
    static let strace = URL(fileURLWithPath: "/usr/bin/strace")

    /// `count` results files in a new directory: hard links to the golden clock, maze and symbol-digit files in turn.
    static func corpus(_ count: Int, in directory: URL) throws -> URL {
        let folder = directory.appendingPathComponent("corpus-\(count)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let golden = ["clock-small.csk", "maze-small.msk", "symbol-digit-small.ssk"]
        for index in 0..<count {
            let source = golden[index % golden.count]
            let name = String(format: "%05d.", index) + (source as NSString).pathExtension
            try FileManager.default.linkItem(
                at: Paths.fixtures.appendingPathComponent("golden/\(source)"), to: folder.appendingPathComponent(name))
        }
        return folder
    }

    /// The largest resident set of `features --jobs 1` over `corpus` into `out`, in KiB (GNU time's %M).
    static func peakKiB(_ corpus: URL, out: URL) throws -> Int {
        // Beside the table's folder: time opens its report before features makes that folder.
        let report = out.deletingLastPathComponent().appendingPathComponent("time-\(corpus.lastPathComponent)").path
        let result = try run(
            time,
            [
                "-f", "%M", "-o", report, Paths.styluskit.path, "features", "--quiet", "--jobs", "1", "--out", out.path,
                "--force", corpus.path,
            ],
            in: Paths.packageRoot)
        try #require(result.status == 0, "\(result.standardError)")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        return try #require(Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), "time wrote \(text)")
    }

    @Test(
        "The table is written as it is measured: 600 results files take no more memory than 30 (main grew 15.6 MB over 300)",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: time.path), "GNU time (/usr/bin/time) is not installed"))
    func memoryFlat() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out")
        let few = try Self.peakKiB(try Self.corpus(30, in: directory), out: out)
        let table30 = try String(contentsOf: out.appendingPathComponent("features-stroke.csv"), encoding: .utf8)
        let many = try Self.peakKiB(try Self.corpus(600, in: directory), out: out)
        let table600 = try String(contentsOf: out.appendingPathComponent("features-stroke.csv"), encoding: .utf8)
        // The tables themselves: 20 times the rows, the same header.
        let rows30 = table30.split(separator: "\n").count - 1
        #expect(table600.split(separator: "\n").count - 1 == 20 * rows30)
        // Keeping every row until the end cost about 52 KiB a file; the allowance is a tenth of that.
        #expect(many - few < 3_000, "peak RSS \(few) KiB over 30 files, \(many) KiB over 600")
    }

    @Test("A FIFO given as a results file is refused, not opened to wait for a writer for ever")
    func fifoRefused() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("planted.csk").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/timeout"), ["60", Paths.styluskit.path, "features", "--quiet", fifo],
            in: Paths.packageRoot)
        #expect(result.status != 124, "features waited on the FIFO until timeout killed it")
        #expect(result.status != 0)
        #expect(result.standardError.contains("FIFO"), "\(result.standardError)")
    }

    @Test(
        "Results files need no tablet database: features opens none of libwacom's .tablet files for them",
        .enabled(if: FileManager.default.isExecutableFile(atPath: strace.path), "strace is not installed"))
    func noTabletDatabase() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = directory.appendingPathComponent("strace.log").path
        let result = try run(
            Self.strace,
            [
                "-f", "-e", "trace=openat,open", "-o", log, Paths.styluskit.path, "features", "--quiet",
                Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path,
            ],
            in: Paths.packageRoot)
        try #require(result.status == 0, "\(result.standardError)")
        let opened = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(opened.contains { $0.contains("golden/clock-small.csk") }, "strace saw the results file opened")
        let tablets = opened.filter { $0.contains(".tablet\"") }
        #expect(tablets.isEmpty, "\(tablets.count) tablet files opened, the first \(tablets.first ?? "")")
    }
}
