public import SystemErrors

extension TrailLayoutError: ExitStatusCarrying {
    /// An invalid trail layout is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
