import Foundation
import LiveRuntime
import Recordings
import StylusInput
import Testing

/// `styluskit play`'s timing and framing without a kernel: a clock that moves only when the
/// playback sleeps (or when a write is made to take time), and a writer that keeps the frames.
@Suite("Recording playback")
struct RecordingPlaybackTests {
    static let real = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/recordings/real")

    /// A clock the test moves: by each sleep, and by `writeCost` per frame written.
    final class TestClock {
        var now = EventTime(microseconds: 5_000_000)
        var sleeps: [EventDuration] = []
        var writeCost = EventDuration.zero
        var stopAtSleep: Int?

        func sleep(_ duration: EventDuration) -> Bool {
            sleeps.append(duration)
            if let stopAtSleep, sleeps.count == stopAtSleep { return true }
            now = now.advanced(by: duration)
            return false
        }
    }

    /// The events of `text`'s lines after the dell canvas recording's header.
    static func recording(_ events: String) throws -> RecordingReader {
        let header = try String(contentsOf: real.appendingPathComponent("dell_canvas_pen.evemu"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.hasPrefix("E:") }
            .joined(separator: "\n")
        return try RecordingReader(bytes: Array((header + "\n" + events).utf8), name: "test.evemu")
    }

    @Test("Every frame of a real recording is written whole, in order, each when due: the sleeps add up to its span")
    func realRecording() throws {
        let path = Self.real.appendingPathComponent("dell_canvas_pen.evemu").path
        let expected = try RecordingReader(path: path).readAll()
        for speed in [1.0, 2.0, 0.5] {
            let clock = TestClock()
            var written: [[InputEvent]] = []
            let summary = try RecordingPlayback.play(
                RecordingReader(path: path), speed: speed, now: { clock.now }, sleep: clock.sleep,
                write: { written.append($0) })
            // 2839 events in 978 frames, from 0.000001 s to 7.935973 s (grep on the file).
            #expect(written.flatMap { $0 } == expected)
            #expect(summary.frames == 978 && summary.events == 2839 && written.count == 978)
            #expect(written.allSatisfy { $0.last?.isFrameEnd == true && $0.dropLast().allSatisfy { !$0.isFrameEnd } })
            let span = Int64((Double(7_935_973 - 1) / speed).rounded())
            #expect(summary.scheduled.microseconds == span)
            #expect(clock.sleeps.reduce(0) { $0 + $1.microseconds } == span)
            #expect(summary.mostBehind == .zero && !summary.interrupted)
            #expect(summary.droppedMarkersLeftOut == 0)
        }
    }

    @Test(
        "A clock step back plays at once after the frame before; a slow writer is measured as behind; SYN_DROPPED markers are left out"
    )
    func edges() throws {
        let reader = try Self.recording(
            """
            E: 1.000000 0003 0000 100
            E: 1.000000 0000 0000 0000
            E: 1.010000 0003 0000 101
            E: 1.010000 0000 0000 0000
            E: 1.005000 0003 0000 102
            E: 1.005000 0000 0000 0000
            E: 1.011000 0000 0003 0000
            E: 1.011000 0000 0000 0000
            E: 1.030000 0003 0000 103
            E: 1.030000 0000 0000 0000
            """)
        let clock = TestClock()
        clock.writeCost = .milliseconds(12)
        var written: [[Int32]] = []
        let summary = try RecordingPlayback.play(
            reader, speed: 1, now: { clock.now }, sleep: clock.sleep,
            write: { frame in
                written.append(frame.filter { !$0.isFrameEnd }.map(\.value))
                clock.now = clock.now.advanced(by: clock.writeCost)
            })
        // Due at 0, 10, 10 (stepped back: at once after), 11 (the marker's frame: its SYN_REPORT alone), 30 ms.
        #expect(written == [[100], [101], [102], [], [103]])
        #expect(summary.droppedMarkersLeftOut == 1)
        // Written at 0 (+12), 12 (due 10: 2 ms behind, +12), 24 (due 10: 14 behind), 36 (due 11: 25 behind), 48 (due
        // 30: 18).
        #expect(clock.sleeps.isEmpty)
        #expect(summary.mostBehind == .milliseconds(25))
        #expect(summary.scheduled == .milliseconds(30))
    }

    @Test("A signal while waiting for a frame stops the playing there, interrupted")
    func interrupted() throws {
        let clock = TestClock()
        clock.stopAtSleep = 3
        var frames = 0
        let summary = try RecordingPlayback.play(
            RecordingReader(path: Self.real.appendingPathComponent("dell_canvas_pen.evemu").path), speed: 1,
            now: { clock.now }, sleep: clock.sleep, write: { _ in frames += 1 })
        #expect(summary.interrupted)
        #expect(summary.frames == frames && frames >= 3 && frames < 978)
    }

    @Test("The schedule divides the recorded time by the speed, from the first frame, never going back")
    func schedule() {
        var schedule = PlaybackSchedule(speed: 4)
        #expect(schedule.due(EventTime(microseconds: 1_000)) == .zero)
        #expect(schedule.due(EventTime(microseconds: 5_000)) == EventDuration(microseconds: 1_000))
        #expect(schedule.due(EventTime(microseconds: 2_000)) == EventDuration(microseconds: 1_000))
        #expect(schedule.due(EventTime(microseconds: 1_001_000)) == EventDuration(microseconds: 250_000))
    }
}
