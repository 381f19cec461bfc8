public import SystemErrors

extension RecoverError: ExitStatusCarrying {
    /// A file that is not a journal is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
