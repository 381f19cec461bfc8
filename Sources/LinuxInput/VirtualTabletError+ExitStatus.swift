public import SystemErrors

extension VirtualTabletError: ExitStatusCarrying {
    /// The uinput node: not writable, missing, refusing the device, or the device gone while played.
    public var exitStatus: ExitStatus {
        switch self {
        case .permissionDenied: .noPermission
        case .noUinput, .refused: .unavailable
        case .writeFailed: .ioError
        }
    }
}
