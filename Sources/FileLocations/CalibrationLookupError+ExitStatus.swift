public import SystemErrors

extension CalibrationLookupError: ExitStatusCarrying {
    /// A profile that does not match the device is bad input data.
    public var exitStatus: ExitStatus {
        .dataError
    }
}
