public import SystemErrors

extension ResultsScoringError: ExitStatusCarrying {
    /// Not a results file: bad input data; unreadable: missing input; a system that does not fit: the command line.
    public var exitStatus: ExitStatus {
        switch self {
        case .notAResultsFile: .dataError
        case .unreadable: .noInput
        case .wrongSystem, .noSystem: .usage
        }
    }
}
