public import StylusInput

/// The delay from a pen event's kernel time to the presented frame that first shows it.
///
/// The window notes the newest event time drawn into a frame and, once the frame is presented,
/// the time it was; a frame that shows nothing new adds nothing.
public struct LatencyMeter: Hashable, Sendable {
    /// One delay per presented frame that showed new pen data, in microseconds.
    public private(set) var delaysMicroseconds: [Int64] = []
    /// How long each presented frame took to draw and present, in microseconds: the part of the
    /// delay that is the window's own work (the rest is waiting for the loop to come round).
    public private(set) var frameCostsMicroseconds: [Int64] = []
    private var pending: EventTime?

    public init() {}

    /// A pen event of `time` is drawn into the frame being built.
    public mutating func drawn(eventTime time: EventTime) {
        // The oldest event a frame shows is the one that waited longest: its delay is the frame's.
        pending = pending.map { min($0, time) } ?? time
    }

    /// The frame was presented at `time`, having been drawn since `drawingSince`.
    public mutating func presented(at time: EventTime, drawingSince: EventTime? = nil) {
        if let drawingSince { frameCostsMicroseconds.append(max(0, time.microseconds - drawingSince.microseconds)) }
        guard let event = pending else { return }
        delaysMicroseconds.append(max(0, time.microseconds - event.microseconds))
        pending = nil
    }

    /// The delay below which `fraction` (0...1) of the frames fall, by the nearest-rank method; nil before any frame.
    public func percentile(_ fraction: Double) -> Int64? { Self.percentile(fraction, of: delaysMicroseconds) }

    /// The frame cost below which `fraction` of the presented frames fall; nil before any frame.
    public func frameCostPercentile(_ fraction: Double) -> Int64? {
        Self.percentile(fraction, of: frameCostsMicroseconds)
    }

    private static func percentile(_ fraction: Double, of values: [Int64]) -> Int64? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }

    /// "p50 4.1 ms, p99 9.8 ms over N frames", or that nothing was shown.
    public var summary: String {
        guard let p50 = percentile(0.5), let p99 = percentile(0.99) else { return "no pen data shown" }
        func ms(_ us: Int64) -> String { String((Double(us) / 100).rounded() / 10) }
        return "p50 \(ms(p50)) ms, p99 \(ms(p99)) ms over \(delaysMicroseconds.count) frames"
    }

    /// The summary judged against the target of one refresh of a monitor of `refreshRate` Hz, with
    /// the frames' own cost: "…; one refresh at 60 Hz is 16.7 ms: p50 met, p99 missed (2.1 refreshes);
    /// drawing and presenting a frame p50 1.2 ms".
    public func summary(refreshRate: Int?) -> String {
        guard let p50 = percentile(0.5), let p99 = percentile(0.99) else { return summary }
        func ms(_ us: Double) -> String { String((us / 100).rounded() / 10) }
        var text = summary
        if let refreshRate, refreshRate > 0 {
            let refresh = 1_000_000 / Double(refreshRate)
            func judged(_ us: Int64) -> String {
                Double(us) <= refresh
                    ? "met" : "missed (\(String((Double(us) / refresh * 10).rounded() / 10)) refreshes)"
            }
            text += "; one refresh at \(refreshRate) Hz is \(ms(refresh)) ms: p50 \(judged(p50)), p99 \(judged(p99))"
        } else {
            text += "; the monitor's refresh rate is unknown, so the one-refresh target cannot be judged"
        }
        if let cost = frameCostPercentile(0.5) { text += "; drawing and presenting a frame p50 \(ms(Double(cost))) ms" }
        return text
    }
}
