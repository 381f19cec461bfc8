public import StylusInput

/// The operator's line: the test and the part on screen, the time since the form was first shown,
/// and the keys. Shown on the operator's terminal when it is a TTY, never in the patient's window
/// (a pen display is the patient's screen).
public struct OperatorLine: Hashable, Sendable {
    public var test: String
    public var part: String?
    public var elapsed: EventDuration
    public var tabletAway: Bool
    /// A first Escape waits for the second.
    public var endAsked: Bool
    /// The operator paused the test (P): the time stands still until P resumes it.
    public var paused: Bool

    /// `elapsed` is the time on the operator's clock: since the form was first shown, paused time left out.
    public init(test: String, part: String?, elapsed: EventDuration, tabletAway: Bool, endAsked: Bool, paused: Bool = false) {
        self.test = test
        self.part = part
        self.elapsed = elapsed
        self.tabletAway = tabletAway
        self.endAsked = endAsked
        self.paused = paused
    }

    /// "clock, part copy, 1:05 | N next part, R repeat instructions, P pause, Escape twice ends, Ctrl+Q aborts".
    public var text: String {
        let seconds = max(0, elapsed.microseconds / 1_000_000)
        let clock = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
        var state = "\(test), part \(part ?? "-"), \(clock)"
        if tabletAway { state += ", tablet unplugged" }
        if paused { state += ", PAUSED" }
        let keys =
            endAsked
            ? "Escape again ends the test"
            : paused
                ? "P resumes, Escape twice ends, Ctrl+Q aborts"
                : "N next part, R repeat instructions, P pause, Escape twice ends, Ctrl+Q aborts"
        return "\(state) | \(keys)"
    }
}
