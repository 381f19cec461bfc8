import ADF
import Foundation
import Proctoring
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
    /// write(2) and fsync(2); a test replaces them to count calls and to inject faults.
    private let calls: SystemCalls
    /// How often the journal reaches the disk while events arrive.
    static let syncInterval = EventDuration.milliseconds(200)

    /// Creates the journal `directory/name.evemu` and writes its header.
    convenience init(directory: String, name: String, header: RecordingHeader, now: EventTime) throws {
        let path = (directory as NSString).appendingPathComponent(name + ".evemu")
        var fd: Int32
        repeat { fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw JournalError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
        try self.init(path: path, fileDescriptor: fd, header: header, now: now)
    }

    /// Takes ownership of `fileDescriptor` (closed when the journal goes) and writes the header.
    init(
        path: String, fileDescriptor: Int32, header: RecordingHeader, now: EventTime,
        calls: SystemCalls = .system
    ) throws {
        self.path = path
        fd = fileDescriptor
        self.calls = calls
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

    /// fsync(2), retried only on EINTR (nothing was flushed then).
    func sync(now: EventTime) throws {
        if let failure { throw failure }
        while calls.fsync(fd) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw fail(code)
        }
        lastSync = now
    }

    /// Writes all of `bytes`, retrying short writes and EINTR.
    private func write(_ bytes: [UInt8]) throws {
        if let failure { throw failure }
        var code: Int32?
        bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let written = calls.write(fd, raw.baseAddress! + done, raw.count - done)
                if written < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    return
                }
                done += written
            }
        }
        if let code { throw fail(code) }
    }

    /// Remembers the first failure: every later write and sync throws it without touching the disk.
    private func fail(_ code: Int32) -> JournalError {
        let error = JournalError.writeFailed(path: path, errno: code, reason: String(cString: strerror(code)))
        failure = error
        return error
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
    /// The patient tapped a clock button: the touch-down frame at `time` is a tap, not a stroke.
    case tap(ButtonTap)
    /// A step's instructions were read: shown (and began to be spoken), spoken to the end, and the
    /// pen's first touch after them. The last line of a step wins (a repeat restarts the measure).
    case instructions(step: String, shown: EventTime, spoken: EventTime, firstTouch: EventTime)

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
        case let .tap(tap): "tap \(tap.button.rawValue) \(tap.time)"
        // The step last: its identifier (a maze's name) runs to the end of the line, spaces and all.
        case let .instructions(step, shown, spoken, touch): "instructions shown=\(shown) spoken=\(spoken) first-touch=\(touch) step=\(step)"
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
        if kind == "instructions" {
            guard let marker = text.range(of: " step="), case let parts = text[..<marker.lowerBound].split(separator: " "),
                parts.count == 4, let shown = Self.time(parts[1], key: "shown"), let spoken = Self.time(parts[2], key: "spoken"),
                let touch = Self.time(parts[3], key: "first-touch")
            else { return nil }
            self = .instructions(step: String(text[marker.upperBound...]), shown: shown, spoken: spoken, firstTouch: touch)
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
        case "tap":
            guard fields.count == 3, let button = ClockButton(rawValue: fields[1]), let t = time(fields[2]) else { return nil }
            self = .tap(ButtonTap(button: button, time: t))
        case "patient":
            guard let local = value("local") else { return nil }
            self = .patient(SealedPatient(local: local, external: value("external")))
        case "gap":
            guard let at = time(value("dropped-at")), let events = value("resync-events").flatMap({ Int($0) }) else { return nil }
            self = .gap(droppedAt: at, resyncEvents: events)
        default: return nil
        }
    }

    /// `key=seconds.micros` as an event time.
    private static func time(_ field: Substring, key: String) -> EventTime? {
        guard field.hasPrefix(key + "=") else { return nil }
        let parts = field.dropFirst(key.count + 1).split(separator: ".")
        guard parts.count == 2, let seconds = Int64(parts[0]), parts[1].count == 6, let micros = Int64(parts[1]) else { return nil }
        return EventTime(seconds: seconds, microseconds: micros)
    }
}

/// The reading times a session measured, put on their steps' `Start` in the results file: the
/// same call for `administer` and for `recover`, so both write the same bytes.
enum InstructionTimesRecording {
    /// The measures as journaled: the last of each step (and its start) wins.
    static func record(
        _ measures: [(step: String, shown: EventTime, spoken: EventTime, firstTouch: EventTime)], anchor: WallClockAnchor,
        recorder: ADFRecorder
    ) throws {
        for measure in measures {
            let times = InstructionTimes(
                shownUnixMilliseconds: anchor.unixMilliseconds(measure.shown),
                spokenUnixMilliseconds: anchor.unixMilliseconds(measure.spoken),
                firstTouchUnixMilliseconds: anchor.unixMilliseconds(measure.firstTouch))
            if try !recorder.instructionTimes(times, step: measure.step) {
                printError("warning: the reading time of step \(measure.step) is left out of the results: the file has no such step.")
            }
        }
    }
}

/// Why the journal stopped the test.
enum JournalError: Error, CustomStringConvertible {
    case cannotCreate(path: String, reason: String)
    case writeFailed(path: String, errno: Int32, reason: String)

    var description: String {
        switch self {
        case let .cannotCreate(path, reason):
            return "Cannot create the journal \(path): \(reason). Choose a writable --out directory with free space."
        case let .writeFailed(path, code, reason):
            let kept = "The test was stopped; the journal keeps everything written before the error. "
            let directory = (path as NSString).deletingLastPathComponent
            switch code {
            case ENOSPC, EDQUOT:
                return "Writing the journal \(path) failed: the disk is full (\(reason)). " + kept
                    + "Free space on the disk that holds \(directory.isEmpty ? "." : directory), then run `styluskit recover \(path)`."
            case EIO:
                return "Writing the journal \(path) failed: the disk reported an input/output error (\(reason)); it may be failing. "
                    + kept + "Copy the journal to another disk, then run `styluskit recover` on the copy."
            default:
                return "Writing the journal \(path) failed: \(reason). " + kept
                    + "Fix the cause (space, permissions, the disk), then run `styluskit recover \(path)`."
            }
        }
    }
}
