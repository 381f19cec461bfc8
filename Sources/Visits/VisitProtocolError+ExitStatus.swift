public import SystemErrors

extension VisitProtocolError: ExitStatusCarrying {
    /// A malformed protocol file is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
