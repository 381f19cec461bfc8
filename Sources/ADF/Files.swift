// The POSIX file operations of the ADF writer: exclusive creation, fsync, no-replace rename.

import Glibc

/// Thin, throwing wrappers over the few POSIX calls the writer needs.
enum Files {
    private static func failure(_ operation: String, _ path: String, _ code: Int32) -> ADFError {
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
            if fd >= 0 { return (fd, candidate) }
            let code = errno
            if code == EINTR || (code == EEXIST && attempt < 1000) { continue }
            throw failure("create a temporary file in", directory, code)
        }
    }

    /// Writes all `count` bytes at `bytes` to `fd`.
    static func writeAll(
        _ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, path: String
    ) throws {
        var done = 0
        while done < count {
            let n = write(fd, bytes + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("write", path, errno)
            }
            done += n
        }
    }

    /// Reads up to `count` bytes at `offset`; returns how many were read (0 at the end).
    static func read(
        _ fd: Int32, into bytes: UnsafeMutableRawPointer, _ count: Int, at offset: Int,
        path: String
    ) throws -> Int {
        var done = 0
        while done < count {
            let n = pread(fd, bytes + done, count - done, off_t(offset + done))
            if n < 0 {
                if errno == EINTR { continue }
                throw failure("read", path, errno)
            }
            if n == 0 { break }
            done += n
        }
        return done
    }

    static func sync(_ fd: Int32, path: String) throws {
        if fsync(fd) != 0 { throw failure("flush to disk", path, errno) }
    }

    /// Closes `fd`, reporting errors (a failed close can mean lost data on NFS).
    static func close(_ fd: Int32, path: String) throws {
        // On Linux the descriptor is released even when close reports EINTR: never retry.
        if Glibc.close(fd) != 0 && errno != EINTR { throw failure("close", path, errno) }
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

    /// fsyncs the directory so the new entry survives a power cut.
    static func syncDirectory(of path: String) throws {
        let directory = directory(of: path)
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0 { throw failure("open the directory", directory, errno) }
        defer { _ = Glibc.close(fd) }
        // Some file systems cannot fsync a directory (EINVAL); the file itself is synced.
        if fsync(fd) != 0 && errno != EINVAL { throw failure("flush to disk", directory, errno) }
    }
}
