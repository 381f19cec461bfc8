public import Foundation

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
    /// Anything else, or a file that cannot be read (the command's own reader says why).
    case other

    /// True for a recording of a tablet's events (evemu or libinput-record), not a journal.
    public var isRecording: Bool { self == .evemuRecording || self == .libinputRecording }

    /// Sniffs the first 64 KiB of `path`.
    public init(path: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
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
        } else {
            self = .other
        }
    }
}

/// A file given to a command that does not take its kind, with the command that does.
public enum WrongInputError: Error, CustomStringConvertible {
    /// A recording or journal where a results file was expected.
    case notAResultsFile(path: String, kind: InputFileKind)
    /// A results file (XML) where a recording was expected.
    case notARecording(path: String)

    public var description: String {
        switch self {
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
    static func whatItIs(_ kind: InputFileKind, path: String) -> String? {
        let file = shellQuoted(path)
        switch kind {
        case .evemuRecording, .libinputRecording:
            return
                "a recording of a tablet's events (`styluskit replay \(file) --test ...` or `styluskit info \(file)` take it)"
        case .journal: return "a StylusKit journal (`styluskit recover \(file)` rebuilds its results file)"
        case .xml:
            return "an XML file, such as an ADF results file (`styluskit adf show \(file)` and `render` take those)"
        case .pdf: return "a PDF document (a printed form or sheet)"
        case .png: return "a PNG picture"
        case .tabletProfile: return "a tablet profile (--profile takes it)"
        case .displayProfile: return "a display profile (--display-profile takes it)"
        case .other: return nil
        }
    }

    /// Throws when `path`, given where a results file is expected, is a recording or a journal.
    public static func checkResultsFile(_ path: String) throws(WrongInputError) {
        let kind = InputFileKind(path: path)
        switch kind {
        case .evemuRecording, .journal, .libinputRecording: throw .notAResultsFile(path: path, kind: kind)
        case .xml, .other, .pdf, .png, .tabletProfile, .displayProfile: return
        }
    }

    /// Throws when `path`, given where a recording is expected, is a results file.
    public static func checkRecording(_ path: String) throws(WrongInputError) {
        if InputFileKind(path: path) == .xml { throw .notARecording(path: path) }
    }
}
