public import SystemErrors

extension ReportError: ExitStatusCarrying {
    /// A visit's results file or ranges file missing or unreadable; a report that exists without --force.
    public var exitStatus: ExitStatus {
        switch self {
        case .missingResults, .cannotReadRanges: .noInput
        case .noResultsNamed, .unreadableResults, .invalidResults, .badRanges, .noRanges: .dataError
        case .outputExists: .cannotCreate
        }
    }
}
