public import StylusInput

/// The delay from a pen event's kernel time to the presented frame that first shows it.
///
/// The window notes the newest event time drawn into a frame and, once the frame is presented,
/// the time it was; a frame that shows nothing new adds nothing.
public struct LatencyMeter: Hashable, Sendable {
    /// One delay per presented frame that showed new pen data, in microseconds.
    public private(set) var delaysMicroseconds: [Int64] = []
    private var pending: EventTime?

    public init() {}

    /// A pen event of `time` is drawn into the frame being built.
    public mutating func drawn(eventTime time: EventTime) {
        // The oldest event a frame shows is the one that waited longest: its delay is the frame's.
        pending = pending.map { min($0, time) } ?? time
    }

    /// The frame was presented at `time`.
    public mutating func presented(at time: EventTime) {
        guard let event = pending else { return }
        delaysMicroseconds.append(max(0, time.microseconds - event.microseconds))
        pending = nil
    }

    /// The delay below which `fraction` (0...1) of the frames fall, by the nearest-rank method; nil before any frame.
    public func percentile(_ fraction: Double) -> Int64? {
        guard !delaysMicroseconds.isEmpty else { return nil }
        let sorted = delaysMicroseconds.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }

    /// "p50 4.1 ms, p99 9.8 ms over N frames", or that nothing was shown.
    public var summary: String {
        guard let p50 = percentile(0.5), let p99 = percentile(0.99) else { return "no pen data shown" }
        func ms(_ us: Int64) -> String { String((Double(us) / 100).rounded() / 10) }
        return "p50 \(ms(p50)) ms, p99 \(ms(p99)) ms over \(delaysMicroseconds.count) frames"
    }
}
