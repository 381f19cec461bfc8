public import SystemErrors

extension ExportError: ExitStatusCarrying {
    /// Visits missing or unreadable, names that cannot be fields or records, an export that cannot be written.
    public var exitStatus: ExitStatus {
        switch self {
        case .noVisits, .missingResults: .noInput
        case .unreadableVisit, .changedResults, .unmeasurable: .dataError
        case .invalidName, .duplicateRecord: .usage
        case .outputExists, .cannotWrite: .cannotCreate
        }
    }
}
