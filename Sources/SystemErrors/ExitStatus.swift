import Foundation

/// The exit status of every command, with one meaning across all of them (sysexits.h where it
/// has a word for the failure). README's "Exit status" and every command's help list them.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    /// The command ran and its outcome is a refusal or a partial failure that its output names
    /// (a calibration fit refused, some inputs of many failed).
    case failure = 1
    /// `administer` or a visit aborted by the operator: the journal is kept for `recover`; a visit with tests left
    /// resumes.
    case aborted = 3
    /// `administer` or a visit's run stopped by a signal (Ctrl-C, SIGTERM): the test's results are written; a visit
    /// with tests left resumes.
    case stopped = 4
    /// EX_USAGE: the command line is wrong (an unknown command or option, a bad value).
    case usage = 64
    /// EX_DATAERR: an input file is not what it must be (malformed, wrong kind, empty, unusable).
    case dataError = 65
    /// EX_NOINPUT: an input file or device does not exist or cannot be opened.
    case noInput = 66
    /// EX_UNAVAILABLE: a device or service the command needs is not there (no tablet, no display).
    case unavailable = 69
    /// EX_CANTCREAT: an output cannot be created (it exists without --force, its directory cannot be made).
    case cannotCreate = 73
    /// EX_IOERR: reading or writing failed part way (a full disk, a failing disk, an unplugged tablet).
    case ioError = 74
    /// EX_NOPERM: permission denied (a device node, a key file too open).
    case noPermission = 77

    /// The lines every command's help ends with.
    public static let help = """
        Exit status: 0 success; 1 a refusal or partial failure the output names; 3 administer or a visit \
        aborted (journal kept); 4 administer or a visit stopped by a signal; 64 usage; 65 bad input data; 66 missing input; 69 device unavailable; \
        73 cannot create output; 74 I/O error; 77 permission denied.
        """

    /// The status of a command that failed with `error`: the one the error carries, the one of README's
    /// table for Foundation's file errors (a missing file, a refused one, one that cannot be written), and
    /// `failure` for an error that says nothing of its status.
    public init(_ error: any Error) {
        if let error = error as? any ExitStatusCarrying {
            self = error.exitStatus
        } else if let error = error as? CocoaError, let status = Self.status(of: error.code) {
            self = status
        } else {
            self = .failure
        }
    }

    /// The status of one of Foundation's file errors; nil for one that says nothing of its kind.
    private static func status(of code: CocoaError.Code) -> ExitStatus? {
        switch code {
        case .fileReadNoSuchFile, .fileNoSuchFile: .noInput
        case .fileReadNoPermission: .noPermission
        case .fileWriteFileExists, .fileWriteNoPermission, .fileWriteVolumeReadOnly, .fileWriteInvalidFileName:
            .cannotCreate
        case .fileWriteOutOfSpace: .ioError
        case .fileReadCorruptFile, .fileReadInapplicableStringEncoding, .fileReadTooLarge: .dataError
        default: nil
        }
    }
}

/// An error that knows the exit status a command failing with it ends with.
///
/// Each library's errors adopt it in the library itself (`RecordingError+ExitStatus.swift`, ...), so
/// the command line asks the error and needs to know no library to classify it (issue 29).
public protocol ExitStatusCarrying: Error {
    /// The status a command that failed with this error exits with (README's "Exit status").
    var exitStatus: ExitStatus { get }
}
