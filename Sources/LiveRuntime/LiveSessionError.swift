public import ADF
internal import Foundation
internal import SystemErrors

/// Why a live session (`record`, `administer`, a visit's test) could not write its results file while the journal holds
/// the session.
public enum LiveSessionError: Error, CustomStringConvertible {
    case resultsNotWritten(ADFError, journal: String)

    public var description: String {
        switch self {
        case .resultsNotWritten(let error, let journal):
            let safe = "\(error.problem). The session is safe in its journal \(journal), which keeps every event read. "
            switch error {
            case .fileSystem(_, let path, let code, _) where code == ENOSPC || code == EDQUOT:
                let directory = PathText.folder(of: path)
                return safe + "Free space on the disk that holds \(directory.isEmpty ? "." : directory), "
                    + "then run `styluskit recover \(journal)`."
            case .fileSystem(_, _, let code, _) where code == EIO:
                return safe + "Copy the journal to another disk, then run `styluskit recover` on the copy."
            case .destinationExists:
                return safe
                    + "Run `styluskit recover \(journal) --out DIR` to write the results file into another directory."
            default:
                return safe + "Run `styluskit recover \(journal)` (with --out DIR to write elsewhere)."
            }
        }
    }
}
