internal import Foundation
public import SystemErrors

extension RecordingError: ExitStatusCarrying {
    /// A recording that cannot be opened is missing input (or permission denied); one that is malformed is bad data.
    public var exitStatus: ExitStatus {
        switch self {
        // A file the system refused to open for its permissions, as its reason says.
        case .cannotOpen(_, let reason), .cannotOpenDescription(_, let reason):
            reason.contains(String(cString: strerror(EACCES))) ? .noPermission : .noInput
        case .descriptionFileMissing: .noInput
        case .readFailed, .writeFailed: .ioError
        case .outputExists, .outputIsDirectory: .cannotCreate
        case .noSuchDevice: .usage
        case .malformedLine, .cutOffLine, .incompleteLastFrame, .outOfRange, .missingDescription, .twoDescriptions,
            .unsupportedVersion, .invalidYAML, .lineTooLong, .yamlTooLarge:
            .dataError
        }
    }
}
