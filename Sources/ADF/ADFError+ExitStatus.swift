internal import Foundation
public import SystemErrors

extension ADFError: ExitStatusCarrying {
    /// A results file missing on opening is missing input; one that cannot be written cannot be created (or is an I/O
    /// error).
    public var exitStatus: ExitStatus {
        switch self {
        case .destinationExists: .cannotCreate
        case .fileSystem(let operation, _, let code, _):
            code == ENOENT && operation.contains("open") ? .noInput : Self.writing(errno: code)
        case .xmlWriter: .ioError
        case .outOfOrder, .invalidValue: .dataError
        }
    }

    /// The status of writing a file that failed with `code`: the file could not be made, or the
    /// disk failed under it.
    private static func writing(errno code: Int32) -> ExitStatus {
        switch code {
        case EACCES, EPERM, EROFS, ENOENT, ENOTDIR, EISDIR, EEXIST: .cannotCreate
        default: .ioError
        }
    }
}
