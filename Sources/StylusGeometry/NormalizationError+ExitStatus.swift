public import SystemErrors

extension NormalizationError: ExitStatusCarrying {
    /// A device or form the normaliser cannot use is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
