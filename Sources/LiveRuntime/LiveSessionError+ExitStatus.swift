public import SystemErrors

extension LiveSessionError: ExitStatusCarrying {
    /// A live session's results file that could not be written cannot be created.
    public var exitStatus: ExitStatus {
        .cannotCreate
    }
}
