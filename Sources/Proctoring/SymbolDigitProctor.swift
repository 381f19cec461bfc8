public import StylusGeometry
public import StylusInput

/// Where the symbol-digit proctor is, for logs and `--events`.
public enum SymbolDigitState: String, Hashable, Sendable, CaseIterable {
    /// No step shown yet.
    case notStarted
    /// A step's form is shown and the patient writes.
    case inProgress
    /// The patient skipped boxes: the form is obscured and an arrow points at the box to continue in.
    case obscured
    /// Every step is done.
    case finished
}

/// The kinds of interruption of the symbol-digit test, as recorded in the results file.
public enum SymbolDigitInterruptionKind: String, Hashable, Sendable, CaseIterable {
    /// The patient wrote in a box beyond the one that comes next.
    case skip
}

/// One interruption: when, where the patient wrote, and where they must continue.
public struct SymbolDigitInterruption: Hashable, Sendable {
    public var kind: SymbolDigitInterruptionKind
    public var time: EventTime
    public var step: SymbolDigitStep
    /// The box the skipping stroke was written in.
    public var writtenIn: Int
    /// The first empty box, which the arrow points at.
    public var continueIn: Int
}

/// A finished stroke and the box it was written in.
public struct SymbolDigitStroke: Hashable, Sendable {
    public var step: SymbolDigitStep
    public var start: EventTime
    public var end: EventTime
    /// The smallest rectangle holding every position of the stroke.
    public var bounds: FormRectangle
    /// The box whose answer cell holds the centre of `bounds`; nil when it lies in none (the
    /// stroke is kept but counts for no box).
    public var box: Int?
}

/// The timers the symbol-digit proctor asks its driver to run.
public enum SymbolDigitTimer: String, Hashable, Sendable, CaseIterable {
    case delayedRecallWarning = "delayed-recall-warning"
}

/// What the driver of a symbol-digit proctor must do, in the order returned.
public enum SymbolDigitAction: Hashable, Sendable {
    /// Show the form of `step` (`SymbolDigitProctor.form`), with its instructions if enabled.
    case stepStarted(SymbolDigitStep, at: EventTime)
    case stepEnded(SymbolDigitStep, at: EventTime)
    /// Draw and record the stroke that just began (the test accepts every stroke).
    case acceptStroke
    /// The stroke ended: record it; `box` says which box it counts for.
    case strokeEnded(SymbolDigitStroke)
    /// Interrupt and record it: obscure the form and point an arrow at `continueIn`.
    case interrupt(SymbolDigitInterruption)
    /// The patient wrote in the box pointed at: show the whole form again.
    case revealForm(at: EventTime)
    /// Arm `timer` to fire at `deadline` (replacing an armed one); then call `SymbolDigitProctor.timerFired(at:)`.
    case armTimer(SymbolDigitTimer, deadline: EventTime)
    case cancelTimer(SymbolDigitTimer)
    /// Remind the patient of the delayed-recall instructions.
    case remindDelayedRecall(at: EventTime)
    /// The test is over: every step is done.
    case finished(at: EventTime)
}

/// The symbol-digit test's administrator: a plain state machine driven by pen positions and event times.
///
/// The driver calls `penDown`, `penMoved` and `penUp` with form positions, `continuePressed` when
/// the patient (or the replay's step-split rule) moves on, and `timerFired` when an armed timer is
/// due. Nothing here reads a clock or sleeps.
///
/// A stroke counts for the box whose answer cell holds the centre of its bounding box, decided
/// when the pen lifts: digits often begin above or beside the box (the top bar of a 5, the
/// stem of a 4), while their extent is centred on it. So skips are detected on lifting.
///
/// Skip detection: boxes are filled in order, samples first. A box is answered once a stroke
/// counts for it, in order or not: the stroke that skipped ahead, and strokes written while the
/// form is obscured, answer their boxes too. The box that comes next is the first empty one.
/// Writing in it, or in an answered box (a correction), is in order; writing in an empty box
/// beyond it interrupts with `skip`: the form is obscured and the arrow points at the first
/// empty box. So after boxes 1, 2, 4 (a skip) and 3, box 5 comes next: box 4 is not empty, and
/// the arrow never points at an answer. Strokes written while obscured are kept; the first one
/// counted in a box up to the one pointed at shows the form again. Strokes in no box are kept
/// and change nothing.
public struct SymbolDigitProctor: Sendable {
    /// Whether a stroke is under way.
    private enum Pen: Hashable, Sendable {
        case up
        /// A stroke under way, its bounds so far.
        case drawing(start: EventTime, minX: Double, minY: Double, maxX: Double, maxY: Double)
        /// A stroke begun in the previous step: its samples are ignored until the pen lifts.
        case ignoring
    }

    public let settings: SymbolDigitSettings
    /// The form position of the form's top-left corner (see `SymbolDigitForm.origin(centredOn:)`).
    public let origin: FormPosition
    /// The steps administered, in order.
    public let steps: [SymbolDigitStep]

    public private(set) var state: SymbolDigitState = .notStarted
    /// The form shown; nil before `begin` and after the last step.
    public private(set) var form: SymbolDigitForm?
    /// The furthest box written in during the current step, in order or not; -1 before the first.
    public private(set) var frontier = -1
    /// The boxes written in during the current step, in order or not.
    public private(set) var answeredBoxes: Set<Int> = []
    /// The first empty box of the current step: where the patient should write next.
    public private(set) var nextBox = 0
    /// Every interruption so far, in order.
    public private(set) var interruptions: [SymbolDigitInterruption] = []
    /// Every finished stroke so far, in order.
    public private(set) var strokes: [SymbolDigitStroke] = []
    /// The delayed-recall reminders given so far (`remindDelayedRecall`), over every step.
    public private(set) var reminders = 0
    /// Whether the last reminder is still up: from the reminder until the patient next touches
    /// the form or the step ends. The patient's window shows it meanwhile.
    public private(set) var isReminding = false

    private var stepIndex = -1
    private var pen = Pen.up
    private var warningDeadline: EventTime?

    public init(settings: SymbolDigitSettings = SymbolDigitSettings(), origin: FormPosition) {
        self.settings = settings
        self.origin = origin
        steps = settings.steps
    }

    /// The step on screen, if any.
    public var currentStep: SymbolDigitStep? { form?.step }

    /// While obscured: the box the arrow points at, the first empty one.
    ///
    /// Only writing in a box up to it shows the form again, so it cannot move while obscured.
    public var continueIn: Int? { state == .obscured ? nextBox : nil }

    /// The armed timer's deadline, if any.
    public var nextDeadline: EventTime? { warningDeadline }

    // MARK: Inputs

    /// Shows the first step at `time`.
    public mutating func begin(at time: EventTime) -> [SymbolDigitAction] {
        precondition(state == .notStarted, "SymbolDigitProctor.begin called twice")
        return startStep(0, at: time)
    }

    /// The pen touched down at `point`.
    public mutating func penDown(_ point: FormPosition, at time: EventTime) -> [SymbolDigitAction] {
        guard form != nil, pen == .up else { return [] }
        pen = .drawing(
            start: time, minX: point.xCentimetres, minY: point.yCentimetres, maxX: point.xCentimetres,
            maxY: point.yCentimetres)
        isReminding = false
        if warningDeadline != nil {
            warningDeadline = nil
            return [.cancelTimer(.delayedRecallWarning), .acceptStroke]
        }
        return [.acceptStroke]
    }

    /// The pen moved to `point` while down at `time`; the stroke's box is decided when it ends,
    /// so this returns no actions (it takes the time and returns actions like the other inputs).
    @inline(__always)
    public mutating func penMoved(_ point: FormPosition, at time: EventTime) -> [SymbolDigitAction] {
        extend(to: point)
        return []
    }

    /// The pen lifted at `point`, its last position in contact.
    public mutating func penUp(_ point: FormPosition, at time: EventTime) -> [SymbolDigitAction] {
        switch pen {
        case .up: return []
        case .ignoring:
            pen = .up
            return []
        case .drawing: break
        }
        extend(to: point)
        var actions = endStroke(at: time)
        if currentStep?.part == .delayedRecall {
            let deadline = time.advanced(by: settings.delayedRecallWarning)
            warningDeadline = deadline
            actions.append(.armTimer(.delayedRecallWarning, deadline: deadline))
        }
        return actions
    }

    /// The driver's clock reached `time`: fires the warning if it is due.
    public mutating func timerFired(at time: EventTime) -> [SymbolDigitAction] {
        guard let deadline = warningDeadline, deadline <= time else { return [] }
        warningDeadline = nil
        guard pen == .up, currentStep?.part == .delayedRecall else { return [] }
        reminders += 1
        isReminding = true
        return [.remindDelayedRecall(at: time)]
    }

    /// The patient pressed continue at `time`: the step ends and the next one starts.
    ///
    /// A stroke under way is ended first, so no stroke spans two steps; its remaining samples
    /// are ignored.
    public mutating func continuePressed(at time: EventTime) -> [SymbolDigitAction] {
        guard let step = currentStep else { return [] }
        var actions: [SymbolDigitAction] = []
        if case .drawing = pen {
            actions += endStroke(at: time)
            pen = .ignoring
        }
        if warningDeadline != nil {
            warningDeadline = nil
            actions.append(.cancelTimer(.delayedRecallWarning))
        }
        actions.append(.stepEnded(step, at: time))
        if stepIndex + 1 < steps.count {
            actions += startStep(stepIndex + 1, at: time)
        } else {
            form = nil
            isReminding = false
            state = .finished
            actions.append(.finished(at: time))
        }
        return actions
    }

    /// The operator resumed a test paused for `paused`: the armed timer goes on from where it
    /// stopped, `paused` later than it was due (the pause itself is the driver's: it stops calling
    /// `timerFired` and ends a stroke under way with `penUp`).
    public mutating func postponeTimers(by paused: EventDuration) {
        warningDeadline = warningDeadline?.advanced(by: paused)
    }

    // MARK: Rules

    @inline(__always)
    private mutating func extend(to point: FormPosition) {
        guard case .drawing(let start, let minX, let minY, let maxX, let maxY) = pen else { return }
        pen = .drawing(
            start: start, minX: min(minX, point.xCentimetres), minY: min(minY, point.yCentimetres),
            maxX: max(maxX, point.xCentimetres), maxY: max(maxY, point.yCentimetres))
    }

    private mutating func startStep(_ index: Int, at time: EventTime) -> [SymbolDigitAction] {
        stepIndex = index
        isReminding = false
        let step = steps[index]
        form = SymbolDigitForm(step: step, displayMode: settings.displayMode, origin: origin)
        frontier = -1
        answeredBoxes = []
        nextBox = 0
        state = .inProgress
        var actions: [SymbolDigitAction] = [.stepStarted(step, at: time)]
        if step.part == .delayedRecall {
            let deadline = time.advanced(by: settings.delayedRecallWarning)
            warningDeadline = deadline
            actions.append(.armTimer(.delayedRecallWarning, deadline: deadline))
        }
        return actions
    }

    /// Ends the stroke under way at `time`: assigns it a box and applies the skip rule.
    private mutating func endStroke(at time: EventTime) -> [SymbolDigitAction] {
        guard case .drawing(let start, let minX, let minY, let maxX, let maxY) = pen, let form else { return [] }
        pen = .up
        let bounds = FormRectangle(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        let box = form.boxIndex(at: bounds.centre)
        let stroke = SymbolDigitStroke(step: form.step, start: start, end: time, bounds: bounds, box: box)
        strokes.append(stroke)
        var actions: [SymbolDigitAction] = [.strokeEnded(stroke)]
        guard let box else { return actions }
        let next = nextBox
        // An answered box beyond the first empty one was answered out of order: writing there
        // again corrects it, and skips nothing.
        let skips = box > next && !answeredBoxes.contains(box)
        answer(box)
        if !skips {
            if state == .obscured, box <= next {
                state = .inProgress
                actions.append(.revealForm(at: time))
            }
        } else if state == .inProgress, settings.enableSkipDetection {
            state = .obscured
            let interruption = SymbolDigitInterruption(
                kind: .skip, time: time, step: form.step, writtenIn: box, continueIn: next)
            interruptions.append(interruption)
            actions.append(.interrupt(interruption))
        }
        return actions
    }

    /// Records that a stroke counted for `box`, and moves `nextBox` past the answered boxes.
    private mutating func answer(_ box: Int) {
        answeredBoxes.insert(box)
        frontier = max(frontier, box)
        while answeredBoxes.contains(nextBox) { nextBox += 1 }
    }
}
