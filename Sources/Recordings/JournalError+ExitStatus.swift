public import SystemErrors

extension JournalError: ExitStatusCarrying {
    /// A journal that cannot be created cannot be created; one that fails part way is an I/O error.
    public var exitStatus: ExitStatus {
        switch self {
        case .cannotCreate: .cannotCreate
        case .writeFailed: .ioError
        }
    }
}
