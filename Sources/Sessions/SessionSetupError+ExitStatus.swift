public import SystemErrors

extension SessionSetupError: ExitStatusCarrying {
    /// A test this build cannot run is a feature it lacks.
    public var exitStatus: ExitStatus {
        .unavailable
    }
}
