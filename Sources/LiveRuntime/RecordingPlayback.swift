public import Recordings
public import StylusInput

/// When each frame of a recording is due, played at `speed` times its recorded pace: pure, so
/// `play`'s timing is tested without a clock.
public struct PlaybackSchedule: Sendable {
    /// How many times faster than recorded (2: twice as fast; 0.5: half as fast).
    public let speed: Double
    private var first: EventTime?
    private var latest = EventDuration.zero

    /// A schedule at `speed`, which must be positive and finite (the command checks it).
    public init(speed: Double) {
        precondition(speed > 0 && speed.isFinite, "a playback speed is positive and finite")
        self.speed = speed
    }

    /// How long after the first frame the frame stamped `time` is due. A stamp earlier than the one
    /// before it (a clock step in the recording) is due at once after that one, never before it.
    public mutating func due(_ time: EventTime) -> EventDuration {
        let start = first ?? time
        first = start
        let scaled = EventDuration(
            microseconds: Int64((Double(time.microseconds - start.microseconds) / speed).rounded()))
        latest = max(latest, scaled)
        return latest
    }
}

/// What a playing did.
public struct PlaybackSummary: Hashable, Sendable {
    /// Frames (events up to and including a `SYN_REPORT`) written.
    public var frames = 0
    /// Events written, the `SYN_REPORT`s included.
    public var events = 0
    /// `SYN_DROPPED`s of the recording left out (the kernel makes its own when a reader falls behind).
    public var droppedMarkersLeftOut = 0
    /// The recording's span between its first and last frame, at the speed played.
    public var scheduled = EventDuration.zero
    /// How far behind its due time the latest frame was written (a loaded machine, a slow reader).
    public var mostBehind = EventDuration.zero
    /// True when a signal ended the playing before the recording did.
    public var interrupted = false

    /// Nothing played yet.
    public init() {}
}

/// A recording put back frame by frame at its recorded timing, as `evemu-play` does: the writer
/// (a `VirtualTablet` in `styluskit play`) gets each frame's events when the frame is due.
public enum RecordingPlayback {
    /// Plays `reader` at `speed`.
    ///
    /// - Parameters:
    ///   - now: the monotonic clock.
    ///   - sleep: waits the given time; returns true when the playing must stop (a signal).
    ///   - write: writes one frame's events, its `SYN_REPORT` last.
    /// - Throws: what reading the recording or `write` throws.
    public static func play(
        _ reader: RecordingReader, speed: Double, now: () -> EventTime, sleep: (EventDuration) -> Bool,
        write: ([InputEvent]) throws -> Void
    ) throws -> PlaybackSummary {
        var schedule = PlaybackSchedule(speed: speed)
        var summary = PlaybackSummary()
        var frame: [InputEvent] = []
        var start: EventTime?
        while let event = try reader.next() {
            if event.isDropped {
                summary.droppedMarkersLeftOut += 1
                continue
            }
            frame.append(event)
            guard event.isFrameEnd else { continue }
            let due = schedule.due(frame[0].time)
            let begun = start ?? now()
            start = begun
            let wait = EventDuration(microseconds: due.microseconds - now().duration(since: begun).microseconds)
            if wait > .zero {
                if sleep(wait) {
                    summary.interrupted = true
                    return summary
                }
            } else {
                summary.mostBehind = max(summary.mostBehind, EventDuration(microseconds: -wait.microseconds))
            }
            try write(frame)
            summary.frames += 1
            summary.events += frame.count
            summary.scheduled = due
            frame.removeAll(keepingCapacity: true)
        }
        // The reader refuses a cut last frame (or, with --allow-truncated, leaves it out itself).
        return summary
    }
}
