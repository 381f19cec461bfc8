/// Why an ADF results file could not be written.
public enum ADFError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A results file already exists at the destination; results are never overwritten.
    case destinationExists(path: String)
    /// A file system call failed (`operation` names it, `errno` says why).
    case fileSystem(operation: String, path: String, errno: Int32, reason: String)
    /// libxml2 failed while writing the document.
    case xmlWriter(String)
    /// The recorder was called out of order (e.g. a point outside a stroke).
    case outOfOrder(String)
    /// A value cannot be written (e.g. a time that is not a finite number).
    case invalidValue(String)

    /// What went wrong, without the advice: for a caller that knows better what to do next
    /// (e.g. `record`, whose journal still holds the session).
    public var problem: String {
        switch self {
        case .fileSystem(let operation, let path, let code, let reason):
            let what =
                switch code {
                case 28, 122: "the disk is full (\(reason))"
                case 5: "the disk reported an input/output error (\(reason)); it may be failing"
                case 30: "the disk is read-only (\(reason))"
                default: reason
                }
            return "Could not \(operation) \(path): \(what)"
        case .destinationExists(let path):
            // The caller's advice follows (a live session's: recover into another directory).
            return "A results file already exists at \(path)"
        default:
            // Without its full stop, as the caller goes on after it.
            return description.hasSuffix(".") ? String(description.dropLast()) : description
        }
    }

    /// The errno values are Linux's (ENOSPC 28, EDQUOT 122, EIO 5, EROFS 30): this file imports no libc.
    public var description: String {
        switch self {
        case .destinationExists(let path):
            "A results file already exists at \(path); results are never replaced without --force. "
                + "Pass --force to replace it, give another directory with --out, or move the existing file away."
        case .fileSystem(_, let path, let code, _):
            switch code {
            case 28, 122:
                problem + ". No results file was kept under that name; free space on the disk that holds "
                    + "\(Files.directory(of: path)) (or choose another directory), then try again."
            case 5:
                problem + ". No results file was kept under that name; write to another disk, then try again."
            case 30:
                problem + ". Choose a writable directory, then try again."
            default:
                problem + ". Check that the directory exists, is writable and has free space."
            }
        case .xmlWriter(let message):
            message
        case .outOfOrder(let message):
            "ADF recorder called out of order: \(message)."
        case .invalidValue(let message):
            "Cannot write the results file: \(message)."
        }
    }
}
