internal import ADF
internal import Proctoring
internal import StylusGeometry
internal import StylusInput

/// What the maze, symbol-digit and trail making drivers share beneath `PlannedDriver`, written
/// once: a `PenProctor` fed the pen's touch-down, moves and lift (through `StrokeRecorder`, which
/// records what the proctor accepts), its timers and the operator's pause, and the session's end
/// by `SessionEnding`'s rule. A driver says only how it carries out its proctor's actions
/// (`consult`), what a step boundary does, and how the session closes once everything due has fired.
protocol PenProctorDriver: PlannedDriver {
    associatedtype Proctor: PenProctor
    associatedtype StepFacts: PenStepFacts

    /// The proctor of the step on screen.
    var proctor: Proctor { get set }
    /// The pen as the results file sees it.
    var strokes: StrokeRecorder { get set }
    /// The latest instant the session has reached (a frame's, a timer's, a pause's).
    var clock: EventTime { get set }
    /// What happened per step, the step on screen last.
    var steps: [PenStepResult<StepFacts>] { get set }
    /// Where the proctor sees a point of the tablet's page (the trail making test's layout is
    /// centred on it); the page's own point by default.
    func proctorPoint(_ position: FormPosition) -> FormPosition
    /// Calls the proctor with one input at `time` (`point`: where the proctor sees the pen, nil
    /// for a timer) and carries out the actions it returns.
    func consult(
        _ input: ProctorInput, at time: EventTime, point: FormPosition?, _ call: (inout Proctor) -> [Proctor.Action]
    ) throws
    /// Closes the session at `end` (`SessionEnding`), once a pen still down has lifted and
    /// everything due by then has fired.
    func close(at end: EventTime) throws
}

extension PenProctorDriver {
    /// When something is next due by itself: the proctor's timer (a live loop sleeps until then).
    public var nextDeadline: EventTime? { isFinished ? nil : operatorPause.deadline(proctor.nextDeadline) }

    /// Collects the samples of refused strokes and of the ignored rest of ended ones, if set.
    var unrecordedInk: (any UnrecordedInkSink)? {
        get { strokes.unrecordedInk }
        set { strokes.unrecordedInk = newValue }
    }

    func proctorPoint(_ position: FormPosition) -> FormPosition { position }

    func frameArrived(at time: EventTime) { clock = max(clock, time) }

    func penSample(_ sample: PenSample) throws {
        let point = proctorPoint(sample.formPosition)
        switch (strokes.isDown, sample.isInContact) {
        case (false, true):
            strokes.touch(sample)
            try consult(.down, at: sample.time, point: point) { $0.penDown(point, at: sample.time) }
            try keep(sample)
        case (true, true):
            strokes.touch(sample)
            try consult(.move, at: sample.time, point: point) { $0.penMoved(point, at: sample.time) }
            try keep(sample)
        case (true, false):
            try lift(at: sample.time)
        case (false, false):
            break
        }
    }

    /// The pen left the surface at `time`: the stroke ends at its last sample in contact (a step
    /// that ended under it stopped recording it already).
    func lift(at time: EventTime) throws {
        guard let last = strokes.lastContact else {
            try strokes.lift(endingRecordedStrokeAt: nil)
            return
        }
        let point = proctorPoint(last.formPosition)
        try consult(.up, at: time, point: point) { $0.penUp(point, at: time) }
        try strokes.lift(endingRecordedStrokeAt: last.time)
    }

    /// A sample in contact: recorded (and counted for the step on screen) while its stroke is.
    private func keep(_ sample: PenSample) throws {
        let step = steps.isEmpty ? nil : steps.count - 1
        if try strokes.keep(sample, step: step), let step { steps[step].counts.points += 1 }
    }

    func timerDue(at deadline: EventTime) throws {
        clock = max(clock, deadline)
        try consult(.timer, at: deadline, point: nil) { $0.timerFired(at: deadline) }
    }

    /// Paused, a stroke under way ends as if the pen lifted there; resumed, the proctor's timers
    /// go on from where they stopped.
    func operatorPauseChanged(_ action: OperatorPause.Action) throws {
        switch action {
        case .pause(let time):
            if strokes.isDown { try lift(at: time) }
            clock = max(clock, time)
        case .resume(let time, let paused):
            proctor.postponeTimers(by: paused)
            clock = max(clock, time)
        }
    }

    public func end(at end: EventTime) throws {
        guard !isFinished else { return }
        if strokes.isDown, let last = strokes.lastContact { try lift(at: last.time) }
        try advance(to: SessionEnding.justAfter(end))
        try close(at: end)
    }

    /// The proctor accepted the stroke that began: it is recorded and counted; false when no
    /// stroke is under way to record.
    func strokeAccepted() throws -> Bool {
        guard try strokes.accept() else { return false }
        steps[steps.count - 1].counts.strokes += 1
        return true
    }

    /// The proctor refused the stroke that began: none of it is recorded, and it is counted.
    func strokeRefused() {
        strokes.refuse()
        steps[steps.count - 1].counts.refusedStrokes += 1
    }

    /// The maze's and trail making test's `acceptStroke`: the stroke recorded and counted, and said.
    func carryOutAcceptedStroke() throws {
        if try strokeAccepted() { decisionObserver?("stroke accepted") }
    }

    /// The maze's and trail making test's `refuseStroke`: the stroke left out and counted, and said.
    func carryOutRefusedStroke() {
        strokeRefused()
        decisionObserver?("stroke refused")
    }
}

/// An interruption of a maze or trail making step, as a session's result lists it.
public struct StepInterruption: Codable, Sendable {
    /// The results file's interruption type (`wall-cross`, `trails-error`, `operator-paused`…).
    public var type: String
    /// Unix time in milliseconds, as in the results file.
    public var time: Double
}

/// A driver that records an interruption into the results file and its step's result alike.
protocol InterruptionRecordingDriver: PenProctorDriver where StepFacts.Interruption == StepInterruption {
    var recorder: any SessionRecording { get }
    var anchor: WallClockAnchor { get }
}

extension InterruptionRecordingDriver {
    public func interrupt(_ interruption: SessionInterruption) throws {
        guard !isFinished else { return }
        try record(interruption: interruption.kind.rawValue, at: interruption.time)
    }

    /// Writes an interruption of type `type` at `time` to the step on screen.
    func record(interruption type: String, at time: EventTime) throws {
        let time = anchor.unixMilliseconds(time)
        try recorder.interruption(type, unixMilliseconds: time)
        steps[steps.count - 1].counts.interruptions.append(StepInterruption(type: type, time: time))
    }
}
