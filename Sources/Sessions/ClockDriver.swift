public import ADF
public import Proctoring
public import StylusGeometry
public import StylusInput

/// What a clock session wrote.
public struct ClockResult: Sendable {
    public struct StepStrokes: Sendable {
        public var step: ClockStep
        public var strokes: Int
    }

    /// Strokes per step, in the test's order.
    public var strokesPerStep: [StepStrokes]
    /// Points recorded, over both steps.
    public var points: Int
    /// The results file's path.
    public var output: String

    public var strokes: Int { strokesPerStep.reduce(0) { $0 + $1.strokes } }
}

/// The clock test's driver, shared by `replay`, `record`, `administer` and `recover`: frames in,
/// session actions out into the recorder, with timers and step boundaries on the events' own clock.
///
/// Replay and recover hand it the step boundaries up front (the split rule's, or the journal's
/// control lines); a live session presses continue itself. Either way a boundary or timer fires
/// before the first frame stamped after it, so a journal replayed gives the live session's file.
public final class ClockDriver: PlannedDriver {
    public let normalizer: Normalizer
    public let anchor: WallClockAnchor
    private let recorder: any SessionRecording
    public let events: ProctorEventLog?
    let eventTest = "clock"
    public var plan: SessionPlan
    private var session: ClockSession
    var assembler: FrameAssembler
    private var buttonDeadline: EventTime?
    /// Who ended the step the continue press being carried out ends (the participant's tap: finished).
    private var pressOutcome = StepOutcome.finished
    public internal(set) var operatorPause = OperatorPause()
    private var strokesPerStep: [ClockStep: Int] = [:]
    public private(set) var points = 0
    public var sampleObserver: ((PenSample) -> Void)?
    public var decisionObserver: ((String) -> Void)?
    /// Called with each action the session took (`record --events`, the patient's buttons).
    public var actionObserver: ((ClockAction) -> Void)?
    /// A live session's buttons: which one, if any, a touch-down with the pen up lands on.
    public var buttonAt: ((PenSample) -> ClockButton?)?

    public init(
        device: DeviceDescription, normalizer: Normalizer, anchor: WallClockAnchor, recorder: any SessionRecording,
        events: ProctorEventLog? = nil, plan: SessionPlan = SessionPlan(), settings: ClockSettings = ClockSettings()
    ) throws {
        self.events = events
        self.session = ClockSession(settings: settings)
        self.normalizer = normalizer
        self.anchor = anchor
        self.recorder = recorder
        self.assembler = try FrameAssembler(device: device, tipContact: normalizer.tipContact)
        self.plan = plan
    }

    public var nextDeadline: EventTime? { operatorPause.deadline(buttonDeadline) }
    public var isFinished: Bool { session.isFinished }
    /// The clock's session takes frames, presses and what is due after its end too (and ignores them).
    var takesInput: Bool { true }
    /// The clock test's settings: the time told and drawn, the button delay.
    public var settings: ClockSettings { session.settings }

    public func begin(at time: EventTime) throws {
        try perform(.continue, at: time) { $0.begin(at: time) }
    }

    /// A sample of ink: a tap on a button, or the drawing's. (While the operator has paused the
    /// test, the pen taps nothing either: no sample comes.)
    func penSample(_ sample: PenSample) throws {
        if let button = try tappedButton(sample) {
            try perform(.tap, at: sample.time) { $0.buttonTapped(button, by: sample) }
        } else {
            let input: ProctorInput = sample.isInContact ? (session.isPenUp ? .down : .move) : .up
            try perform(input, at: sample.time) { $0.sample(sample) }
        }
    }

    /// The button `sample` taps, if it is a touch-down on one: the journal's tap at its instant, or
    /// (live) the button under the pen.
    ///
    /// A journaled tap whose frame never came (a journal cut inside it) still ends its step, at its time.
    private func tappedButton(_ sample: PenSample) throws -> ClockButton? {
        for tap in plan.tapsMissed(before: sample.time) where tap.button == .continueTest {
            try perform(.continue, at: tap.time) { $0.continuePressed(at: tap.time) }
        }
        guard sample.isInContact, session.isPenUp else { return nil }
        if let button = plan.tap(at: sample.time) { return button }
        return buttonAt?(sample)
    }

    public func interrupt(_ interruption: SessionInterruption) throws {
        guard session.currentStep != nil, !session.isFinished else { return }
        try recorder.interruption(
            interruption.kind.rawValue, unixMilliseconds: anchor.unixMilliseconds(interruption.time))
    }

    /// Paused, a stroke under way ends as if the pen lifted there (which arms the button timer,
    /// standing still until the resume); resumed, the button timer goes on from where it stopped.
    func operatorPauseChanged(_ action: OperatorPause.Action) throws {
        switch action {
        case .pause(let time): try perform(.up, at: time) { $0.penLifted(at: time) }
        case .resume(_, let paused): buttonDeadline = buttonDeadline?.advanced(by: paused)
        }
    }

    func boundaryDue(at time: EventTime, outcome: StepOutcome) throws { try press(at: time, outcome: outcome) }

    /// A continue press whose step's `End` says who ended it.
    private func press(at time: EventTime, outcome: StepOutcome) throws {
        pressOutcome = outcome
        defer { pressOutcome = .finished }
        try perform(.continue, at: time) { $0.continuePressed(at: time) }
    }

    func timerDue(at deadline: EventTime) throws {
        buttonDeadline = nil
        try perform(.timer, at: deadline) { $0.buttonTimerFired(at: deadline) }
    }

    /// Ends the session by `SessionEnding`'s rule (the session itself ends a stroke under way at
    /// a step's end) and writes the results file.
    public func end(at end: EventTime) throws {
        try advance(to: SessionEnding.justAfter(end))
        while !session.isFinished {
            try perform(.continue, at: end) { $0.continuePressed(at: end) }
        }
    }

    public func results(environment: ClockSketchData, display: DisplayData) throws -> SessionResult {
        let output = try recorder.finishResults(environment: environment, display: display)
        return .clock(
            ClockResult(
                strokesPerStep: ClockStep.allCases.map { .init(step: $0, strokes: strokesPerStep[$0] ?? 0) },
                points: points,
                output: output))
    }

    /// Makes one call into the session and carries out its actions; the event log gets the step on
    /// screen before the call.
    private func perform(_ input: ProctorInput, at time: EventTime, _ call: (inout ClockSession) -> [ClockAction])
        throws
    {
        let step = session.currentStep
        let actions = call(&session)
        for action in actions {
            events?.log(action, input: input, at: time, step: step)
            actionObserver?(action)
            if let words = action.words { decisionObserver?(words) }
            switch action {
            case .stepStarted(let step, let time):
                var start = anchor.mark(time)
                // The time told and drawn, where ADF has no place for it (docs/settings.md); the
                // default's files stay as they were, which readers take as 10 past 11.
                if !settings.hasDefaultTime {
                    start.clockTime = ClockFaceTime(hours: settings.hours, minutes: settings.minutes)
                }
                try recorder.beginStep(step.identifier, start: start)
            case .stepEnded(_, let time):
                var end = anchor.mark(time)
                end.outcome = pressOutcome
                try recorder.endStep(end)
            case .strokeBegan(let sample):
                try recorder.beginStroke(unixMilliseconds: anchor.unixMilliseconds(sample.time))
                try recorder.addPoint(anchor.penPoint(sample))
                points += 1
                if let step = session.currentStep { strokesPerStep[step, default: 0] += 1 }
            case .strokeContinued(let sample):
                try recorder.addPoint(anchor.penPoint(sample))
                points += 1
            case .strokeEnded(let sample):
                try recorder.endStroke(unixMilliseconds: anchor.unixMilliseconds(sample.time))
            case .armButtonTimer(let deadline):
                buttonDeadline = deadline
            case .cancelButtonTimer:
                buttonDeadline = nil
            case .offerButtons, .finished, .buttonTapped:
                // A tap's step change comes as its own actions; the buttons themselves are the screen's.
                break
            }
        }
    }
}

extension ClockAction {
    /// The decision in words, for the live decision log and status line.
    public var words: String? {
        switch self {
        case .stepStarted(let step, _): "step \(step.rawValue) started"
        case .stepEnded(let step, _): "step \(step.rawValue) ended"
        case .offerButtons: "continue button offered"
        case .buttonTapped(let button, _): "\(button.rawValue) tapped"
        case .finished: "test finished"
        case .strokeBegan: "stroke began"
        case .strokeEnded: "stroke ended"
        case .strokeContinued, .armButtonTimer, .cancelButtonTimer: nil
        }
    }
}
