import Foundation
import Recordings
import SystemErrors
public import TestMaterials

extension VisitFolder {
    /// The mazes of the maze test at `position` (from 0): those its journal keeps (the files the
    /// session read, whole), else those of the folder's protocol copy, its paths taken relative to
    /// where the protocol was given (`protocol.source`); nil when neither can be read.
    ///
    /// Results files do not carry their mazes, so whatever measures a maze test against its maze or
    /// draws its outline (the report, the exports) finds them here, as the visit read them.
    public func mazes(ofTestAt position: Int, in manifest: VisitManifest) -> [AdministeredMaze]? {
        guard manifest.tests.indices.contains(position), manifest.tests[position].test == TestKind.maze.rawValue else {
            return nil
        }
        if let journal = manifest.tests[position].journal, let kept = Self.journalMazes(file(journal)) { return kept }
        guard let text = try? String(contentsOfFile: file(manifest.protocol.file), encoding: .utf8),
            let copy = try? VisitProtocol(yaml: text, source: file(manifest.protocol.file)),
            copy.tests.indices.contains(position)
        else { return nil }
        let source = manifest.protocol.source
        let given = source.hasPrefix("/") ? source : FileManager.default.currentDirectoryPath + "/" + source
        switch copy.resolved(against: PathText.folder(of: given)).tests[position].mazes {
        case .battery(let battery): return try? MazeTestMazes.load(maze: nil, battery: battery)
        case .maze(let maze): return try? MazeTestMazes.load(maze: maze, battery: nil)
        case .none: return nil
        }
    }

    /// The mazes a maze test's journal names, read from the copies it keeps (a file it does not keep
    /// is read from its path); nil without a journal or when they cannot be read.
    static func journalMazes(_ path: String) -> [AdministeredMaze]? {
        guard FileManager.default.fileExists(atPath: path), let opening = try? JournalReader(path: path).opening else {
            return nil
        }
        let read = { (file: String, role: JournaledFile.Role) throws -> String in
            if let kept = opening.file(role, path: file) { return String(decoding: kept.content, as: UTF8.self) }
            return try String(contentsOfFile: file, encoding: .utf8)
        }
        switch opening.test {
        case .maze(let file): return try? MazeTestMazes.load(maze: file, battery: nil, read: read)
        case .battery(let file): return try? MazeTestMazes.load(maze: nil, battery: file, read: read)
        case .clock, .sdt, .trails: return nil
        }
    }
}
