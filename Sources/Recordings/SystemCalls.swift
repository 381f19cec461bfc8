import SystemErrors

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

/// The text of the error number `code` (strerror).
func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
}

/// What kind of failure an error number is, for the messages that say what to do about it.
enum ErrorKind {
    /// ENOSPC or EDQUOT: free space.
    case diskFull
    /// EIO: the disk may be failing.
    case inputOutput
    case other

    init(_ code: Int32) {
        switch code {
        case ENOSPC, EDQUOT: self = .diskFull
        case EIO: self = .inputOutput
        default: self = .other
        }
    }
}

/// The calls through which written bytes reach the disk: libc's, unless a test replaces them
/// to inject faults (ENOSPC, EIO, short writes, EINTR).
///
/// Each behaves as its libc namesake: a negative result means failure with `errno` set. Shared
/// within the package: `record`'s journal reaches the disk through the same seam.
package struct SystemCalls: Sendable {
    package var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
    package var fsync: @Sendable (_ fd: Int32) -> Int32

    package init(
        write: @escaping @Sendable (_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int,
        fsync: @escaping @Sendable (_ fd: Int32) -> Int32
    ) {
        self.write = write
        self.fsync = fsync
    }

    package static let system = SystemCalls(write: { Glibc.write($0, $1, $2) }, fsync: { Glibc.fsync($0) })
}

/// An open file descriptor with one owner that closes it.
final class FileDescriptorBox {
    private(set) var fd: Int32
    /// The name errors give: the file as the person knows it.
    let path: String
    private let calls: SystemCalls

    private init(fd: Int32, path: String, calls: SystemCalls = .system) {
        self.fd = fd
        self.path = path
        self.calls = calls
    }

    /// Opens `path` for reading.
    static func openForReading(_ path: String) throws(RecordingError) -> FileDescriptorBox {
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw .cannotOpen(file: path, reason: currentErrorText()) }
        return FileDescriptorBox(fd: fd, path: path)
    }

    /// Takes ownership of `fd`, open for writing at `path` (closed when the box goes).
    static func adopting(_ fd: Int32, path: String, calls: SystemCalls) -> FileDescriptorBox {
        FileDescriptorBox(fd: fd, path: path, calls: calls)
    }

    /// Creates `path`, which must not exist, for appending, readable by its owner only (a
    /// journal may hold a patient's drawing); on failure, the error number.
    static func createPrivateForAppending(_ path: String, calls: SystemCalls) -> Result<FileDescriptorBox, ErrorNumber>
    {
        var fd: Int32
        repeat {
            fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        } while fd < 0 && errno == EINTR
        guard fd >= 0 else { return .failure(ErrorNumber(code: errno)) }
        return .success(FileDescriptorBox(fd: fd, path: path, calls: calls))
    }

    /// Creates `path`, which must not exist, for writing; errors name `reportedPath`.
    static func createExclusive(
        _ path: String, reportedAs reportedPath: String, calls: SystemCalls
    ) throws(RecordingError) -> FileDescriptorBox {
        var fd: Int32
        repeat { fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw .writeFailed(file: reportedPath, reason: currentErrorText()) }
        return FileDescriptorBox(fd: fd, path: reportedPath, calls: calls)
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
        if let failure = writeAll(bytes) { throw .writeFailed(file: path, reason: errorText(failure.code)) }
    }

    /// Writes all of `bytes`, retrying short writes and EINTR; the error number of a failure.
    func writeAll(_ bytes: [UInt8]) -> ErrorNumber? {
        let failure = bytes.withUnsafeBytes { raw in
            WholeWrite.write(count: raw.count) { done in calls.write(fd, raw.baseAddress! + done, raw.count - done) }
        }
        return failure.map { ErrorNumber(code: $0) }
    }

    /// fsync(2), retried only on EINTR (nothing was flushed then); the error number of a failure.
    func sync() -> ErrorNumber? {
        while calls.fsync(fd) != 0 {
            if errno == EINTR { continue }
            return ErrorNumber(code: errno)
        }
        return nil
    }

    /// Flushes the file to disk and closes it; fsync is retried only on EINTR (any other failure
    /// may mean the kernel dropped the pages, so a retry could report a false success).
    func syncAndClose() throws(RecordingError) {
        guard fd >= 0 else { return }
        var result = calls.fsync(fd)
        while result != 0 && errno == EINTR { result = calls.fsync(fd) }
        let reason = result == 0 ? nil : currentErrorText()
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

/// The last `count` bytes of the file at `path` (all of it when shorter); nil when it cannot be read.
func readLastBytes(of path: String, count: Int) -> [UInt8]? {
    var fd: Int32
    repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
    guard fd >= 0 else { return nil }
    defer { _ = Glibc.close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    let size = Int(info.st_size)
    let wanted = min(count, size)
    var bytes = [UInt8](repeating: 0, count: wanted)
    var done = 0
    while done < wanted {
        let got = bytes.withUnsafeMutableBytes { raw in
            pread(fd, raw.baseAddress! + done, wanted - done, off_t(size - wanted + done))
        }
        if got < 0 && errno == EINTR { continue }
        guard got > 0 else { return nil }
        done += got
    }
    return bytes
}

/// A failed call's `errno`.
struct ErrorNumber: Error, Hashable {
    var code: Int32
}

/// True if something exists at `path`.
func fileExists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
}

/// True if `path` is a directory (or a link to one).
func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
}

/// True if nothing is at `path` (or a directory on its way is missing): `stat` says ENOENT.
/// A path that exists but cannot be read is not missing.
func fileIsMissing(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) != 0 && errno == ENOENT
}

/// Atomically replaces `destination` with `source` (same file system).
func renameFile(_ source: String, to destination: String) throws(RecordingError) {
    guard rename(source, destination) == 0 else {
        throw .writeFailed(file: destination, reason: currentErrorText())
    }
}

/// fsyncs the folder that holds `path` through `calls`, so a name just created or renamed in it survives a
/// power cut: fsync of a file flushes its bytes, not the folder entry that names it (fsync(2)). A folder that
/// cannot be opened, or whose file system cannot flush a folder (EINVAL), is left as the system keeps it: the
/// file itself is already on the disk.
func syncFolder(of path: String, calls: SystemCalls) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    var fd: Int32
    repeat { fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC) } while fd < 0 && errno == EINTR
    guard fd >= 0 else { return }
    while calls.fsync(fd) != 0 && errno == EINTR {}
    _ = Glibc.close(fd)
}

/// Removes `path`, ignoring failure (used to clean up temporary files).
func removeFile(_ path: String) {
    _ = unlink(path)
}

/// The id of this process, to make temporary names unique.
func processID() -> Int32 { getpid() }

/// The index of the first `byte` in `buffer[from..<to]`, or nil.
///
/// glibc's `memchr` compares a vector of bytes at a time: finding the end of a line this way
/// made reading a recording markedly faster than a byte loop (see BENCHMARKS.md).
@inline(__always)
func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
    guard from < to, let base = buffer.baseAddress else { return nil }
    guard let found = memchr(base + from, Int32(byte), to - from) else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
}
