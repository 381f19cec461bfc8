public import SystemErrors

extension RecordingReplayError: ExitStatusCarrying {
    /// Options a replay cannot use are usage errors; a recording with nothing to replay is bad data.
    public var exitStatus: ExitStatus {
        switch self {
        case .mazeSource, .mazeOptions, .trailsOptions, .layoutPath, .startTimeOutOfRange, .journal: .usage
        case .empty: .dataError
        }
    }
}
