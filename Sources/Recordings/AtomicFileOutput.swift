/// An output file that appears under its name only once it is complete.
///
/// Bytes go to a temporary file in the same directory; `commit()` syncs it, renames it over the
/// destination and syncs the directory, so after a power cut the name holds the old file or the new one,
/// and the new one once `commit()` returned. If the output is dropped without `commit()`, the temporary
/// file is removed.
public final class AtomicFileOutput {
    /// The name the file will have after `commit()`.
    public let path: String
    private let temporaryPath: String
    private let file: FileDescriptorBox
    private let calls: SystemCalls
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
        self.calls = calls
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

    /// Syncs the temporary file, renames it to `path`, replacing whatever is there by then, and syncs the
    /// directory: without that a rename may still be in memory only (ext4 commits it within seconds), and a
    /// power cut then brings the old file back (visit.json among them).
    /// - Throws: `RecordingError.writeFailed` when writing, syncing or renaming fails.
    public func commit() throws(RecordingError) {
        try flush()
        try file.syncAndClose()
        try renameFile(temporaryPath, to: path)
        committed = true
        syncFolder(of: path, calls: calls)
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
