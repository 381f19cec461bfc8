import Foundation
public import StylusInput

/// A control event of a live session, as its journal keeps it: one `# StylusKit control: TEXT`
/// comment line (README.md, "The journal", gives the grammar and the order).
///
/// The session's description (anchor, test, the files it was given, patient) comes before the
/// first event; the rest (begin, continue, interruptions, taps, reading times) where they happened.
public enum JournalControl: Hashable, Sendable {
    /// The realtime/monotonic pair that maps event times to Unix time.
    case anchor(realtimeMicroseconds: Int64, monotonicMicroseconds: Int64)
    /// The session began (the first step started).
    case begin(EventTime)
    /// Continue was pressed: the current step ended.
    case `continue`(EventTime)
    /// Who ended the step that the next `continue` at `time` ends, when it was not the participant
    /// (a word of ADF's `StepOutcome`: `moved-on`, `stopped`, `skipped`, `time-limit`). Written just
    /// before that `continue` line; a `continue` without one ended its step as the participant's
    /// finish (a fed recording's end), or is from a journal written before this line existed.
    case outcome(String, EventTime)
    /// The session ran to its end (its last step ended) at this time: written only then, so a
    /// journal without it is of a session stopped early (killed, aborted, a disk that failed).
    case end(EventTime)
    /// The kernel dropped events; libevdev resynchronised with `resyncEvents` events.
    case gap(droppedAt: EventTime, resyncEvents: Int)
    /// The tablet was unplugged.
    case removed(EventTime)
    /// The tablet came back.
    case reconnected(EventTime)
    /// The patient's encrypted fields (base64, never the plaintext), so `recover` writes them again.
    case patient(local: String, external: String?)
    /// The test administered. A journal without it is a clock test's (the first journals had none).
    case test(JournaledTest)
    /// A file the session was given (settings, profiles, maze, battery), its content included, so
    /// `recover` needs neither the file nor the option that named it.
    case file(JournaledFile)
    /// The session had no file of this role: the built-in settings, no tablet profile, the
    /// reference canvas for the display.
    case none(JournaledFile.Role)
    /// The patient tapped the button named `button` (a clock button's name): the touch-down
    /// frame at `time` is a tap, not a stroke.
    case tap(button: String, time: EventTime)
    /// A step's instructions were read: shown (and began to be spoken), spoken to the end, and the
    /// pen's first touch after them. The last line of a step wins (a repeat restarts the measure).
    case instructions(step: String, shown: EventTime, spoken: EventTime, firstTouch: EventTime)
    /// A step's instructions were read but not heard: shown, their speech not played for `reason`
    /// (a code without spaces, `UnspokenReason`'s), and the pen's first touch after them.
    case instructionsNotSpoken(step: String, shown: EventTime, reason: String, firstTouch: EventTime)
    /// The operator paused the test (P): the proctor's timers stop and the pen's samples are neither
    /// drawn nor recorded until `resume`.
    case pause(EventTime)
    /// The operator resumed a paused test (P again): the timers go on from where they stopped.
    case resume(EventTime)
    /// The session's parts wait for their instructions' end ("Ready, go") to start their time: a
    /// trail making test in the patient window, which speaks each part's instructions.
    case waitsForReady
    /// The instructions of the part `step` ended ("Ready, go") and its time started at `time`.
    case ready(step: String, time: EventTime)

    /// What starts a control line.
    public static let linePrefix = "# StylusKit control: "

    /// True for the controls that describe the session, written before its first event.
    public var describesSession: Bool {
        switch self {
        case .anchor, .patient, .test, .file, .none, .waitsForReady: true
        case .begin, .continue, .outcome, .end, .gap, .removed, .reconnected, .tap, .instructions,
            .instructionsNotSpoken, .pause, .resume, .ready:
            false
        }
    }

    /// The line's text after `# StylusKit control: `.
    public var text: String {
        switch self {
        case .anchor(let realtime, let monotonic): "anchor realtime-us=\(realtime) monotonic-us=\(monotonic)"
        case .begin(let time): "begin \(time)"
        case .continue(let time): "continue \(time)"
        case .outcome(let word, let time): "outcome \(word) \(time)"
        case .end(let time): "end \(time)"
        case .gap(let at, let events): "gap dropped-at=\(at) resync-events=\(events)"
        case .removed(let time): "removed \(time)"
        case .reconnected(let time): "reconnected \(time)"
        case .patient(let local, let external): "patient local=\(local)" + (external.map { " external=\($0)" } ?? "")
        case .test(let test): "test \(test.text)"
        // The path last: it runs to the end of the line, spaces and all.
        case .file(let file):
            "file \(file.role.rawValue) bytes=\(file.content.count) base64=\(Base64.encode(file.content)) path=\(file.path)"
        case .none(let role): "none \(role.rawValue)"
        case .tap(let button, let time): "tap \(button) \(time)"
        case .pause(let time): "pause \(time)"
        case .resume(let time): "resume \(time)"
        case .waitsForReady: "waits-for-ready"
        case .ready(let step, let time): "ready \(time) step=\(step)"
        // The step last: its identifier (a maze's name) runs to the end of the line, spaces and all.
        case .instructions(let step, let shown, let spoken, let touch):
            "instructions shown=\(shown) spoken=\(spoken) first-touch=\(touch) step=\(step)"
        case .instructionsNotSpoken(let step, let shown, let reason, let touch):
            "instructions shown=\(shown) not-spoken=\(reason) first-touch=\(touch) step=\(step)"
        }
    }

    /// Parses a control line's text (after `# StylusKit control: `); nil for a malformed line or
    /// a line of a later version, which readers pass over.
    public init?(text: String) {
        let fields = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard let kind = fields.first else { return nil }
        switch kind {
        case "test":
            guard let test = JournaledTest(text: String(text.dropFirst("test ".count))) else { return nil }
            self = .test(test)
            return
        case "instructions":
            guard let marker = text.range(of: " step="),
                case let parts = text[..<marker.lowerBound].split(separator: " "),
                parts.count == 4, let shown = Self.time(parts[1], key: "shown"),
                let touch = Self.time(parts[3], key: "first-touch")
            else { return nil }
            let step = String(text[marker.upperBound...])
            if let spoken = Self.time(parts[2], key: "spoken") {
                self = .instructions(step: step, shown: shown, spoken: spoken, firstTouch: touch)
            } else if parts[2].hasPrefix("not-spoken="),
                case let reason = String(parts[2].dropFirst("not-spoken=".count)),
                Self.isName(reason)
            {
                self = .instructionsNotSpoken(step: step, shown: shown, reason: reason, firstTouch: touch)
            } else {
                return nil
            }
            return
        case "ready":
            // The step last, as on an `instructions` line: it runs to the end of the line.
            guard let marker = text.range(of: " step="), fields.count >= 3,
                let time = Self.time(fields[1][...]), text[..<marker.lowerBound] == "ready \(fields[1])"
            else { return nil }
            self = .ready(step: String(text[marker.upperBound...]), time: time)
            return
        case "file":
            guard let file = JournaledFile(text: String(text.dropFirst("file ".count))) else { return nil }
            self = .file(file)
            return
        default:
            break
        }
        func value(_ key: String) -> String? {
            fields.dropFirst().first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
        }
        func onlyTime() -> EventTime? {
            fields.count == 2 ? Self.time(fields[1][...]) : nil
        }
        switch kind {
        case "anchor":
            guard fields.count == 3, let realtime = value("realtime-us").flatMap({ Int64($0) }),
                let monotonic = value("monotonic-us").flatMap({ Int64($0) })
            else { return nil }
            self = .anchor(realtimeMicroseconds: realtime, monotonicMicroseconds: monotonic)
        case "waits-for-ready":
            guard fields.count == 1 else { return nil }
            self = .waitsForReady
        case "outcome":
            guard fields.count == 3, Self.isName(fields[1]), let t = Self.time(fields[2][...]) else { return nil }
            self = .outcome(fields[1], t)
        case "tap":
            guard fields.count == 3, Self.isName(fields[1]), let t = Self.time(fields[2][...]) else { return nil }
            self = .tap(button: fields[1], time: t)
        case "patient":
            guard (2...3).contains(fields.count), let local = value("local"), !local.isEmpty else { return nil }
            let external = value("external")
            guard fields.count == 2 || external?.isEmpty == false else { return nil }
            self = .patient(local: local, external: external)
        case "gap":
            guard fields.count == 3, let at = value("dropped-at").flatMap({ Self.time($0[...]) }),
                let events = value("resync-events").flatMap({ Int($0) })
            else { return nil }
            self = .gap(droppedAt: at, resyncEvents: events)
        case "none":
            guard fields.count == 2, let role = JournaledFile.Role(rawValue: fields[1]) else { return nil }
            self = .none(role)
        default:
            guard let t = onlyTime(), let control = Self.timeOnly(kind, at: t) else { return nil }
            self = control
        }
    }

    /// The control of a line that carries a time and nothing else (`begin T`), by its first word; nil for a word
    /// of no such control (a malformed line, or one of a later version).
    private static func timeOnly(_ word: String, at time: EventTime) -> JournalControl? {
        switch word {
        case "begin": .begin(time)
        case "continue": .continue(time)
        case "end": .end(time)
        case "removed": .removed(time)
        case "reconnected": .reconnected(time)
        case "pause": .pause(time)
        case "resume": .resume(time)
        default: nil
        }
    }

    /// A button's or role's name: lower-case letters and hyphens.
    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7a) || $0 == 0x2d }
    }

    /// `key=seconds.micros` as an event time.
    private static func time(_ field: Substring, key: String) -> EventTime? {
        guard field.hasPrefix(key + "=") else { return nil }
        return time(field.dropFirst(key.count + 1))
    }

    /// `seconds.micros` (six digits) as an event time, as `EventTime.description` writes it.
    static func time(_ text: Substring) -> EventTime? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let seconds = Int64(parts[0]), parts[1].count == 6, parts[1].allSatisfy(\.isASCIIDigit),
            String(seconds) == parts[0], let micros = Int64(parts[1])
        else { return nil }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (sum, carry) = whole.addingReportingOverflow(micros)
        guard !overflow, !carry else { return nil }
        return EventTime(microseconds: sum)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// The test a live session administers, as its journal names it: `test maze battery=FILE`.
public enum JournaledTest: Hashable, Sendable {
    case clock
    case maze(mazeFile: String)
    case battery(file: String)
    case sdt
    /// The trail making test on the shipped form `form` (`standard`, `alternate-N`), with the parts
    /// that `layouts` (`--layout FILE`, each file naming its part) replace; the layouts the session
    /// used are kept whole in the journal's `file trails-layout` lines.
    case trails(form: String, layouts: [String])

    /// The name of the test (`record --test`), which also starts the journal's and results' names.
    public var name: String {
        switch self {
        case .clock: "clock"
        case .maze, .battery: "maze"
        case .sdt: "sdt"
        case .trails: "trails"
        }
    }

    /// What separates a trails test's layout files on its line (a path holding it is refused by
    /// the options that name layouts: the line must read back as it was written).
    public static let layoutSeparator = " layout="

    /// The control line's text after `test `; a file path runs to the end of the line, spaces and all.
    public var text: String {
        switch self {
        case .clock: "clock"
        case .maze(let file): "maze maze=\(file)"
        case .battery(let file): "maze battery=\(file)"
        case .sdt: "sdt"
        case .trails(let form, let layouts): "trails form=\(form)" + layouts.map { Self.layoutSeparator + $0 }.joined()
        }
    }

    public init?(text: String) {
        switch text {
        case "clock": self = .clock
        case "sdt": self = .sdt
        default:
            if text.hasPrefix("trails form=") {
                let fields = text.dropFirst("trails form=".count).components(separatedBy: Self.layoutSeparator)
                guard let form = fields.first, !form.isEmpty, !form.contains(" "), !fields.dropFirst().contains("")
                else { return nil }
                self = .trails(form: form, layouts: Array(fields.dropFirst()))
            } else if text.hasPrefix("maze maze="), text.count > "maze maze=".count {
                self = .maze(mazeFile: String(text.dropFirst("maze maze=".count)))
            } else if text.hasPrefix("maze battery="), text.count > "maze battery=".count {
                self = .battery(file: String(text.dropFirst("maze battery=".count)))
            } else {
                return nil
            }
        }
    }
}

/// A file a live session was given, kept whole in its journal:
/// `file ROLE bytes=N base64=DATA path=PATH`.
public struct JournaledFile: Hashable, Sendable {
    /// What the file was to the session.
    public enum Role: String, Hashable, Sendable, CaseIterable {
        /// `--settings FILE`.
        case settings
        /// The tablet profile chosen (`--profile FILE` or the search path's match).
        case tabletProfile = "tablet-profile"
        /// The display profile chosen (`--display-profile`, or the tablet profile's `display:`).
        case displayProfile = "display-profile"
        /// A maze file: `--maze FILE`, or one a battery lists (at the path the battery resolves it to).
        case maze
        /// `--battery FILE`.
        case battery
        /// A trail making layout the session used (`--layout FILE`, or a part of the shipped form).
        case trailsLayout = "trails-layout"
    }

    public var role: Role
    /// The path the session read it from (what names it in messages, and a profile's name).
    public var path: String
    public var content: [UInt8]

    /// The largest file a journal keeps (512 KiB): its line, in base64, stays under the readers'
    /// 1 MiB line limit. The largest maze StylusKit accepts is about 20 kB.
    public static let maximumBytes = 512 << 10

    public init(role: Role, path: String, content: [UInt8]) {
        self.role = role
        self.path = path
        self.content = content
    }

    /// Parses the text after `file `.
    init?(text: String) {
        guard let marker = text.range(of: " path=") else { return nil }
        let fields = text[..<marker.lowerBound].split(separator: " ", omittingEmptySubsequences: false)
        let path = String(text[marker.upperBound...])
        guard fields.count == 3, let role = Role(rawValue: String(fields[0])), fields[1].hasPrefix("bytes="),
            let count = Int(fields[1].dropFirst("bytes=".count)), (0...Self.maximumBytes).contains(count),
            fields[2].hasPrefix("base64="), let content = Base64.decode(fields[2].dropFirst("base64=".count)),
            content.count == count, !path.isEmpty
        else { return nil }
        self.init(role: role, path: path, content: content)
    }
}

/// RFC 4648 base64 with padding, for the files a journal keeps (Recordings does without Foundation).
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let b0 = bytes[index]
            let b1 = index + 1 < bytes.count ? bytes[index + 1] : 0
            let b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
            out.append(index + 1 < bytes.count ? alphabet[Int((b1 & 0x0f) << 2 | b2 >> 6)] : 0x3d)
            out.append(index + 2 < bytes.count ? alphabet[Int(b2 & 0x3f)] : 0x3d)
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of canonical base64 text (length a multiple of 4, padding only at the end); nil otherwise.
    static func decode(_ text: Substring) -> [UInt8]? {
        let chars = Array(text.utf8)
        guard chars.count % 4 == 0 else { return nil }
        func value(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x41...0x5a: c - 0x41
            case 0x61...0x7a: c - 0x61 + 26
            case 0x30...0x39: c - 0x30 + 52
            case 0x2b: 62
            case 0x2f: 63
            default: nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(chars.count / 4 * 3)
        var index = 0
        while index < chars.count {
            let last = index + 4 == chars.count
            let padding = last ? (chars[index + 3] == 0x3d ? (chars[index + 2] == 0x3d ? 2 : 1) : 0) : 0
            guard let v0 = value(chars[index]), let v1 = value(chars[index + 1]) else { return nil }
            let v2 = padding == 2 ? 0 : value(chars[index + 2])
            let v3 = padding >= 1 ? 0 : value(chars[index + 3])
            guard let v2, let v3 else { return nil }
            out.append(v0 << 2 | v1 >> 4)
            if padding < 2 { out.append((v1 & 0x0f) << 4 | v2 >> 2) }
            if padding < 1 { out.append((v2 & 0x03) << 6 | v3) }
            // Canonical: the bits padding drops are zero, so every content has one text.
            if padding == 2 && v1 & 0x0f != 0 || padding == 1 && v2 & 0x03 != 0 { return nil }
            index += 4
        }
        return out
    }
}
