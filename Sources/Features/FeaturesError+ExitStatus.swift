public import SystemErrors

extension FeaturesError: ExitStatusCarrying {
    /// An input missing or of no kind features takes, a recording without its test, a table that cannot be written:
    /// the statuses of README's table, as every other command ends with them (`features` ended with 1 for all).
    public var exitStatus: ExitStatus {
        switch self {
        case .missing: .noInput
        case .recordingWithoutTest: .usage
        case .notAnInput: .dataError
        case .outputExists, .cannotWrite: .cannotCreate
        }
    }
}
