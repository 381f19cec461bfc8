public import StylusInput

/// A live session's journal: an evemu 1.3 recording appended as events arrive, with the session's
/// control events as `# StylusKit control: ...` comment lines (`JournalControl`; the format is in
/// README.md, "The journal").
///
/// Created O_APPEND|O_CREAT|O_EXCL with mode 0600 (it may hold a patient's drawing), written at
/// every batch so a killed process loses nothing that was read, fsync'd every `syncInterval` and at
/// every control line (its directory too, once, when it is created). A power cut loses at most the
/// events of the last `syncInterval` and the fsync under way (ROBUSTNESS.md, "Power cuts"). After a
/// failed write or fsync the journal refuses all further writes: a failed fsync may already have
/// dropped the dirty pages, so retrying it would report a false success.
public final class Journal {
    public let path: String
    private let file: FileDescriptorBox
    private var writer = EvemuWriter()
    private var lastSync: EventTime
    private var failure: JournalError?
    /// How often the journal reaches the disk while events arrive.
    public static let syncInterval = EventDuration.milliseconds(200)

    /// Creates the journal `directory/name.evemu` and writes its header.
    public convenience init(directory: String, name: String, header: RecordingHeader, now: EventTime) throws {
        try self.init(directory: directory, name: name, header: header, now: now, calls: .system)
    }

    /// Creates the journal `directory/name.evemu` through `calls` and writes its header; the directory is
    /// synced once the header is, so the journal's name survives a power cut as its events do.
    package convenience init(
        directory: String, name: String, header: RecordingHeader, now: EventTime, calls: SystemCalls
    ) throws {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + name + ".evemu"
        switch FileDescriptorBox.createPrivateForAppending(path, calls: calls) {
        case .success(let file): try self.init(path: path, file: file, header: header, now: now)
        case .failure(let error): throw JournalError.cannotCreate(path: path, reason: errorText(error.code))
        }
        syncFolder(of: path, calls: calls)
    }

    /// Takes ownership of `fileDescriptor` (closed when the journal goes) and writes the header;
    /// `calls` are the write(2) and fsync(2) a test replaces to count calls and to inject faults.
    package convenience init(
        path: String, fileDescriptor: Int32, header: RecordingHeader, now: EventTime, calls: SystemCalls = .system
    ) throws {
        try self.init(path: path, file: .adopting(fileDescriptor, path: path, calls: calls), header: header, now: now)
    }

    private init(path: String, file: FileDescriptorBox, header: RecordingHeader, now: EventTime) throws {
        self.path = path
        self.file = file
        lastSync = now
        try write(Array(writer.header(header).utf8))
        try sync(now: now)
    }

    /// Appends events as read; syncs when the last sync is `syncInterval` old.
    public func append(_ events: [InputEvent], now: EventTime) throws {
        guard !events.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(events.count * 64)
        for event in events { writer.append(event, to: &bytes) }
        try write(bytes)
        if now.duration(since: lastSync) >= Self.syncInterval { try sync(now: now) }
    }

    /// Appends a control line and syncs at once.
    public func control(_ line: JournalControl, now: EventTime) throws {
        try write(Array((JournalControl.linePrefix + line.text + "\n").utf8))
        try sync(now: now)
    }

    /// Syncs if the last sync is `syncInterval` old (for quiet periods).
    public func syncIfDue(now: EventTime) throws {
        if now.duration(since: lastSync) >= Self.syncInterval { try sync(now: now) }
    }

    /// fsync(2), retried only on EINTR (nothing was flushed then).
    public func sync(now: EventTime) throws {
        if let failure { throw failure }
        if let error = file.sync() { throw fail(error.code) }
        lastSync = now
    }

    /// Closes and deletes the journal: for a session that failed before its first event, whose
    /// journal would hold nothing to recover.
    public func remove() {
        file.close()
        removeFile(path)
    }

    /// Writes all of `bytes`, retrying short writes and EINTR.
    private func write(_ bytes: [UInt8]) throws {
        if let failure { throw failure }
        if let error = file.writeAll(bytes) { throw fail(error.code) }
    }

    /// Remembers the first failure: every later write and sync throws it without touching the disk.
    private func fail(_ code: Int32) -> JournalError {
        let error = JournalError.writeFailed(path: path, errno: code, reason: errorText(code))
        failure = error
        return error
    }
}

/// Why the journal stopped the test.
public enum JournalError: Error, Sendable, Hashable, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)
    case writeFailed(path: String, errno: Int32, reason: String)

    public var description: String {
        switch self {
        case .cannotCreate(let path, let reason):
            return "Cannot create the journal \(path): \(reason). Choose a writable --out directory with free space."
        case .writeFailed(let path, let code, let reason):
            let kept = "The test was stopped; the journal keeps everything written before the error. "
            let slash = path.lastIndex(of: "/")
            let directory = slash.map { String(path[..<$0]) } ?? ""
            switch ErrorKind(code) {
            case .diskFull:
                return "Writing the journal \(path) failed: the disk is full (\(reason)). " + kept
                    + "Free space on the disk that holds \(directory.isEmpty ? (slash == nil ? "." : "/") : directory), "
                    + "then run `styluskit recover \(path)`."
            case .inputOutput:
                return
                    "Writing the journal \(path) failed: the disk reported an input/output error (\(reason)); it may be failing. "
                    + kept + "Copy the journal to another disk, then run `styluskit recover` on the copy."
            case .other:
                return "Writing the journal \(path) failed: \(reason). " + kept
                    + "Fix the cause (space, permissions, the disk), then run `styluskit recover \(path)`."
            }
        }
    }
}
