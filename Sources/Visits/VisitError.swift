import SystemErrors

/// What stops a visit's folder or manifest being used, and what to do about it.
public enum VisitError: Error, Equatable, CustomStringConvertible {
    case invalidParticipant(String)
    case notAManifest(file: String, detail: String)
    case newerManifest(file: String, schema: Int)
    case protocolChanged(folder: String)
    case fileSystem(path: String, reason: String)
    case noVisitFolder(String)
    /// The participant's latest visit has nothing left to take: a rerun asks for --new-visit rather than begin one
    /// silently.
    case visitOver(folder: String, status: String)
    /// A file name in visit.json that leads out of the folder: a path, `.`, `..` or a symbolic link.
    case fileOutsideFolder(folder: String, name: String)
    /// A file whose SHA-256 is not the one visit.json recorded for it.
    case changedFile(folder: String, name: String)
    /// A finished test's file for which visit.json records no SHA-256.
    case noChecksum(folder: String, name: String)
    /// Another process runs the visit in the folder (holds its lock).
    case visitInUse(folder: String)

    public var description: String {
        switch self {
        case .invalidParticipant(let id):
            return
                "'\(id)' is not a participant id: give the study's pseudonym, 1 to 64 letters, digits, '-', '_' or '.', "
                + "not starting with '.' (never a name)."
        case .notAManifest(let file, let detail):
            return
                "\(file) is not a visit manifest (\(detail)); a visit folder's visit.json is written by `styluskit visit`."
        case .newerManifest(let file, let schema):
            return
                "\(file) is a visit manifest of schema \(schema), newer than this StylusKit reads (\(VisitManifest.schemaVersion)); "
                + "use a newer StylusKit."
        case .protocolChanged(let folder):
            return
                "The visit in \(folder) was begun with a different protocol file (its copy there differs from the one given); "
                + "give the same protocol to resume it, or --new-visit to begin a new visit."
        case .fileSystem(let path, let reason):
            return
                "Cannot write \(path): \(reason). Check the folder's permissions and free space; the visit's files so far are kept."
        case .noVisitFolder(let path):
            return
                "\(path) is not a visit folder (it has no visit.json); give a folder `styluskit visit` made, OUT/<participant>/<time>."
        case .visitOver(let folder, let status):
            return
                "The participant's latest visit, \(folder), is \(status) with no test left to take, so there is nothing to resume; "
                + "give --new-visit to begin another visit (`styluskit results \(folder)` shows what it holds)."
        case .fileOutsideFolder(let folder, let name):
            return
                "\(folder)/visit.json names the file '\(VisibleText.shown(name))', which is not a file of the visit folder "
                + "(a path, '..', a symbolic link or a special file), so it is not read: it could be another participant's. "
                + "Restore the visit's own visit.json and files."
        case .changedFile(let folder, let name):
            return
                "\(folder): \(VisibleText.shown(name)) is not the file the visit wrote (its SHA-256 differs from "
                + "visit.json's), so it is not used. Restore the visit's own file."
        case .visitInUse(let folder):
            return
                "Another styluskit is running the visit in \(folder) (a second visit or resume of this participant); "
                + "only one may, so this one did not start. Let the other end (or end it), then resume."
        case .noChecksum(let folder, let name):
            return
                "\(folder): visit.json records no SHA-256 for \(VisibleText.shown(name)), so the file cannot be told from "
                + "another and is not used. Restore the visit's own visit.json."
        }
    }
}
