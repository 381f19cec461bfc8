public import SystemErrors

extension MazeFileError: ExitStatusCarrying {
    /// A malformed maze file is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
