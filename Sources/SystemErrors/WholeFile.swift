public import Foundation
import Glibc

/// Why an output file could not be put in place: the system's own reason (`SystemErrorText`), for the module
/// whose output it is to put into a message that says what to do.
public struct WholeFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that was to be written.
    public let path: String
    /// The system's reason ("No space left on device").
    public let reason: String

    public var description: String { "Cannot write \(path): \(reason)." }
}

/// Output files written whole or not at all (ROBUSTNESS.md, "Outputs"; issue 34, item 1).
///
/// The bytes go to a temporary file in the destination's own folder (so the rename cannot cross file
/// systems), which is flushed to the disk, renamed over the destination and followed by a flush of
/// the folder, so a kill, a power cut or a full disk leaves either the old file or the new one, never
/// a mix. Foundation's `.atomic` option is not used: it does not flush, and a killed process leaves its
/// `.dat.nosync*` file behind for ever. Ours are named `.styluskit-partial-PID-…`, so the next write
/// into that folder removes the ones whose process no longer runs.
public enum WholeFile {
    /// How every temporary file begins, hidden from `ls` and from the readers that list a folder.
    public static let temporaryPrefix = ".styluskit-partial-"

    /// A new temporary path for `path`, in its folder, naming this process.
    public static func temporaryPath(for path: String) -> String {
        let folder = PathText.folder(of: path)
        let name =
            "\(temporaryPrefix)\(getpid())-\(UInt32.random(in: 0...UInt32.max))-"
            + (path as NSString).lastPathComponent
        return folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }

    /// Writes `data` to `path` whole: to a temporary file beside it, flushed, then renamed over it, the
    /// folder flushed too. `permissions` are those of a new file (the umask applies).
    ///
    /// - Throws: `WholeFileError` when a step fails (a full disk, a read-only folder); the old file at
    ///   `path` is then untouched and the temporary file removed.
    public static func write(_ data: Data, to path: String, permissions: UInt32 = 0o666) throws(WholeFileError) {
        try writeSet([(data, path)], permissions: permissions)
    }

    /// Writes `data` to `path` whole, as `write` does, unless a file is there by then: the finished file is
    /// linked to its name with link(2), which fails when the name exists, so of two writers started together
    /// without `--force` one is refused (returns false) and neither table silently replaces the other.
    ///
    /// - Returns: false, with nothing changed, when `path` exists.
    public static func writeNew(_ data: Data, to path: String, permissions: UInt32 = 0o666) throws(WholeFileError)
        -> Bool
    {
        reapTemporaryFiles(in: PathText.folder(of: path))
        let temporary = try writeTemporary(data, for: path, permissions: permissions)
        defer { unlink(temporary) }
        guard link(temporary, path) == 0 else {
            if errno == EEXIST { return false }
            throw WholeFileError(path: path, reason: SystemErrorText.reason(errno: errno))
        }
        flushFolder(of: path)
        return true
    }

    /// Writes the files of a set (an export's files) so that a failure leaves every old file as it was:
    /// all are written and flushed under temporary names first, and renamed into place only when all are
    /// on the disk. A kill during the renames (microseconds, against the writing's milliseconds) can
    /// still leave a mix; a set that is a folder of its own is replaced as one by `writeFolder`.
    ///
    /// - Throws: `WholeFileError` for the first file that could not be written; no file is then replaced.
    public static func writeSet(_ files: [(Data, String)], permissions: UInt32 = 0o666) throws(WholeFileError) {
        var written: [(temporary: String, path: String)] = []
        for (data, path) in files {
            reapTemporaryFiles(in: PathText.folder(of: path))
            do {
                written.append((try writeTemporary(data, for: path, permissions: permissions), path))
            } catch {
                for file in written { unlink(file.temporary) }
                throw error
            }
        }
        for (index, file) in written.enumerated() {
            do {
                try commit(file.temporary, to: file.path)
            } catch {
                for rest in written[(index + 1)...] { unlink(rest.temporary) }
                throw error
            }
        }
    }

    /// Writes and flushes `data` to a new temporary file for `path`; returns its path.
    private static func writeTemporary(_ data: Data, for path: String, permissions: UInt32) throws(WholeFileError)
        -> String
    {
        let temporary = temporaryPath(for: path)
        if let failure = writeFlushed(data, toNew: temporary, permissions: permissions) {
            throw WholeFileError(path: path, reason: SystemErrorText.reason(errno: failure))
        }
        return temporary
    }

    /// Creates `path` (which must not exist), writes `data` into it and flushes it to the disk; returns the
    /// errno of the step that failed, the file then removed, or nil.
    static func writeFlushed(_ data: Data, toNew path: String, permissions: UInt32) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { return errno }
        var failure = data.withUnsafeBytes { WholeWrite.write($0, to: descriptor) }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == nil { failure = errno }
        if failure != nil { unlink(path) }
        return failure
    }

    /// Renames the flushed `temporary` over `path` and flushes the folder; removes `temporary` when that fails.
    static func commit(_ temporary: String, to path: String) throws(WholeFileError) {
        guard rename(temporary, path) == 0 else {
            let reason = SystemErrorText.reason(errno: errno)
            unlink(temporary)
            throw WholeFileError(path: path, reason: reason)
        }
        flushFolder(of: path)
    }

    /// Flushes the folder holding `path`, so a rename into it survives a power cut. A folder that cannot
    /// be opened or flushed (some file systems refuse fsync on a folder) is left as the system keeps it.
    public static func flushFolder(of path: String) {
        flush(folder: PathText.folder(of: path))
    }

    /// Flushes `folder` itself (its entries), as `flushFolder(of:)` does for a file's folder.
    static func flush(folder: String) {
        let descriptor = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Removes the temporary files in `folder` left by a process that no longer runs (killed while
    /// writing), and its temporary folders (`writeFolder`'s new set, or the old one it replaced) with what
    /// they hold; those of a running process, this one's included, are left alone.
    public static func reapTemporaryFiles(in folder: String) {
        let folder = folder.isEmpty ? "." : folder
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(temporaryPrefix) {
            // Its writer holds no lock, so the process id alone says whether it is gone.
            guard let temporary = TemporaryFileName(name), temporary.ownerHasEnded else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            if unlink(path) != 0, errno == EISDIR { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}

/// Files that are not files: a FIFO or a device given where a file is read would block the reader or feed it
/// without end, so readers of results files and visit folders ask `kind` before they open (issue 34, item 5).
public enum SpecialFile {
    /// What `path` is when it exists and is neither a regular file nor a folder ("a FIFO (named pipe)",
    /// "a character device"); nil otherwise. Asked with stat(2), which never opens the file.
    public static func kind(atPath path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return nil
        }
    }
}

extension WholeFileError: ExitStatusCarrying {
    /// A file whose folder refuses it cannot be created; one the disk failed under part way is an I/O error.
    public var exitStatus: ExitStatus {
        let refusals = [EACCES, EPERM, EROFS, ENOENT, ENOTDIR, EISDIR, EEXIST].map { SystemErrorText.reason(errno: $0) }
        return refusals.contains(reason) ? .cannotCreate : .ioError
    }
}
