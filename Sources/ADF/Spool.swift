/// An append-only file of fixed-size records, read back in chunks: memory stays flat however
/// many records a session produces.
///
/// The file is unlinked as soon as it is created, so nothing is left behind whether the
/// process finishes, fails or dies; the descriptor is its only reference and `deinit` closes it.
final class Spool<Record: BitwiseCopyable> {
    private static var chunkRecords: Int { max(1, 65536 / MemoryLayout<Record>.stride) }

    private let fd: Int32
    /// The results file the spool belongs to, and what it holds: for error messages.
    private let destination: String
    private let purpose: String
    private let calls: FileCalls
    private let buffer: UnsafeMutablePointer<Record>
    private var buffered = 0
    /// Records on disk: the buffer goes at `written * stride`.
    private var written = 0
    /// Records appended so far (written or buffered).
    private(set) var count = 0

    /// Creates an empty spool next to `path` (in the destination directory, which must be
    /// writable anyway).
    init(besides path: String, purpose: String, calls: FileCalls = .system) throws {
        let (fd, temporaryPath) = try Files.createTemporary(
            besides: path, purpose: purpose, mode: 0o600)
        Files.removeIfPresent(temporaryPath)
        self.fd = fd
        self.destination = path
        self.purpose = purpose
        self.calls = calls
        buffer = .allocate(capacity: Self.chunkRecords)
    }

    deinit {
        buffer.deallocate()
        _ = try? Files.close(fd, path: destination)
    }

    func append(_ record: Record) throws {
        if buffered == Self.chunkRecords { try flush() }
        buffer[buffered] = record
        buffered += 1
        count += 1
    }

    /// Writes the buffer at its place in the file; after a failure (e.g. the disk was full)
    /// the same call writes it again over whatever part got there, so nothing is lost or doubled.
    private func flush() throws {
        let stride = MemoryLayout<Record>.stride
        try Files.writeAll(
            fd, buffer, buffered * stride, at: written * stride, path: destination,
            operation: "write the \(purpose) spool of", calls: calls)
        written += buffered
        buffered = 0
    }

    /// Calls `body` with records `range` in order, reading them back a chunk at a time.
    func forEach(in range: Range<Int>, _ body: (Record) throws -> Void) throws {
        if buffered > 0 { try flush() }
        precondition(range.upperBound <= count, "spool read past its end")
        let stride = MemoryLayout<Record>.stride
        var next = range.lowerBound
        while next < range.upperBound {
            let wanted = min(Self.chunkRecords, range.upperBound - next)
            let bytes = try Files.read(
                fd, into: buffer, wanted * stride, at: next * stride, path: destination,
                operation: "read back the \(purpose) spool of", calls: calls)
            guard bytes == wanted * stride else {
                throw ADFError.fileSystem(
                    operation: "read back the \(purpose) spool of", path: destination, errno: 0,
                    reason: "the spool file is shorter than what was written to it")
            }
            for index in 0..<wanted { try body(buffer[index]) }
            next += wanted
        }
    }
}
