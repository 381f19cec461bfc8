public import Scoring

/// Why a scores file cannot be read or added to, and what to do.
public enum ScoresFileError: Error, Equatable, CustomStringConvertible {
    /// The path is a symbolic link, a folder, a device or a FIFO.
    case notARegularFile(path: String)
    case tooLarge(path: String, bytes: Int)
    case fileSystem(path: String, reason: String)
    /// The record breaks a rule of double scoring; nothing was written.
    case refused(ScoringRefusal)

    public var description: String {
        switch self {
        case .notARegularFile(let path):
            "\(path) is not a regular file (a link, folder or device): a scores file is the plain file "
                + "\(ScoresFile.name) in the results' folder; move the other thing away"
        case .tooLarge(let path, let bytes):
            "\(path) is \(bytes) bytes, more than a scores file can be (\(ScoresFile.maximumBytes)): it is not one; "
                + "move it away and restore the folder's scores from a backup"
        case .fileSystem(let path, let reason):
            "cannot use \(path): \(reason); check the folder's permissions and free space (nothing else was changed)"
        case .refused(let refusal):
            "not saved: \(refusal)"
        }
    }
}
