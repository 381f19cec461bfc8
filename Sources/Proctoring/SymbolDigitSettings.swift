public import StylusInput

/// The settings of the symbol-digit test (assessments.md, "Digital Symbol Digit Test"), with the spec's defaults.
public struct SymbolDigitSettings: Hashable, Sendable {
    /// Interrupt when the patient skips more than one box at a time.
    public var enableSkipDetection: Bool
    /// Interactive instructions before each part.
    public var enableInstructions: Bool
    /// Run two full symbol-digit tests per administration.
    public var enableRepeat: Bool
    /// Replace symbols and digits by alternatives, for publishable figures that keep the real form private.
    public var displayMode: Bool
    /// Remind the patient of the delayed-recall instructions after this long without writing.
    public var delayedRecallWarning: EventDuration

    public init(
        enableSkipDetection: Bool = true,
        enableInstructions: Bool = true,
        enableRepeat: Bool = true,
        displayMode: Bool = false,
        delayedRecallWarning: EventDuration = .milliseconds(20_000)
    ) {
        self.enableSkipDetection = enableSkipDetection
        self.enableInstructions = enableInstructions
        self.enableRepeat = enableRepeat
        self.displayMode = displayMode
        self.delayedRecallWarning = delayedRecallWarning
    }

    /// The steps administered, in order: test, copy and delayed recall, twice with the repeat.
    public var steps: [SymbolDigitStep] {
        let rounds = enableRepeat ? 2 : 1
        return (1...rounds).flatMap { round in SymbolDigitPart.allCases.map { SymbolDigitStep(round: round, part: $0) }
        }
    }
}
