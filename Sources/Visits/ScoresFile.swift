import Foundation
public import Scoring
import SystemErrors

#if canImport(Glibc)
    import Glibc
#endif

/// The append-only scores file of a folder of results (a visit folder): `scores.jsonl` (docs/scoring.md).
///
/// It is the only file scoring writes; results files and journals are only read (their SHA-256). Records are
/// appended under an exclusive lock, each in one `write` and synced, after the double-scoring rules accepted
/// them against everything the file held at that moment, so two raters saving at once cannot both be second.
public struct ScoresFile: Sendable {
    /// The file's name in its folder.
    public static let name = "scores.jsonl"
    /// The largest scores file read: thousands of full records.
    public static let maximumBytes = 64 << 20

    /// The file's path.
    public let path: String

    /// The scores file of `folder`.
    public init(folder: String) {
        path = (folder as NSString).appendingPathComponent(Self.name)
    }

    /// The records and the lines passed over; an empty file's contents when there is no file yet.
    public func read() throws(ScoresFileError) -> ScoresFileContents {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            let code = errno
            if code == ENOENT { return ScoresFileContents() }
            if code == ELOOP { throw .notARegularFile(path: path) }
            throw .fileSystem(path: path, reason: SystemErrorText.reason(errno: code))
        }
        defer { close(fd) }
        try checkRegularFile(fd)
        _ = flock(fd, LOCK_SH)
        return ScoresFileFormat.parse(try readAll(fd))
    }

    /// Appends `record` if `check` accepts it against the file's contents now (read under the lock, so nothing
    /// lands between the check and the write). Creates the file (mode 0644) if there is none.
    ///
    /// `check` throws a `ScoringRefusal` (usually `DoubleScoring.add(_:)` on a scoring built from the contents)
    /// and nothing is written.
    public func append(
        _ record: ScoreRecord, check: (ScoresFileContents) throws(ScoringRefusal) -> Void
    ) throws(ScoresFileError) {
        var fd = open(path, O_RDWR | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if fd < 0, errno == ENOENT {
            // A refused first record must not leave an empty file behind: check it before creating the file (and
            // again under the lock, in case another process created it meanwhile).
            do { try check(ScoresFileContents()) } catch { throw .refused(error) }
            fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o644)
        }
        if fd < 0 {
            let code = errno
            if code == ELOOP || code == EISDIR { throw .notARegularFile(path: path) }
            throw .fileSystem(path: path, reason: SystemErrorText.reason(errno: code))
        }
        defer { close(fd) }
        try checkRegularFile(fd)
        guard flock(fd, LOCK_EX) == 0 else {
            throw .fileSystem(path: path, reason: SystemErrorText.reason(errno: errno))
        }
        let bytes = try readAll(fd)
        do { try check(ScoresFileFormat.parse(bytes)) } catch { throw .refused(error) }
        // A write cut short left a last line without its newline: the new record starts a line of its own.
        let prefix = bytes.last.map { $0 == UInt8(ascii: "\n") ? "" : "\n" } ?? ""
        let line = Array((prefix + ScoresFileFormat.line(for: record)).utf8)
        if let failure = line.withUnsafeBytes({ WholeWrite.write($0, to: fd) }) {
            // Whatever part reached the file ends without its newline and is read as a cut-short line.
            throw .fileSystem(path: path, reason: SystemErrorText.reason(errno: failure))
        }
        guard fsync(fd) == 0 else { throw .fileSystem(path: path, reason: SystemErrorText.reason(errno: errno)) }
    }

    /// Refuses a FIFO, device or folder before anything waits on it or reads it.
    private func checkRegularFile(_ fd: Int32) throws(ScoresFileError) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .fileSystem(path: path, reason: SystemErrorText.reason(errno: errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile(path: path) }
        guard Int(info.st_size) <= Self.maximumBytes else { throw .tooLarge(path: path, bytes: Int(info.st_size)) }
    }

    private func readAll(_ fd: Int32) throws(ScoresFileError) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .fileSystem(path: path, reason: SystemErrorText.reason(errno: errno))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            offset += off_t(count)
            guard data.count <= Self.maximumBytes else { throw .tooLarge(path: path, bytes: data.count) }
        }
        return data
    }
}
