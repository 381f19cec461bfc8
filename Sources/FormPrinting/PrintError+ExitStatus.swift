public import SystemErrors

extension PrintError: ExitStatusCarrying {
    /// A page file that cannot be written cannot be created; a document with nothing to print is bad data.
    public var exitStatus: ExitStatus {
        switch self {
        case .cannotWrite: .cannotCreate
        case .cannotRead, .noPages, .emptyPage: .dataError
        }
    }
}
