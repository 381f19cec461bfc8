// The POSIX file operations of the ADF writer: exclusive creation, fsync, no-replace rename.

import Glibc
import SystemErrors

/// The calls through which the writer's bytes reach the disk: libc's, unless a test replaces
/// them to inject faults (ENOSPC, EIO, short writes, EINTR).
///
/// Each behaves as its libc namesake: a negative result means failure with `errno` set.
/// One indirect call per write or fsync is all it costs.
struct FileCalls: Sendable {
    var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    var pwrite: @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ offset: off_t) -> Int
    var pread: @Sendable (_ fd: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int, _ offset: off_t) -> Int
    var fsync: @Sendable (_ fd: Int32) -> Int32

    static let system = FileCalls(
        write: { Glibc.write($0, $1, $2) },
        pwrite: { Glibc.pwrite($0, $1, $2, $3) },
        pread: { Glibc.pread($0, $1, $2, $3) },
        fsync: { Glibc.fsync($0) })
}

/// Thin, throwing wrappers over the few POSIX calls the writer needs.
enum Files {
    /// The error of `operation` on `path` failing with `code`.
    static func failure(_ operation: String, _ path: String, _ code: Int32) -> ADFError {
        .fileSystem(
            operation: operation, path: path, errno: code,
            reason: String(cString: strerror(code)))
    }

    /// Whether anything (even a dangling symlink) exists at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// The directory part of `path` ("." when there is none).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = path[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Creates a new file next to `path` that nobody else can have opened, read-write.
    ///
    /// Returns its descriptor and path. The name starts with a dot so result browsers that
    /// list by extension do not see it. `mode` is filtered by the umask, as for any new file.
    static func createTemporary(
        besides path: String, purpose: String, mode: mode_t
    ) throws -> (Int32, String) {
        let directory = directory(of: path)
        let name = name(of: path)
        var attempt = 0
        while true {
            attempt += 1
            let candidate = "\(directory)/.\(name).\(purpose)-\(getpid())-\(attempt)"
            let fd = open(candidate, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if fd >= 0 {
                // Held until the descriptor closes, also when the process is killed: a lock
                // nobody holds is how `removeStaleTemporaries` knows the writer is gone.
                _ = flock(fd, LOCK_EX | LOCK_NB)
                return (fd, candidate)
            }
            let code = errno
            if code == EINTR || (code == EEXIST && attempt < 1000) { continue }
            throw failure("create a temporary file in", directory, code)
        }
    }

    /// Writes all `count` bytes at `bytes` to `fd`, retrying short writes and EINTR.
    ///
    /// A failure is reported as `operation` on `path` (e.g. "write the points spool of", the
    /// results file's path), so the message names a file the person knows.
    static func writeAll(
        _ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, path: String,
        operation: String = "write", calls: FileCalls
    ) throws {
        if let code = WholeWrite.write(count: count, { done in calls.write(fd, bytes + done, count - done) }) {
            throw failure(operation, path, code)
        }
    }

    /// Writes all `count` bytes at `bytes` to `fd` at `offset`, retrying short writes and EINTR.
    ///
    /// Positioned, so writing the same bytes again after a failure (a disk full, then freed)
    /// leaves the file as if the first attempt had succeeded.
    static func writeAll(
        _ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, at offset: Int, path: String,
        operation: String, calls: FileCalls
    ) throws {
        let written = WholeWrite.write(count: count) { done in
            calls.pwrite(fd, bytes + done, count - done, off_t(offset + done))
        }
        if let code = written { throw failure(operation, path, code) }
    }

    /// Reads up to `count` bytes at `offset`, retrying short reads and EINTR; returns how many
    /// were read (fewer only at the end of the file).
    static func read(
        _ fd: Int32, into bytes: UnsafeMutableRawPointer, _ count: Int, at offset: Int,
        path: String, operation: String = "read", calls: FileCalls
    ) throws -> Int {
        var done = 0
        while done < count {
            let n = calls.pread(fd, bytes + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw failure(operation, path, errno)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// fsync(2), retried only on EINTR (nothing was flushed then); any other failure is final,
    /// as the kernel may already have dropped the pages it could not write.
    static func sync(_ fd: Int32, path: String, calls: FileCalls) throws {
        while calls.fsync(fd) != 0 {
            let code = errno
            if code != EINTR { throw failure("flush to disk", path, code) }
        }
    }

    /// Closes `fd`, reporting errors (a failed close can mean lost data on NFS).
    static func close(_ fd: Int32, path: String) throws {
        // On Linux the descriptor is released even when close reports EINTR: never retry.
        if Glibc.close(fd) != 0 && errno != EINTR { throw failure("close", path, errno) }
    }

    /// Removes the temporary files that writers of `path` killed before they could clean up
    /// (`.NAME.PURPOSE-PID-N`) left beside it.
    ///
    /// One is stale when its process is gone and nobody holds its lock: a live writer holds
    /// the lock from creation, even one whose process id this process cannot see (another
    /// pid namespace). Anything else is left alone; failures are ignored (best effort). The
    /// names are read by SystemErrors' `TemporaryFileName`, the rule every reaper shares.
    static func removeStaleTemporaries(besides path: String) {
        let directory = directory(of: path)
        let destination = name(of: path)
        guard let stream = opendir(directory) else { return }
        var candidates: [(name: String, temporary: TemporaryFileName)] = []
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let temporary = TemporaryFileName(entryName), temporary.destination == destination else { continue }
            candidates.append((entryName, temporary))
        }
        closedir(stream)
        for candidate in candidates {
            candidate.temporary.removeIfAbandoned(at: "\(directory)/\(candidate.name)")
        }
    }

    static func removeIfPresent(_ path: String) {
        _ = unlink(path)
    }

    /// Moves `source` to `destination` unless something already exists there.
    ///
    /// link(2) fails with EEXIST atomically; file systems without hard links fall back to a
    /// check and rename(2), which leaves only a tiny window for a concurrent writer.
    static func moveRefusingToReplace(_ source: String, to destination: String) throws {
        if link(source, destination) == 0 {
            _ = unlink(source)
            return
        }
        let code = errno
        if code == EEXIST { throw ADFError.destinationExists(path: destination) }
        guard code == EPERM || code == EOPNOTSUPP || code == EMLINK || code == ENOSYS else {
            throw failure("move the finished file to", destination, code)
        }
        if exists(destination) { throw ADFError.destinationExists(path: destination) }
        if rename(source, destination) != 0 {
            throw failure("move the finished file to", destination, errno)
        }
    }

    /// Puts `source` in the place of `destination` in one rename(2): whoever opens
    /// `destination` sees the old file or the new one, never a part of either.
    static func replace(_ destination: String, with source: String) throws {
        if rename(source, destination) != 0 {
            throw failure("move the finished file to", destination, errno)
        }
    }

    /// fsyncs the directory so the new entry survives a power cut.
    static func syncDirectory(of path: String) throws {
        let directory = directory(of: path)
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0 { throw failure("open the directory", directory, errno) }
        defer { _ = Glibc.close(fd) }
        // Some file systems cannot fsync a directory (EINVAL); the file itself is synced.
        var result = fsync(fd)
        while result != 0 && errno == EINTR { result = fsync(fd) }
        if result != 0 && errno != EINVAL { throw directorySyncFailure(path, errno) }
    }

    /// The error of a failed directory fsync after `path` was moved into place: the file is
    /// complete, so it says so rather than what a failed write means (hence no errno in it).
    static func directorySyncFailure(_ path: String, _ code: Int32) -> ADFError {
        .fileSystem(
            operation: "flush to disk the directory entry of", path: path, errno: 0,
            reason: "\(String(cString: strerror(code))); the file is complete, but a power cut "
                + "before the disk recovers could lose it")
    }
}
