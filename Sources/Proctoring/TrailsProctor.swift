public import StylusGeometry
public import StylusInput

/// The trail making test's examiner (trails.md, "Proctoring rules"): a plain state machine driven
/// by pen positions and event times, one part (or sample) at a time.
///
/// The driver calls `start` when the part's instructions end (the "Ready, go" moment), `penDown`,
/// `penMoved` and `penUp` with form positions while the tip touches, `operatorContinued` at the
/// operator's key, and `timerFired` when an armed timer is due. Nothing here reads a clock or
/// sleeps, so a replay on a virtual clock decides exactly as the live session did.
///
/// The rules, as an examiner applies them:
/// - The circle due is reached when the pen comes within its radius plus the touch tolerance of
///   its centre; it becomes the last correct circle. Reaching End finishes the part.
/// - Going back into the last correct circle or any earlier one (retracing the line) is never an error.
/// - The pen is in a wrong circle when it is at least the wrong-circle inset inside the edge of a
///   circle later than the one due. Staying there for the error dwell, or lifting there, is an
///   error (in part B a *shift* error when the wrong circle is of the other kind than the one due,
///   else a *sequence* error). Clipping a wrong circle's edge, or crossing it faster than the
///   dwell, is not. So skipping a circle is an error: the circle skipped to is a wrong circle.
/// - At an error the correction begins: the wrong circle is marked, the last correct circle
///   highlighted (or "Begin", when none was reached yet) and the patient told to go back to it.
///   It ends when the pen reaches that circle; wrong circles met on the way are not new errors.
/// - With no ink for the prompt delay the patient is told once to keep going: the delay runs from
///   the part's start and from each lift, and a prompt is not repeated until ink comes again. No
///   prompt is given during a correction: its own words are on the screen.
/// - The part is discontinued at its time limit, with the circles connected so far.
///
/// Every timed decision (an error by dwell, a prompt, a discontinuation, the finish) is recorded
/// at its deadline, not at the moment the driver noticed it, and each input first handles the
/// timers due by its time: so a late timer, or a sample delivered before a due timer, decides the
/// same. Per sample the work is one distance to the circle due and, outside it, one to each later
/// circle; the actions array is empty (and so not allocated) unless something happens.
public struct TrailsProctor: Sendable {
    /// Whether the current stroke is drawn.
    private enum Pen: Hashable, Sendable {
        case up
        case drawing
        /// A refused or ended stroke: its samples are ignored until the pen lifts.
        case ignoring
    }

    public let layout: TrailLayout
    public let settings: TrailsSettings
    /// How near its centre the pen reaches a circle: the radius plus the touch tolerance, in cm.
    public let reachRadiusCentimetres: Double
    /// How near its centre the pen is in a wrong circle: the radius less the wrong-circle inset, in cm.
    public let wrongRadiusCentimetres: Double

    public private(set) var state: TrailsState = .notStarted
    /// When the part's time started ("Ready, go").
    public private(set) var startTime: EventTime?
    /// When End was reached, or the time limit ran out.
    public private(set) var endTime: EventTime?
    /// Each circle reached in order, with its time; the first is "Begin".
    public private(set) var arrivals: [TrailsArrival] = []
    /// Every error so far, in order.
    public private(set) var errors: [TrailsError] = []
    /// Every correction so far, in order (one per error).
    public private(set) var corrections: [TrailsCorrection] = []
    /// Every prompt so far, in order.
    public private(set) var prompts: [TrailsPrompt] = []
    /// True once the part is over and the next may start: the finish timeout ran (or the operator
    /// pressed the key) after End, or the part was discontinued.
    public private(set) var isComplete = false

    private var pen = Pen.up
    /// The index of the wrong circle the pen is in, while the dwell runs.
    private var wrongCircle: Int?
    private var dwellDeadline: EventTime?
    private var promptDeadline: EventTime?
    private var discontinueDeadline: EventTime?
    private var finishDeadline: EventTime?
    private let reachSquared: Double
    private let wrongSquared: Double
    /// The circles' centres in order: read per sample without copying each circle (and its label).
    private let centres: [FormPosition]

    /// Creates the examiner of one part.
    ///
    /// - Precondition: the layout has circles numbered 1, 2, … in order (the validator's
    ///   structural checks); the spec's geometric rules make the test fair, not the proctor work.
    public init(layout: TrailLayout, settings: TrailsSettings = TrailsSettings()) {
        precondition(
            !layout.circles.isEmpty && layout.circles.enumerated().allSatisfy { $0.element.order == $0.offset + 1 },
            "TrailsProctor needs circles numbered 1, 2, … (TrailLayoutValidator checks a layout)")
        self.layout = layout
        self.settings = settings
        centres = layout.circles.map(\.centre)
        let radius = TrailLayout.circleRadiusCentimetres
        reachRadiusCentimetres = radius + settings.touchToleranceMillimetres / 10
        wrongRadiusCentimetres = radius - settings.wrongCircleInsetMillimetres / 10
        reachSquared = reachRadiusCentimetres * reachRadiusCentimetres
        // A negative radius (an inset beyond the radius) leaves no wrong circle: nothing is an error.
        wrongSquared = wrongRadiusCentimetres < 0 ? -1 : wrongRadiusCentimetres * wrongRadiusCentimetres
    }

    /// The earliest armed timer's deadline, for drivers that keep a single timer.
    ///
    /// Read per sample (by `penMoved` and by drivers), so it compares in place rather than build an array.
    public var nextDeadline: EventTime? {
        Self.earlier(Self.earlier(dwellDeadline, promptDeadline), Self.earlier(discontinueDeadline, finishDeadline))
    }

    /// The earlier of two deadlines, either of which may be unarmed.
    @inline(__always)
    private static func earlier(_ first: EventTime?, _ second: EventTime?) -> EventTime? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }

    /// How many circles were reached in order ("Begin" included).
    public var circlesConnected: Int { arrivals.count }

    /// The last correct circle; nil before "Begin" is reached.
    public var lastCorrectCircle: TrailCircle? {
        arrivals.isEmpty ? nil : layout.circles[arrivals.count - 1]
    }

    /// The circle due next; nil once End is reached.
    public var expectedCircle: TrailCircle? {
        arrivals.count < layout.circles.count ? layout.circles[arrivals.count] : nil
    }

    /// How the part ended; nil while it runs.
    public var outcome: TrailsOutcome? {
        switch state {
        case .finished: .finished
        case .discontinued: .discontinued
        case .notStarted, .inProgress, .correcting: nil
        }
    }

    /// The part's completion time, from "Ready, go" to End; nil unless it finished.
    public var completionTime: EventDuration? {
        guard state == .finished, let startTime, let endTime else { return nil }
        return endTime.duration(since: startTime)
    }

    // MARK: Inputs

    /// The part's instructions ended ("Ready, go"): its time starts, with its time limit and the prompt delay.
    ///
    /// - Precondition: the part has not started.
    public mutating func start(at time: EventTime) -> [TrailsAction] {
        precondition(state == .notStarted, "TrailsProctor.start called twice")
        state = .inProgress
        startTime = time
        let limit = time.advanced(by: settings.discontinueAfter(layout.part))
        let prompt = time.advanced(by: settings.promptDelay)
        discontinueDeadline = limit
        promptDeadline = prompt
        return [.armTimer(.discontinue, deadline: limit), .armTimer(.prompt, deadline: prompt)]
    }

    /// The pen touched down at `point`: the returned actions hold one `acceptStroke` or `refuseStroke`.
    ///
    /// - Precondition: no stroke is under way (`penUp` ended the previous one).
    public mutating func penDown(_ point: FormPosition, at time: EventTime) -> [TrailsAction] {
        precondition(pen == .up, "penDown called while a stroke is under way; call penUp first")
        var actions = timersDue(by: time)
        switch state {
        case .notStarted:
            pen = .ignoring
            actions.append(.refuseStroke(.notStarted))
            return actions
        case .finished, .discontinued:
            pen = .ignoring
            actions.append(.refuseStroke(.partOver))
            return actions
        case .inProgress, .correcting:
            break
        }
        pen = .drawing
        actions.append(.acceptStroke)
        if promptDeadline != nil {
            promptDeadline = nil
            actions.append(.cancelTimer(.prompt))
        }
        return actions + sample(point, at: time)
    }

    /// The pen moved to `point` while down.
    public mutating func penMoved(_ point: FormPosition, at time: EventTime) -> [TrailsAction] {
        var actions: [TrailsAction] = []
        if let deadline = nextDeadline, deadline <= time { actions = timersDue(by: time) }
        guard pen == .drawing else { return actions }
        if actions.isEmpty { return sample(point, at: time) }
        return actions + sample(point, at: time)
    }

    /// The pen lifted at `point` (its last position in contact), or the driver ended the stroke.
    public mutating func penUp(_ point: FormPosition, at time: EventTime) -> [TrailsAction] {
        var actions = timersDue(by: time)
        guard pen == .drawing else {
            pen = .up
            return actions
        }
        actions += sample(point, at: time)
        pen = .up
        guard state == .inProgress else { return actions }
        if wrongCircle != nil { return actions + error(at: time, byLift: true) }
        let deadline = time.advanced(by: settings.promptDelay)
        promptDeadline = deadline
        actions.append(.armTimer(.prompt, deadline: deadline))
        return actions
    }

    /// The operator pressed the key that moves on: after End, the next part starts now rather
    /// than after the finish timeout. Before End it does nothing here (skipping is the driver's).
    public mutating func operatorContinued(at time: EventTime) -> [TrailsAction] {
        var actions = timersDue(by: time)
        guard state == .finished, !isComplete else { return actions }
        if finishDeadline != nil {
            finishDeadline = nil
            actions.append(.cancelTimer(.finish))
        }
        isComplete = true
        actions.append(.finish(at: time))
        return actions
    }

    /// The driver's clock reached `time`: handles every armed timer due by then, earliest first.
    ///
    /// Calls for timers already cancelled, or before any deadline, return no actions.
    public mutating func timerFired(at time: EventTime) -> [TrailsAction] {
        timersDue(by: time)
    }

    /// The operator resumed a part paused for `paused`: every armed timer goes on from where it
    /// stopped, `paused` later than it was due (the pause itself is the driver's).
    public mutating func postponeTimers(by paused: EventDuration) {
        dwellDeadline = dwellDeadline?.advanced(by: paused)
        promptDeadline = promptDeadline?.advanced(by: paused)
        discontinueDeadline = discontinueDeadline?.advanced(by: paused)
        finishDeadline = finishDeadline?.advanced(by: paused)
    }

    // MARK: Rules

    /// Every timer due by `time`, earliest first, each decided at its own deadline.
    private mutating func timersDue(by time: EventTime) -> [TrailsAction] {
        var actions: [TrailsAction] = []
        while let deadline = nextDeadline, deadline <= time {
            if deadline == dwellDeadline {
                dwellDeadline = nil
                if state == .inProgress, wrongCircle != nil { actions += error(at: deadline, byLift: false) }
            } else if deadline == promptDeadline {
                promptDeadline = nil
                if state == .inProgress, pen != .drawing {
                    let prompt = TrailsPrompt(
                        time: deadline, from: arrivals.last?.circle, to: min(arrivals.count + 1, layout.circles.count))
                    prompts.append(prompt)
                    actions.append(.prompt(prompt))
                }
            } else if deadline == discontinueDeadline {
                discontinueDeadline = nil
                if state == .inProgress || state == .correcting { actions += discontinue(at: deadline) }
            } else {
                finishDeadline = nil
                if state == .finished, !isComplete {
                    isComplete = true
                    actions.append(.finish(at: deadline))
                }
            }
        }
        return actions
    }

    /// A sample of the pen in contact at `point`.
    @inline(__always)
    private mutating func sample(_ point: FormPosition, at time: EventTime) -> [TrailsAction] {
        switch state {
        case .inProgress: return inProgressSample(point, at: time)
        case .correcting: return correctingSample(point, at: time)
        case .notStarted, .finished, .discontinued: return []
        }
    }

    /// The squared distance from `point` to the centre of the circle at `index`.
    @inline(__always)
    private func squaredDistance(_ point: FormPosition, toCircle index: Int) -> Double {
        let centre = centres[index]
        let dx = point.xCentimetres - centre.xCentimetres
        let dy = point.yCentimetres - centre.yCentimetres
        return dx * dx + dy * dy
    }

    /// A sample while the part runs: the circle due reached, or a wrong circle entered or left.
    @inline(__always)
    private mutating func inProgressSample(_ point: FormPosition, at time: EventTime) -> [TrailsAction] {
        let due = arrivals.count
        if squaredDistance(point, toCircle: due) <= reachSquared {
            var actions: [TrailsAction] = []
            if dwellDeadline != nil {
                dwellDeadline = nil
                actions.append(.cancelTimer(.errorDwell))
            }
            wrongCircle = nil
            return actions + reach(due, at: time)
        }
        var inside: Int?
        var index = due + 1
        while index < centres.count {
            if squaredDistance(point, toCircle: index) <= wrongSquared {
                inside = index
                break
            }
            index += 1
        }
        if inside == wrongCircle { return [] }
        var actions: [TrailsAction] = []
        if dwellDeadline != nil {
            dwellDeadline = nil
            actions.append(.cancelTimer(.errorDwell))
        }
        wrongCircle = inside
        guard inside != nil else { return actions }
        let deadline = time.advanced(by: settings.errorDwell)
        if deadline <= time { return actions + error(at: time, byLift: false) }
        dwellDeadline = deadline
        actions.append(.armTimer(.errorDwell, deadline: deadline))
        return actions
    }

    /// A sample during a correction: it ends when the pen reaches the correction's target.
    @inline(__always)
    private mutating func correctingSample(_ point: FormPosition, at time: EventTime) -> [TrailsAction] {
        guard let correction = corrections.last else {
            fatalError("Internal inconsistency: correcting without a correction")
        }
        let target = correction.target - 1
        guard squaredDistance(point, toCircle: target) <= reachSquared else { return [] }
        corrections[corrections.count - 1].end = time
        state = .inProgress
        var actions: [TrailsAction] = [.endCorrection(at: time)]
        // Before "Begin" was reached the correction sends the pen to it: reaching it connects it.
        if target == arrivals.count { actions += reach(target, at: time) }
        return actions
    }

    /// The circle at `index`, the one due, is reached; End finishes the part.
    private mutating func reach(_ index: Int, at time: EventTime) -> [TrailsAction] {
        let arrival = TrailsArrival(circle: index + 1, time: time)
        arrivals.append(arrival)
        guard index == layout.circles.count - 1 else { return [.reachedCircle(arrival)] }
        state = .finished
        endTime = time
        var actions: [TrailsAction] = [.reachedCircle(arrival), .reachedEnd(at: time)]
        actions += cancelPartTimers()
        let deadline = time.advanced(by: settings.finishTimeout)
        finishDeadline = deadline
        actions.append(.armTimer(.finish, deadline: deadline))
        return actions
    }

    /// An error in the wrong circle the pen is in: record it and begin the correction.
    private mutating func error(at time: EventTime, byLift: Bool) -> [TrailsAction] {
        guard let wrong = wrongCircle else { fatalError("Internal inconsistency: an error outside a wrong circle") }
        wrongCircle = nil
        var actions = cancelErrorTimers()
        let due = arrivals.count
        let circles = layout.circles
        let errorClass: TrailsErrorClass =
            layout.part.alternates && circles[wrong].kind != circles[due].kind ? .shift : .sequence
        let last = arrivals.last?.circle
        let error = TrailsError(
            time: time, wrongCircle: wrong + 1, expectedCircle: due + 1, lastCorrectCircle: last,
            errorClass: errorClass,
            byLift: byLift)
        let correction = TrailsCorrection(error: error, target: last ?? 1, end: nil)
        errors.append(error)
        corrections.append(correction)
        state = .correcting
        actions.append(.correct(correction))
        return actions
    }

    /// The time limit ran out: end the stroke under way and the part.
    private mutating func discontinue(at time: EventTime) -> [TrailsAction] {
        var actions: [TrailsAction] = []
        if pen == .drawing {
            pen = .ignoring
            actions.append(.endStroke(at: time))
        }
        wrongCircle = nil
        actions += cancelPartTimers()
        state = .discontinued
        endTime = time
        isComplete = true
        actions.append(.discontinue(at: time, circlesConnected: arrivals.count))
        return actions
    }

    /// Disarms the timers that run only during the part (dwell, prompt, time limit).
    private mutating func cancelPartTimers() -> [TrailsAction] {
        var actions = cancelErrorTimers()
        if discontinueDeadline != nil {
            discontinueDeadline = nil
            actions.append(.cancelTimer(.discontinue))
        }
        return actions
    }

    /// Disarms the timers an error ends (and the part's end, with its time limit): the wrong circle's dwell, the
    /// prompt.
    private mutating func cancelErrorTimers() -> [TrailsAction] {
        var actions: [TrailsAction] = []
        if dwellDeadline != nil {
            dwellDeadline = nil
            actions.append(.cancelTimer(.errorDwell))
        }
        if promptDeadline != nil {
            promptDeadline = nil
            actions.append(.cancelTimer(.prompt))
        }
        return actions
    }
}
