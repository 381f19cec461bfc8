import ADF
import Foundation
import Reports
import LinuxInput
import Proctoring
import Recordings
import Sessions
import StylusGeometry
import StylusInput
import ArgumentParser

/// The live status line on standard error: samples per second, pressure, proximity and the last
/// decision, rewritten in place with `\r` at most four times a second, and only on a terminal.
final class StatusLine {
    let enabled: Bool
    private var samples = 0
    private var windowStart: EventTime?
    private var lastDraw: EventTime?
    private var rate = 0.0
    private var force = 0.0
    private var inProximity = false
    private var decision = "-"
    private var shown = false
    static let refreshInterval = EventDuration.milliseconds(250)

    init(enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.enabled = enabled
    }

    func sample(_ sample: PenSample) {
        samples += 1
        force = sample.force
        inProximity = sample.inProximity
    }

    func decision(_ text: String) { decision = text }

    /// Redraws the line if the last drawing is a quarter second old.
    func refresh(now: EventTime) {
        guard enabled else { return }
        let start = windowStart ?? now
        windowStart = start
        if let lastDraw, now.duration(since: lastDraw) < Self.refreshInterval { return }
        let elapsed = now.duration(since: start).seconds
        if elapsed > 0 { rate = Double(samples) / elapsed }
        samples = 0
        windowStart = now
        lastDraw = now
        let text =
            String(format: "%5.0f samples/s  pressure %.2f  ", rate, force)
            + (inProximity ? "in proximity  " : "out of range  ") + "last: " + decision
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
        shown = true
    }

    /// Clears the line before other output, so messages do not land in the middle of it.
    func clear() {
        guard enabled, shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
        lastDraw = nil
    }
}
