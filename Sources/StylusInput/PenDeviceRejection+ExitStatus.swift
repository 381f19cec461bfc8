public import SystemErrors

extension PenDeviceRejection: ExitStatusCarrying {
    /// A device that is not a pen tablet is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
