public import StylusInput

/// What a journal holds after its opening lines, in the order a session driver takes it.
public enum JournalItem: Hashable, Sendable {
    case event(InputEvent)
    case control(JournalControl)
}

/// The session a journal describes: its control lines before the first event.
public struct JournalOpening: Hashable, Sendable {
    /// The realtime/monotonic pair (`anchor`); nil in a file that is not a journal.
    public var anchor: JournalAnchor?
    /// When the first step started (`begin`); nil in a file that is not a journal.
    public var begin: EventTime?
    /// The test (`test`; a clock test when the line is missing, as in the first journals).
    public var test: JournaledTest = .clock
    /// The files the session was given, in the journal's order.
    public var files: [JournaledFile] = []
    /// The roles the session had no file for (`none`).
    public var none: Set<JournaledFile.Role> = []
    /// The patient's encrypted fields (`patient`).
    public var patient: JournaledPatient?
    /// True when the session's parts waited for their instructions' end (`waits-for-ready`).
    public var waitsForReady = false

    public init() {}

    /// Gathers the opening's controls; later lines of one kind win, as the session wrote them last.
    public init(_ controls: [JournalControl]) {
        for control in controls {
            switch control {
            case .anchor(let realtime, let monotonic):
                anchor = JournalAnchor(realtimeMicroseconds: realtime, monotonicMicroseconds: monotonic)
            case .begin(let time): begin = begin ?? time
            case .test(let test): self.test = test
            case .file(let file): files.append(file)
            case .none(let role): none.insert(role)
            case .patient(let local, let external): patient = JournaledPatient(local: local, external: external)
            case .waitsForReady: waitsForReady = true
            case .continue, .outcome, .end, .gap, .removed, .reconnected, .tap, .instructions, .instructionsNotSpoken,
                .pause, .resume, .ready:
                break
            }
        }
    }

    /// True when the journal is a StylusKit session's: it has its anchor and begin lines.
    public var isJournal: Bool { anchor != nil && begin != nil }

    /// The file of `role` the session was given (the first, for a role with one file).
    public func file(_ role: JournaledFile.Role) -> JournaledFile? { files.first { $0.role == role } }

    /// The file of `role` read from `path`, when the journal keeps it.
    public func file(_ role: JournaledFile.Role, path: String) -> JournaledFile? {
        files.first { $0.role == role && $0.path == path }
    }

    /// True for a journal written since sessions journal their files (`file`/`none` lines) and
    /// their `end`: one without `end` is of a session stopped early. Older journals cannot tell.
    public var marksItsEnd: Bool { JournaledFile.Role.allCases.contains { records($0) } }

    /// True when the journal says what the session had for `role` (a file, or none): journals
    /// written before StylusKit kept the session's files say nothing.
    public func records(_ role: JournaledFile.Role) -> Bool { none.contains(role) || file(role) != nil }
}

/// The clock pair of a journal's `anchor` line: the tablet's realtime and monotonic clocks read together.
public struct JournalAnchor: Hashable, Sendable {
    public var realtimeMicroseconds: Int64
    public var monotonicMicroseconds: Int64

    /// What to add to a monotonic event time to get Unix time.
    public var offsetMicroseconds: Int64 { realtimeMicroseconds &- monotonicMicroseconds }
}

/// The patient's two encrypted fields (base64) as a journal's `patient` line keeps them.
public struct JournaledPatient: Hashable, Sendable {
    public var local: String
    public var external: String?
}

/// Reads a journal in one pass: the header and the session's description up front, then its
/// events and control lines as a stream, in flat memory however long the session.
///
/// The drivers take a control before any event stamped after it. The journal writes some
/// controls after events stamped later: a `gap` after the batch that held the drop, a `tap`
/// after the batch with its touch-down. So the reader reads up to `lookahead` events ahead and
/// hands a control over as soon as it is read, before the events it read ahead; the order among
/// the controls is the journal's. A journal is read forgivingly (`allowTruncated`): a session
/// killed mid-line leaves its last frame incomplete, and that frame is dropped.
public final class JournalReader {
    /// Format, system and device, from the journal's evemu header.
    public let header: RecordingHeader
    /// The control lines before the first event: the session's description and its `begin`.
    /// Those that do not describe the session (`begin` among them) are handed over by `next()` too.
    public let opening: JournalOpening
    /// How many events the reader reads ahead of the one it hands over (a batch of the live loop
    /// is at most 4,096; the bound keeps memory flat).
    public static let lookahead = 16_384

    private let reader: RecordingReader
    private var events: [InputEvent] = []
    private var eventHead = 0
    private var controls: [JournalControl] = []
    private var controlHead = 0
    private var controlLinesSeen: Int
    private var ended = false
    /// The control lines passed over: malformed, or of a later version.
    public private(set) var unknownControlLines: [String] = []

    /// Opens the journal at `path` and reads its header and opening lines.
    public convenience init(path: String) throws(RecordingError) {
        try self.init(
            reader: RecordingReader(path: path, format: .evemu, options: RecordingReadOptions(allowTruncated: true)))
    }

    /// Reads a journal from bytes in memory; `name` is what errors quote.
    public convenience init(bytes: [UInt8], name: String) throws(RecordingError) {
        try self.init(
            reader: RecordingReader(
                bytes: bytes, name: name, format: .evemu, options: RecordingReadOptions(allowTruncated: true)))
    }

    private init(reader: RecordingReader) {
        self.reader = reader
        header = reader.header
        let lines = reader.controlLines
        controlLinesSeen = lines.count
        var parsed: [JournalControl] = []
        var unknown: [String] = []
        for line in lines {
            if let control = JournalControl(text: line) { parsed.append(control) } else { unknown.append(line) }
        }
        opening = JournalOpening(parsed)
        // The rest of the opening lines (begin, and whatever a hand-made journal put there) come first.
        controls = parsed.filter { !$0.describesSession }
        unknownControlLines = unknown
    }

    /// What `allowTruncated` dropped at the end, once `next()` has returned nil.
    public var truncation: TruncationReport? { reader.truncation }

    /// The next event or control, or nil at the end of the journal.
    public func next() throws(RecordingError) -> JournalItem? {
        while !ended && controlHead == controls.count && events.count - eventHead <= Self.lookahead {
            if let event = try reader.next() { events.append(event) } else { ended = true }
            collectControls()
        }
        if controlHead < controls.count {
            defer {
                controlHead += 1
                if controlHead == controls.count {
                    controls.removeAll(keepingCapacity: true)
                    controlHead = 0
                }
            }
            return .control(controls[controlHead])
        }
        guard eventHead < events.count else { return nil }
        let event = events[eventHead]
        eventHead += 1
        // Drop what was handed over once it is half the buffer, so memory stays flat.
        if eventHead > Self.lookahead {
            events.removeFirst(eventHead)
            eventHead = 0
        }
        return .event(event)
    }

    private func collectControls() {
        let lines = reader.controlLines
        while controlLinesSeen < lines.count {
            let line = lines[controlLinesSeen]
            controlLinesSeen += 1
            if let control = JournalControl(text: line) {
                controls.append(control)
            } else {
                unknownControlLines.append(line)
            }
        }
    }
}

extension JournalReader {
    /// Whether the session of the journal at `path` ran to its end, read from its opening and its
    /// last line alone (an `end` line is the last a session writes): true or false for a journal
    /// that keeps its session's files (`file`/`none` lines, written since `end` lines are); nil for
    /// an older journal, which cannot tell, or a file that is not a journal.
    public static func sessionEnded(path: String) -> Bool? {
        guard let reader = try? JournalReader(path: path), reader.opening.isJournal,
            reader.opening.marksItsEnd
        else { return nil }
        guard let tail = readLastBytes(of: path, count: 4096) else { return nil }
        // A last line without its newline was cut off: the session did not end there.
        guard tail.last == 0x0a, let last = tail.split(separator: 0x0a).last else { return false }
        let text = String(decoding: last, as: UTF8.self)
        guard text.hasPrefix(JournalControl.linePrefix),
            case .end = JournalControl(text: String(text.dropFirst(JournalControl.linePrefix.count)))
        else { return false }
        return true
    }
}
