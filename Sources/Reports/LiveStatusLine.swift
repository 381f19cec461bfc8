import Foundation
public import Sessions
public import StylusGeometry
public import StylusInput

/// `record`'s live status line on standard error: samples per second, pressure, proximity and
/// the last decision, rewritten in place with `\r` at most four times a second, and only on a
/// terminal (`enabled`). The text goes to `write`, the terminal's control sequences included.
public final class LiveStatusLine {
    public let enabled: Bool
    private let write: (String) -> Void
    private var samples = 0
    private var windowStart: EventTime?
    private var lastDraw: EventTime?
    private var rate = 0.0
    private var force = 0.0
    private var inProximity = false
    private var decision = "-"
    private var shown = false
    public static let refreshInterval = EventDuration.milliseconds(250)

    public init(enabled: Bool, write: @escaping (String) -> Void) {
        self.enabled = enabled
        self.write = write
    }

    public func sample(_ sample: PenSample) {
        samples += 1
        force = sample.force
        inProximity = sample.inProximity
    }

    public func decision(_ text: String) { decision = text }

    /// Redraws the line if the last drawing is a quarter second old.
    public func refresh(now: EventTime) {
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
        write("\r\u{1B}[K" + text)
        shown = true
    }

    /// Clears the line before other output, so messages do not land in the middle of it.
    public func clear() {
        guard enabled, shown else { return }
        write("\r\u{1B}[K")
        shown = false
        lastDraw = nil
    }
}

extension LiveStatusLine {
    /// Follows `driver`: its samples and decisions on the line, and each decision's words given to
    /// `say` too (the line cleared first), except a clock's strokes, which the line already shows.
    /// Replaces the driver's `sampleObserver` and `decisionObserver`.
    public func follow(_ driver: any SessionDriver, say: ((String) -> Void)?) {
        driver.sampleObserver = { self.sample($0) }
        let saysStrokes = !(driver is ClockDriver)
        driver.decisionObserver = { words in
            self.decision(words)
            guard let say, saysStrokes || !words.hasPrefix("stroke ") else { return }
            self.clear()
            say(words)
        }
    }
}
