public import StylusInput

/// The interval during which the tip touched the surface: one stroke, as a recording shows it.
public struct ContactInterval: Hashable, Sendable {
    public var start: EventTime
    public var end: EventTime

    public init(start: EventTime, end: EventTime) {
        self.start = start
        self.end = end
    }
}

/// How a replay decides when the patient pressed continue, since a recording carries no button presses.
///
/// Live sessions record the press; a plain evdev recording does not. The rules:
/// - `longestPause`: the step boundary is the midpoint of the longest pen-up pause between two
///   strokes (the patient lays the pen down while the next step is explained). With fewer than two
///   strokes there is no pause, and every stroke belongs to the first step.
/// - `none`: every stroke belongs to the first step; later steps are empty.
/// - `at(offset)`: the boundary lies `offset` after the recording's first event; an offset that
///   falls inside a stroke moves to that stroke's end, since nobody presses continue while drawing
///   and a stroke must not be cut in two.
public enum StepSplitRule: Hashable, Sendable {
    case longestPause
    case none
    case at(EventDuration)

    /// The instant at which the first step ends and the second begins, or nil when all strokes
    /// belong to the first step.
    ///
    /// - Parameters:
    ///   - strokes: the contact intervals of the recording, in time order.
    ///   - recordingStart: the time of the recording's first event.
    public func boundary(strokes: [ContactInterval], recordingStart: EventTime) -> EventTime? {
        switch self {
        case .none:
            return nil
        case .at(let offset):
            let requested = recordingStart.advanced(by: offset)
            let enclosing = strokes.first { $0.start <= requested && requested < $0.end }
            return enclosing?.end ?? requested
        case .longestPause:
            guard strokes.count >= 2 else { return nil }
            var best: (gap: Int64, before: ContactInterval, after: ContactInterval)?
            for (before, after) in zip(strokes, strokes.dropFirst()) {
                let gap = after.start.microseconds - before.end.microseconds
                // Strictly greater: the earliest of equal pauses wins, so the rule is deterministic.
                if gap > (best?.gap ?? Int64.min) {
                    best = (gap, before, after)
                }
            }
            guard let best else { return nil }
            return EventTime(microseconds: best.before.end.microseconds + best.gap / 2)
        }
    }
}
