import Foundation
public import LinuxInput
public import LiveRuntime
import PatientWindow
import Proctoring
public import Recordings
public import Sessions
public import StylusInput

/// The session's clock: CLOCK_MONOTONIC, less the time spent capturing screenshots of a fed session
/// (so a capture does not age the proctor's timers).
public final class SessionClock {
    public private(set) var pausedMicroseconds: Int64 = 0

    public init() {}

    public func now() -> EventTime {
        EventTime(microseconds: monotonicClockNow().microseconds - pausedMicroseconds)
    }

    /// Runs `body` with the clock stopped.
    public func paused<T>(_ body: () throws -> T) rethrows -> T {
        let before = monotonicClockNow()
        defer { pausedMicroseconds += monotonicClockNow().microseconds - before.microseconds }
        return try body()
    }
}

/// The administer event loop: pen events in (journal first, then the driver), timers, the
/// operator's keys, the patient's taps, a frame after every change, scripted captures, and the
/// operator's line.
public struct AdministerLoop {
    public enum Outcome {
        case ended(EventTime)
        /// SIGINT or SIGTERM stopped the session: the steps left ended at that instant, none shown.
        case stopped(EventTime, signal: Int32)
        case aborted
    }

    /// How long a first Escape (or Ctrl+Q) waits for the second that confirms it.
    public static let endConfirmation = OperatorConfirmation.window

    let source: any PenEventSource
    let journal: Journal
    let driver: any SessionDriver
    let presenter: SessionPresenter
    let clock: SessionClock
    var screenshots: [(seconds: Double, file: String)]
    let sessionStart: EventTime
    /// A fed session stops its clock while the X server is captured; a live one cannot.
    let pausesForCaptures: Bool
    /// The captures taken, by file.
    public private(set) var taken: [String] = []
    private var input: LiveSessionInput
    /// The `SYN_DROPPED`s of the whole session.
    public var gaps: Int { input.gaps }
    /// Tells the operator something (a line on the terminal).
    let note: (String) -> Void
    /// Shows the operator's line (nil: not shown, as when the terminal is not a TTY).
    let status: ((String) -> Void)?
    /// Takes the keys typed at the operator's terminal, at every turn (nil: none are read).
    let terminalKeys: (() -> Void)?
    private var lastStatus: (text: String, at: EventTime)?
    /// How many steps the operator ended (N, or Escape twice for the steps left): the session's "operator moved on".
    public private(set) var stepsEndedByOperator = 0

    public init(
        source: any PenEventSource, journal: Journal, driver: any SessionDriver, presenter: SessionPresenter,
        clock: SessionClock,
        screenshots: [(seconds: Double, file: String)], sessionStart: EventTime, pausesForCaptures: Bool,
        note: @escaping (String) -> Void, status: ((String) -> Void)? = nil, terminalKeys: (() -> Void)? = nil
    ) {
        self.note = note
        self.status = status
        self.terminalKeys = terminalKeys
        self.source = source
        self.journal = journal
        self.driver = driver
        input = LiveSessionInput(source: source, journal: journal, driver: driver)
        self.presenter = presenter
        self.clock = clock
        self.screenshots = screenshots
        self.sessionStart = sessionStart
        self.pausesForCaptures = pausesForCaptures
    }

    /// How long after a feed's last event (and its last timer) a fed session ends by itself.
    public static let feedLinger = EventDuration.milliseconds(300)

    /// Runs the session until it ends, is stopped by a signal or aborted.
    public mutating func run() throws -> Outcome {
        let signals = SignalPipe.install()
        defer { signals.close() }
        let screen = presenter.screen
        var measuresJournaled = 0
        var quietSince: EventTime?
        var confirmation = OperatorConfirmation()
        var latestPress: EventTime?
        // An operator's press (N, Escape, P, a signal) is stamped at the time the input so far was
        // handled (`LiveSessionInput.handledUpTo`), not at the key poll's clock: an event read in the next
        // turn then falls after the press both here and in `recover`, which orders the journal by
        // time. Never before an earlier press (a continue in the same turn, the pause it resumes).
        func stamp(_ pressed: EventTime) -> EventTime {
            let at =
                [input.handledUpTo, latestPress, driver.operatorPause.pausedSince].compactMap { $0 }.max() ?? pressed
            latestPress = at
            return at
        }
        while true {
            var now = clock.now()
            // Short sleeps: a frame should follow an event within a refresh, and SDL's keys are polled, not waited on.
            var timeout: Int64 = 4_000
            if let deadline = driver.nextDeadline { timeout = min(timeout, deadline.duration(since: now).microseconds) }
            if let due = source.nextDue { timeout = min(timeout, due.duration(since: now).microseconds) }
            if let shot = screenshots.first {
                let at = sessionStart.microseconds + Int64(shot.seconds * 1_000_000)
                timeout = min(timeout, at - now.microseconds)
            }
            var fds = [
                pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0),
                pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, nfds_t(fds.count), Int32(max(0, (timeout + 999) / 1_000)))
            if ready < 0 && errno != EINTR {
                throw LiveInputError.readFailed(node: "pen", reason: String(cString: strerror(errno)))
            }
            now = clock.now()
            let happenings = try input.turn(now: now) {
                // A reading time is journaled as it completes, so `recover` writes it as this session does.
                for measure in presenter.reading.measures.dropFirst(measuresJournaled) {
                    try journal.control(measure.journaled, now: now)
                }
                measuresJournaled = presenter.reading.measures.count
                // A tap was carried out by the driver already; `recover` reads it from this line.
                for tap in presenter.taps {
                    try journal.control(.tap(button: tap.button.rawValue, time: tap.time), now: now)
                }
                presenter.taps.removeAll()
            }
            for happening in happenings {
                switch happening {
                case .dropped(let drop):
                    note(drop.warning)
                case .unplugged:
                    presenter.tabletAway = true
                    note(
                        "The tablet was unplugged; plug it in again to continue (Escape twice ends the test, Ctrl+Q twice aborts)."
                    )
                case .back(let node, let moved):
                    presenter.tabletAway = false
                    note(
                        moved
                            ? "The tablet is back, at \(node); the session continues."
                            : "The tablet is back; the session continues.")
                }
            }
            presenter.refresh()
            // Never before an event the driver handled (speech made late): the driver takes it from
            // its plan, as `recover` does, before the frames stamped after it.
            try planReady(stamp: { due in max(due, input.handledUpTo ?? due) })
            screen.frame(now: clock.now)
            if driver.isFinished { return .ended(now) }

            takeScreenshots(dueBy: now)
            terminalKeys?()
            showStatus(now: now, asked: confirmation.waiting(at: now))
            for command in screen.operatorCommands() {
                let pressed = clock.now()
                switch command {
                case .abort:
                    // A second Ctrl+Q confirms, as Escape's does: one stray key must not abort a patient's test.
                    if confirmation.press(.abort, at: pressed) == .confirmed(.abort) { return .aborted }
                    note(
                        "Press Ctrl+Q again within 5 s to abort the test (no results file; the journal is kept, and a visit can be resumed)."
                    )
                case .end:
                    // A second Escape confirms: one stray key must not end a patient's test.
                    if confirmation.press(.end, at: pressed) == .confirmed(.end) {
                        let at = stamp(pressed)
                        stepsEndedByOperator += try input.endTest(at: at)
                        return .ended(at)
                    }
                    note(
                        "Press Escape again within 5 s to end the test (the steps left end now; the results are written)."
                    )
                case .pause:
                    confirmation.otherKey()
                    let at = stamp(pressed)
                    if driver.operatorPause.isPaused {
                        try input.pressResume(at: at)
                        note("Resumed.")
                    } else {
                        try input.pressPause(at: at)
                        note("Paused: the patient sees a neutral cover and the timers stand still; P resumes.")
                    }
                case .nextPart where driver.operatorPause.isPaused,
                    .repeatInstructions where driver.operatorPause.isPaused:
                    note("The test is paused: P resumes it first.")
                case .nextPart:
                    confirmation.otherKey()
                    let at = stamp(pressed)
                    try input.moveOn(at: at)
                    stepsEndedByOperator += 1
                    note(driver.isFinished ? "Next part: that was the last; the test is over." : "Next part.")
                    if driver.isFinished { return .ended(at) }
                case .repeatInstructions:
                    confirmation.otherKey()
                    presenter.repeatInstructions()
                }
            }
            // SIGINT (Ctrl-C) and SIGTERM stop the session safely, as an operator who presses Ctrl-C
            // means: the steps left end at once, journaled, and the results are written. They never
            // move the patient on to another part.
            if let signal = signals.take() {
                let at = stamp(clock.now())
                try input.stop(at: at)
                return .stopped(at, signal: signal)
            }
            // A feed that is over ends the session once nothing more is due and every capture is taken.
            // A trail making part under way waits only for the pen (its prompt, its time limit): a
            // feed's end is the recording's end there, as in `replay`, not a patient who stopped.
            let waitsOnlyForPen = (driver as? TrailsDriver)?.waitsOnlyForThePen ?? false
            if source.isExhausted && (driver.nextDeadline == nil || waitsOnlyForPen) && screenshots.isEmpty {
                let since = quietSince ?? now
                quietSince = since
                if now.duration(since: since) >= Self.feedLinger {
                    try input.endEverything(at: now)
                    return .ended(now)
                }
            } else {
                quietSince = nil
            }
            try journal.syncIfDue(now: now)
        }
    }

    /// Plans the trail making part on screen's start at its instructions' end ("Ready, go"), once
    /// that is known, and journals it, so `recover` plans the same; `stamp` gives that instant.
    private func planReady(stamp: (EventTime) -> EventTime) throws {
        guard let due = presenter.readyDue, let trails = driver as? TrailsDriver, !driver.operatorPause.isPaused
        else { return }
        presenter.readyPlanned()
        let at = stamp(due.time)
        trails.plan(ready: at, step: due.step)
        try journal.control(.ready(step: due.step, time: at), now: clock.now())
    }

    /// The operator's line, at most once a second unless it changed.
    private mutating func showStatus(now: EventTime, asked: OperatorConfirmation.Key?) {
        guard let status else { return }
        var line = OperatorLine(
            test: presenter.test.name, part: presenter.pageKey,
            elapsed: driver.operatorPause.sessionTime(from: sessionStart, to: now),
            tabletAway: presenter.tabletAway, endAsked: asked == .end, paused: driver.operatorPause.isPaused)
        line.abortAsked = asked == .abort
        let text = line.text
        if let last = lastStatus, last.text == text, now.duration(since: last.at) < EventDuration.milliseconds(1_000) {
            return
        }
        lastStatus = (text, now)
        status(text)
    }

    /// The scripted captures due by `now`.
    private mutating func takeScreenshots(dueBy now: EventTime) {
        while let shot = screenshots.first,
            now.microseconds >= sessionStart.microseconds + Int64(shot.seconds * 1_000_000)
        {
            screenshots.removeFirst()
            let note = self.note
            let capture = { Self.captureScreen(to: shot.file, note: note) }
            if pausesForCaptures { clock.paused(capture) } else { capture() }
            taken.append(shot.file)
        }
    }

    /// After the test ended (the journal complete, the proctor done): frames until the finish
    /// animations are over (about two seconds at most), with the captures due meanwhile or within
    /// `Self.capturesAfterAnimation` after (a fed session's view of the closing page).
    public mutating func playOut() {
        // An operator's end finished the test without a refresh: the closing page starts here.
        presenter.refresh()
        let screen = presenter.screen
        var animationEnded: EventTime?
        while true {
            let now = clock.now()
            screen.frame(now: clock.now)
            takeScreenshots(dueBy: now)
            if screen.isAnimating(at: now) {
                animationEnded = nil
            } else {
                let ended = animationEnded ?? now
                animationEnded = ended
                let waiting =
                    screenshots.first.map {
                        sessionStart.microseconds + Int64($0.seconds * 1_000_000)
                            <= ended.advanced(by: Self.capturesAfterAnimation).microseconds
                    } ?? false
                if !waiting { return }
            }
            usleep(4_000)
        }
    }

    /// How long after the finish animations a capture still waits to be taken.
    public static let capturesAfterAnimation = EventDuration.milliseconds(5_000)

    /// Captures what the X server shows (the whole root window) with xwd: the pixels the patient saw,
    /// not the app's idea of them.
    static func captureScreen(to file: String, note: (String) -> Void) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xwd")
        process.arguments = ["-root", "-silent", "-out", file]
        do {
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { note("warning: xwd could not capture the screen into \(file)") }
        } catch {
            note("warning: cannot run /usr/bin/xwd to capture the screen (\(error)); install x11-apps")
        }
    }
}
