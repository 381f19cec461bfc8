import Foundation
import Sessions
import Testing
import Visiting
import Visits

/// The defects of issue 28, item 5, through the runner as the `visit` command drives it (the tests
/// themselves stand-ins, as in `VisitRunnerTests`).
@Suite struct VisitLifeCycleRegressionTests {
    typealias Desk = VisitRunnerTests.Desk

    /// A stand-in test at each position ending as `ends` says (the last one for the rest).
    static func standIn(_ ends: [VisitTestEnd], log: VisitRunnerTests.Box) -> (
        VisitTestRequest, (VisitTestOpened) throws -> Void
    ) throws -> VisitTestEnd {
        { request, opened in
            let end = ends[min(log.value.count, ends.count - 1)]
            return try VisitRunnerTests.standIn(end, log: log)(request, opened)
        }
    }

    /// A start that fails before the journal is opened (no display, no tablet).
    struct NoDisplay: Error {}

    /// A clock that moves on a minute at each reading.
    final class Ticks: @unchecked Sendable {
        var seconds: Double = 1_795_000_000
        func now() -> Date {
            seconds += 60
            return Date(timeIntervalSince1970: seconds)
        }
    }

    @Test func ctrlCInTheLastTestIsAStoppedVisitAndTheRerunStartsNoSecondVisit() throws {
        let root = try VisitRunnerTests.scratch()
        let file = try VisitRunnerTests.protocolFile(in: root)
        var runner = try VisitRunner(
            protocolFile: file, participant: "P-1", root: root + "/out", newVisit: false, version: "0")
        let ended = try runner.run(
            operator: Desk([]), administer: Self.standIn([.finished, .finished, .stopped], log: .init()))
        #expect(ended == .stopped)
        // The test stopped early is not `done`, and the visit is not `complete`.
        #expect(runner.manifest.tests.map(\.status.rawValue) == ["done", "done", "stopped"])
        #expect(runner.manifest.status.rawValue == "stopped")
        let summary = VisitSummary(folder: runner.folder, manifest: runner.manifest, resumed: false, ended: ended).lines
        #expect(!summary.contains { $0.contains("complete") }, "\(summary)")
        #expect(!summary.contains { $0.contains("resume it") }, "\(summary)")
        // Nothing is left to take: the rerun says so instead of beginning a second visit silently.
        #expect(throws: (any Error).self) {
            try VisitRunner(protocolFile: file, participant: "P-1", root: root + "/out", newVisit: false, version: "0")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/out/P-1").count == 1)
    }

    @Test func aStartThatFailsLeavesNothingOnDiskAndTheRealVisitStartsWithItsFirstTest() throws {
        let root = try VisitRunnerTests.scratch()
        let file = try VisitRunnerTests.protocolFile(in: root)
        let ticks = Ticks()
        var failed = try VisitRunner(
            protocolFile: file, participant: "P-2", root: root + "/out", newVisit: false, version: "0", now: ticks.now)
        #expect(throws: NoDisplay.self) { try failed.run(operator: Desk([])) { _, _ in throw NoDisplay() } }
        #expect(VisitFolder.all(under: root + "/out").isEmpty)

        var quit = try VisitRunner(
            protocolFile: file, participant: "P-2", root: root + "/out", newVisit: false, version: "0", now: ticks.now)
        #expect(try quit.run(operator: Desk([.abort]), administer: Self.standIn([.finished], log: .init())) == .aborted)
        #expect(VisitFolder.all(under: root + "/out").isEmpty)

        var real = try VisitRunner(
            protocolFile: file, participant: "P-2", root: root + "/out", newVisit: false, version: "0", now: ticks.now)
        #expect(!real.resumed)
        #expect(try real.run(operator: Desk([]), administer: Self.standIn([.finished], log: .init())) == .complete)
        let manifest = try real.folder.readManifest()
        #expect(manifest.started == manifest.tests[0].started)
        #expect(VisitFolder.all(under: root + "/out").count == 1)
    }

    @Test func anAbortedVisitIsResumedAtItsNextTestNotBegunAgain() throws {
        let root = try VisitRunnerTests.scratch()
        let file = try VisitRunnerTests.protocolFile(in: root)
        var first = try VisitRunner(protocolFile: file, participant: "P-3", root: root, newVisit: false, version: "0")
        let log = VisitRunnerTests.Box()
        #expect(try first.run(operator: Desk([]), administer: Self.standIn([.aborted], log: log)) == .aborted)
        var second = try VisitRunner(protocolFile: file, participant: "P-3", root: root, newVisit: false, version: "0")
        #expect(second.resumed && second.folder == first.folder)
        #expect(try second.run(operator: Desk([]), administer: Self.standIn([.finished], log: log)) == .complete)
        #expect(log.value == [0, 1, 2])
        #expect(second.manifest.tests.map(\.status.rawValue) == ["aborted", "done", "done"])
        #expect(second.manifest.status.rawValue == "complete")
    }
}
