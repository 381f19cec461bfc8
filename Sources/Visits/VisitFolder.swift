import Crypto
public import Foundation
import Recordings
import SystemErrors
import TestMaterials

/// A visit's folder, `OUT/<participant>/<UTC start>/`, and the manifest in it (docs/visit.md).
public struct VisitFolder: Hashable, Sendable {
    /// The manifest's name in the folder.
    public static let manifestName = "visit.json"
    /// The protocol copy's name in the folder.
    public static let protocolName = "protocol.yaml"

    public let path: String

    /// The visit folder at `path`, which must hold a manifest.
    public init(existing path: String) throws(VisitError) {
        guard FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(Self.manifestName))
        else {
            throw .noVisitFolder(path)
        }
        self.path = path
    }

    init(path: String) {
        self.path = path
    }

    /// The path of `name` in the folder.
    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }

    /// Refuses a file name from visit.json that does not stay in the folder: one that is not a plain name (a
    /// `/`, `.`, `..`, empty), or that is a symbolic link or a special file (a FIFO, a device). The folder is a trust
    /// boundary (issue 34, item 3): a
    /// manifest edited, copied or swapped must never make a reader use another participant's file.
    public func checkMember(_ name: String) throws(VisitError) {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
            throw .fileOutsideFolder(folder: path, name: name)
        }
        // A symbolic link may lead anywhere; a FIFO or a device would hang or feed its reader.
        var info = stat()
        if lstat(file(name), &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            throw .fileOutsideFolder(folder: path, name: name)
        }
    }

    /// The path of the results file of `entry`, a test that ended, once it is checked: inside the folder
    /// (`checkMember`) and with the SHA-256 visit.json recorded for it (a null one is refused). Every
    /// reader of a visit's results (report, export) reads them through this.
    public func checkedResults(_ name: String, of entry: VisitManifest.Test) throws(VisitError) -> String {
        try checkMember(name)
        guard let expected = entry.sha256?.results else { throw .noChecksum(folder: path, name: name) }
        guard try Self.sha256(file: file(name)) == expected else { throw .changedFile(folder: path, name: name) }
        return file(name)
    }

    /// Checks that `id` is a participant id safe as a folder name and free of personal details' usual shapes.
    public static func check(participant id: String) throws(VisitError) {
        let allowed = id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
        guard (1...64).contains(id.count), allowed, !id.hasPrefix(".") else { throw .invalidParticipant(id) }
    }

    /// Makes a new visit folder for `participant` under `root`, named after `started` (UTC).
    public static func create(root: String, participant: String, started: Date) throws(VisitError) -> VisitFolder {
        let folder = try planned(root: root, participant: participant, started: started)
        try folder.make()
        return folder
    }

    /// The folder a visit of `participant` begun at `started` gets under `root`, not made yet (`make`).
    public static func planned(root: String, participant: String, started: Date) throws(VisitError) -> VisitFolder {
        try check(participant: participant)
        let base = ((root as NSString).appendingPathComponent(participant) as NSString).appendingPathComponent(
            stamp(started))
        var path = base
        var suffix = 1
        // Two visits begun in the same second (a test suite, a double start) get their own folders.
        while FileManager.default.fileExists(atPath: path) {
            suffix += 1
            path = base + "-\(suffix)"
        }
        return VisitFolder(path: path)
    }

    /// Makes a new visit folder for `participant` under `root`, named after `started` (UTC), and locks it
    /// (`lock`): made with mkdir(2), which fails when the folder exists, so two visits begun in the same
    /// second (two processes) each get their own folder; a planned name taken in between is passed over.
    public static func makeNew(root: String, participant: String, started: Date) throws(VisitError)
        -> (VisitFolder, VisitFolderLock)
    {
        while true {
            let folder = try planned(root: root, participant: participant, started: started)
            let parent = PathText.folder(of: folder.path)
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw .fileSystem(path: parent, reason: SystemErrorText.reason(error))
            }
            if mkdir(folder.path, 0o777) == 0 {
                // A rerun removing the participant's killed starts may take the empty folder before it is locked.
                guard let lock = try? folder.lock() else {
                    if FileManager.default.fileExists(atPath: folder.path) { return (folder, try folder.lock()) }
                    continue
                }
                return (folder, lock)
            }
            guard errno == EEXIST else {
                throw .fileSystem(path: folder.path, reason: SystemErrorText.reason(errno: errno))
            }
        }
    }

    /// Locks the folder for this process's run of the visit (an flock(2) on the folder itself, so no file is
    /// added to it): a second visit, resume or rerun of the same visit is refused while the lock is held
    /// (`VisitError.visitInUse`), and the lock goes with the process, however it ends.
    public func lock() throws(VisitError) -> VisitFolderLock {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .fileSystem(path: path, reason: SystemErrorText.reason(errno: errno)) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { throw .visitInUse(folder: path) }
            throw .fileSystem(path: path, reason: SystemErrorText.reason(errno: code))
        }
        return VisitFolderLock(descriptor: descriptor)
    }

    /// Makes the folder (and its parents).
    public func make() throws(VisitError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem(path: path, reason: SystemErrorText.reason(error))
        }
    }

    /// The participant's latest visit under `root` (by folder name, its UTC start), with its manifest; nil when there
    /// is none.
    ///
    /// Whether a rerun resumes it is `VisitLifeCycle.rerun`'s to say.
    public static func latest(root: String, participant: String) throws(VisitError) -> (VisitFolder, VisitManifest)? {
        try check(participant: participant)
        let folder = (root as NSString).appendingPathComponent(participant)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted().reversed() {
            // A folder without visit.json is a start that never opened a journal: not a visit.
            guard let visit = try? VisitFolder(existing: (folder as NSString).appendingPathComponent(name)) else {
                continue
            }
            return (visit, try visit.readManifest())
        }
        return nil
    }

    /// Removes the folder of a visit that never started, and the participant's folder if that leaves it empty:
    /// only empty folders are removed, so nothing written is lost.
    public func removeIfEmpty() {
        for folder in [path, PathText.folder(of: path)] {
            guard (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true else { return }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// Every visit folder at or under `directory`, sorted by path.
    public static func all(under directory: String) -> [VisitFolder] {
        if let visit = try? VisitFolder(existing: directory) { return [visit] }
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [VisitFolder] = []
        while let relative = walker.nextObject() as? String {
            guard (relative as NSString).lastPathComponent == manifestName else { continue }
            found.append(
                VisitFolder(
                    path: (directory as NSString).appendingPathComponent(
                        PathText.folder(of: relative))))
        }
        return found.sorted { $0.path < $1.path }
    }

    /// Reads the folder's manifest.
    public func readManifest() throws(VisitError) -> VisitManifest {
        let name = file(Self.manifestName)
        let data: Data
        do {
            // A FIFO or a huge file in the manifest's place is refused before it is read.
            let attributes = try FileManager.default.attributesOfItem(atPath: name)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw VisitError.notAManifest(file: name, detail: "it is not a regular file")
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            guard size <= VisitManifest.maximumBytes else {
                throw VisitError.notAManifest(
                    file: name, detail: "it is \(size) bytes; a manifest is at most \(VisitManifest.maximumBytes)")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: name))
        } catch let error as VisitError {
            throw error
        } catch {
            throw .notAManifest(file: name, detail: SystemErrorText.reason(error))
        }
        let manifest = try VisitManifest(data: data, source: name)
        try checkMember(manifest.protocol.file)
        for test in manifest.tests {
            for member in [test.journal, test.results].compactMap({ $0 }) { try checkMember(member) }
        }
        return manifest
    }

    /// Writes the manifest so that a crash at any moment leaves either the old or the new one whole:
    /// a temporary file in the folder, flushed to the disk, renamed over the old.
    public func write(_ manifest: VisitManifest) throws(VisitError) {
        let destination = file(Self.manifestName)
        let data: Data
        do {
            data = try manifest.jsonData()
        } catch {
            throw .fileSystem(path: destination, reason: "the manifest could not be encoded (\(error))")
        }
        try Self.writeDurably(data, to: destination)
    }

    /// Copies the protocol file into the folder as `protocol.yaml`; returns the copy's SHA-256.
    public func copyProtocol(bytes: Data) throws(VisitError) -> String {
        try Self.writeDurably(bytes, to: file(Self.protocolName))
        return Self.sha256(bytes)
    }

    /// The SHA-256 of the file at `path`, lowercase hex.
    public static func sha256(file path: String) throws(VisitError) -> String {
        do {
            return sha256(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .fileSystem(path: path, reason: SystemErrorText.reason(error))
        }
    }

    /// The SHA-256 of `data`, lowercase hex.
    public static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
    }

    /// The folder name of a visit begun at `date`: `20261125T093012Z`, as journals and results files name their time.
    public static func stamp(_ date: Date) -> String { FileNameTime.utc(date) }

    /// A manifest's time: `2026-11-25T09:30:12Z`.
    public static func isoTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// Writes `data` as `destination` whole (`WholeFile`): a temporary file in the same folder, synced, renamed
    /// over it, the folder synced, so a kill or a crash leaves the old file or the new one whole. The temporary
    /// files a killed run left in the folder are removed first: the recordings' atomic output, used before,
    /// left a `.visit.json.tmp-PID-0` for ever when killed between its creation and its rename (issue 34 item 8).
    private static func writeDurably(_ data: Data, to destination: String) throws(VisitError) {
        do {
            try WholeFile.write(data, to: destination, permissions: 0o644)
        } catch {
            throw .fileSystem(path: destination, reason: error.reason)
        }
    }
}

/// A visit folder locked by this process (`VisitFolder.lock`); the lock is let go when this is freed.
public final class VisitFolderLock: @unchecked Sendable {
    private let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
