import Glibc

/// What the name of a writer's hidden temporary file says: the process that made it and, for most, the file it
/// becomes. The one rule by which `WholeFile`, the ADF writer and a visit folder's resume tell a dead writer's
/// leftovers from anything else (ROBUSTNESS.md, "Outputs"; issue 34, items 1 and 8).
///
/// The writers name them in two ways, and the names stay as they are:
/// - `.styluskit-partial-PID-RANDOM-NAME`: `WholeFile`'s (the process id is the digits after the prefix);
/// - `.NAME.PURPOSE-PID-N`: the ADF writer's spools and document (`points`, `motion`, `writing`) and the
///   recordings' atomic output (`tmp`), PURPOSE in lower-case letters, N a number.
/// Any other name is no temporary file, and no reaper touches it.
public struct TemporaryFileName: Hashable, Sendable {
    /// The process that created the file.
    public let owner: Int32
    /// The name of the file the temporary one becomes (`NAME` in `.NAME.PURPOSE-PID-N`); nil for `WholeFile`'s,
    /// whose readers never ask.
    public let destination: String?

    /// The name `name` (a folder entry, no slash) read by the rule above; nil when it is not a temporary file's.
    public init?(_ name: String) {
        if name.hasPrefix(WholeFile.temporaryPrefix) {
            let digits = name.dropFirst(WholeFile.temporaryPrefix.count).prefix { $0.isASCII && $0.isNumber }
            guard let owner = pid_t(digits), owner > 0 else { return nil }
            (self.owner, destination) = (owner, nil)
            return
        }
        // Read from the end, since NAME may hold dashes and dots of its own.
        guard name.hasPrefix("."), let lastDash = name.lastIndex(of: "-"),
            UInt(name[name.index(after: lastDash)...]) != nil,
            let ownerDash = name[..<lastDash].lastIndex(of: "-"),
            let owner = pid_t(name[name.index(after: ownerDash)..<lastDash]), owner > 0,
            let dot = name[..<ownerDash].lastIndex(of: "."), dot > name.startIndex
        else { return nil }
        let purpose = name[name.index(after: dot)..<ownerDash]
        guard !purpose.isEmpty, purpose.allSatisfy({ $0 >= "a" && $0 <= "z" }) else { return nil }
        (self.owner, destination) = (owner, String(name[name.index(after: name.startIndex)..<dot]))
    }

    /// True when the process that created the file no longer runs. A process that runs under another user
    /// (kill(2) says EPERM) counts as running; one in another PID namespace cannot be seen this way, which is
    /// why `removeIfAbandoned` asks the file's lock as well.
    public var ownerHasEnded: Bool {
        kill(owner, 0) != 0 && errno == ESRCH
    }

    /// Removes the temporary file at `path` (named as `self` says) when its writer is gone: its process has
    /// ended and nobody holds the file's lock. The ADF writer holds its lock (flock(2)) from the file's creation
    /// until its descriptor closes, and the kernel drops it when the writer is killed, so a lock still held means
    /// a live writer whose process id this process cannot see (another PID namespace sharing the folder, e.g. a
    /// container); the other writers lock nothing, and theirs go by the process id alone. A symbolic link, a
    /// folder or a file that cannot be opened is left alone. Returns true when the file was removed.
    @discardableResult
    public func removeIfAbandoned(at path: String) -> Bool {
        guard ownerHasEnded else { return false }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // Unlinked while holding the lock, so a writer cannot take it in between.
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0 && unlink(path) == 0
    }
}
