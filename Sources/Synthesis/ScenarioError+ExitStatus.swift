public import SystemErrors

extension ScenarioError: ExitStatusCarrying {
    /// A scenario that cannot be drawn is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
