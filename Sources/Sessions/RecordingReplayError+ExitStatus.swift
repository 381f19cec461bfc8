public import SystemErrors

extension RecordingReplayError: ExitStatusCarrying {
    /// Options a replay cannot use are usage errors; a recording with nothing to replay, or a journal given as a
    /// recording (a file of the wrong kind, as a results file given to replay is), is bad data.
    public var exitStatus: ExitStatus {
        switch self {
        case .mazeSource, .mazeOptions, .trailsOptions, .layoutPath, .startTimeOutOfRange: .usage
        case .empty, .journal: .dataError
        }
    }
}
