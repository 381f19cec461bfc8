// Every libc call of the Recordings module is in this file.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The text of `errno` now.
private func currentErrorText() -> String {
    String(cString: strerror(errno))
}

/// An open file descriptor with one owner that closes it.
final class FileDescriptorBox {
    private(set) var fd: Int32
    let path: String

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    /// Opens `path` for reading.
    static func openForReading(_ path: String) throws(RecordingError) -> FileDescriptorBox {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw .cannotOpen(file: path, reason: currentErrorText()) }
        return FileDescriptorBox(fd: fd, path: path)
    }

    /// Creates `path`, which must not exist, for writing.
    static func createExclusive(_ path: String) throws(RecordingError) -> FileDescriptorBox {
        var fd: Int32
        repeat { fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw .writeFailed(file: path, reason: currentErrorText()) }
        return FileDescriptorBox(fd: fd, path: path)
    }

    /// Reads up to `count` bytes into `buffer` at `offset`; 0 at the end of the file.
    func read(into buffer: inout [UInt8], at offset: Int, count: Int) throws(RecordingError) -> Int {
        var result = 0
        buffer.withUnsafeMutableBytes { raw in
            repeat {
                result = Glibc.read(fd, raw.baseAddress! + offset, count)
            } while result < 0 && errno == EINTR
        }
        guard result >= 0 else { throw .readFailed(file: path, reason: currentErrorText()) }
        return result
    }

    /// The size of a regular file; nil for a pipe or device, whose size is unknown up front.
    func regularFileSize() -> Int? {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) throws(RecordingError) {
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let written = Glibc.write(fd, raw.baseAddress! + done, raw.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = currentErrorText()
                    return
                }
                done += written
            }
        }
        if let failure { throw .writeFailed(file: path, reason: failure) }
    }

    /// Flushes the file to disk and closes it.
    func syncAndClose() throws(RecordingError) {
        guard fd >= 0 else { return }
        let synced = fsync(fd) == 0
        let reason = synced ? nil : currentErrorText()
        close()
        if let reason { throw .writeFailed(file: path, reason: reason) }
    }

    /// Closes the descriptor; EINTR is not retried since Linux always frees the descriptor.
    func close() {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)
        fd = -1
    }

    deinit { close() }
}

/// True if something exists at `path`.
func fileExists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
}

/// Atomically replaces `destination` with `source` (same file system).
func renameFile(_ source: String, to destination: String) throws(RecordingError) {
    guard rename(source, destination) == 0 else {
        throw .writeFailed(file: destination, reason: currentErrorText())
    }
}

/// Removes `path`, ignoring failure (used to clean up temporary files).
func removeFile(_ path: String) {
    _ = unlink(path)
}

/// The id of this process, to make temporary names unique.
func processID() -> Int32 { getpid() }
