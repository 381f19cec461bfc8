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

    public init(test: String, part: String?, elapsed: EventDuration, tabletAway: Bool, endAsked: Bool) {
        self.test = test
        self.part = part
        self.elapsed = elapsed
        self.tabletAway = tabletAway
        self.endAsked = endAsked
    }

    /// "clock, part copy, 1:05 | N next part, R repeat instructions, Escape twice ends, Ctrl+Q aborts".
    public var text: String {
        let seconds = max(0, elapsed.microseconds / 1_000_000)
        let clock = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
        var state = "\(test), part \(part ?? "-"), \(clock)"
        if tabletAway { state += ", tablet unplugged" }
        let keys =
            endAsked
            ? "Escape again ends the test"
            : "N next part, R repeat instructions, Escape twice ends, Ctrl+Q aborts"
        return "\(state) | \(keys)"
    }
}
