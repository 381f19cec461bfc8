internal import Foundation
internal import SystemErrors
import Visits

/// Where an input stands in a visit folder (docs/visit.md): whose visit, which visit, which test.
public struct VisitPlace: Sendable, Hashable {
    /// The participant id, as visit.json has it.
    public var participant: String
    /// The visit folder's name: the visit's UTC start, `20261125T093012Z` (the exports' `visit_folder`).
    public var visit: String
    /// The test's `index` in visit.json, from 1.
    public var test: Int
}

/// What a visit folder's manifest says of the files in it.
enum VisitPlaces {
    /// The manifest of the visit folder that holds `path`; nil when its folder is no visit or
    /// the manifest cannot be read (the file is then measured as a file on its own).
    static func manifest(holding path: String) -> (folder: VisitFolder, manifest: VisitManifest)? {
        let directory = PathText.folder(of: path)
        guard let folder = try? VisitFolder(existing: directory.isEmpty ? "." : directory),
            let manifest = try? folder.readManifest()
        else { return nil }
        return (folder, manifest)
    }

    /// The place of the file at `path`: the test whose results file or journal it is.
    static func place(of path: String) -> VisitPlace? {
        guard let (folder, manifest) = manifest(holding: path) else { return nil }
        let name = (path as NSString).lastPathComponent
        guard let entry = manifest.tests.first(where: { $0.results == name || $0.journal == name }) else { return nil }
        return VisitPlace(
            participant: manifest.participant, visit: (folder.path as NSString).lastPathComponent, test: entry.index)
    }

    /// Whether the file at `path` is a test's journal whose results file is in the folder: the
    /// test is measured once, from its results file.
    static func isJournalOfMeasuredTest(_ path: String) -> Bool {
        guard let (folder, manifest) = manifest(holding: path) else { return false }
        let name = (path as NSString).lastPathComponent
        guard let entry = manifest.tests.first(where: { $0.journal == name }), let results = entry.results,
            results != name
        else {
            return false
        }
        return FileManager.default.fileExists(atPath: folder.file(results))
    }
}
