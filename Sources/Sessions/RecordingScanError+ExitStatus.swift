public import SystemErrors

extension RecordingScanError: ExitStatusCarrying {
    /// A recording without the pen is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
