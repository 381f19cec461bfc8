public import StylusInput

/// The operator's pause (the P key): a plain state machine on the session's event times.
///
/// While the test is paused the proctor's timers stand still (a maze's wall-cross, no-drawing and
/// finish timers, the symbol-digit reminder, the clock's button delay) and the pen's samples are
/// neither drawn nor recorded; on resume every armed timer goes on from where it stopped, that is
/// `paused` later than it was due. Times stay the tablet's own everywhere (the results file's
/// points, steps and interruptions, the journal): only the timers and the operator's clock leave
/// the paused time out, so a results file never hides how long a step really took.
///
/// Nothing here reads a clock: every input takes the time it happened at.
public struct OperatorPause: Hashable, Sendable {
    /// What the driver does for an input.
    public enum Action: Hashable, Sendable {
        /// The pause begins at `at`: a stroke under way ends there (as if the pen lifted), the
        /// timers freeze, the pen's samples are dropped, and the results file gets an `operator-paused` Pause.
        case pause(at: EventTime)
        /// The pause ends at `at` after lasting `paused`: every armed timer is postponed by it, and
        /// the results file gets an `operator-resumed` Pause.
        case resume(at: EventTime, paused: EventDuration)
    }

    /// When the pause under way began; nil while the test runs.
    public private(set) var pausedSince: EventTime?
    /// How many times the test was paused.
    public private(set) var count = 0
    /// The time spent paused in the pauses that ended.
    public private(set) var endedPauses = EventDuration.zero

    public init() {}

    /// True while the test is paused.
    public var isPaused: Bool { pausedSince != nil }

    /// The operator paused at `time`; nothing when the test is paused already.
    public mutating func pause(at time: EventTime) -> [Action] {
        guard pausedSince == nil else { return [] }
        pausedSince = time
        count += 1
        return [.pause(at: time)]
    }

    /// The operator resumed at `time`; nothing when the test is not paused.
    public mutating func resume(at time: EventTime) -> [Action] {
        guard let since = pausedSince else { return [] }
        pausedSince = nil
        // A resume stamped before its pause (clocks do not go back; a hand-made journal might) lasts nothing.
        let paused = EventDuration(microseconds: max(0, time.duration(since: since).microseconds))
        endedPauses = endedPauses + paused
        return [.resume(at: time, paused: paused)]
    }

    /// The time spent paused by `time`, the pause under way included: the operator's clock leaves it out.
    public func pausedDuration(by time: EventTime) -> EventDuration {
        guard let since = pausedSince else { return endedPauses }
        return EventDuration(microseconds: endedPauses.microseconds + max(0, time.duration(since: since).microseconds))
    }

    /// The time from `start` to `time` on the operator's clock: the paused time left out.
    public func sessionTime(from start: EventTime, to time: EventTime) -> EventDuration {
        EventDuration(microseconds: time.duration(since: start).microseconds - pausedDuration(by: time).microseconds)
    }

    /// A timer's deadline as the driver waits for it: none while paused (the timers stand still).
    public func deadline(_ deadline: EventTime?) -> EventTime? { isPaused ? nil : deadline }
}
