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
    /// A first Ctrl+Q waits for the second.
    public var abortAsked = false

    /// `elapsed` is the time on the operator's clock: since the form was first shown, paused time left out.
    public init(
        test: String, part: String?, elapsed: EventDuration, tabletAway: Bool, endAsked: Bool, paused: Bool = false
    ) {
        self.test = test
        self.part = part
        self.elapsed = elapsed
        self.tabletAway = tabletAway
        self.endAsked = endAsked
        self.paused = paused
    }

    /// "clock, part copy, 1:05 | N next part, R repeat instructions, P pause, Escape twice ends, Ctrl+Q twice aborts".
    public var text: String {
        let seconds = max(0, elapsed.microseconds / 1_000_000)
        let clock = "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
        var state = "\(test), part \(part ?? "-"), \(clock)"
        if tabletAway { state += ", tablet unplugged" }
        if paused { state += ", PAUSED" }
        let keys =
            abortAsked
            ? "Ctrl+Q again aborts (the journal is kept)"
            : endAsked
                ? "Escape again ends the test"
                : paused
                    ? "P resumes, Escape twice ends, Ctrl+Q twice aborts"
                    : "N next part, R repeat instructions, P pause, Escape twice ends, Ctrl+Q twice aborts"
        return "\(state) | \(keys)"
    }
}

/// The operator's two keys that end something for good, Escape (the test) and Ctrl+Q (the visit,
/// or `administer`'s session), each asked for twice within `window`: one stray key must not end a
/// patient's test. Pure: the loop gives each press's time and acts on the answer.
public struct OperatorConfirmation: Sendable {
    /// A key that needs a second press.
    public enum Key: Hashable, Sendable {
        /// Escape: ends the test (the steps left end now; the results are written).
        case end
        /// Ctrl+Q: aborts (no results file; the journal is kept, the visit resumable).
        case abort
    }

    /// What a press means.
    public enum Answer: Hashable, Sendable {
        /// The first press: the operator is told to press it again within `window`.
        case ask(Key)
        /// The second press within `window`: do it.
        case confirmed(Key)
    }

    /// How long a first press waits for the second.
    public static let window = EventDuration.milliseconds(5_000)

    /// The key pressed once and waiting for its second press, and when.
    public private(set) var asked: (key: Key, at: EventTime)?

    public init() {}

    /// `key` pressed at `time`.
    public mutating func press(_ key: Key, at time: EventTime) -> Answer {
        if let asked, asked.key == key, time.duration(since: asked.at) <= Self.window {
            self.asked = nil
            return .confirmed(key)
        }
        asked = (key, time)
        return .ask(key)
    }

    /// Any other key: a first press no longer waits.
    public mutating func otherKey() { asked = nil }

    /// The key waiting for its second press at `time`, nil when none is or its window has passed.
    public func waiting(at time: EventTime) -> Key? {
        guard let asked, time.duration(since: asked.at) <= Self.window else { return nil }
        return asked.key
    }
}
