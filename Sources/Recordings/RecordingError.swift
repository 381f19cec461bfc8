/// Why a recording could not be read or written; the text names the file and line and says what to do.
public enum RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be opened.
    case cannotOpen(file: String, reason: String)
    /// Reading the file failed part-way.
    case readFailed(file: String, reason: String)
    /// Writing, syncing or renaming the output failed.
    case writeFailed(file: String, reason: String)
    /// The output exists and overwriting was not asked for.
    case outputExists(file: String)
    case outputIsDirectory(file: String)
    /// A device index beyond a libinput-record file's `devices:` list.
    case noSuchDevice(file: String, index: Int, count: Int)
    /// A line is not of the form the format requires at that point.
    case malformedLine(file: String, line: Int, expected: String, found: String)
    /// The last line stops in the middle (no newline) and is not a complete line.
    case cutOffLine(file: String, line: Int, expected: String, found: String)
    /// The recording ends with events after its last `SYN_REPORT`: it was cut off inside a frame.
    case incompleteLastFrame(file: String, line: Int, events: Int)
    /// A number is outside the range its field allows.
    case outOfRange(file: String, line: Int, column: Int, problem: String)
    /// No device description precedes the events.
    case missingDescription(file: String, firstEventLine: Int?)
    /// The separate description file (`--desc`) does not exist.
    case descriptionFileMissing(file: String)
    /// The separate description file could not be opened.
    case cannotOpenDescription(file: String, reason: String)
    /// A separate description was given for a recording that has its own.
    case twoDescriptions(recording: String, device: String, descriptionFile: String, descriptionDevice: String)
    /// A libinput-record file of a version we cannot read.
    case unsupportedVersion(file: String, found: String)
    /// A libinput-record file that is not valid YAML or lacks a required key.
    case invalidYAML(file: String, line: Int?, problem: String)
    /// A line longer than any a recording has: the file is damaged or not a recording.
    case lineTooLong(file: String, line: Int, limit: Int)
    /// A libinput-record file larger than the YAML reader accepts (it parses the file whole).
    /// `bytes` is nil when the file is a pipe, whose size is not known.
    case yamlTooLarge(file: String, bytes: Int?, limit: Int)

    public var description: String {
        switch self {
        case .cannotOpen(let file, let reason):
            return "\(file): cannot open the recording: \(reason); check the path and its permissions"
        case .readFailed(let file, let reason):
            return "\(file): reading failed: \(reason)"
        case .writeFailed(let file, let reason):
            return
                "\(file): writing failed: \(reason); the new file was not written (nothing partial is left under its name):"
                + " free space on its disk (or fix its permissions), then run the command again"
        case .outputExists(let file):
            return "\(file): the output file exists; choose another name or pass --force to overwrite it"
        case .noSuchDevice(let file, let index, let count):
            return "\(file) holds \(count == 1 ? "1 device" : "\(count) devices"), so there is no device \(index); "
                + (count == 1
                    ? "leave --device-index out"
                    : "give --device-index 0 to \(count - 1), or leave it out to read the pen")
        case .outputIsDirectory(let file):
            return
                "\(file) is a directory; give the path of the file to write, e.g. \(file.hasSuffix("/") ? file : file + "/")recording.evemu"
        case .malformedLine(let file, let line, let expected, let found):
            return "\(file):\(line): expected \(expected), found '\(found)';"
                + " fix or remove the line (--allow-truncated uses the complete frames before a damaged event line)"
        case .cutOffLine(let file, let line, let expected, let found):
            return "\(file):\(line): expected \(expected), found '\(found)' at the end of the file without a newline:"
                + " the recording was cut off; read it with allowTruncated (--allow-truncated) to keep the events before it"
        case .outOfRange(let file, let line, let column, let problem):
            return "\(file):\(line):\(column): \(problem);"
                + " fix the line (--allow-truncated uses the complete frames before a damaged event line)"
        case .incompleteLastFrame(let file, let line, let events):
            return
                "\(file):\(line): the recording ends inside a frame (\(events) event\(events == 1 ? "" : "s") after the"
                + " last SYN_REPORT): it was cut off; pass --allow-truncated to use the complete frames before it"
        case .missingDescription(let file, let firstEventLine):
            let at = firstEventLine.map { ":\($0)" } ?? ""
            return "\(file)\(at): no device description before the events: expected 'N:' and 'I:' lines"
                + " or evtest-style '# Input device name:' comments; for an events-only recording"
                + " pass its .desc file (--desc)"
        case .descriptionFileMissing(let file):
            return "the description file \(file) does not exist; check the --desc path (it is needed only for an"
                + " events-only recording, whose description is in a separate .desc file)"
        case .cannotOpenDescription(let file, let reason):
            return "\(file): cannot open the description file: \(reason); check its path and permissions"
        case .twoDescriptions(let recording, let device, let descriptionFile, let descriptionDevice):
            return "\(recording) has its own device description (\"\(device)\") and \(descriptionFile) gives another"
                + " (\"\(descriptionDevice)\"): the events were recorded with the recording's own, so another would"
                + " change what they mean. Leave out --desc: it is only for an events-only recording"
        case .unsupportedVersion(let file, let found):
            return "\(file): libinput-record version \(found) is not supported; only version 1 can be read"
        case .invalidYAML(let file, let line, let problem):
            let at = line.map { ":\($0)" } ?? ""
            return "\(file)\(at): not a libinput-record file: \(problem)"
        case .lineTooLong(let file, let line, let limit):
            return "\(file):\(line): the line is longer than \(limit) bytes, the most StylusKit reads as one line of a"
                + " recording; no recording has lines that long, so the file is damaged or not a recording:"
                + " cut the file before this line (--allow-truncated uses the complete frames before it)"
        case .yamlTooLarge(let file, let bytes, let limit):
            let size = bytes.map { " (\($0) bytes)" } ?? ""
            return "\(file): the libinput-record file is larger than \(limit) bytes\(size), the most StylusKit reads"
                + " (YAML is parsed whole in memory); split the recording into shorter ones, or record in evemu"
                + " format (evemu-record, styluskit record), which is read in flat memory however long"
        }
    }
}

/// The longest excerpt of an offending line an error message quotes.
let quotedLineLimit = 120

/// `bytes` as text for an error message, cut to `quotedLineLimit` characters.
func quoted(_ bytes: some Collection<UInt8>) -> String {
    var text = String(decoding: bytes.prefix(quotedLineLimit * 4), as: UTF8.self)
    if text.hasSuffix("\r") { text.removeLast() }
    if text.count > quotedLineLimit { text = String(text.prefix(quotedLineLimit)) + "..." }
    return text
}
