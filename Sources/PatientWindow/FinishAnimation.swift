public import StylusInput

/// The short animations that close a maze and a test: after a maze is finished a check mark grows
/// on a card saying "Well done" for about a second; when the whole test ends, the closing "Thank
/// you" page fades in (after the maze's card, if one is up).
///
/// Pure state: what is drawn follows from the times things finished and the frame time the
/// caller passes in (`PatientScreen.frame(now:)`), so it never holds up the proctor or the journal.
public struct FinishAnimation: Hashable, Sendable {
    /// What one frame shows; every value is in steps of 1/32, so a frame changes some 32 times per phase, not at every
    /// turn of the loop.
    public struct Frame: Hashable, Sendable {
        /// How much of the check mark is drawn, 0 (none) to 1 (all of it).
        public var checkDrawn: Double = 0
        /// The opacity of the "Well done" card, 0 to 1.
        public var cardOpacity: Double = 0
        /// The opacity of the closing page, 0 to 1.
        public var closingOpacity: Double = 0

        /// Nothing drawn.
        public static let none = Frame()
    }

    /// How long the check mark takes to grow.
    public static let checkGrows = EventDuration.milliseconds(400)
    /// How long the card takes to appear.
    public static let cardAppears = EventDuration.milliseconds(150)
    /// How long the card stays up, from the maze's finish.
    public static let cardLasts = EventDuration.milliseconds(1_000)
    /// How long the closing page takes to fade in.
    public static let closingFades = EventDuration.milliseconds(800)

    public private(set) var mazeFinishedAt: EventTime?
    public private(set) var testFinishedAt: EventTime?

    public init() {}

    /// A maze was finished at `time`: its card starts (again, for the next maze of a battery).
    public mutating func mazeFinished(at time: EventTime) {
        mazeFinishedAt = time
    }

    /// The test ended at `time`; a second call changes nothing.
    public mutating func testFinished(at time: EventTime) {
        if testFinishedAt == nil { testFinishedAt = time }
    }

    /// When the closing page begins to fade in: at the test's end, or after the card of a maze finished just before.
    public var closingStarts: EventTime? {
        guard let end = testFinishedAt else { return nil }
        guard let maze = mazeFinishedAt else { return end }
        return max(end, maze.advanced(by: Self.cardLasts))
    }

    /// What is drawn at `time`.
    public func frame(at time: EventTime) -> Frame {
        var frame = Frame.none
        if let closing = closingStarts, time >= closing {
            frame.closingOpacity = Self.progress(time, from: closing, over: Self.closingFades)
            return frame
        }
        if let maze = mazeFinishedAt, time >= maze, time < maze.advanced(by: Self.cardLasts) {
            frame.cardOpacity = Self.progress(time, from: maze, over: Self.cardAppears)
            frame.checkDrawn = Self.progress(time, from: maze, over: Self.checkGrows)
        }
        return frame
    }

    /// Whether frames at and after `time` may still differ from the one at `time`.
    public func isRunning(at time: EventTime) -> Bool {
        if let closing = closingStarts { return time < closing.advanced(by: Self.closingFades) }
        if let maze = mazeFinishedAt { return time < maze.advanced(by: Self.cardLasts) }
        return false
    }

    /// From 0 at `start` to 1 `duration` later, eased out (fast, then slowing), in steps of 1/32.
    static func progress(_ time: EventTime, from start: EventTime, over duration: EventDuration) -> Double {
        let linear = min(1, max(0, Double(time.duration(since: start).microseconds) / Double(duration.microseconds)))
        let eased = 1 - (1 - linear) * (1 - linear)
        return (eased * 32).rounded(.down) / 32
    }
}
