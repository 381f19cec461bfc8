public import SystemErrors

extension TrailLayoutFileError: ExitStatusCarrying {
    /// A malformed layout file is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
