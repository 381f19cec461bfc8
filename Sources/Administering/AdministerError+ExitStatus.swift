public import SystemErrors

extension AdministerError: ExitStatusCarrying {
    /// No display, or not the one the profile measured: the display the command needs is unavailable.
    public var exitStatus: ExitStatus {
        .unavailable
    }
}
