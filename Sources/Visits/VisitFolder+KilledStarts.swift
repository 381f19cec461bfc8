import Foundation
import SystemErrors

#if canImport(Glibc)
    import Glibc
#endif

/// What a run killed while a test was starting leaves in a visit folder (issue 34 item 8).
///
/// A test's journal is created, with the session's description, just before visit.json names it, and the
/// manifest is written before the first pen event. A SIGKILL in between leaves a journal that no manifest
/// names and that holds nothing the participant did; for a visit's first test, a folder without visit.json
/// around it. The visit goes on without them (the test is still `pending`, so it is administered), and these
/// remove them, as a session that fails before its first event removes its own journal: otherwise `results`
/// lists the journal as one to recover, and the participant's folder holds a visit folder that is not one.
extension VisitFolder {
    /// The journals in the folder that `named` (the manifest's names) leaves out and that hold no pen event:
    /// a start killed before visit.json named its journal. A journal with an event, unreadable, larger than
    /// `killedStartLimit` or not a regular file is never among them.
    public func journalsOfKilledStarts(besides named: Set<String>) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(".evemu") && !named.contains($0) && Self.journalHoldsNoEvent(file($0)) }
            .sorted()
    }

    /// Removes the journals `journalsOfKilledStarts` finds, and the hidden temporary files of writers that no
    /// longer run (a results file's spools, a manifest's temporary copy: a kill between their creation and their
    /// removal or rename left them, under a name no later writer reaps); returns the journals' names, for the
    /// operator's note. A temporary file whose lock is still held is kept although its process id is gone: a writer
    /// in another PID namespace sharing the folder (SystemErrors' `TemporaryFileName`, the rule every reaper
    /// shares, reads the names and asks the lock).
    public func removeJournalsOfKilledStarts(besides named: Set<String>) -> [String] {
        let found = journalsOfKilledStarts(besides: named)
        for name in found { unlink(file(name)) }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names {
            TemporaryFileName(name)?.removeIfAbandoned(at: file(name))
        }
        return found
    }

    /// The most a journal without events can take: its header, and the settings, profiles, maze and layouts it
    /// keeps whole. One larger is left alone, not read.
    static let killedStartLimit = 4 << 20

    /// Removes the participant's folders under `root` that a visit killed before its first visit.json left:
    /// no manifest, nobody holding the folder's lock (a run starting now holds it from its mkdir on), and
    /// nothing in it but journals without events, the protocol's copy and hidden temporary files. A folder
    /// holding anything else is left as it is. Returns the folders removed.
    public static func removeKilledStarts(root: String, participant: String) -> [String] {
        let parent = (root as NSString).appendingPathComponent(participant)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        var removed: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let folder = VisitFolder(path: (parent as NSString).appendingPathComponent(name))
            var info = stat()
            guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
                !FileManager.default.fileExists(atPath: folder.file(manifestName)),
                let lock = try? folder.lock()
            else { continue }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            let journals = Set(folder.journalsOfKilledStarts(besides: []))
            let leftOver = contents.allSatisfy { $0.hasPrefix(".") || $0 == protocolName || journals.contains($0) }
            guard leftOver else { continue }
            for entry in contents { unlink(folder.file(entry)) }
            if rmdir(folder.path) == 0 { removed.append(folder.path) }
            _ = lock
        }
        return removed
    }

    /// True when the journal at `path` is a regular file of at most `killedStartLimit` bytes with no event line
    /// (`E:`): its session's description alone.
    public static func journalHoldsNoEvent(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= killedStartLimit,
            let data = FileManager.default.contents(atPath: path)
        else { return false }
        let lines = data.split(separator: UInt8(ascii: "\n"))
        return !lines.contains { $0.starts(with: Array("E:".utf8)) }
    }
}
