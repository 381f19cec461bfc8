public import SystemErrors

extension MonitorChoiceError: ExitStatusCarrying {
    /// The monitor asked for is not there: the display the command needs is unavailable.
    public var exitStatus: ExitStatus {
        .unavailable
    }
}
