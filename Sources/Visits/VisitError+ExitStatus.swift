public import SystemErrors

extension VisitError: ExitStatusCarrying {
    /// A visit folder missing, failing, asked for with the wrong words, or holding a manifest this version cannot read.
    public var exitStatus: ExitStatus {
        switch self {
        case .noVisitFolder: .noInput
        case .fileSystem: .ioError
        // A name that is not a pseudonym, another protocol for a visit under way: what was typed.
        // A visit with nothing left to take: --new-visit is to be asked for.
        case .invalidParticipant, .protocolChanged, .visitOver: .usage
        case .notAManifest, .newerManifest: .dataError
        // A visit folder whose manifest leads out of it, or whose files are not the ones it wrote.
        case .fileOutsideFolder, .changedFile, .noChecksum: .dataError
        // Busy: another process runs the visit; trying again later can work.
        case .visitInUse: .unavailable
        }
    }
}
