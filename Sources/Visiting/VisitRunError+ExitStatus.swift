public import SystemErrors

extension VisitRunError: ExitStatusCarrying {
    /// A protocol file that cannot be read is missing input; a test that never opened is the visit's outcome.
    public var exitStatus: ExitStatus {
        switch self {
        case .protocolUnreadable: .noInput
        case .testNeverOpened: .failure
        }
    }
}
