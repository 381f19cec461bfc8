public import SystemErrors

extension PatientDataError: ExitStatusCarrying {
    /// A key file too open, missing or in the way; a refused password; malformed or foreign records as bad data.
    public var exitStatus: ExitStatus {
        switch self {
        case .keyFileTooOpen: .noPermission
        case .keyFileMissing: .noInput
        case .keyFileExists: .cannotCreate
        case .keyFileIsDirectory: .usage
        case .wrongPassword, .passwordTooShort, .passwordsDiffer, .iterationsTooFew, .noPatientField, .noStepsToBind:
            .failure
        case .inputEnded: .noInput
        case .fileSystem: .ioError
        case .malformedLine, .controlCharacter, .fieldTooLong, .keyFileMalformed, .unsupportedKeyFileVersion,
            .malformedRecord,
            .unsupportedRecordVersion, .otherClinicianKey, .otherServerKey, .otherResultsFile, .failedIntegrityCheck,
            .serverKeyTooSmall, .unreadableServerKey:
            .dataError
        }
    }
}
