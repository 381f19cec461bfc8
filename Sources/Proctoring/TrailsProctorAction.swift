public import StylusInput

/// Where the trails proctor is in a part.
public enum TrailsState: String, Hashable, Sendable, CaseIterable {
    /// The instructions are under way: the part's time has not started.
    case notStarted
    /// The part runs: the patient connects the circles.
    case inProgress
    /// An error is being corrected: the wrong circle is marked, the last correct one highlighted,
    /// and "Go back to N" said, until the pen reaches that circle.
    case correcting
    /// The End circle was reached; the next part starts after the finish timeout or at the operator's key.
    case finished
    /// The part's time limit ran out before End was reached.
    case discontinued
}

/// How a part ended, as the results file records it.
public enum TrailsOutcome: String, Hashable, Sendable, CaseIterable {
    /// The patient reached End.
    case finished
    /// The time limit ran out first (`discontinue-after-*`).
    case discontinued
    /// The operator skipped the part (with a reason): the proctor never ran it; the driver records it.
    case skipped
}

/// The two classes of error (trails.md, "Error classes").
public enum TrailsErrorClass: String, Hashable, Sendable, CaseIterable {
    /// In part B, a circle of the other kind than the one due: a number where a letter was due, or the reverse.
    case shift
    /// A circle of the kind due, but not the one; every part A error.
    case sequence
}

/// A circle reached in order: which, and when.
public struct TrailsArrival: Hashable, Sendable {
    /// The circle's order number (1 is "Begin").
    public var circle: Int
    public var time: EventTime
}

/// An error: the pen stayed in a wrong circle for the dwell, or lifted in it.
public struct TrailsError: Hashable, Sendable {
    /// When the error was decided: the dwell's end, or the lift.
    public var time: EventTime
    /// The wrong circle's order number.
    public var wrongCircle: Int
    /// The order number of the circle that was due.
    public var expectedCircle: Int
    /// The order number of the last correct circle, where the correction sends the pen; nil when
    /// the error came before "Begin" was reached (the correction then sends it to "Begin").
    public var lastCorrectCircle: Int?
    public var errorClass: TrailsErrorClass
    /// True when the pen lifted in the wrong circle; false when it stayed in it for the dwell.
    public var byLift: Bool
}

/// A correction: from its error to the pen reaching the circle it sends the pen back to. The ink
/// drawn in this span is correction ink.
public struct TrailsCorrection: Hashable, Sendable {
    /// The error that began it (its time is the correction's start).
    public var error: TrailsError
    /// The order number of the circle the pen must reach: the last correct one, or "Begin".
    public var target: Int
    /// When the pen reached the target; nil while the correction is under way, or when the part
    /// ended (discontinued) during it.
    public var end: EventTime?

    /// When the correction began.
    public var start: EventTime { error.time }
}

/// A prompt: after the prompt delay without ink, "Keep going: from N to N+1", said once.
public struct TrailsPrompt: Hashable, Sendable {
    public var time: EventTime
    /// The last correct circle's order number; nil before "Begin" was reached ("Start at 1").
    public var from: Int?
    /// The circle due next.
    public var to: Int
}

/// Why a stroke was refused: it is neither drawn nor recorded.
public enum TrailsRefusal: String, Hashable, Sendable {
    /// The part's time has not started (its instructions are under way).
    case notStarted = "not-started"
    /// The part is over: End was reached, or its time ran out.
    case partOver = "part-over"
}

/// The timers the trails proctor asks its driver to run.
public enum TrailsTimer: String, Hashable, Sendable, CaseIterable {
    /// The pen entered a wrong circle: it is an error if it is still in it then.
    case errorDwell = "error-dwell"
    /// No ink since the last lift (or the start): prompt then.
    case prompt
    /// The part's time limit.
    case discontinue
    /// The delay after End before the next part.
    case finish
}

/// What the driver of a trails proctor must do, in the order returned.
public enum TrailsAction: Hashable, Sendable {
    /// Draw and record the stroke that just began.
    case acceptStroke
    /// Neither draw nor record the stroke that just began, nor any of its samples.
    case refuseStroke(TrailsRefusal)
    /// The circle due was reached: it is now the last correct circle.
    case reachedCircle(TrailsArrival)
    /// An error: record it; mark the wrong circle, highlight the target and show and say
    /// `TrailsWords.correction` until `endCorrection`.
    case correct(TrailsCorrection)
    /// The pen reached the correction's target: remove the marks; the part continues.
    case endCorrection(at: EventTime)
    /// Show and say `TrailsWords.prompt` once; record it.
    case prompt(TrailsPrompt)
    /// End was reached: the part's time stops here.
    case reachedEnd(at: EventTime)
    /// The time limit ran out: the part is over with `circlesConnected` circles reached; move to the next part.
    case discontinue(at: EventTime, circlesConnected: Int)
    /// Stop drawing the current stroke here: its remaining samples, until the pen lifts, are ignored.
    case endStroke(at: EventTime)
    /// Arm `timer` to fire at `deadline` (replacing an armed one); then call `TrailsProctor.timerFired(at:)`.
    case armTimer(TrailsTimer, deadline: EventTime)
    /// Disarm `timer`.
    case cancelTimer(TrailsTimer)
    /// The finish timeout ran after End (or the operator pressed the key): move to the next part.
    case finish(at: EventTime)
}

/// The words the patient is shown and told during a part (pinned by tests).
public enum TrailsWords {
    /// The instructions of `part`, shown and spoken when its page comes up; its time starts when
    /// they end, with "Ready, go." (docs/trails-proctoring.md).
    public static func instructions(_ part: TrailPart) -> String {
        switch part {
        case .sampleA:
            "On this page are numbers. Begin at 1 and draw a line from 1 to 2, 2 to 3, and so on, in order, "
                + "until you reach End. Do not lift the pen. Ready, go."
        case .partA:
            "Now do the same on this page, as fast as you can: from 1 to 2, 2 to 3, and so on, in order, "
                + "until you reach End. Do not lift the pen. Ready, go."
        case .sampleB:
            "On this page are numbers and letters. Begin at 1 and draw a line from 1 to A, A to 2, 2 to B, "
                + "and so on, in order, alternating numbers and letters, until you reach End. Do not lift the pen. "
                + "Ready, go."
        case .partB:
            "Now do the same on this page, as fast as you can: from 1 to A, A to 2, 2 to B, and so on, in order, "
                + "until you reach End. Do not lift the pen. Ready, go."
        }
    }

    /// The correction's words, naming the circle to go back to by its label: `Go back to 4.`;
    /// before "Begin" was reached, `Start at 1.`
    public static func correction(_ correction: TrailsCorrection, in layout: TrailLayout) -> String {
        let target = layout.circles[correction.target - 1].label
        return correction.error.lastCorrectCircle == nil ? "Start at \(target)." : "Go back to \(target)."
    }

    /// The prompt's words: `Keep going: from 3 to C.`; before "Begin" was reached, `Start at 1.`
    public static func prompt(_ prompt: TrailsPrompt, in layout: TrailLayout) -> String {
        let to = layout.circles[prompt.to - 1].label
        guard let from = prompt.from else { return "Start at \(to)." }
        return "Keep going: from \(layout.circles[from - 1].label) to \(to)."
    }
}
