public import SystemErrors

extension LiveInputError: ExitStatusCarrying {
    /// A tablet node: permission denied, missing, not a pen tablet, unavailable, or failing while read.
    public var exitStatus: ExitStatus {
        switch self {
        case .permissionDenied: .noPermission
        case .cannotOpen: .noInput
        case .notAPenTablet, .notAnEventNode: .dataError
        case .cannotGrab, .noTablet, .severalTablets: .unavailable
        case .readFailed: .ioError
        }
    }
}
