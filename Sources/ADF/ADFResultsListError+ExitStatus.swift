public import SystemErrors

extension ADFResultsListError: ExitStatusCarrying {
    /// A folder of results files that is not a folder is missing input.
    public var exitStatus: ExitStatus {
        .noInput
    }
}
