/// What a database of tablet models knows of a device beyond its own description (on Linux,
/// libwacom's): given to the engine by its caller, so the engine links no device library and a test
/// can say what the database answers.
public protocol DeviceFacts: Sendable {
    /// True when the model with `id` is known to be built into a display (a pen display).
    func isIntegratedInDisplay(_ id: InputID) -> Bool
}

/// No database: a device is only what its description says (no tablet database installed).
public struct NoDeviceFacts: DeviceFacts {
    public init() {}

    /// Never known: only the description's `INPUT_PROP_DIRECT` can say a device is a pen display.
    public func isIntegratedInDisplay(_ id: InputID) -> Bool { false }
}
