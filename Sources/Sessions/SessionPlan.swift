public import ADF
public import Proctoring
public import StylusInput

/// A tap on one of the clock's buttons: the pen touched down on it at `time` (the frame's time).
public struct ButtonTap: Hashable, Sendable {
    /// The button tapped.
    public var button: ClockButton
    /// The touch-down frame's time.
    public var time: EventTime

    public init(button: ClockButton, time: EventTime) {
        self.button = button
        self.time = time
    }
}

/// Why a live session was interrupted: written to the step's `Interruptions` as a `Pause` of this type.
public struct SessionInterruption: Hashable, Sendable {
    public enum Kind: String, Sendable {
        /// The tablet was unplugged (or its node vanished); the pen's samples stop until it is back.
        case deviceRemoved = "device-removed"
        /// The same tablet (vendor, product, name) is back and the session continues.
        case deviceReconnected = "device-reconnected"
        /// The kernel's buffer overflowed (`SYN_DROPPED`): events between this time and the resync are lost.
        case eventsDropped = "events-dropped"
        /// The operator paused the test (`administer`'s P key): nothing is drawn or recorded, the timers stand still.
        case operatorPaused = "operator-paused"
        /// The operator resumed the paused test.
        case operatorResumed = "operator-resumed"
    }

    public var kind: Kind
    /// When it happened, on the session clock (for a drop, the time events were lost from).
    public var time: EventTime

    public init(kind: Kind, time: EventTime) {
        self.kind = kind
        self.time = time
    }
}

/// What a session knows of its future that is not in its pen events: step boundaries (continue
/// presses), the operator's pauses, interruptions and button taps. A replay's come from its split rule, a journal's
/// from its control lines (added as `recover` reads them), a live session's plan is empty.
///
/// It is also the one due-time queue of the three drivers: `nextDue(before:timer:)` merges the
/// plan with the proctor's own timer by the documented tie-break, so a journal replayed gives the
/// live session's file.
public struct SessionPlan: Sendable {
    /// What comes due next.
    public enum Due: Hashable, Sendable {
        case interruption(SessionInterruption)
        /// A continue press, and who ended the step with it (a journal's `outcome` line; a split
        /// rule's boundary is the participant's).
        case boundary(EventTime, outcome: StepOutcome = .finished)
        /// The operator paused the test (a journal's `pause` line).
        case pause(EventTime)
        /// The operator resumed it (a journal's `resume` line).
        case resume(EventTime)
        case timer(EventTime)
    }

    /// A journal's pause or resume press.
    private struct PausePress: Hashable, Sendable {
        var time: EventTime
        var resumes: Bool
    }

    /// A continue press and who pressed it.
    private struct Boundary: Hashable, Sendable {
        var time: EventTime
        var outcome: StepOutcome
    }

    private var boundaries: [Boundary]
    private var interruptions: [SessionInterruption]
    /// A journal's button taps, earliest first: each names the touch-down frame that was a tap.
    private var taps: [ButtonTap]
    /// A journal's pause and resume presses, earliest first.
    private var pauses: [PausePress] = []
    /// The last instant a cut journal holds (a crash stopped its session there): no timer comes
    /// due after it, so a recovered file holds nothing the session did not live to do. Nil (a
    /// whole journal, a replay, a live session): the timers run on, as the live session waited for them.
    public var lastInstant: EventTime?

    public init(boundaries: [EventTime] = [], interruptions: [SessionInterruption] = [], taps: [ButtonTap] = []) {
        self.boundaries = boundaries.sorted().map { Boundary(time: $0, outcome: .finished) }
        // Stable, so two interruptions at one instant keep the journal's order.
        self.interruptions = interruptions.enumerated()
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        self.taps = taps.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(
            \.element)
    }

    /// Adds a journal's control as `recover` reads it, before any frame stamped after it; among
    /// equal times the journal's order is kept.
    public mutating func add(boundary: EventTime, outcome: StepOutcome = .finished) {
        boundaries.insertInTimeOrder(Boundary(time: boundary, outcome: outcome), time: \.time)
    }
    public mutating func add(interruption: SessionInterruption) {
        interruptions.insertInTimeOrder(interruption, time: \.time)
    }
    public mutating func add(tap: ButtonTap) { taps.insertInTimeOrder(tap, time: \.time) }
    public mutating func add(pause time: EventTime) {
        pauses.insertInTimeOrder(PausePress(time: time, resumes: false), time: \.time)
    }
    public mutating func add(resume time: EventTime) {
        pauses.insertInTimeOrder(PausePress(time: time, resumes: true), time: \.time)
    }

    /// Takes what is due before a frame at `time`, given the proctor's armed `timer`, if anything is.
    ///
    /// The tie-break, the same for the three tests:
    /// - a timer due at the frame's own time fires first; a boundary or an interruption only
    ///   strictly before the frame (the split rule may place a boundary on a stroke's last frame,
    ///   which still belongs to the step that ends);
    /// - a journaled interruption goes before a boundary at its instant or later, and before the
    ///   proctor's timer: live, it was recorded when it was read, before the loop fired the timers;
    /// - a boundary goes before a timer due after it; a timer due at the boundary's instant fires
    ///   first (it was due before the press could be handled);
    /// - a pause or resume press is ordered as a boundary is, and goes before a boundary at its
    ///   instant (the driver ignores the timer while paused: it passes none).
    public mutating func nextDue(before time: EventTime, timer: EventTime?) -> Due? {
        let timer = timer.flatMap { $0 <= time && timerMayFire(at: $0) ? $0 : nil }
        let planned = boundaries.first.flatMap { $0.time < time ? $0 : nil }
        let boundary = planned?.time
        let press = pauses.first.flatMap { $0.time < time ? $0 : nil }
        let firstPress = [boundary, press?.time].compactMap { $0 }.min()
        if let interruption = interruptions.first, interruption.time < time,
            firstPress.map({ interruption.time <= $0 }) ?? true
        {
            interruptions.removeFirst()
            return .interruption(interruption)
        }
        if let press, boundary.map({ press.time <= $0 }) ?? true, timer.map({ press.time < $0 }) ?? true {
            pauses.removeFirst()
            return press.resumes ? .resume(press.time) : .pause(press.time)
        }
        if let boundary, timer.map({ boundary < $0 }) ?? true {
            boundaries.removeFirst()
            return .boundary(boundary, outcome: planned?.outcome ?? .finished)
        }
        return timer.map { .timer($0) }
    }

    /// Whether a timer due at `deadline` may fire: always, unless it is past a cut journal's `lastInstant`.
    public func timerMayFire(at deadline: EventTime) -> Bool { lastInstant.map { deadline <= $0 } ?? true }

    /// Takes the taps planned strictly before `time`: taps whose frame never came (a journal cut
    /// inside one) still end their step, at their time.
    public mutating func tapsMissed(before time: EventTime) -> [ButtonTap] {
        var missed: [ButtonTap] = []
        while let tap = taps.first, tap.time < time { missed.append(taps.removeFirst()) }
        return missed
    }

    /// Takes the tap planned at exactly `time`, if any.
    public mutating func tap(at time: EventTime) -> ClockButton? {
        guard let tap = taps.first, tap.time == time else { return nil }
        taps.removeFirst()
        return tap.button
    }
}

extension Array {
    /// Inserts `element` after every element at or before its time: the order the plan's
    /// up-front sort gives, a journal's order kept among equal times.
    mutating func insertInTimeOrder(_ element: Element, time: (Element) -> EventTime) {
        let key = time(element)
        var index = endIndex
        while index > startIndex && time(self[index - 1]) > key { index -= 1 }
        insert(element, at: index)
    }
}
