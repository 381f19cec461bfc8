public import ADF
internal import Foundation
public import LinuxInput
public import Recordings
public import Sessions
public import StylusInput

/// The input half of a live session's loop, the same for `record` and `administer`: what the pen
/// source has is read, journaled before anything else (so a killed process loses nothing read),
/// the session interrupted at each `SYN_DROPPED` and at an unplug or a return, each event handed
/// to the driver, and the driver advanced to the loop's time. The loops around it differ only in
/// how they wait (poll, a window's frames) and in what they tell the operator.
public struct LiveSessionInput {
    /// What the loop should tell the operator about.
    public enum Happening: Equatable {
        /// The kernel dropped events (`SYN_DROPPED`); the source resynchronised.
        case dropped(DroppedEvents)
        /// The tablet was unplugged: the session waits for it.
        case unplugged
        /// The same tablet is back, at `node` (`moved` when at another node than before).
        case back(node: String, moved: Bool)
    }

    public let source: any PenEventSource
    public let journal: Journal
    public let driver: any SessionDriver
    /// The `SYN_DROPPED`s of the whole session (every connection of the tablet).
    public private(set) var gaps = 0
    private var batch: [InputEvent] = []
    private var dropsJournaled = 0
    private var lastTurn: EventTime?
    private var lastEvent: EventTime?

    public init(source: any PenEventSource, journal: Journal, driver: any SessionDriver) {
        self.source = source
        self.journal = journal
        self.driver = driver
    }

    /// One turn at `now`: read, journal, interrupt, process (calling `afterEvent` after each event,
    /// for what the caller journals as the events go: a window's reading times and taps), advance.
    /// Returns what happened, in order, for the operator.
    public mutating func turn(now: EventTime, afterEvent: () throws -> Void = {}) throws -> [Happening] {
        var happenings: [Happening] = []
        batch.removeAll(keepingCapacity: true)
        // Read before timers and signals, so nothing stamped before them is handled after them.
        let status = try source.read(into: &batch, limit: 4096)
        try journal.append(batch, now: now)
        for drop in source.newDrops(after: &dropsJournaled) {
            try journal.control(.gap(droppedAt: drop.droppedAt, resyncEvents: drop.resyncEvents), now: now)
            try driver.interrupt(SessionInterruption(kind: .eventsDropped, time: drop.droppedAt))
            gaps += 1
            happenings.append(.dropped(drop))
        }
        for event in batch {
            try driver.process(event)
            try afterEvent()
        }
        if let tablet = source as? ReconnectingTablet {
            switch tablet.follow(status, now: now) {
            case .unplugged:
                try journal.control(.removed(now), now: now)
                try driver.interrupt(SessionInterruption(kind: .deviceRemoved, time: now))
                happenings.append(.unplugged)
            case .back(let node, let moved):
                try journal.control(.reconnected(now), now: now)
                try driver.interrupt(SessionInterruption(kind: .deviceReconnected, time: now))
                happenings.append(.back(node: node, moved: moved))
            case nil:
                break
            }
        }
        try driver.advance(to: now)
        lastTurn = now
        if let last = batch.last { lastEvent = last.time }
        return happenings
    }

    /// A continue press at `time`: journaled, then pressed. `outcome` says who ended the step on
    /// screen; anyone but the participant is journaled on an `outcome` line just before, so
    /// `recover` writes the same `End`.
    public func pressContinue(at time: EventTime, outcome: StepOutcome = .finished) throws {
        if outcome != .finished { try journal.control(.outcome(outcome.rawValue, time), now: time) }
        try journal.control(.continue(time), now: time)
        try driver.continuePressed(at: time, outcome: outcome)
    }

    /// A pause press at `time`: journaled, then pressed.
    public func pressPause(at time: EventTime) throws {
        try journal.control(.pause(time), now: time)
        try driver.pausePressed(at: time)
    }

    /// A resume press at `time`: journaled, then pressed.
    public func pressResume(at time: EventTime) throws {
        try journal.control(.resume(time), now: time)
        try driver.resumePressed(at: time)
    }

    /// The time everything read so far is handled by: the last turn's, or its last event's if
    /// later (a fed recording hands out what is due when it is read). A press stamped at it comes
    /// after every event read before it and before every event read after it, so `recover`, which
    /// orders a press among the events by time, puts it where the live session did.
    public var handledUpTo: EventTime? { lastTurn.map { max($0, lastEvent ?? $0) } }

    /// The operator moved on (N; `record`: Ctrl-C): the step on screen ends, `moved-on`.
    public func moveOn(at time: EventTime) throws { try pressContinue(at: time, outcome: .movedOn) }

    /// The operator ended the test (Escape twice): the step on screen ends `moved-on`, the steps
    /// after it, never shown, `skipped`; returns how many steps ended.
    @discardableResult
    public func endTest(at time: EventTime) throws -> Int { try endEverything(at: time, outcome: .movedOn) }

    /// A signal stopped the session (SIGINT, SIGTERM): the step on screen ends `stopped`, the
    /// steps after it, never shown, `skipped`.
    public func stop(at time: EventTime) throws { try endEverything(at: time, outcome: .stopped) }

    /// A fed recording is over: every step left ends as the participant's finish, as a recording's end does in replay.
    public func endEverything(at time: EventTime) throws { try endEverything(at: time, outcome: .finished) }

    /// Ends every step left at `time`, one journaled continue press each: the step on screen with
    /// `outcome`, the steps after it (never shown) `skipped`, unless `outcome` is the participant's
    /// finish; returns how many steps ended.
    @discardableResult
    private func endEverything(at time: EventTime, outcome: StepOutcome) throws -> Int {
        var ended = 0
        while !driver.isFinished {
            try pressContinue(at: time, outcome: ended == 0 || outcome == .finished ? outcome : .skipped)
            ended += 1
        }
        return ended
    }
}

extension DroppedEvents {
    /// What a live session prints when the kernel dropped events.
    public var warning: String {
        "warning: the kernel dropped events at \(droppedAt); resynchronised (\(resyncEvents) events)"
    }
}
