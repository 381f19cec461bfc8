package import Foundation
package import Visits

/// Manifests written as fixtures, test by test in any order (a report's or an export's input), not
/// through `VisitLifeCycle`, whose order and rules the `visit` command obeys (VisitsTests check it). Shared by
/// the report's and the exports' tests.
extension VisitManifest {
    package mutating func start(_ position: Int, at: Date, journal: String, results: String) {
        tests[position].status = .running
        tests[position].started = VisitFolder.isoTime(at)
        tests[position].journal = journal
        tests[position].results = results
    }

    package mutating func finish(
        _ position: Int, at: Date, outcome: String?, checksums: Test.Checksums, incomplete: Bool = false
    ) {
        tests[position].status = incomplete ? .incomplete : outcome == "stopped" ? .stopped : .done
        tests[position].finished = VisitFolder.isoTime(at)
        tests[position].outcome = outcome
        tests[position].sha256 = checksums
        closeIfOver(at: at)
    }

    package mutating func skip(_ position: Int, at: Date, reason: String) {
        tests[position].status = .skipped
        tests[position].finished = VisitFolder.isoTime(at)
        tests[position].skipReason = reason
        closeIfOver(at: at)
    }

    package mutating func abort(during position: Int?, at: Date) {
        if let position {
            tests[position].status = .aborted
            tests[position].finished = VisitFolder.isoTime(at)
        }
        status = .aborted
        finished = VisitFolder.isoTime(at)
    }

    private mutating func closeIfOver(at: Date) {
        guard status == .inProgress, !tests.contains(where: { $0.status == .pending || $0.status == .running }) else {
            return
        }
        status = .complete
        finished = VisitFolder.isoTime(at)
    }
}
