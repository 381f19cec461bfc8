public import SystemErrors

extension TransformFitError: ExitStatusCarrying {
    /// A fit refused is the command's outcome, which its output names.
    public var exitStatus: ExitStatus {
        .failure
    }
}
