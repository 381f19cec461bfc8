public import Administering
import Foundation
public import PatientWindow
import Sessions
import StylusInput

/// What `administer --json` prints (docs/json/administer.md).
public struct AdministerSummary: Encodable {
    var journal: String
    var results: String
    var latencyP50Milliseconds: Double?
    var latencyP99Milliseconds: Double?
    var framesWithPenData: Int
    var screenshots: [String]
    var readingTimes: [InstructionReading.Reading]
    /// The `SYN_DROPPED`s of the session, as `record`'s summary counts them.
    var gaps: Int
    /// The monitor's refresh rate, when known: one refresh is the latency target.
    var refreshHz: Int?
    /// How long drawing and presenting a frame took (p50): the window's own share of the latency.
    var frameCostP50Milliseconds: Double?
    /// `SIGINT` or `SIGTERM` when a signal stopped the session (the steps left ended then); nil otherwise.
    var stoppedBy: String?
    /// How long drawing and presenting a frame took (p99).
    var frameCostP99Milliseconds: Double?
    /// How frames were drawn: `incremental`, or `full` (asked for, or the fallback when the window's pixels are not
    /// XRGB).
    var redraw: String
    /// How many times the operator paused the test (P).
    var pauses: Int
    /// How long the test stood paused, in seconds (one decimal): the timers left it out, the results' times do not.
    var pausedSeconds: Double
    /// The session's steps, strokes, points and interruptions, as `record --json` gives them.
    var outcome: LiveSessionReport
}

extension WindowedLiveSessionOutcome {
    /// The `--json` summary of a session that wrote its results file (nil for an aborted one).
    public var summary: AdministerSummary? {
        guard let result else { return nil }
        return AdministerSummary(
            journal: journal, results: results,
            latencyP50Milliseconds: latency.percentile(0.5).map { Double($0) / 1000 },
            latencyP99Milliseconds: latency.percentile(0.99).map { Double($0) / 1000 },
            framesWithPenData: latency.delaysMicroseconds.count, screenshots: screenshots, readingTimes: readings,
            gaps: gaps,
            refreshHz: refreshRate,
            frameCostP50Milliseconds: latency.frameCostPercentile(0.5).map { Double($0) / 1000 },
            stoppedBy: stoppedBy, frameCostP99Milliseconds: latency.frameCostPercentile(0.99).map { Double($0) / 1000 },
            redraw: redraw.rawValue, pauses: pauses, pausedSeconds: (paused.seconds * 10).rounded() / 10,
            outcome: outcomeReport(result))
    }

    /// The session's steps as `record --json` gives them, with what the pen did not measure.
    private func outcomeReport(_ result: SessionResult) -> LiveSessionReport {
        var report = LiveSessionReport(administered: journal, result: result, gaps: gaps)
        if let scan { report.note(scan: scan) }
        return report
    }

    /// The summary for a person, line by line: the journal, how the session ended, what each step
    /// holds, the gaps, the pauses, the reading times and the latency; an aborted session's says
    /// how to recover it.
    public var lines: [String] {
        let latencyLine = "  latency   \(latency.summary(refreshRate: refreshRate))"
        guard let result else {
            return [
                "Aborted; the journal \(journal) is kept: `styluskit recover \(journal)` rebuilds the results file.",
                latencyLine,
            ]
        }
        var lines = ["Administered \(journal)"]
        if let stoppedBy {
            lines.append(
                "  stopped   by \(stoppedBy): the steps left ended then, none was shown; the results are written")
        }
        let steps = result.liveLines
        lines += steps.dropLast()
        lines.append("  gaps      \(gaps)")
        if pauses > 0 {
            lines.append(
                "  paused    \(pauses) time\(pauses == 1 ? "" : "s"), \(String(format: "%.1f", paused.seconds)) s"
                    + " (the timers stood still; the results file's times are the tablet's)")
        }
        if let last = steps.last { lines.append(last) }
        lines += outcomeReport(result).absenceLines
        for reading in readings { lines.append(reading.line) }
        lines.append(latencyLine)
        return lines
    }
}
