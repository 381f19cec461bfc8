public import SystemErrors

extension CalibrationError: ExitStatusCarrying {
    /// A profile that cannot be written, an option or a display to choose, a recording without what a calibration
    /// needs.
    public var exitStatus: ExitStatus {
        switch self {
        case .wouldOverwrite, .cannotWrite: .cannotCreate
        case .severalDisplays, .noSuchOutput, .unknownPaper, .sheetDoesNotFit: .usage
        // The checks of options (the command reports them as usage errors before running).
        case .tooFewTargets, .notASpacing, .rulerHalf, .notARulerLength, .notAMeasuredLength, .notAScale: .usage
        case .noDensitySource: .unavailable
        case .noTaps, .noPressureAxis, .noContact, .pressureNeverSent: .dataError
        case .cannotReadEDID: .noInput
        }
    }
}
