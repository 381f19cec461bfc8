import Foundation
import Glibc
import Testing
import Visiting
import Visits

/// What a visit SIGKILLed as a test was starting leaves: its journal is created (the session's description, no
/// pen event yet) just before visit.json names it. The next run removes such a journal, and the folder of a
/// first test killed so, but never a journal holding an event (issue 34 item 8; integration/kill9 found both).
@Suite struct VisitKilledStartTests {
    /// An evemu journal's opening lines, and an event line when `withEvent`.
    static func journal(withEvent: Bool) -> String {
        "# EVEMU 1.3\nN: Tablet\nI: 0003 056a 0357 0110\n# StylusKit control: test clock\n"
            + (withEvent ? "E: 0.000100 0003 0000 1200\n" : "")
    }

    @Test func theFolderOfAFirstTestKilledBeforeItsManifestIsRemovedOneWithAnEventIsKept() throws {
        let root = try VisitRunnerTests.scratch()
        let file = try VisitRunnerTests.protocolFile(in: root)
        let participant = root + "/P-9"
        // Killed before the first visit.json: a journal without events, the protocol's copy, a writer's temporary.
        let killed = participant + "/20261127T100000Z"
        try FileManager.default.createDirectory(atPath: killed, withIntermediateDirectories: true)
        try Self.journal(withEvent: false).write(
            toFile: killed + "/clock-20261127T100000Z.evemu", atomically: false, encoding: .utf8)
        try "schema: 1\n".write(toFile: killed + "/protocol.yaml", atomically: false, encoding: .utf8)
        try "{".write(toFile: killed + "/.visit.json.tmp-999999999-0", atomically: false, encoding: .utf8)
        // No manifest either, but a pen event in its journal: not this kind of leftover, so left alone.
        let kept = participant + "/20261127T100100Z"
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        try Self.journal(withEvent: true).write(
            toFile: kept + "/clock-20261127T100100Z.evemu", atomically: false, encoding: .utf8)

        var runner = try VisitRunner(
            protocolFile: file, participant: "P-9", root: root, newVisit: false, version: "0.1.0")
        let desk = VisitRunnerTests.Desk([])
        #expect(
            try runner.run(operator: desk, administer: VisitRunnerTests.standIn(.finished, log: .init())) == .complete)
        #expect(!FileManager.default.fileExists(atPath: killed), "the killed start's folder is still there")
        #expect(FileManager.default.fileExists(atPath: kept + "/clock-20261127T100100Z.evemu"))
        #expect(desk.notes.contains { $0.hasPrefix("Removed \(killed): left by a run killed") }, "\(desk.notes)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: participant).sorted()
        #expect(folders.count == 2 && folders.contains("20261127T100100Z"), "\(folders)")
    }

    @Test func aLaterTestsJournalKilledBeforeTheManifestNamedItIsRemovedOnResuming() throws {
        let root = try VisitRunnerTests.scratch()
        let file = try VisitRunnerTests.protocolFile(in: root)
        // The first test done, then the run killed as the second opened its journal: still `pending` on disk.
        var runner = try VisitRunner(
            protocolFile: file, participant: "P-10", root: root, newVisit: false, version: "0.1.0")
        #expect(
            try runner.run(
                operator: VisitRunnerTests.Desk([.administer, .stop]),
                administer: VisitRunnerTests.standIn(.finished, log: .init())) == .stopped)
        let folder = runner.folder
        let orphan = folder.file("maze-20261127T100200Z.evemu")
        try Self.journal(withEvent: false).write(toFile: orphan, atomically: false, encoding: .utf8)
        let recorded = folder.file("maze-20261127T100300Z.evemu")
        try Self.journal(withEvent: true).write(toFile: recorded, atomically: false, encoding: .utf8)
        // The killed start's results spool (its writer gone), and one of a writer still running (this process).
        let spool = folder.file(".maze-20261127T100200Z.msk.motion-999999999-1")
        let live = folder.file(".maze-20261127T100400Z.msk.points-\(getpid())-1")
        for path in [spool, live] { try Data().write(to: URL(fileURLWithPath: path)) }

        runner = try VisitRunner(protocolFile: file, participant: "P-10", root: root, newVisit: false, version: "0.1.0")
        let desk = VisitRunnerTests.Desk([])
        #expect(
            try runner.run(operator: desk, administer: VisitRunnerTests.standIn(.finished, log: .init())) == .complete)
        #expect(!FileManager.default.fileExists(atPath: orphan), "the killed start's journal is still there")
        #expect(FileManager.default.fileExists(atPath: recorded), "a journal with a pen event was removed")
        #expect(!FileManager.default.fileExists(atPath: spool), "a dead writer's spool is still there")
        #expect(FileManager.default.fileExists(atPath: live), "a running writer's spool was removed")
        #expect(desk.notes.contains { $0.hasPrefix("Removed \(orphan): left by a run killed") }, "\(desk.notes)")
    }

    @Test func aTestKilledAfterItsManifestBeforeItsFirstPenEventIsTakenAgainNotLeftUnresumable() throws {
        let root = try VisitRunnerTests.scratch()
        let file = try VisitRunnerTests.protocolFile(in: root)
        var runner = try VisitRunner(
            protocolFile: file, participant: "P-11", root: root, newVisit: false, version: "0.1.0")
        // visit.json names the first test's journal, which holds the session's description and no pen event yet.
        var manifest = runner.manifest
        manifest.tests[0].status = .running
        (manifest.tests[0].journal, manifest.tests[0].results) = ("clock-1.evemu", "clock-1.csk")
        try runner.folder.make()
        try runner.folder.write(manifest)
        let journal = runner.folder.file("clock-1.evemu")
        try Self.journal(withEvent: false).write(toFile: journal, atomically: false, encoding: .utf8)

        runner = try VisitRunner(protocolFile: file, participant: "P-11", root: root, newVisit: false, version: "0.1.0")
        let desk = VisitRunnerTests.Desk([])
        let log = VisitRunnerTests.Box()
        // On main the resume tried to recover the journal, which `recover` refuses without events: stuck for good.
        #expect(try runner.run(operator: desk, administer: VisitRunnerTests.standIn(.finished, log: log)) == .complete)
        #expect(log.value == [0, 1, 2], "the first test is taken again")
        #expect(runner.manifest.tests.map(\.status) == [.done, .done, .done])
        #expect(!FileManager.default.fileExists(atPath: journal))
        #expect(desk.notes.contains { $0.contains("was cut off before its first pen event") }, "\(desk.notes)")
    }

    @Test func aWritersTemporaryFileWhoseLockIsHeldIsKeptThoughItsProcessIdHasEnded() throws {
        let path = try VisitRunnerTests.scratch()
        try "{}".write(toFile: path + "/visit.json", atomically: false, encoding: .utf8)
        let folder = try VisitFolder(existing: path)
        // pid 2^22 + 1 is above Linux's pid_max (2^22): no process here has it. A results writer in another PID
        // namespace sharing the folder (a container) names a pid this process cannot see, but holds its lock.
        let dead = 4_194_305
        let locked = folder.file(".clock-20261127T100000Z.csk.points-\(dead)-1")
        let abandoned = folder.file(".clock-20261127T100000Z.csk.motion-\(dead)-1")
        for file in [locked, abandoned] { try Data("partial".utf8).write(to: URL(fileURLWithPath: file)) }
        let descriptor = open(locked, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(flock(descriptor, LOCK_EX | LOCK_NB) == 0)

        #expect(folder.removeJournalsOfKilledStarts(besides: []) == [])
        // On main the visit's reaper asked the pid alone and removed the live writer's spool.
        #expect(FileManager.default.fileExists(atPath: locked), "a temporary file whose lock is held was removed")
        #expect(!FileManager.default.fileExists(atPath: abandoned), "a dead writer's unlocked spool is still there")
    }
}
