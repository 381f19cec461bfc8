public import Foundation
import Sessions

/// A visit's progress from test to test: the manifest's state changes, pure (the caller gives the times and writes the manifest).
///
/// A visit is `in-progress` until every test is done, incomplete or skipped (`complete`) or the
/// operator aborts it (`aborted`). Tests are taken in order; `next` is the first one pending, and
/// `interrupted` the one a killed visit left `running`, to be recovered before going on.
extension VisitManifest {
    /// A new visit's manifest: every test of `protocol` pending.
    public static func begin(
        participant: String, protocol: VisitProtocol, facts: ProtocolFacts, software: Software, calibration: Calibration,
        at started: Date
    ) -> VisitManifest {
        VisitManifest(
            participant: participant, started: VisitFolder.isoTime(started), software: software, protocol: facts,
            calibration: calibration,
            tests: `protocol`.tests.enumerated().map { Test(index: $0.offset + 1, test: $0.element.test.rawValue) })
    }

    /// The position (from 0) of the first test still to take, nil when none is left or the visit is over.
    public var next: Int? {
        guard status == .inProgress else { return nil }
        return tests.firstIndex { $0.status == .pending }
    }

    /// The position of a test a killed visit left `running`: its journal is to be recovered before the visit goes on.
    public var interrupted: Int? {
        tests.firstIndex { $0.status == .running }
    }

    /// The test at `position` starts at `at`, journaling into `journal` for the results file `results` (names in the folder).
    public mutating func start(_ position: Int, at: Date, journal: String, results: String) {
        tests[position].status = .running
        tests[position].started = VisitFolder.isoTime(at)
        tests[position].journal = journal
        tests[position].results = results
    }

    /// The test at `position` ended at `at` with its results file written; `incomplete` when it was recovered from a killed session.
    public mutating func finish(_ position: Int, at: Date, outcome: String?, checksums: Test.Checksums, incomplete: Bool = false) {
        tests[position].status = incomplete ? .incomplete : .done
        tests[position].finished = VisitFolder.isoTime(at)
        tests[position].outcome = outcome
        tests[position].sha256 = checksums
        closeIfOver(at: at)
    }

    /// The operator skipped the test at `position`, for `reason`.
    public mutating func skip(_ position: Int, at: Date, reason: String) {
        tests[position].status = .skipped
        tests[position].finished = VisitFolder.isoTime(at)
        tests[position].skipReason = reason
        closeIfOver(at: at)
    }

    /// The operator aborted the visit at `at`, during the test at `position` if one was running (its journal is kept).
    public mutating func abort(during position: Int?, at: Date) {
        if let position {
            tests[position].status = .aborted
            tests[position].finished = VisitFolder.isoTime(at)
        }
        status = .aborted
        finished = VisitFolder.isoTime(at)
    }

    private mutating func closeIfOver(at: Date) {
        guard status == .inProgress, !tests.contains(where: { $0.status == .pending || $0.status == .running }) else { return }
        status = .complete
        finished = VisitFolder.isoTime(at)
    }
}
