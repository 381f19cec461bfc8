import Foundation
import Glibc
import SystemErrors
import Testing

/// `TemporaryFileName`: the one rule by which `WholeFile`, the ADF writer and a visit's resume read a temporary
/// file's owner, and the removal of one whose writer is gone (issue 34, items 1 and 8).
@Suite("TemporaryFileName: whose a temporary file is, and when it may go")
struct TemporaryFileNameTests {
    /// pid 2^22 + 1 is above Linux's pid_max limit (2^22): no process can have it.
    static let dead = pid_t(4_194_305)

    @Test("The three writers' names give their process and the file they become; the names stay as they were")
    func writersNames() {
        let cases: [(String, pid_t, String?)] = [
            (".styluskit-partial-4242-3141592653-features-test.csv", 4242, nil),  // WholeFile
            (".styluskit-partial-17-1-", 17, nil),
            (".P-001_clock-20261127T100000Z.csk.points-311-1", 311, "P-001_clock-20261127T100000Z.csk"),  // ADF
            (".t.csk.writing-\(Self.dead)-2", Self.dead, "t.csk"),
            (".visit.json.tmp-999999999-0", 999_999_999, "visit.json"),  // the recordings' AtomicFileOutput
            (".a-b.c.tmp-5-12", 5, "a-b.c"),
            ("..motion-8-1", 8, ""),
        ]
        for (name, owner, destination) in cases {
            let read = TemporaryFileName(name)
            #expect(read?.owner == owner, "\(name)")
            #expect(read?.destination == destination, "\(name)")
        }
    }

    @Test("Other names are no temporary file's: a result, a note, a wrong purpose, a missing or zero process id")
    func otherNames() {
        let names = [
            "t.csk", ".notes", "visit.json", "t.csk.points-5-1", ".t.csk.Points-5-1", ".t.csk.points-0-1",
            ".t.csk.points-5-x", ".t.csk.points-x-1", ".t.csk.-5-1", ".t.csk.po1nts-5-1", ".points-5-1",
            ".styluskit-partial-", ".styluskit-partial-x-1-a.csv", ".styluskit-partial-0-1-a.csv",
            ".styluskit-partial-99999999999-1-a.csv", ".t.csk.points-5-1-",
        ]
        for name in names { #expect(TemporaryFileName(name) == nil, "\(name)") }
    }

    @Test("Removed when its process has ended and nobody holds its lock; kept while either lives")
    func removedOnlyWhenAbandoned() throws {
        let folder = try WholeFileWriterTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let abandoned = folder + "/.t.csk.points-\(Self.dead)-1"
        let running = folder + "/.t.csk.points-\(getpid())-1"
        let locked = folder + "/.t.csk.motion-\(Self.dead)-1"
        for path in [abandoned, running, locked] { try Data("partial".utf8).write(to: URL(fileURLWithPath: path)) }
        // A writer in another PID namespace: its process id means nothing here, but it holds the lock.
        let descriptor = open(locked, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        for path in [abandoned, running, locked] {
            let name = (path as NSString).lastPathComponent
            let removed = try #require(TemporaryFileName(name)).removeIfAbandoned(at: path)
            #expect(removed == (path == abandoned), "\(name)")
            #expect(FileManager.default.fileExists(atPath: path) == (path != abandoned), "\(name)")
        }
    }
}
