public import SystemErrors

extension SessionDriverSetupError: ExitStatusCarrying {
    /// A setup without its test's materials is StylusKit's own failure.
    public var exitStatus: ExitStatus {
        .failure
    }
}
