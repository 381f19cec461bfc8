import Foundation
import Recordings
import StylusInput

/// A live session's journal: an evemu 1.3 recording appended as events arrive, with the session's
/// control events (step changes) as `# StylusKit control: ...` comment lines between frames.
///
/// Opened O_APPEND|O_CREAT|O_EXCL with mode 0600 (it may hold a patient's drawing), written at
/// every batch so a killed process loses nothing that was read, fsync'd every `syncInterval` and at
/// every control line. After a failed write or fsync the journal refuses all further writes: a
/// failed fsync may already have dropped the dirty pages, so retrying it would report a false success.
final class Journal {
    let path: String
    private var fd: Int32
    private var writer = EvemuWriter()
    private var lastSync: EventTime
    private var failure: JournalError?
    /// `fsync(2)`; a test replaces it to count calls and to fail on demand.
    private let syncFile: (Int32) -> Int32
    /// How often the journal reaches the disk while events arrive.
    static let syncInterval = EventDuration.milliseconds(200)

    /// Creates the journal `directory/name.evemu` and writes its header.
    convenience init(directory: String, name: String, header: RecordingHeader, now: EventTime) throws {
        let path = (directory as NSString).appendingPathComponent(name + ".evemu")
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw JournalError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        try self.init(path: path, fileDescriptor: fd, header: header, now: now)
    }

    /// Takes ownership of `fileDescriptor` (closed when the journal goes) and writes the header.
    init(
        path: String, fileDescriptor: Int32, header: RecordingHeader, now: EventTime,
        fsync syncFile: @escaping (Int32) -> Int32 = { Foundation.fsync($0) }
    ) throws {
        self.path = path
        fd = fileDescriptor
        self.syncFile = syncFile
        lastSync = now
        try write(Array(writer.header(header).utf8))
        try sync(now: now)
    }

    deinit { if fd >= 0 { _ = close(fd) } }

    /// Appends events as read; syncs when the last sync is `syncInterval` old.
    func append(_ events: [InputEvent], now: EventTime) throws {
        guard !events.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(events.count * 64)
        for event in events { writer.append(event, to: &bytes) }
        try write(bytes)
        if now.duration(since: lastSync) >= Self.syncInterval { try sync(now: now) }
    }

    /// Appends a control line and syncs at once.
    func control(_ line: JournalControl, now: EventTime) throws {
        try write(Array("# StylusKit control: \(line.text)\n".utf8))
        try sync(now: now)
    }

    /// Syncs if the last sync is `syncInterval` old (for quiet periods).
    func syncIfDue(now: EventTime) throws {
        if now.duration(since: lastSync) >= Self.syncInterval { try sync(now: now) }
    }

    func sync(now: EventTime) throws {
        if let failure { throw failure }
        guard syncFile(fd) == 0 else {
            let error = JournalError.writeFailed(path: path, reason: String(cString: strerror(errno)))
            failure = error
            throw error
        }
        lastSync = now
    }

    private func write(_ bytes: [UInt8]) throws {
        if let failure { throw failure }
        var done = 0
        var reason: String?
        bytes.withUnsafeBytes { raw in
            while done < raw.count {
                let written = Foundation.write(fd, raw.baseAddress! + done, raw.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    reason = String(cString: strerror(errno))
                    return
                }
                done += written
            }
        }
        if let reason {
            let error = JournalError.writeFailed(path: path, reason: reason)
            failure = error
            throw error
        }
    }
}

/// A control event of a live session, as journaled.
enum JournalControl: Hashable {
    /// The realtime/monotonic pair that maps event times to Unix time.
    case anchor(realtimeMicroseconds: Int64, monotonicMicroseconds: Int64)
    /// The session began (the first step started).
    case begin(EventTime)
    /// Continue was pressed: the current step ended.
    case `continue`(EventTime)
    /// The kernel dropped events; libevdev resynchronised with `resyncEvents` events.
    case gap(droppedAt: EventTime, resyncEvents: Int)
    /// The tablet was unplugged.
    case removed(EventTime)
    /// The tablet came back.
    case reconnected(EventTime)
    /// The patient's encrypted fields (never the plaintext), so `recover` writes them again.
    case patient(SealedPatient)
    /// The test administered, with its maze or battery file (`recover` reads the same file again).
    /// A journal without it is a clock test's (the first journals had none).
    case test(JournaledTest)

    var text: String {
        switch self {
        case let .anchor(realtime, monotonic): "anchor realtime-us=\(realtime) monotonic-us=\(monotonic)"
        case let .begin(time): "begin \(time)"
        case let .continue(time): "continue \(time)"
        case let .gap(at, events): "gap dropped-at=\(at) resync-events=\(events)"
        case let .removed(time): "removed \(time)"
        case let .reconnected(time): "reconnected \(time)"
        case let .patient(sealed): "patient local=\(sealed.local)" + (sealed.external.map { " external=\($0)" } ?? "")
        case let .test(test): "test \(test.text)"
        }
    }

    /// Parses a control line's text (after `# StylusKit control: `); nil for a line of a later version.
    init?(text: String) {
        let fields = text.split(separator: " ").map(String.init)
        guard let kind = fields.first else { return nil }
        if kind == "test" {
            guard let test = JournaledTest(text: String(text.dropFirst("test ".count))) else { return nil }
            self = .test(test)
            return
        }
        func value(_ key: String) -> String? {
            fields.dropFirst().first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
        }
        func time(_ text: String?) -> EventTime? {
            guard let text else { return nil }
            let parts = text.split(separator: ".")
            guard parts.count == 2, let seconds = Int64(parts[0]), parts[1].count == 6, let micros = Int64(parts[1]) else {
                return nil
            }
            return EventTime(seconds: seconds, microseconds: micros)
        }
        switch kind {
        case "anchor":
            guard let realtime = value("realtime-us").flatMap({ Int64($0) }),
                let monotonic = value("monotonic-us").flatMap({ Int64($0) })
            else { return nil }
            self = .anchor(realtimeMicroseconds: realtime, monotonicMicroseconds: monotonic)
        case "begin": guard let t = time(fields.dropFirst().first) else { return nil }; self = .begin(t)
        case "continue": guard let t = time(fields.dropFirst().first) else { return nil }; self = .continue(t)
        case "removed": guard let t = time(fields.dropFirst().first) else { return nil }; self = .removed(t)
        case "reconnected": guard let t = time(fields.dropFirst().first) else { return nil }; self = .reconnected(t)
        case "patient":
            guard let local = value("local") else { return nil }
            self = .patient(SealedPatient(local: local, external: value("external")))
        case "gap":
            guard let at = time(value("dropped-at")), let events = value("resync-events").flatMap({ Int($0) }) else { return nil }
            self = .gap(droppedAt: at, resyncEvents: events)
        default: return nil
        }
    }
}

/// Why the journal stopped the test.
enum JournalError: Error, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    var description: String {
        switch self {
        case let .cannotCreate(path, reason):
            "Cannot create the journal \(path): \(reason). Choose a writable --out directory with free space."
        case let .writeFailed(path, reason):
            "Writing the journal \(path) failed: \(reason). The test was stopped; the journal keeps everything "
                + "written before the error. Free some space (or fix the disk), then run `styluskit recover \(path)`."
        }
    }
}
