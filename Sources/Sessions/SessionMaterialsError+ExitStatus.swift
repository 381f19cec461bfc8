public import SystemErrors

extension SessionMaterialsError: ExitStatusCarrying {
    /// A source file too large to journal, or changed while read, is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
