/// The distribution of intervals between consecutive frames: a tablet's sampling rate.
///
/// Exact to the microsecond with memory that does not grow with the recording: intervals
/// under `histogramLimit` are counted in a per-microsecond histogram, and only the rare
/// longer ones (pen-up pauses) are kept individually.
public struct FrameIntervals: Sendable {
    /// Intervals shorter than this many microseconds go into the histogram (a 10 Hz tablet at most).
    public static let histogramLimit = 100_000

    private var histogram: [UInt32]
    private var longIntervals: [Int64] = []
    private var previous: EventTime?
    /// How many intervals have been added.
    public private(set) var count = 0

    public init() {
        histogram = Array(repeating: 0, count: Self.histogramLimit)
    }

    /// Records a frame at `time`; the first frame only sets the start.
    public mutating func addFrame(at time: EventTime) {
        defer { previous = time }
        guard let previous else { return }
        // Time can step backwards across a clock change; such an interval counts as zero.
        let interval = max(0, time.microseconds - previous.microseconds)
        if interval < Int64(Self.histogramLimit) {
            histogram[Int(interval)] += 1
        } else {
            longIntervals.append(interval)
        }
        count += 1
    }

    /// Forgets the previous frame, so the next frame starts a new run (after a gap or an unplug).
    public mutating func breakRun() {
        previous = nil
    }

    /// The interval at `fraction` (0...1) of the sorted intervals (nearest rank), or nil when there are none.
    public func percentile(_ fraction: Double) -> EventDuration? {
        guard count > 0 else { return nil }
        let clamped = min(max(fraction, 0), 1)
        // Nearest-rank: the smallest value with at least `fraction` of the intervals at or below it.
        let rank = max(1, Int((clamped * Double(count)).rounded(.up)))
        var seen = 0
        for (microseconds, n) in histogram.enumerated() where n > 0 {
            seen += Int(n)
            if seen >= rank { return EventDuration(microseconds: Int64(microseconds)) }
        }
        let sorted = longIntervals.sorted()
        return EventDuration(microseconds: sorted[rank - seen - 1])
    }

    /// The median interval.
    public var median: EventDuration? { percentile(0.5) }
}
