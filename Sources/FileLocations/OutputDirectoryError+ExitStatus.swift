public import SystemErrors

extension OutputDirectoryError: ExitStatusCarrying {
    /// An output folder that cannot be made: the output cannot be created.
    public var exitStatus: ExitStatus {
        .cannotCreate
    }
}
