public import SystemErrors

extension DisplayChoiceError: ExitStatusCarrying {
    /// A display profile that is not there: the device the command needs is unavailable.
    public var exitStatus: ExitStatus {
        .unavailable
    }
}
