public import ADF
public import Proctoring
public import StylusGeometry
public import StylusInput

/// What happened in one part (or sample) of a trail making test.
public typealias TrailsStepResult = PenStepResult<TrailsStepFacts>

/// What the trail making test knows of one part beside the counts every pen test keeps.
public struct TrailsStepFacts: PenStepFacts {
    /// The layout's name (`standard-A`).
    public var layout: String
    /// `finished`, `discontinued` or `skipped` (the results file's `Trail outcome`).
    public var outcome = TrailRecord.Outcome.skipped.rawValue
    /// The circles reached in order, "Begin" included.
    public var circlesConnected = 0
    public var errors = 0
    public var prompts = 0
    /// From "Ready, go" to End, in seconds; nil unless the part finished.
    public var completionSeconds: Double?
}

/// What a trail making session wrote.
public struct TrailsResult: Sendable {
    public var steps: [TrailsStepResult]
    public var output: String
}

/// The trail making test's driver, shared by `replay`, `record`, `administer` and `recover`: frames
/// in, one `TrailsProctor` per part (sample A, part A, sample B, part B), its decisions out into the
/// recorder, on the events' own clock (docs/trails-proctoring.md, "In the sessions").
///
/// Each part's time starts at its "Ready, go": with `waitsForReady` (a live window speaking the
/// instructions) when the ready planned at their end comes due (`plan(ready:step:)`: the window's,
/// or a journal's `ready` line), strokes before it refused; else at the step's start, since a
/// recording, `record` and a journal without a window have no instructions to wait for. A part
/// ends at its proctor's finish (the finish timeout after End, or the operator's key), at its time
/// limit (the step's `End outcome="time-limit"`), or at a continue press (moved on: the part's
/// `Trail outcome` is then `skipped`, with the circles it reached). The next part starts at that
/// instant; at the session's end the parts never shown are passed through as skipped steps.
///
/// Positions: the layout's form is centred on the tablet's page (as the window centres it on the
/// screen), and the circles go into the results file on the canvas, in the strokes' space.
public final class TrailsDriver: PenTestDriver, InterruptionRecordingDriver {
    /// The form's layouts, one a part.
    public let form: TrailsForm
    /// The trail making settings the proctors run with.
    public let settings: TrailsSettings
    /// True when each part's time waits for `ready(at:)` (the window's instructions) instead of
    /// starting with its step.
    public var waitsForReady = false

    private var partIndex = 0
    var proctor: TrailsProctor
    /// Where the part's form lies on the tablet's page, in page centimetres.
    private var origin: FormPosition
    public internal(set) var steps: [TrailsStepResult] = []
    /// The part's end the proctor decided (its finish or its time limit), carried out after its actions.
    private var partEnd: (time: EventTime, outcome: StepOutcome)?
    public private(set) var isFinished = false
    /// The readies planned and not yet due (the window's, or a journal's `ready` lines), earliest
    /// first, each with the part it starts.
    private var readies: [(step: String, time: EventTime)] = []

    public init(
        device: DeviceDescription, normalizer: Normalizer, anchor: WallClockAnchor, recorder: any SessionRecording,
        form: TrailsForm, settings: TrailsSettings, events: ProctorEventLog? = nil, plan: SessionPlan = SessionPlan()
    ) throws {
        precondition(!form.layouts.isEmpty, "a trail making test needs its layouts")
        for layout in form.layouts { try TrailLayoutValidator.validate(layout) }
        self.form = form
        self.settings = settings
        proctor = TrailsProctor(layout: form.layouts[0], settings: settings)
        origin = TrailsDriver.origin(of: form.layouts[0], on: normalizer.formSize)
        try super.init(
            eventTest: "trails", device: device, normalizer: normalizer, anchor: anchor, recorder: recorder,
            events: events, plan: plan)
    }

    /// Where `layout`'s form lies on a page of `page`: centred, as the window centres it.
    public static func origin(of layout: TrailLayout, on page: FormSize) -> FormPosition {
        FormPosition(
            xCentimetres: (page.widthCentimetres - layout.formSize.widthCentimetres) / 2,
            yCentimetres: (page.heightCentimetres - layout.formSize.heightCentimetres) / 2)
    }

    /// True while what the part on screen waits for is the pen alone (its prompt, its time limit),
    /// not its finish under way: a fed `administer` whose feed is over ends then, as `replay` of
    /// the same recording ends at its last event.
    public var waitsOnlyForThePen: Bool { !isFinished && proctor.state != .finished }

    /// The proctor of the part on screen, for `administer` to show what it decided.
    public var proctorOnScreen: TrailsProctor { proctor }
    /// The index of the part on screen (past the last once the test is finished).
    public var partIndexOnScreen: Int { partIndex }
    /// True while the current stroke's samples go into the results file (`administer` inks only those).
    public var isRecordingStroke: Bool { strokes.isRecordingStroke }

    public func begin(at time: EventTime) throws {
        clock = time
        try beginPart(at: time)
    }

    /// The instructions of the part on screen ended ("Ready, go"): its time starts now. Nothing
    /// when it has started already; returns whether it started the part (a live session journals
    /// only such a `ready` line).
    @discardableResult
    public func ready(at time: EventTime) throws -> Bool {
        try advance(to: time)
        guard !isFinished, proctor.state == .notStarted else { return false }
        try startPart(at: time)
        return true
    }

    /// Plans a part's "Ready, go" (a live window's, once its instructions' end is known; a
    /// journal's `ready` line, as `recover` reads it): due as a continue press is (strictly before
    /// a frame at its time, after what the plan has due before it), it starts the part `step` if
    /// that part is on screen, not started and not paused.
    public func plan(ready time: EventTime, step: String) {
        var index = readies.endIndex
        while index > readies.startIndex && readies[index - 1].time > time { index -= 1 }
        readies.insert((step, time), at: index)
    }

    /// Whether a ready planned for the part `step` is still to come (neither taken nor dropped).
    public func readyPending(for step: String) -> Bool { readies.contains { $0.step == step } }

    private func startPart(at time: EventTime) throws {
        clock = max(clock, time)
        try consult(.continue, at: time, point: nil) { $0.start(at: time) }
    }

    /// Fires everything due by `time` as `PlannedDriver`'s loop does, with the planned readies
    /// among it: each at its instant, after what the plan has due before or at it.
    public func advance(to time: EventTime) throws {
        while !isFinished {
            if let ready = readies.first, ready.time < time {
                // What was due before it or at its instant first: a live press at that instant
                // (`continuePressed`) never fired a ready at it.
                if let due = plan.nextDue(
                    before: ready.time.advanced(by: EventDuration(microseconds: 1)), timer: nextDeadline)
                {
                    try fire(due)
                    continue
                }
                readies.removeFirst()
                // Due while paused it is dropped: the resume gives the instructions again, and their ready.
                if proctor.layout.part.identifier == ready.step && proctor.state == .notStarted
                    && !operatorPause.isPaused
                {
                    try startPart(at: ready.time)
                }
                continue
            }
            guard let due = plan.nextDue(before: time, timer: nextDeadline) else { return }
            try fire(due)
        }
    }

    /// A continue press (or a journal's): after End it starts the next part at once (the
    /// operator's key, as the finish timeout would); before End it moves on from the part
    /// (`outcome`). The part's timers, its time limit included, stand still while paused.
    func boundaryDue(at time: EventTime, outcome: StepOutcome) throws {
        try endPart(at: time, outcome: outcome)
    }

    func close(at end: EventTime) throws {
        // As the maze's: the proctor's timers still fire after the end (a finish timeout under way
        // ends its part), except while paused or past a cut journal's last instant.
        while !isFinished, let deadline = nextDeadline, plan.timerMayFire(at: deadline),
            proctor.state == .finished
        {
            try advance(to: deadline)
        }
        // The part on screen ends with the session (the participant's, as a recording's end counts);
        // the parts after it were never shown.
        var outcome = StepOutcome.finished
        while !isFinished {
            try endPart(at: max(clock, end), outcome: outcome)
            outcome = .skipped
        }
    }

    public func results(environment: ClockSketchData, display: DisplayData) throws -> SessionResult {
        let output = try recorder.finishResults(environment: environment, display: display)
        return .trails(TrailsResult(steps: steps, output: output))
    }

    // MARK: Parts

    private func beginPart(at time: EventTime) throws {
        let layout = form.layouts[partIndex]
        try recorder.beginStep(layout.part.identifier, start: anchor.mark(time))
        steps.append(TrailsStepResult(step: layout.part.identifier, facts: TrailsStepFacts(layout: layout.name)))
        decisionObserver?("\(layout.part.identifier) shown (\(layout.name))")
        if !waitsForReady { try consult(.continue, at: time, point: nil) { $0.start(at: time) } }
    }

    /// Ends the part on screen at `time` with its trail record, and shows the next, if any.
    private func endPart(at time: EventTime, outcome: StepOutcome) throws {
        try strokes.stopRecording(at: time)
        let trailOutcome: TrailRecord.Outcome =
            switch proctor.outcome {
            case .finished: .finished
            case .discontinued: .discontinued
            case .skipped, nil: .skipped
            }
        try recorder.trailRecord(trailRecord(outcome: trailOutcome))
        let index = steps.count - 1
        steps[index].outcome = trailOutcome.rawValue
        steps[index].circlesConnected = proctor.circlesConnected
        steps[index].errors = proctor.errors.count
        steps[index].prompts = proctor.prompts.count
        steps[index].completionSeconds = proctor.completionTime.map { Double($0.microseconds) / 1e6 }
        var end = anchor.mark(time)
        end.outcome = outcome
        try recorder.endStep(end)
        decisionObserver?("\(proctor.layout.part.identifier) ended: \(trailOutcome.rawValue)")
        partIndex += 1
        guard partIndex < form.layouts.count else {
            isFinished = true
            decisionObserver?("test finished")
            return
        }
        proctor = TrailsProctor(layout: form.layouts[partIndex], settings: settings)
        origin = Self.origin(of: form.layouts[partIndex], on: normalizer.formSize)
        try beginPart(at: time)
    }

    /// The part's `Trail` element: its circles on the canvas and what the proctor decided.
    private func trailRecord(outcome: TrailRecord.Outcome) -> TrailRecord {
        let layout = proctor.layout
        let scale = normalizer.formToCanvas
        let circles = layout.circles.map { circle in
            let canvas = scale.canvasPosition(of: onPage(circle.centre))
            return TrailRecord.Circle(
                order: circle.order, label: circle.label, kind: circle.kind == .letter ? .letter : .number,
                x: canvas.xPoints, y: canvas.yPoints)
        }
        let radius = scale.pointsPerInch * TrailLayout.circleRadiusCentimetres / 2.54
        let corrections = proctor.corrections
        return TrailRecord(
            layout: layout.name, circleRadius: radius, outcome: outcome, circles: circles,
            arrivals: proctor.arrivals.map {
                TrailRecord.Arrival(circle: $0.circle, unixMilliseconds: anchor.unixMilliseconds($0.time))
            },
            errors: proctor.errors.enumerated().map { index, error in
                TrailRecord.Error(
                    unixMilliseconds: anchor.unixMilliseconds(error.time), wrongCircle: error.wrongCircle,
                    expectedCircle: error.expectedCircle,
                    errorClass: error.errorClass == .shift ? .shift : .sequence,
                    correctedUnixMilliseconds: index < corrections.count
                        ? corrections[index].end.map { anchor.unixMilliseconds($0) } : nil)
            },
            // A prompt before "Begin" was reached ("Start at 1.") names Begin, the circle it sent the pen to.
            prompts: proctor.prompts.map {
                TrailRecord.Prompt(unixMilliseconds: anchor.unixMilliseconds($0.time), fromCircle: $0.from ?? 1)
            })
    }

    /// A point of the layout's form on the tablet's page.
    private func onPage(_ point: FormPosition) -> FormPosition {
        FormPosition(
            xCentimetres: point.xCentimetres + origin.xCentimetres,
            yCentimetres: point.yCentimetres + origin.yCentimetres)
    }

    /// A point of the tablet's page on the layout's form, where the proctor sees the pen.
    func proctorPoint(_ point: FormPosition) -> FormPosition {
        FormPosition(
            xCentimetres: point.xCentimetres - origin.xCentimetres,
            yCentimetres: point.yCentimetres - origin.yCentimetres)
    }

    // MARK: Proctor

    /// Calls the proctor, carries out its actions, then the part's end it decided, if any.
    func consult(
        _ input: ProctorInput, at time: EventTime, point: FormPosition?, _ call: (inout TrailsProctor) -> [TrailsAction]
    ) throws {
        let actions = call(&proctor)
        guard !actions.isEmpty else { return }
        events?.log(actions, input: input, at: time, proctor: proctor)
        for action in actions {
            switch action {
            case .acceptStroke: try carryOutAcceptedStroke()
            case .refuseStroke: carryOutRefusedStroke()
            case .reachedCircle(let arrival):
                decisionObserver?("circle \(proctor.layout.circles[arrival.circle - 1].label) reached")
            case .correct(let correction):
                try record(interruption: TrailsInterruption.error, at: correction.start)
                decisionObserver?(
                    "error: circle \(proctor.layout.circles[correction.error.wrongCircle - 1].label) ("
                        + "\(correction.error.errorClass.rawValue)); "
                        + TrailsWords.correction(correction, in: proctor.layout))
            case .endCorrection:
                decisionObserver?("correction ended")
            case .prompt(let prompt):
                try record(interruption: TrailsInterruption.prompt, at: prompt.time)
                decisionObserver?("prompt: " + TrailsWords.prompt(prompt, in: proctor.layout))
            case .reachedEnd:
                decisionObserver?("end reached")
            case .endStroke(let time):
                try strokes.stopRecording(at: time)
            case .discontinue(let time, let connected):
                partEnd = (time, .timeLimit)
                decisionObserver?("discontinued: \(connected) circles connected")
            case .finish(let time):
                partEnd = (time, .finished)
            case .armTimer, .cancelTimer:
                // Timers are read back from the proctor (`nextDeadline`), the one source of truth.
                break
            }
        }
        if let end = partEnd {
            partEnd = nil
            try endPart(at: end.time, outcome: end.outcome)
        }
    }
}

/// The interruption types a trail making step's `Interruptions` holds (docs/adf-trails.md).
public enum TrailsInterruption {
    /// An error stopped: the correction began.
    public static let error = "trails-error"
    /// A prompt after no ink for the prompt delay.
    public static let prompt = "trails-prompt"
}
