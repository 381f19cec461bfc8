public import SystemErrors

extension SessionSetupError: ExitStatusCarrying {
    /// A setup without its test's materials is StylusKit's own failure.
    public var exitStatus: ExitStatus {
        .failure
    }
}
