public import Foundation
import Glibc
public import Visits

/// What the list page shows: the visit folders and the loose results files under the served folders.
///
/// The walk never follows a symlink (a link is neither listed nor entered: `ServedFolders.resolve`
/// would refuse it anyway when it leads out), goes at most `depthLimit` folders deep, and does not
/// look inside a visit folder for loose files: its tests are listed with the visit.
public struct ResultsCatalog: Sendable {
    /// Folders deeper than this under a served folder are not walked.
    public static let depthLimit = 6
    /// The extensions of results files.
    public static let resultsExtensions: Set<String> = ["csk", "msk", "ssk", "tsk"]

    /// One visit folder: its name for requests and its manifest (nil with the reason when unreadable).
    public struct Visit: Sendable {
        public var name: String
        public var manifest: VisitManifest?
        public var problem: String?
    }

    /// One results file outside any visit folder.
    public struct LooseFile: Sendable {
        public var name: String
        public var modified: Date
    }

    public var visits: [Visit] = []
    public var looseFiles: [LooseFile] = []

    /// Walks every served folder.
    public init(folders: ServedFolders) {
        for index in folders.folders.indices {
            walk(folders, index: index, real: folders.folders[index].real, depth: 0)
        }
    }

    private mutating func walk(_ folders: ServedFolders, index: Int, real: String, depth: Int) {
        let manifest = real + "/" + VisitFolder.manifestName
        if ServedFolders.isRegularFile(manifest) {
            let name = folders.name(folder: index, real: real)
            do {
                visits.append(Visit(name: name, manifest: try VisitFolder(existing: real).readManifest()))
            } catch {
                visits.append(Visit(name: name, manifest: nil, problem: error.description))
            }
            return
        }
        guard depth < Self.depthLimit,
            let entries = try? FileManager.default.contentsOfDirectory(atPath: real)
        else { return }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = real + "/" + entry
            var facts = Glibc.stat()
            guard lstat(path, &facts) == 0 else { continue }
            switch facts.st_mode & S_IFMT {
            case S_IFDIR: walk(folders, index: index, real: path, depth: depth + 1)
            case S_IFREG:
                let ext = (entry as NSString).pathExtension.lowercased()
                guard Self.resultsExtensions.contains(ext) else { continue }
                let modified = Date(timeIntervalSince1970: TimeInterval(facts.st_mtim.tv_sec))
                looseFiles.append(LooseFile(name: folders.name(folder: index, real: path), modified: modified))
            default: continue
            }
        }
    }

    /// The list page's JSON: `{"visits": [...], "files": [...]}`.
    public func json() -> String {
        var out = "{\"visits\":["
        out += visits.map(Self.visitJSON).joined(separator: ",")
        out += "],\"files\":["
        out += looseFiles.map {
            "{\"name\":" + InkJSON.quoted($0.name) + ",\"modified\":"
                + InkJSON.quoted(VisitFolder.isoTime($0.modified)) + "}"
        }.joined(separator: ",")
        return out + "]}"
    }

    static func visitJSON(_ visit: Visit) -> String {
        var out = "{\"name\":" + InkJSON.quoted(visit.name)
        guard let manifest = visit.manifest else {
            return out + ",\"problem\":" + InkJSON.quoted(visit.problem ?? "unreadable") + "}"
        }
        out += ",\"participant\":" + InkJSON.quoted(manifest.participant)
        out += ",\"started\":" + InkJSON.quoted(manifest.started)
        if let finished = manifest.finished { out += ",\"finished\":" + InkJSON.quoted(finished) }
        out += ",\"status\":" + InkJSON.quoted(manifest.status.rawValue)
        out +=
            ",\"protocol\":"
            + InkJSON.quoted(manifest.protocol.title.isEmpty ? manifest.protocol.name : manifest.protocol.title)
        var flags: [String] = []
        if manifest.stoppedTests > 0 { flags.append("\(manifest.stoppedTests) stopped") }
        if manifest.tests.contains(where: { $0.status == .incomplete }) { flags.append("incomplete test") }
        if manifest.tests.contains(where: { ($0.instructionsNotSpoken ?? [:]).isEmpty == false }) {
            flags.append("instructions not spoken")
        }
        out += ",\"flags\":[" + flags.map(InkJSON.quoted).joined(separator: ",") + "]"
        out += ",\"tests\":["
        out += manifest.tests.map { test in
            var item = "{\"index\":\(test.index),\"test\":" + InkJSON.quoted(test.test)
            item += ",\"status\":" + InkJSON.quoted(test.status.rawValue)
            if let results = test.results {
                item += ",\"results\":" + InkJSON.quoted(visit.name + "/" + results)
            }
            if let outcome = test.outcome { item += ",\"outcome\":" + InkJSON.quoted(outcome) }
            if let reason = test.skipReason { item += ",\"skipReason\":" + InkJSON.quoted(reason) }
            if let steps = test.steps {
                item +=
                    ",\"steps\":["
                    + steps.map {
                        "{\"step\":" + InkJSON.quoted($0.step) + ",\"outcome\":" + InkJSON.quoted($0.outcome) + "}"
                    }.joined(separator: ",") + "]"
            }
            return item + "}"
        }.joined(separator: ",")
        return out + "]}"
    }
}
