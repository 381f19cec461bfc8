public import Foundation
import Glibc
public import Visits

/// What the list page shows: the visit folders and the loose results files under the served folders.
///
/// The walk never follows a symlink (a link is neither listed nor entered: `ServedFolders.resolve`
/// would refuse it anyway when it leads out), goes at most `depthLimit` folders deep, and does not
/// look inside a visit folder for loose files: its tests are listed with the visit. Given the
/// server's `VisitSummaries`, a visit whose visit.json is unchanged since the last walk is not read
/// again (a list of 10,000 visits would read 10,000 manifests on every request).
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
        /// The list's JSON of the visit, made once when its manifest is read.
        var json = ""

        init(name: String, manifest: VisitManifest?, problem: String? = nil) {
            self.name = name
            self.manifest = manifest
            self.problem = problem
            json = ResultsCatalog.visitJSON(self)
        }
    }

    /// One results file outside any visit folder.
    public struct LooseFile: Sendable {
        public var name: String
        public var modified: Date
    }

    public var visits: [Visit] = []
    public var looseFiles: [LooseFile] = []

    /// Walks every served folder; `summaries` (the server's) spares reading a visit.json unchanged since it was
    /// last read.
    public init(folders: ServedFolders, summaries: VisitSummaries = VisitSummaries()) {
        var seen: [String: VisitSummaries.Entry] = [:]
        for index in folders.folders.indices {
            walk(folders, index: index, real: folders.folders[index].real, depth: 0, summaries: summaries, seen: &seen)
        }
        summaries.keep(seen)
    }

    private mutating func walk(
        _ folders: ServedFolders, index: Int, real: String, depth: Int, summaries: VisitSummaries,
        seen: inout [String: VisitSummaries.Entry]
    ) {
        let manifest = real + "/" + VisitFolder.manifestName
        var facts = Glibc.stat()
        if lstat(manifest, &facts) == 0, facts.st_mode & S_IFMT == S_IFREG {
            let key = VisitSummaries.Key(facts)
            let name = folders.name(folder: index, real: real)
            let visit: Visit
            if let known = summaries.visit(at: real, key: key), known.name == name {
                visit = known
            } else {
                do {
                    visit = Visit(name: name, manifest: try VisitFolder(existing: real).readManifest())
                } catch {
                    visit = Visit(name: name, manifest: nil, problem: error.description)
                }
            }
            seen[real] = VisitSummaries.Entry(key: key, visit: visit)
            visits.append(visit)
            return
        }
        guard depth < Self.depthLimit,
            let entries = try? FileManager.default.contentsOfDirectory(atPath: real)
        else { return }
        for entry in entries.sorted() where !entry.hasPrefix(".") {
            let path = real + "/" + entry
            guard lstat(path, &facts) == 0 else { continue }
            switch facts.st_mode & S_IFMT {
            case S_IFDIR:
                walk(folders, index: index, real: path, depth: depth + 1, summaries: summaries, seen: &seen)
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
        out += visits.map(\.json).joined(separator: ",")
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

/// The visits the list has read, each kept with the facts of its visit.json when read (device, inode, size,
/// modification and change times): a later walk reuses a visit whose visit.json has the same facts, and reads
/// it again otherwise (a visit run rewrites visit.json by a rename: a new inode). Visits no longer found are
/// dropped at the end of each walk. One per server, shared by its requests.
public final class VisitSummaries: @unchecked Sendable {
    /// The facts of a visit.json that say it has not changed.
    struct Key: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var modifiedNanoseconds: Int
        var changed: Int64
        var changedNanoseconds: Int

        init(_ facts: Glibc.stat) {
            device = UInt64(facts.st_dev)
            inode = UInt64(facts.st_ino)
            size = Int64(facts.st_size)
            modified = Int64(facts.st_mtim.tv_sec)
            modifiedNanoseconds = Int(facts.st_mtim.tv_nsec)
            changed = Int64(facts.st_ctim.tv_sec)
            changedNanoseconds = Int(facts.st_ctim.tv_nsec)
        }
    }

    struct Entry {
        var key: Key
        var visit: ResultsCatalog.Visit
    }

    // Guards `entries`: requests walk at once on the server's threads.
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    public init() {}

    /// The visit read from the folder at `real` when its visit.json had the facts `key`, if any.
    func visit(at real: String, key: Key) -> ResultsCatalog.Visit? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[real], entry.key == key else { return nil }
        return entry.visit
    }

    /// Keeps exactly the visits a walk found.
    func keep(_ seen: [String: Entry]) {
        lock.lock()
        defer { lock.unlock() }
        entries = seen
    }

    /// How many visits are kept (the tests check that a walk reuses them).
    public var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }
}
