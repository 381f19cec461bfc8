import Foundation
public import LinuxInput
public import Recordings
public import Sessions
public import StylusInput

/// `record`'s loop: poll on the tablet and on SIGINT/SIGTERM, with timeouts for the proctor's
/// timers; the input itself is `LiveSessionInput`'s, as for `administer`.
public struct LiveSessionLoop {
    /// The tablet, followed through unplugs until it is back.
    public let tablet: ReconnectingTablet
    private var input: LiveSessionInput
    /// The `SYN_DROPPED`s of the whole session (every tablet connection).
    public var gaps: Int { input.gaps }
    /// True when SIGTERM ended the test (Ctrl-C only ends a step): a visit stops after such a test.
    public private(set) var terminated = false
    /// How many steps the operator ended with Ctrl-C: the session's "operator moved on".
    public private(set) var stepsEndedByOperator = 0

    public init(tablet: ReconnectingTablet, journal: Journal, driver: any SessionDriver) {
        self.tablet = tablet
        input = LiveSessionInput(source: tablet, journal: journal, driver: driver)
    }

    /// Runs until the test ends; returns the time it ended at. `happened` is told of drops,
    /// unplugs and returns as they happen, `turned` of the time after each turn (for a status line).
    public mutating func run(happened: (LiveSessionInput.Happening) -> Void, turned: (EventTime) -> Void) throws
        -> EventTime
    {
        let signals = SignalPipe.install()
        defer { signals.close() }
        let driver = input.driver
        while true {
            var now = monotonicClockNow()
            // Sleep until the proctor's timer is due, or 100 ms to keep the journal's sync schedule.
            var timeout: Int32 = 100
            if let deadline = driver.nextDeadline {
                let wait = deadline.duration(since: now).microseconds
                timeout = Int32(max(0, min(100_000, wait + 999) / 1_000))
            }
            if !tablet.isPresent { timeout = Int32(ReconnectingTablet.rescanInterval.microseconds / 1_000) }
            // An absent tablet's descriptor is -1, which the wait skips; the signals are taken below.
            _ = try signals.wait(for: tablet, node: tablet.node, timeout: timeout)
            now = monotonicClockNow()
            for happening in try input.turn(now: now) { happened(happening) }
            // A maze test ends by itself, at its last maze's finish timer.
            if driver.isFinished { return now }
            turned(now)
            while let signal = signals.take() {
                let pressed = monotonicClockNow()
                // Ctrl-C ends the step on screen; SIGTERM ends the test.
                if signal == SIGTERM {
                    terminated = true
                    try input.stop(at: pressed)
                } else {
                    try input.moveOn(at: pressed)
                    stepsEndedByOperator += 1
                }
                if driver.isFinished { return pressed }
            }
            try input.journal.syncIfDue(now: now)
        }
    }
}
