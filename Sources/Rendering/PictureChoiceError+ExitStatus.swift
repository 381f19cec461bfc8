public import SystemErrors

extension PictureChoiceError: ExitStatusCarrying {
    /// Every choice of picture is an option's value; a document with nothing to draw is bad input data.
    public var exitStatus: ExitStatus {
        switch self {
        case .nothingToWrite: .dataError
        case .severalNeedDirectory, .unknownFormat, .dotsPerInchOutOfRange, .framesPerSecondOutOfRange,
            .speedNotPositive, .mazeAndBattery:
            .usage
        }
    }
}
