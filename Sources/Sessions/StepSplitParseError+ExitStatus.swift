public import Proctoring
public import SystemErrors

extension StepSplitRule.ParseError: ExitStatusCarrying {
    /// `--step-split`'s value is not a rule: a usage error.
    public var exitStatus: ExitStatus { .usage }
}

extension SymbolDigitStepSplit.ParseError: ExitStatusCarrying {
    /// `--step-split`'s value is not a rule for the symbol-digit test: a usage error.
    public var exitStatus: ExitStatus { .usage }
}
