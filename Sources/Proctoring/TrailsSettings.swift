public import StylusInput

/// The settings of the trail making test (trails.md, "Proctoring rules"), with the spec's defaults.
///
/// Lengths are on the form in millimetres: the circles are printed and shown at physical size, so
/// the tolerances are too, whatever the display's density.
public struct TrailsSettings: Hashable, Sendable {
    /// How far outside its edge the pen may be and still reach the expected circle, in millimetres.
    public var touchToleranceMillimetres: Double
    /// How far inside a wrong circle's edge the pen must be for it to count as in it, in millimetres.
    public var wrongCircleInsetMillimetres: Double
    /// How long the pen may stay in a wrong circle before it is an error.
    public var errorDwell: EventDuration
    /// Time without ink before the window repeats "Keep going", once.
    public var promptDelay: EventDuration
    /// Part A's time limit: it is discontinued when not finished by then.
    public var discontinueAfterA: EventDuration
    /// Part B's time limit.
    public var discontinueAfterB: EventDuration
    /// Each sample's time limit.
    public var discontinueAfterSample: EventDuration
    /// Delay after reaching End before the next part starts (the operator's key starts it sooner).
    public var finishTimeout: EventDuration

    public init(
        touchToleranceMillimetres: Double = 1.5,
        wrongCircleInsetMillimetres: Double = 1,
        errorDwell: EventDuration = .milliseconds(200),
        promptDelay: EventDuration = .milliseconds(10_000),
        discontinueAfterA: EventDuration = .milliseconds(150_000),
        discontinueAfterB: EventDuration = .milliseconds(300_000),
        discontinueAfterSample: EventDuration = .milliseconds(60_000),
        finishTimeout: EventDuration = .milliseconds(1_000)
    ) {
        self.touchToleranceMillimetres = touchToleranceMillimetres
        self.wrongCircleInsetMillimetres = wrongCircleInsetMillimetres
        self.errorDwell = errorDwell
        self.promptDelay = promptDelay
        self.discontinueAfterA = discontinueAfterA
        self.discontinueAfterB = discontinueAfterB
        self.discontinueAfterSample = discontinueAfterSample
        self.finishTimeout = finishTimeout
    }

    /// The time limit of `part`.
    public func discontinueAfter(_ part: TrailPart) -> EventDuration {
        switch part {
        case .sampleA, .sampleB: discontinueAfterSample
        case .partA: discontinueAfterA
        case .partB: discontinueAfterB
        }
    }
}

extension TrailsSettings {
    /// The keys settings files use, in the order of the spec's rules.
    public static let keys: [String] = [
        "touch-tolerance", "wrong-circle-inset", "error-dwell", "prompt-delay", "discontinue-after-a",
        "discontinue-after-b", "discontinue-after-sample", "finish-timeout",
    ]

    /// What a value of the setting `key` looks like, for error messages; nil for an unknown key.
    static func expectedValue(forKey key: String) -> String? {
        switch key {
        case "touch-tolerance", "wrong-circle-inset":
            "a length on the form in millimetres under 5 mm (a circle's radius), such as '1.5 mm'"
        case "error-dwell", "prompt-delay", "discontinue-after-a", "discontinue-after-b", "discontinue-after-sample",
            "finish-timeout":
            "a duration in seconds or milliseconds, such as '0.2 s' or '200 ms'"
        default: nil
        }
    }

    /// Sets the option named `key` from its written value; returns false when the value does not parse.
    ///
    /// - Precondition: `key` is one of `TrailsSettings.keys`.
    mutating func set(key: String, value: String) -> Bool {
        let written = SettingValue(value)
        // A length beyond a circle's radius would reach or enter every circle: not a tolerance.
        let underRadius = written.number(units: ["mm"], unitRequired: true).flatMap { $0 < 5 ? $0 : nil }
        return switch key {
        case "touch-tolerance": set(\.touchToleranceMillimetres, to: underRadius)
        case "wrong-circle-inset": set(\.wrongCircleInsetMillimetres, to: underRadius)
        case "error-dwell": set(\.errorDwell, to: written.duration)
        case "prompt-delay": set(\.promptDelay, to: written.duration)
        case "discontinue-after-a": set(\.discontinueAfterA, to: written.duration)
        case "discontinue-after-b": set(\.discontinueAfterB, to: written.duration)
        case "discontinue-after-sample": set(\.discontinueAfterSample, to: written.duration)
        case "finish-timeout": set(\.finishTimeout, to: written.duration)
        default: preconditionFailure("unknown trails setting \(key)")
        }
    }
}
