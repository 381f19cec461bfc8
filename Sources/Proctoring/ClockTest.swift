import StylusGeometry
import StylusInput

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
    /// The test is over: both steps are done.
    case finished(at: EventTime)
}

/// The clock test's administrator: a plain state machine driven by pen samples and an injected clock.
///
/// Every input takes the event time and returns the actions for the driver; nothing here
/// reads a clock or sleeps. A stroke is the run of samples from the tip touching down to the
/// tip lifting (or the pen leaving proximity while down, which some tablets do without a
/// tip-up frame).
public struct ClockSession: Sendable {
    /// Where the session is.
    private enum State: Hashable, Sendable {
        /// Not begun: no step shown yet.
        case idle
        /// A step is shown; `penDown` says whether a stroke is under way.
        case inStep(ClockStep, penDown: Bool)
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

    /// Shows the first step; its instructions end at `time`, which starts the button timer.
    public mutating func begin(at time: EventTime) -> [ClockAction] {
        precondition(state == .idle, "ClockSession.begin called twice")
        state = .inStep(.command, penDown: false)
        return [.stepStarted(.command, at: time), .armButtonTimer(deadline: time.advanced(by: settings.buttonDelay))]
    }

    /// Feeds one normalised pen sample.
    public mutating func sample(_ sample: PenSample) -> [ClockAction] {
        guard case .inStep(let step, let penDown) = state else { return [] }
        switch (penDown, sample.isInContact) {
        case (false, true):
            // A new stroke pauses the button timer.
            state = .inStep(step, penDown: true)
            lastContact = sample
            return [.cancelButtonTimer, .strokeBegan(sample)]
        case (true, true):
            lastContact = sample
            return [.strokeContinued(sample)]
        case (true, false):
            // Lifting restarts the button timer.
            state = .inStep(step, penDown: false)
            let end = lastContact ?? sample
            lastContact = nil
            return [.strokeEnded(end), .armButtonTimer(deadline: sample.time.advanced(by: settings.buttonDelay))]
        case (false, false):
            return []
        }
    }

    /// The button timer armed earlier has expired at `time`.
    public mutating func buttonTimerFired(at time: EventTime) -> [ClockAction] {
        guard case .inStep(_, penDown: false) = state else { return [] }
        return [.offerButtons]
    }

    /// The patient (or the replay's step-split rule) pressed continue at `time`.
    ///
    /// A stroke under way is ended first, so no stroke spans two steps.
    public mutating func continuePressed(at time: EventTime) -> [ClockAction] {
        guard case .inStep(let step, let penDown) = state else { return [] }
        var actions: [ClockAction] = []
        if penDown, let end = lastContact {
            actions.append(.strokeEnded(end))
            lastContact = nil
        }
        actions.append(.stepEnded(step, at: time))
        switch step {
        case .command:
            state = .inStep(.copy, penDown: false)
            actions += [.stepStarted(.copy, at: time), .armButtonTimer(deadline: time.advanced(by: settings.buttonDelay))]
        case .copy:
            state = .finished
            actions += [.cancelButtonTimer, .finished(at: time)]
        }
        return actions
    }
}
