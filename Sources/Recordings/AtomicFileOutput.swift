/// An output file that appears under its name only once it is complete.
///
/// Bytes go to a temporary file in the same directory; `commit()` syncs it and renames it
/// over the destination. If the output is dropped without `commit()`, the temporary file is removed.
public final class AtomicFileOutput {
    /// The name the file will have after `commit()`.
    public let path: String
    private let temporaryPath: String
    private let file: FileDescriptorBox
    private var committed = false
    private var pending: [UInt8] = []

    /// Bytes buffered before they are written.
    private static let flushThreshold = 1 << 20

    /// Starts writing `path`.
    /// - Parameter overwrite: replace an existing file; when false an existing `path` is an error.
    /// - Throws: `RecordingError.outputExists`, `.writeFailed`.
    public convenience init(path: String, overwrite: Bool) throws(RecordingError) {
        try self.init(path: path, overwrite: overwrite, calls: .system)
    }

    /// An output whose writes go through `calls`: how tests inject faults.
    init(path: String, overwrite: Bool, calls: SystemCalls) throws(RecordingError) {
        if isDirectory(path) { throw .outputIsDirectory(file: path) }
        if !overwrite && fileExists(path) { throw .outputExists(file: path) }
        self.path = path
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var attempt = 0
        while true {
            let candidate = "\(directory).\(base).tmp-\(processID())-\(attempt)"
            do {
                file = try FileDescriptorBox.createExclusive(candidate, reportedAs: path, calls: calls)
                temporaryPath = candidate
                break
            } catch {
                attempt += 1
                if attempt > 100 { throw error }
            }
        }
    }

    /// Appends `bytes`.
    public func write(_ bytes: [UInt8]) throws(RecordingError) {
        pending.append(contentsOf: bytes)
        if pending.count >= Self.flushThreshold { try flush() }
    }

    /// Appends the UTF-8 of `text`.
    public func write(_ text: String) throws(RecordingError) {
        try write(Array(text.utf8))
    }

    private func flush() throws(RecordingError) {
        guard !pending.isEmpty else { return }
        try file.write(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Syncs the temporary file and renames it to `path`, replacing whatever is there by then.
    /// - Throws: `RecordingError.writeFailed` when writing, syncing or renaming fails.
    public func commit() throws(RecordingError) {
        try flush()
        try file.syncAndClose()
        try renameFile(temporaryPath, to: path)
        committed = true
    }

    /// The temporary file's name (for tests that look for it).
    var temporaryName: String { temporaryPath }

    deinit {
        if !committed {
            file.close()
            removeFile(temporaryPath)
        }
    }
}
