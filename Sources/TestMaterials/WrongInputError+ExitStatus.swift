public import SystemErrors

extension WrongInputError: ExitStatusCarrying {
    /// An input of the wrong kind is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
