public import ADF
public import StylusGeometry
public import StylusInput

/// What replay, record, administer and recover need of a test's driver: events in, continue
/// presses and interruptions, the next instant something is due by itself, and the result at the end.
///
/// Every driver runs on the events' own clock: before each frame, whatever its `plan` and its
/// proctor have due fires in time order (`SessionPlan.nextDue`). So a recording replayed, a journal
/// recovered and the live session give the same results file from the same events.
public protocol SessionDriver: AnyObject {
    /// Boundaries, interruptions and taps known ahead of the events (a split rule's or a journal's).
    var plan: SessionPlan { get set }
    /// When a timer is next due (the live loop sleeps no longer than until then).
    var nextDeadline: EventTime? { get }
    var isFinished: Bool { get }
    /// Frames the assembler discarded (after a `SYN_DROPPED`, until the resync).
    var framesDiscarded: Int { get }
    /// Called with each pen sample the driver saw (the live status line, the patient's cursor).
    var sampleObserver: ((PenSample) -> Void)? { get set }
    /// Called with each decision, in words (the live decision log and status line).
    var decisionObserver: ((String) -> Void)? { get set }
    /// The first step starts at `time`.
    func begin(at time: EventTime) throws
    /// One event; a frame it completes runs through the proctor after everything due before it.
    func process(_ event: InputEvent) throws
    /// Fires everything due before a frame at `time`.
    func advance(to time: EventTime) throws
    /// A live session's interruption, recorded at once in the open step's `Interruptions`.
    func interrupt(_ interruption: SessionInterruption) throws
    /// A live continue press (the step on screen ends) at `time`, after everything due by then;
    /// `outcome` says who ended the step (its `End`'s `outcome`).
    func continuePressed(at time: EventTime, outcome: StepOutcome) throws
    /// The operator's pause: whether the test is paused, since when, how often and how long.
    var operatorPause: OperatorPause { get }
    /// A live pause press at `time`, after everything due by then: a stroke under way ends, the
    /// timers stand still and the pen's samples are dropped until `resumePressed` (`OperatorPause`).
    func pausePressed(at time: EventTime) throws
    /// A live resume press at `time`: the timers go on from where they stopped.
    func resumePressed(at time: EventTime) throws
    /// The session ends at `end` by the one rule (`SessionEnding`); nothing if it has ended already.
    func end(at end: EventTime) throws
    /// Writes the results file of the ended session.
    func results(environment: ClockSketchData, display: DisplayData) throws -> SessionResult
}

/// The one rule for "the recording (or the journal, or the live session) is over", the same for
/// the three tests: a pen still down lifts with its last sample in contact; everything due by the
/// end fires, a boundary on the last frame included; the maze proctor's own timers still fire
/// after the end, as the live session would have waited for them (so a recording that stops
/// mid-maze still gets its no-drawing interruption), except past a cut journal's last instant
/// (`SessionPlan.lastInstant`: a crash stopped the session there); the steps left are passed
/// through at the end.
enum SessionEnding {
    /// Just past `end`, so a boundary on the last frame (strictly before the next) is due too.
    static func justAfter(_ end: EventTime) -> EventTime { end.advanced(by: EventDuration(microseconds: 1)) }
}

extension SessionDriver {
    /// Ends the session at `end` and writes its results file.
    public func finish(at end: EventTime, environment: ClockSketchData, display: DisplayData) throws -> SessionResult {
        try self.end(at: end)
        return try results(environment: environment, display: display)
    }

    /// A continue press that ends the step as the participant's finish (a fed recording's end).
    public func continuePressed(at time: EventTime) throws { try continuePressed(at: time, outcome: .finished) }

    /// Adds a journal's step boundary (continue press) to the plan as `recover` reads it, with
    /// who ended the step (the journal's `outcome` line before it; none: the participant).
    public func plan(boundary: EventTime, outcome: StepOutcome = .finished) {
        plan.add(boundary: boundary, outcome: outcome)
    }
    /// Adds a journal's interruption to the plan as `recover` reads it.
    public func plan(interruption: SessionInterruption) { plan.add(interruption: interruption) }
    /// Adds a journal's button tap to the plan as `recover` reads it (the clock's buttons; other tests have none).
    public func plan(tap: ButtonTap) { plan.add(tap: tap) }
    /// Adds a journal's pause press to the plan as `recover` reads it.
    public func plan(pause time: EventTime) { plan.add(pause: time) }
    /// Adds a journal's resume press to the plan as `recover` reads it.
    public func plan(resume time: EventTime) { plan.add(resume: time) }

    /// Drives every event of `events` through the session and ends it at `end`: replay's and
    /// the benchmark's whole session, in-process.
    public func run(
        from start: EventTime, events next: () throws -> InputEvent?, end: EventTime, environment: ClockSketchData,
        display: DisplayData
    ) throws -> SessionResult {
        try begin(at: start)
        while let event = try next() { try process(event) }
        return try finish(at: end, environment: environment, display: display)
    }
}

/// What the four drivers share beneath `SessionDriver`, written once: the one loop (an event
/// assembled into a frame; everything due before it fired; the pen's ink handed to the test), the
/// operator's pause and resume (through `OperatorPause`, each written to the open step as an
/// interruption), the dispatch of what the plan has due, and which frames are the pen's ink. A
/// driver says only what its own test does with a sample, at a boundary, at its proctor's timer,
/// and at a pause or resume.
protocol PlannedDriver: SessionDriver {
    var operatorPause: OperatorPause { get set }
    /// Assembles the tablet's events into frames.
    var assembler: FrameAssembler { get set }
    /// Whether frames, continue presses and what is due still reach the test: until it is finished
    /// (the clock's session takes them after too, and ignores them).
    var takesInput: Bool { get }
    /// A frame at `time` arrived, after everything due before it fired.
    func frameArrived(at time: EventTime)
    /// A sample of the pen's ink (`inkSample`): what the test does with it.
    func penSample(_ sample: PenSample) throws
    /// Turns the pen's frames into samples on the form.
    var normalizer: Normalizer { get }
    /// Where `--events` lines go, if anywhere.
    var events: ProctorEventLog? { get }
    /// The test as `--events` lines name it: `clock`, `maze` or `sdt`.
    var eventTest: String { get }
    /// A planned step boundary (a split rule's, or a journal's continue press) is due at `time`;
    /// `outcome` says who ended the step.
    func boundaryDue(at time: EventTime, outcome: StepOutcome) throws
    /// The proctor's timer is due at `deadline`.
    func timerDue(at deadline: EventTime) throws
    /// What the test does at the operator's pause (a stroke under way ends) or resume (its
    /// timers go on `paused` later); the interruption itself is written after it.
    func operatorPauseChanged(_ action: OperatorPause.Action) throws
}

extension PlannedDriver {
    public var framesDiscarded: Int { assembler.framesDiscarded }

    var takesInput: Bool { !isFinished }

    func frameArrived(at time: EventTime) {}

    public func process(_ event: InputEvent) throws {
        guard takesInput, let frame = assembler.process(event) else { return }
        try advance(to: frame.time)
        frameArrived(at: frame.time)
        guard takesInput, let sample = inkSample(frame) else { return }
        try penSample(sample)
        sampleObserver?(sample)
    }

    /// Fires everything due by `time`, earliest first, each at its own instant: timers at or
    /// before `time`, continue presses and interruptions strictly before it, until nothing is due
    /// (an action may arm a timer that is due already).
    public func advance(to time: EventTime) throws {
        while takesInput, let due = plan.nextDue(before: time, timer: nextDeadline) { try fire(due) }
    }

    public func continuePressed(at time: EventTime, outcome: StepOutcome) throws {
        try advance(to: time)
        guard takesInput else { return }
        try boundaryDue(at: time, outcome: outcome)
    }

    public func pausePressed(at time: EventTime) throws {
        try advance(to: time)
        try pause(at: time)
    }

    public func resumePressed(at time: EventTime) throws {
        try advance(to: time)
        try resume(at: time)
    }

    /// The operator paused at `time`; nothing once the test has ended or while it is paused already.
    func pause(at time: EventTime) throws {
        guard !isFinished else { return }
        try carryOut(operatorPause.pause(at: time))
    }

    /// The operator resumed at `time`; nothing once the test has ended or unless it is paused.
    func resume(at time: EventTime) throws {
        guard !isFinished else { return }
        try carryOut(operatorPause.resume(at: time))
    }

    private func carryOut(_ actions: [OperatorPause.Action]) throws {
        for action in actions {
            try operatorPauseChanged(action)
            switch action {
            case .pause(let time): try interrupt(SessionInterruption(kind: .operatorPaused, time: time))
            case .resume(let time, _): try interrupt(SessionInterruption(kind: .operatorResumed, time: time))
            }
        }
    }

    /// Carries out one thing the plan had due (`SessionPlan.nextDue`).
    func fire(_ due: SessionPlan.Due) throws {
        switch due {
        case .interruption(let interruption): try interrupt(interruption)
        case .boundary(let time, let outcome): try boundaryDue(at: time, outcome: outcome)
        case .pause(let time): try pause(at: time)
        case .resume(let time): try resume(at: time)
        case .timer(let deadline): try timerDue(at: deadline)
        }
    }

    /// The pen's sample in `frame`, if it is the pen's and the test is not paused (while the
    /// operator has paused the test, the pen draws nothing). The eraser end touching is not ink:
    /// the patient turned the pen over.
    func inkSample(_ frame: AssembledFrame) -> PenSample? {
        guard !operatorPause.isPaused, case .pen(let penFrame) = frame else { return nil }
        let sample = normalizer.sample(penFrame)
        // Left out on purpose, and said: each touch of the eraser gets an `--events` line.
        if sample.isEraserContact && sample.transitions.contains(.tipWentDown) {
            events?.logIgnoredEraser(test: eventTest, at: sample.time)
        }
        return sample.asInk
    }
}

/// What a session wrote: per step what happened, and the results file.
public enum SessionResult: Sendable {
    case clock(ClockResult)
    case maze(MazeResult)
    case symbolDigit(SymbolDigitResult)
    case trails(TrailsResult)

    /// The results file's path.
    public var output: String {
        switch self {
        case .clock(let result): result.output
        case .maze(let result): result.output
        case .symbolDigit(let result): result.output
        case .trails(let result): result.output
        }
    }
}
