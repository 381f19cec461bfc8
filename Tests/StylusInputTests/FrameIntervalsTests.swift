import Testing

@testable import StylusInput

@Suite("Frame intervals")
struct FrameIntervalsTests {
    @Test("Nearest-rank percentiles over short and long intervals")
    func percentiles() throws {
        var intervals = FrameIntervals()
        // Frames at 0, 5, 10, 15 ms, then a 2 s pause, then 20 ms later: intervals 5, 5, 5, 2000, 20 ms.
        for t: Int64 in [0, 5_000, 10_000, 15_000, 2_015_000, 2_035_000] {
            intervals.addFrame(at: EventTime(microseconds: t))
        }
        #expect(intervals.count == 5)
        #expect(intervals.median == EventDuration(microseconds: 5_000))
        // Rank ceil(0.8 * 5) = 4 of (5, 5, 5, 20, 2000) ms.
        #expect(intervals.percentile(0.8) == EventDuration(microseconds: 20_000))
        #expect(intervals.percentile(1.0) == EventDuration(microseconds: 2_000_000))
        #expect(intervals.percentile(0) == EventDuration(microseconds: 5_000))
    }

    @Test("A broken run does not count the interval across the break")
    func breakRun() {
        var intervals = FrameIntervals()
        intervals.addFrame(at: EventTime(microseconds: 0))
        intervals.breakRun()
        intervals.addFrame(at: EventTime(microseconds: 9_000_000))
        #expect(intervals.count == 0)
        #expect(intervals.median == nil)
    }

    @Test("Time stepping backwards counts as a zero interval")
    func backwards() {
        var intervals = FrameIntervals()
        intervals.addFrame(at: EventTime(microseconds: 10))
        intervals.addFrame(at: EventTime(microseconds: 5))
        #expect(intervals.median == .zero)
    }
}
