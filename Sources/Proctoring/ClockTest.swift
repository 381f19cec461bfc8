public import StylusGeometry
public import StylusInput

/// The steps of the Digital Clock Drawing Test, in the order they are administered.
public enum ClockStep: String, CaseIterable, Hashable, Sendable {
    /// Draw a clock showing the set time on a blank page.
    case command
    /// Copy a pre-drawn clock showing the same time.
    case copy

    /// The identifier ADF's TaskData gives the step (`clockStep-command`).
    public var identifier: String { "clockStep-\(rawValue)" }
}

/// The settings of the clock test (assessments.md, "Digital Clock Drawing Test").
public struct ClockSettings: Hashable, Sendable {
    /// Pen-up time with no drawing before the continue and repeat-instructions buttons are offered.
    public var buttonDelay: EventDuration
    /// The hour the patient is told to draw.
    public var hours: Int
    /// The minute the patient is told to draw.
    public var minutes: Int

    public init(buttonDelay: EventDuration = .milliseconds(2_500), hours: Int = 11, minutes: Int = 10) {
        self.buttonDelay = buttonDelay
        self.hours = hours
        self.minutes = minutes
    }
}

/// The buttons the clock test offers after the button delay, tapped with the pen.
public enum ClockButton: String, Hashable, Sendable {
    /// End the step (the command step leads to the copy step; the copy step ends the test).
    case continueTest = "continue"
    /// Show and speak the step's instructions again.
    case repeatInstructions = "repeat-instructions"
}

/// What the driver of a clock session must do, in the order returned.
public enum ClockAction: Hashable, Sendable {
    case stepStarted(ClockStep, at: EventTime)
    case stepEnded(ClockStep, at: EventTime)
    /// A stroke begins with this sample (the clock test accepts every stroke).
    case strokeBegan(PenSample)
    case strokeContinued(PenSample)
    /// The stroke ends with this sample: the last one in contact.
    case strokeEnded(PenSample)
    /// Arm the single button timer for this instant, replacing any armed one.
    case armButtonTimer(deadline: EventTime)
    /// Disarm the button timer.
    case cancelButtonTimer
    /// Show the continue and repeat-instructions buttons.
    case offerButtons
    /// The pen tapped a button at this instant (the touch is a tap, not a stroke); a continue
    /// tap's step change follows in the same actions, a repeat tap's instructions are the driver's.
    case buttonTapped(ClockButton, at: EventTime)
    /// The test is over: both steps are done.
    case finished(at: EventTime)
}

/// The clock test's administrator: a plain state machine driven by pen samples and an injected clock.
///
/// Every input takes the event time and returns the actions for the driver; nothing here
/// reads a clock or sleeps. A stroke is the run of samples from the tip touching down to the
/// tip lifting (or the pen leaving proximity while down, which some tablets do without a
/// tip-up frame). A touch-down on an offered button is a tap: its samples, up to the lift, are
/// not drawing and make no stroke.
public struct ClockSession: Sendable {
    /// What the pen is doing within a step.
    private enum Pen: Hashable, Sendable {
        case up
        /// A stroke is under way.
        case drawing
        /// The pen touched a button; its samples are dropped until it lifts.
        case tapping
    }

    /// Where the session is.
    private enum State: Hashable, Sendable {
        /// Not begun: no step shown yet.
        case idle
        /// A step is shown.
        case inStep(ClockStep, pen: Pen)
        /// Both steps are done; further samples are ignored.
        case finished
    }

    public let settings: ClockSettings
    private var state: State = .idle
    /// The last sample in contact, which ends the stroke when the pen leaves without a tip-up sample.
    private var lastContact: PenSample?

    public init(settings: ClockSettings = ClockSettings()) {
        self.settings = settings
    }

    /// The step on screen, if any.
    public var currentStep: ClockStep? {
        if case .inStep(let step, _) = state { return step }
        return nil
    }

    /// True once both steps are done.
    public var isFinished: Bool { state == .finished }

    /// True while a step is shown and the pen is off the surface: a touch-down now may be a tap.
    public var isPenUp: Bool {
        if case .inStep(_, .up) = state { return true }
        return false
    }

    /// Shows the first step; its instructions end at `time`, which starts the button timer.
    public mutating func begin(at time: EventTime) -> [ClockAction] {
        precondition(state == .idle, "ClockSession.begin called twice")
        state = .inStep(.command, pen: .up)
        return [.stepStarted(.command, at: time), .armButtonTimer(deadline: time.advanced(by: settings.buttonDelay))]
    }

    /// Feeds one normalised pen sample.
    public mutating func sample(_ sample: PenSample) -> [ClockAction] {
        guard case .inStep(let step, let pen) = state else { return [] }
        switch (pen, sample.isInContact) {
        case (.up, true):
            // A new stroke pauses the button timer.
            state = .inStep(step, pen: .drawing)
            lastContact = sample
            return [.cancelButtonTimer, .strokeBegan(sample)]
        case (.drawing, true):
            lastContact = sample
            return [.strokeContinued(sample)]
        case (.drawing, false):
            // Lifting restarts the button timer.
            state = .inStep(step, pen: .up)
            let end = lastContact ?? sample
            lastContact = nil
            return [.strokeEnded(end), .armButtonTimer(deadline: sample.time.advanced(by: settings.buttonDelay))]
        case (.tapping, true):
            return []
        case (.tapping, false):
            // The tap is over: the wait for the buttons starts again from the lift, as after a stroke.
            state = .inStep(step, pen: .up)
            return [.armButtonTimer(deadline: sample.time.advanced(by: settings.buttonDelay))]
        case (.up, false):
            return []
        }
    }

    /// The pen touched down on `button` with `sample` (the driver decides what the touch hit).
    ///
    /// The touch is a tap, never a stroke: its samples up to the lift are dropped. A continue tap
    /// ends the step at the touch-down, so the next step begins with the pen still on the button.
    /// Outside a step, or with a stroke under way, the touch is an ordinary sample.
    public mutating func buttonTapped(_ button: ClockButton, by sample: PenSample) -> [ClockAction] {
        guard sample.isInContact, case .inStep(let step, .up) = state else { return self.sample(sample) }
        var actions: [ClockAction] = [.cancelButtonTimer, .buttonTapped(button, at: sample.time)]
        switch button {
        case .repeatInstructions:
            state = .inStep(step, pen: .tapping)
        case .continueTest:
            state = .inStep(step, pen: .tapping)
            actions += continuePressed(at: sample.time)
        }
        return actions
    }

    /// The pen is taken off the form at `time` without a lift sample (the operator paused the
    /// test): a stroke under way ends at its last sample in contact, a tap under way is over, and
    /// the wait for the buttons starts again from `time`, as after a lift.
    public mutating func penLifted(at time: EventTime) -> [ClockAction] {
        guard case .inStep(let step, let pen) = state, pen != .up else { return [] }
        state = .inStep(step, pen: .up)
        var actions: [ClockAction] = []
        if pen == .drawing, let end = lastContact { actions.append(.strokeEnded(end)) }
        lastContact = nil
        return actions + [.armButtonTimer(deadline: time.advanced(by: settings.buttonDelay))]
    }

    /// The button timer armed earlier has expired at `time`.
    public mutating func buttonTimerFired(at time: EventTime) -> [ClockAction] {
        guard case .inStep(_, .up) = state else { return [] }
        return [.offerButtons]
    }

    /// The patient (or the replay's step-split rule) pressed continue at `time`.
    ///
    /// A stroke under way is ended first, so no stroke spans two steps. A tap under way goes on
    /// into the next step (the pen is still on the button), whose timer then waits for the lift.
    public mutating func continuePressed(at time: EventTime) -> [ClockAction] {
        guard case .inStep(let step, let pen) = state else { return [] }
        var actions: [ClockAction] = []
        if pen == .drawing, let end = lastContact {
            actions.append(.strokeEnded(end))
            lastContact = nil
        }
        actions.append(.stepEnded(step, at: time))
        switch step {
        case .command where pen == .tapping:
            state = .inStep(.copy, pen: .tapping)
            actions += [.stepStarted(.copy, at: time), .cancelButtonTimer]
        case .command:
            state = .inStep(.copy, pen: .up)
            actions += [
                .stepStarted(.copy, at: time), .armButtonTimer(deadline: time.advanced(by: settings.buttonDelay)),
            ]
        case .copy:
            state = .finished
            actions += [.cancelButtonTimer, .finished(at: time)]
        }
        return actions
    }
}
