public import SystemErrors

extension TextFileError: ExitStatusCarrying {
    /// A text input that cannot be read is missing, a folder given for it is a usage error, the wrong kind is bad data.
    public var exitStatus: ExitStatus {
        switch self {
        case .cannotRead: .noInput
        case .isDirectory: .usage
        case .tooLarge, .wrongKind: .dataError
        }
    }
}
