import ADF
import Calibration
import Exports
import FormPrinting
import Foundation
import LinuxInput
import PatientData
import Proctoring
import Recordings
import Rendering
import Sessions
import StylusGeometry
import StylusInput
import VisitReport
import Visits
import Synthesis
import Visiting
import Visits

/// The exit status of every command, with one meaning across all of them (sysexits.h where it
/// has a word for the failure). README's "Exit status" and every command's help list them.
public enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    /// The command ran and its outcome is a refusal or a partial failure that its output names
    /// (a calibration fit refused, some inputs of many failed).
    case failure = 1
    /// `administer` or a visit aborted by the operator: the journal is kept for `recover`; a visit with tests left resumes.
    case aborted = 3
    /// A visit's run stopped by a signal (Ctrl-C, SIGTERM): the test's results are written; a visit with tests left resumes.
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
        aborted (journal kept); 4 a visit stopped by a signal; 64 usage; 65 bad input data; 66 missing input; 69 device unavailable; \
        73 cannot create output; 74 I/O error; 77 permission denied.
        """

    /// The status of a command that failed with `error`, one of the libraries' errors (the patient
    /// window's are the command's to classify: this module does not link SDL).
    public init(_ error: any Error) {
        switch error {
        case let error as RecordingError: self = Self.recording(error)
        case let error as ADFError:
            switch error {
            case .destinationExists: self = .cannotCreate
            case .fileSystem(let operation, _, let code, _):
                self = code == ENOENT && operation.contains("open") ? .noInput : Self.writing(errno: code)
            case .xmlWriter: self = .ioError
            case .outOfOrder, .invalidValue: self = .dataError
            }
        case let error as LiveInputError:
            switch error {
            case .permissionDenied: self = .noPermission
            case .cannotOpen: self = .noInput
            case .notAPenTablet, .notAnEventNode: self = .dataError
            case .cannotGrab, .noTablet, .severalTablets: self = .unavailable
            case .readFailed: self = .ioError
            }
        case let error as PatientDataError:
            switch error {
            case .keyFileTooOpen: self = .noPermission
            case .keyFileMissing: self = .noInput
            case .keyFileExists: self = .cannotCreate
            case .keyFileIsDirectory: self = .usage
            case .wrongPassword, .passwordTooShort, .passwordsDiffer, .iterationsTooFew, .noPatientField, .noStepsToBind: self = .failure
            case .inputEnded: self = .noInput
            case .fileSystem: self = .ioError
            default: self = .dataError
            }
        case let error as CalibrationError:
            switch error {
            case .wouldOverwrite, .cannotWrite: self = .cannotCreate
            case .severalDisplays, .noSuchOutput, .unknownPaper, .sheetDoesNotFit: self = .usage
            // The checks of options (the command reports them as usage errors before running).
            case .tooFewTargets, .notASpacing, .rulerHalf, .notARulerLength, .notAMeasuredLength, .notAScale: self = .usage
            case .noDensitySource: self = .unavailable
            case .noTaps, .noPressureAxis, .noContact: self = .dataError
            case .cannotReadEDID: self = .noInput
            }
        case let error as TextFileError:
            switch error {
            case .cannotRead: self = .noInput
            case .isDirectory: self = .usage
            case .tooLarge, .wrongKind: self = .dataError
            }
        case is OutputDirectoryError, is LiveSessionError: self = .cannotCreate
        case let error as JournalError:
            if case .cannotCreate = error { self = .cannotCreate } else { self = .ioError }
        case let error as PrintError:
            if case .cannotWrite = error { self = .cannotCreate } else { self = .dataError }
        case let error as RecordingReplayError:
            switch error {
            case .mazeSource, .mazeOptions, .startTimeOutOfRange, .journal: self = .usage
            case .empty: self = .dataError
            }
        case let error as RenderError:
            switch error {
            case .unknownOutputFormat, .nothingToWrite, .stepOutOfRange, .needsTest: self = .usage
            case .noSteps: self = .dataError
            case .outputExists, .cannotCreate: self = .cannotCreate
            }
        case let error as ReportError:
            switch error {
            case .missingResults, .cannotReadRanges: self = .noInput
            case .noResultsNamed, .unreadableResults, .invalidResults, .badRanges, .noRanges: self = .dataError
            case .outputExists: self = .cannotCreate
            }
        case let error as VisitError:
            switch error {
            case .noVisitFolder: self = .noInput
            case .fileSystem: self = .ioError
            // A name that is not a pseudonym, another protocol for a visit under way: what was typed.
            // A visit with nothing left to take: --new-visit is to be asked for.
            case .invalidParticipant, .protocolChanged, .visitOver: self = .usage
            case .notAManifest, .newerManifest: self = .dataError
            }
        case let error as ExportError:
            switch error {
            case .noVisits, .missingResults: self = .noInput
            case .unreadableVisit, .changedResults, .unmeasurable: self = .dataError
            case .invalidName, .duplicateRecord: self = .usage
            case .outputExists, .cannotWrite: self = .cannotCreate
            }
        case is DisplayChoiceError: self = .unavailable
        case is TransformFitError: self = .failure
        case is PenDeviceRejection: self = .dataError
        case is ADFResultsListError: self = .noInput
        case is MazeFileError, is SettingsError, is EDIDError, is ProfileError, is NormalizationError, is ScenarioError,
            is RecordingScanError, is RecoverError, is WrongInputError, is CalibrationLookupError, is SessionSourceError:
            self = .dataError
        case is VisitProtocolError: self = .dataError
        case let error as VisitRunError:
            if case .protocolUnreadable = error { self = .noInput } else { self = .failure }
        case let error as CocoaError where error.code == .fileReadNoSuchFile: self = .noInput
        default: self = .failure
        }
    }

    private static func recording(_ error: RecordingError) -> ExitStatus {
        switch error {
        case .cannotOpen(_, let reason), .cannotOpenDescription(_, let reason):
            reason.contains(String(cString: strerror(EACCES))) ? .noPermission : .noInput
        case .descriptionFileMissing: .noInput
        case .readFailed: .ioError
        case .writeFailed: .ioError
        case .outputExists, .outputIsDirectory: .cannotCreate
        case .noSuchDevice: .usage
        case .malformedLine, .cutOffLine, .incompleteLastFrame, .outOfRange, .missingDescription, .twoDescriptions,
            .unsupportedVersion, .invalidYAML, .lineTooLong, .yamlTooLarge:
            .dataError
        }
    }

    /// The status of writing a file that failed with `code`.
    private static func writing(errno code: Int32) -> ExitStatus {
        switch code {
        case EACCES, EPERM, EROFS, ENOENT, ENOTDIR, EISDIR, EEXIST: .cannotCreate
        default: .ioError
        }
    }
}

/// A failure as standard error shows it: `Error: MESSAGE`, or under `--json` one line
/// `{"error":MESSAGE,"exitStatus":N}` (docs/json/error.md).
public struct ErrorReport: Encodable, Sendable {
    public var error: String
    public var exitStatus: Int32

    public init(message: String, status: ExitStatus) {
        error = message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message
        exitStatus = status.rawValue
    }

    /// The line for a person.
    public var text: String { "Error: \(error)" }

    /// The line for a script: compact, sorted keys.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}
