public import Foundation
internal import SystemErrors

/// What a file given to a command is, read from its first bytes: a recording, a journal, a results
/// file, or something else. For the advice when a file is given to the wrong command: a recording
/// to `adf show`, a results file to `replay`.
public enum InputFileKind: Equatable, Sendable {
    /// An evemu recording (`# EVEMU`, or description and event lines).
    case evemuRecording
    /// A StylusKit journal: an evemu recording with `# StylusKit control:` lines.
    case journal
    /// A libinput-record YAML recording.
    case libinputRecording
    /// XML: an ADF results file (or another XML document).
    case xml
    /// A PDF document (a printed form or calibration sheet).
    case pdf
    /// A PNG picture (a rendered result or a plot).
    case png
    /// A StylusKit tablet profile (`kind: tablet`).
    case tabletProfile
    /// A StylusKit display profile (`kind: display`).
    case displayProfile
    /// A table of comma-separated values (a features table, an export): a header line and rows with as many commas.
    case csv
    /// Anything else, or a file that cannot be read (the command's own reader says why).
    case other

    /// True for a recording of a tablet's events (evemu or libinput-record), not a journal.
    public var isRecording: Bool { self == .evemuRecording || self == .libinputRecording }

    /// Sniffs the first 64 KiB of `path`; a FIFO or a device is not opened (opening a FIFO waits for a writer
    /// for ever: `features` hung on one) and is `other`, for the command's own reader to refuse.
    public init(path: String) {
        guard SpecialFile.kind(atPath: path) == nil, let handle = FileHandle(forReadingAtPath: path) else {
            self = .other
            return
        }
        defer { try? handle.close() }
        self.init(head: (try? handle.read(upToCount: 64 << 10)) ?? Data())
    }

    /// Sniffs `head`, a file's first bytes.
    public init(head bytes: Data) {
        if bytes.starts(with: Array("%PDF-".utf8)) {
            self = .pdf
            return
        }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            self = .png
            return
        }
        // Every results file a batch command reads is sniffed first: splitting 64 KiB into trimmed lines
        // for it was 56 % of `features` over 20 results files.
        if Self.startsWithMarkup(bytes) {
            self = .xml
            return
        }
        self.init(lines: bytes)
    }

    /// Sniffs `bytes` line by line, as `init(head:)` does for what is neither PDF, PNG nor plain markup.
    init(lines bytes: Data) {
        let head = String(decoding: bytes.prefix(64 << 10), as: UTF8.self)
        let lines = head.split(separator: "\n", maxSplits: 400, omittingEmptySubsequences: true).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let first = lines.first else {
            self = .other
            return
        }
        if first.hasPrefix("<?xml") || first.hasPrefix("<") {
            self = .xml
        } else if lines.contains(where: { $0.hasPrefix("# StylusKit control:") }) {
            self = .journal
        } else if first.hasPrefix("# EVEMU") || lines.contains(where: { $0.hasPrefix("E: ") || $0.hasPrefix("N: ") }) {
            self = .evemuRecording
        } else if lines.contains(where: {
            $0.hasPrefix("libinput:") || $0.hasPrefix("version:") && head.contains("devices:")
        }) {
            self = .libinputRecording
        } else if lines.contains("kind: tablet") {
            self = .tabletProfile
        } else if lines.contains("kind: display") {
            self = .displayProfile
        } else if Self.isTable(lines) {
            self = .csv
        } else {
            self = .other
        }
    }
}

extension InputFileKind {
    /// True when the first line that is not empty starts, after spaces and tabs, with `<` followed by an
    /// ASCII byte (or nothing): what the line-by-line sniffing reads as XML, found from the bytes. A CR or a
    /// non-ASCII byte on the way (a mark combining with `<`, a byte-order mark) is left to the lines.
    static func startsWithMarkup(_ bytes: Data) -> Bool {
        // The lines read 64 KiB at most, so a `<` after 64 KiB of blank lines is not theirs either.
        let end = bytes.index(bytes.startIndex, offsetBy: min(bytes.count, 64 << 10))
        var index = bytes.startIndex
        while index < end, bytes[index] == UInt8(ascii: "\n") { index += 1 }
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        guard index < end, bytes[index] == UInt8(ascii: "<") else { return false }
        return index + 1 == end || bytes[index + 1] < 0x80
    }

    /// True when `lines` read as CSV: a header of comma-separated names and a row with as many commas. A comment
    /// or a YAML key (`name: a, b`) is not a header, so a maze or profile with commas is never taken for a table.
    static func isTable(_ lines: [String]) -> Bool {
        guard lines.count >= 2, !lines[0].hasPrefix("#"), !lines[0].contains(": ") else { return false }
        let commas = lines.prefix(2).map { $0.count { $0 == "," } }
        return commas[0] > 0 && commas[1] == commas[0]
    }
}

/// A file given to a command that does not take its kind, with the command that does.
public enum WrongInputError: Error, CustomStringConvertible {
    /// A recording or journal where a results file was expected.
    case notAResultsFile(path: String, kind: InputFileKind)
    /// A results file (XML) where a recording was expected.
    case notARecording(path: String)
    /// A document, picture, table or profile where a recording was expected.
    case otherThanRecording(path: String, kind: InputFileKind)

    public var description: String {
        switch self {
        case .notAResultsFile(let path, let kind) where !kind.isRecording && kind != .journal:
            "\(path) is \(Self.whatItIs(kind, path: path) ?? "another kind of file"), not a results file. Give the .csk, "
                + ".msk, .ssk or .tsk file a session wrote (styluskit replay, record and recover write them)."
        case .otherThanRecording(let path, let kind):
            "\(path) is \(Self.whatItIs(kind, path: path) ?? "another kind of file"), not a recording. Give the evemu or "
                + "libinput recording of a tablet's events (evemu-record or libinput record write them)."
        case .notAResultsFile(let path, .journal):
            "\(path) is a StylusKit journal (a live session's events), not a results file. Rebuild its results file with "
                + "`styluskit recover \(shellQuoted(path))`, then give that .csk, .msk, .ssk or .tsk."
        case .notAResultsFile(let path, _):
            "\(path) is a recording of a tablet's events, not a results file. Replay it into one with "
                + "`styluskit replay \(shellQuoted(path)) --test clock|maze|sdt`, then give the .csk, .msk, .ssk or .tsk it writes."
        case .notARecording(let path):
            "\(path) is a results file (ADF XML), not a recording. `styluskit adf show \(shellQuoted(path))` summarises it, "
                + "`styluskit render \(shellQuoted(path)) --out FILE.png` draws it; replay takes an evemu or libinput recording."
        }
    }

    /// What a file of `kind` is, and the command or option that takes it, for a message; nil for
    /// a kind with nothing to say (unknown text).
    public static func whatItIs(_ kind: InputFileKind, path: String) -> String? {
        let file = shellQuoted(path)
        switch kind {
        case .evemuRecording, .libinputRecording:
            return
                "a recording of a tablet's events (`styluskit replay \(file) --test ...` or `styluskit info \(file)` take it)"
        case .journal: return "a StylusKit journal (`styluskit recover \(file)` rebuilds its results file)"
        case .xml:
            return "an XML file, such as an ADF results file (`styluskit adf show \(file)` and `render` take those)"
        case .pdf: return "a PDF document (a printed form, a report or a picture)"
        case .png: return "a PNG picture"
        case .csv: return "a table of comma-separated values (a features table or an export)"
        case .tabletProfile: return "a tablet profile (--profile takes it)"
        case .displayProfile: return "a display profile (--display-profile takes it)"
        case .other: return nil
        }
    }

    /// Throws when `path`, given where a results file is expected, is a recording or a journal.
    public static func checkResultsFile(_ path: String) throws(WrongInputError) {
        let kind = InputFileKind(path: path)
        switch kind {
        case .evemuRecording, .journal, .libinputRecording, .pdf, .png, .csv, .tabletProfile, .displayProfile:
            throw .notAResultsFile(path: path, kind: kind)
        case .xml, .other: return
        }
    }

    /// Throws when `path`, given where a recording is expected, is a results file.
    public static func checkRecording(_ path: String) throws(WrongInputError) {
        let kind = InputFileKind(path: path)
        switch kind {
        case .xml: throw .notARecording(path: path)
        case .pdf, .png, .csv, .tabletProfile, .displayProfile: throw .otherThanRecording(path: path, kind: kind)
        case .evemuRecording, .libinputRecording, .journal, .other: return
        }
    }
}
