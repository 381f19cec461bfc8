public import SystemErrors

extension OutputFileError: ExitStatusCarrying {
    /// A name of another kind is a usage error; a directory in the file's place cannot be replaced by it.
    public var exitStatus: ExitStatus {
        switch self {
        case .wrongExtension: .usage
        case .directory: .cannotCreate
        }
    }
}
