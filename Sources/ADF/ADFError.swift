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

    public var description: String {
        switch self {
        case .destinationExists(let path):
            "A results file already exists at \(path) and results are never overwritten; "
                + "choose another output directory or file name, or move the existing file away."
        case .fileSystem(let operation, let path, _, let reason):
            "Could not \(operation) \(path): \(reason). Check that the directory exists, "
                + "is writable and has free space."
        case .xmlWriter(let message):
            message
        case .outOfOrder(let message):
            "ADF recorder called out of order: \(message)."
        case .invalidValue(let message):
            "Cannot write the results file: \(message)."
        }
    }
}
