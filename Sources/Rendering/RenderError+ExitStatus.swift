public import SystemErrors

extension RenderError: ExitStatusCarrying {
    /// Options that ask for what cannot be drawn are usage errors; a picture that cannot be written cannot be created.
    public var exitStatus: ExitStatus {
        switch self {
        case .unknownOutputFormat, .nothingToWrite, .stepOutOfRange, .needsTest: .usage
        case .noSteps: .dataError
        case .outputExists, .cannotCreate: .cannotCreate
        }
    }
}
