import Testing
import Visits

@testable import VisitReport

/// The report's status line says what became of a test in the life cycle's words (docs/visit.md, "Life cycle").
@Suite struct ReportedStatusTests {
    static func line(_ status: VisitManifest.Test.Status, outcome: String?) -> String {
        var entry = VisitManifest.Test(index: 2, test: "maze")
        entry.status = status
        entry.outcome = outcome
        return ReportedTest(
            entry: entry, name: "Maze", document: nil, mazes: [], measures: [], interruptions: [], readingTimes: [],
            notes: []
        ).statusLine
    }

    /// A maze battery the operator moved through with N is not `done (finished)` beside "Strokes 0".
    @Test func aTestTheOperatorMovedThroughIsNotFinished() {
        #expect(Self.line(.done, outcome: "moved-on") == "done (moved-on: the operator moved on)")
        #expect(Self.line(.done, outcome: "finished") == "done (finished: finished by the participant or a time limit)")
    }

    @Test func aStoppedTestIsNotDone() {
        #expect(Self.line(.stopped, outcome: "stopped").hasPrefix("STOPPED: a signal stopped the test early"))
        #expect(Self.line(.aborted, outcome: nil).hasPrefix("ABORTED: the operator aborted the visit"))
    }
}
