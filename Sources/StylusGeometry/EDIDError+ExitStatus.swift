public import SystemErrors

extension EDIDError: ExitStatusCarrying {
    /// A malformed EDID is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
