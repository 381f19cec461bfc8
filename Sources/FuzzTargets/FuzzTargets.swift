// The entry functions of the fuzz targets: one per parser, each taking arbitrary bytes.
//
// The fuzzers under Fuzz/ and the corpus replay (Tests/FuzzCorpusTests) call the same
// functions, so an input the fuzzer found keeps being checked by `make test`.
// The contract every parser must keep on any input: return a value or throw its typed error
// with a non-empty description; never trap, never hang, never allocate without bound.
// A broken contract stops the process through `fatalError`, which libFuzzer reports as a crash.

import ADF
import FileLocations
import Foundation
import Glibc
import Proctoring
import Recordings
import Serving
import Sessions
import StylusGeometry
import StylusInput
import SystemErrors
import VisitReport
import Visits

/// A parser under fuzzing: its name (the fuzzer's `fuzz-NAME` and the corpus directory) and
/// its entry function.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// An evemu recording (header and events), read by the streaming reader, strict and forgiving.
    case evemu
    /// The legacy split form: a `.desc` description, a NUL byte, then the `.events` file.
    case evemuDesc = "evemu-desc"
    /// A libinput-record YAML recording.
    case libinput
    /// An ADF results file: read whole, read point by point, validated (`adf validate`), summarised.
    case adf
    /// A maze file, and the graph the proctor builds from it.
    case maze
    /// A trail making layout file; a layout the parser accepts must read back from its own text,
    /// and the validator must judge it.
    case trailLayout = "trail-layout"
    /// A battery file.
    case battery
    /// A tablet calibration profile.
    case tabletProfile = "tablet-profile"
    /// A display calibration profile; one the parser accepts must read back from its own YAML.
    case displayProfile = "display-profile"
    /// A settings file, migrated from older schemas.
    case settings
    /// An EDID blob.
    case edid
    /// A live session's journal: evemu with control lines, read in one pass by `JournalReader`;
    /// every control it reads must give its own text back.
    case journal
    /// A journal recovered whole, as `recover` does: read, replayed through the session engine
    /// (`JournalRecovery`: its files, drivers, timers and ending) and written as a results file.
    case journalRecovery = "journal-recovery"
    /// A visit protocol (YAML); one the parser accepts must resolve its paths against a folder.
    case visitProtocol = "protocol"
    /// A normative ranges file (CSV) for the report.
    case ranges
    /// A visit folder's manifest (visit.json); one the reader accepts must read back from its own bytes.
    case manifest
    /// A scores file (JSON Lines); every record read must read back from the line its writer makes.
    case scores
    /// What the results browser decodes from a request itself: the `?path=` name, a POST's JSON body and a
    /// rater's marks, the token and Origin checks (HTTP itself is Hummingbird's and NIO's).
    case webRequest = "web-request"

    /// The function that feeds one input to the parser.
    public var entry: @Sendable (UnsafeRawBufferPointer) -> Void {
        switch self {
        case .evemu: fuzzEvemu
        case .evemuDesc: fuzzEvemuDescription
        case .libinput: fuzzLibinputRecord
        case .adf: fuzzADF
        case .maze: fuzzMaze
        case .trailLayout: fuzzTrailLayout
        case .battery: fuzzBattery
        case .tabletProfile: fuzzTabletProfile
        case .displayProfile: fuzzDisplayProfile
        case .settings: fuzzSettings
        case .edid: fuzzEDID
        case .journal: fuzzJournal
        case .journalRecovery: fuzzJournalRecovery
        case .visitProtocol: fuzzVisitProtocol
        case .ranges: fuzzRanges
        case .manifest: fuzzManifest
        case .scores: fuzzScores
        case .webRequest: fuzzWebRequest
        }
    }
}

/// Stops the process when a parser's error says nothing: the person would see an empty message.
private func requireMessage(_ error: some Error, _ parser: String) {
    let text = "\(error)"
    if text.trimmingWhitespace.isEmpty {
        fatalError("\(parser) threw \(type(of: error)) with an empty description")
    }
}

/// Runs one input through `parser` (`read`): whatever it throws must say what is wrong.
private func requireMessage(from parser: String, _ read: () throws -> Void) {
    do {
        try read()
    } catch {
        requireMessage(error, parser)
    }
}

extension String {
    fileprivate var trimmingWhitespace: Substring {
        var s = self[...]
        while let c = s.first, c.isWhitespace { s.removeFirst() }
        while let c = s.last, c.isWhitespace { s.removeLast() }
        return s
    }
}

/// Feeds every event of a read recording through the frame assembler, as replay does.
/// A device that is not a pen tablet is refused (with a message) and its events still read.
private func assemble(_ reader: RecordingReader) throws(RecordingError) {
    var assembler: FrameAssembler?
    do {
        assembler = try FrameAssembler(device: reader.header.device)
    } catch {
        requireMessage(error, "the pen capability check")
    }
    while let event = try reader.next() {
        _ = assembler?.process(event)
    }
    _ = assembler?.takeNotices()
}

private func readEvemu(bytes: [UInt8], description: [UInt8]?) {
    for allowTruncated in [false, true] {
        do {
            let reader = try RecordingReader(
                bytes: bytes, name: "fuzz.evemu", descriptionBytes: description, descriptionName: "fuzz.desc",
                format: .evemu, options: RecordingReadOptions(allowTruncated: allowTruncated))
            try assemble(reader)
            if let truncation = reader.truncation { _ = truncation.description }
        } catch {
            requireMessage(error, "the evemu reader")
        }
        // The fast path only ever accepts what the careful byte loop accepts, event for event.
        if description == nil {
            let fast = EvemuStreamReading(
                bytes: bytes, name: "fuzz.evemu", fastPath: true, allowTruncated: allowTruncated)
            let careful = EvemuStreamReading(
                bytes: bytes, name: "fuzz.evemu", fastPath: false, allowTruncated: allowTruncated)
            precondition(fast == careful, "the evemu fast path and the careful parser disagree")
        }
    }
}

/// An evemu recording, header and events in one file.
public func fuzzEvemu(_ data: UnsafeRawBufferPointer) {
    readEvemu(bytes: Array(data), description: nil)
}

/// The legacy split form: the bytes up to the first NUL are the `.desc` file, the rest the
/// `.events` file (without a NUL, the whole input is the description and there are no events).
public func fuzzEvemuDescription(_ data: UnsafeRawBufferPointer) {
    let bytes = Array(data)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let description = Array(bytes[..<split])
    let events = split < bytes.count ? Array(bytes[(split + 1)...]) : []
    readEvemu(bytes: events, description: description)
}

/// A libinput-record YAML recording (first device, and the second where there is one).
public func fuzzLibinputRecord(_ data: UnsafeRawBufferPointer) {
    let bytes = Array(data)
    for index in [0, 1] {
        do {
            let reader = try RecordingReader(
                bytes: bytes, name: "fuzz.yml", format: .libinput,
                options: RecordingReadOptions(libinputDeviceIndex: index))
            try assemble(reader)
        } catch {
            requireMessage(error, "the libinput-record reader")
        }
    }
}

/// An ADF results file, through every reader the tool has: whole, point by point, `adf
/// validate` and `adf show`. The readers take a path, so the input goes through a scratch file.
public func fuzzADF(_ data: UnsafeRawBufferPointer) {
    let path = ScratchFile.shared.write(data)
    do {
        _ = try ADFReader.read(path: path)
    } catch {
        requireMessage(error, "ADFReader.read")
    }
    do {
        try ADFReader.forEachPoint(path: path) { _ in }
    } catch {
        requireMessage(error, "ADFReader.forEachPoint")
    }
    for problem in ADFValidator().validate(path: path) where problem.message.trimmingWhitespace.isEmpty {
        fatalError("ADFValidator reported a problem without a message at line \(problem.line)")
    }
    do {
        let summary = try ADFSummary(path: path)
        _ = try summary.json()
    } catch {
        requireMessage(error, "ADFSummary")
    }
}

/// A maze file; a maze the parser accepts must also build the proctor's graph.
public func fuzzMaze(_ data: UnsafeRawBufferPointer) {
    requireMessage(from: "the maze parser") {
        let maze = try Maze(parsing: String(decoding: data, as: UTF8.self), source: "fuzz.maze")
        _ = MazeGraph(maze)
    }
}

/// A trail making layout file; one the parser accepts must read back equal from its own
/// `fileText` (centres rounded to the format's tenth of a millimetre) and go through the validator.
public func fuzzTrailLayout(_ data: UnsafeRawBufferPointer) {
    requireMessage(from: "the trail layout parser") {
        let layout = try TrailLayout(parsing: String(decoding: data, as: UTF8.self), source: "fuzz.yaml")
        _ = TrailLayoutValidator.violations(of: layout)
        let again = try TrailLayout(parsing: layout.fileText(), source: "fuzz.yaml (written back)")
        if again.circles.count != layout.circles.count || again.name != layout.name || again.part != layout.part {
            fatalError("a trail layout did not read back from its own text")
        }
    }
}

/// A battery file.
public func fuzzBattery(_ data: UnsafeRawBufferPointer) {
    requireMessage(from: "the battery parser") {
        _ = try MazeBattery(parsing: String(decoding: data, as: UTF8.self), source: "fuzz.battery")
    }
}

/// A tablet calibration profile; one the parser accepts must read back from its own YAML.
public func fuzzTabletProfile(_ data: UnsafeRawBufferPointer) {
    fuzzProfile(TabletProfile.self, data, "tablet")
}

/// A display calibration profile; one the parser accepts must read back from its own YAML.
public func fuzzDisplayProfile(_ data: UnsafeRawBufferPointer) {
    fuzzProfile(DisplayProfile.self, data, "display")
}

/// A calibration profile as the fuzzer reads it and writes it back: tablet and display profiles share the
/// YAML reader's contract and its writer's.
private protocol CalibrationProfileText {
    init(yaml: String, source: String) throws(ProfileError)
    func yaml(comments: [String]) -> String
}

extension TabletProfile: CalibrationProfileText {}
extension DisplayProfile: CalibrationProfileText {}

/// One input to the `kind` profile parser (`tablet`, `display`); a profile it accepts must read back from the
/// YAML its own writer makes.
private func fuzzProfile<Profile: CalibrationProfileText>(
    _: Profile.Type, _ data: UnsafeRawBufferPointer, _ kind: String
) {
    requireMessage(from: "the \(kind) profile parser") {
        let profile = try Profile(yaml: String(decoding: data, as: UTF8.self), source: "fuzz.yaml")
        do {
            _ = try Profile(yaml: profile.yaml(comments: ["fuzz"]), source: "written.yaml")
        } catch {
            fatalError("the \(kind) profile parser refuses the YAML its own writer made: \(error)")
        }
    }
}

/// A settings file (older schemas are migrated on reading).
public func fuzzSettings(_ data: UnsafeRawBufferPointer) {
    requireMessage(from: "the settings parser") {
        _ = try ProctoringSettings(yaml: String(decoding: data, as: UTF8.self), source: "fuzz.yaml")
    }
}

/// An EDID blob as given, and again with its checksum byte made right, so that random bytes
/// reach the fields behind the checksum test.
public func fuzzEDID(_ data: UnsafeRawBufferPointer) {
    var bytes = Array(data)
    for attempt in 0..<2 {
        if attempt == 1 {
            guard bytes.count >= EDID.baseBlockLength else { return }
            let sum = bytes[0..<(EDID.baseBlockLength - 1)].reduce(0) { ($0 + Int($1)) & 0xFF }
            bytes[EDID.baseBlockLength - 1] = UInt8((256 - sum) & 0xFF)
        }
        do {
            let edid = try EDID(bytes: bytes)
            _ = (edid.productName, edid.serialText, edid.preferredTiming, edid.sizeCentimetres)
        } catch {
            requireMessage(error, "the EDID parser")
        }
    }
}

/// A new directory for one process's fuzzing scratch files, `NAME-XXXXXX` in /dev/shm, or in /tmp where /dev/shm
/// cannot be written; a fuzzer that cannot make one stops.
private func scratchDirectory(named name: String) -> String {
    let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    var template = Array("\(base)/\(name)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
        fatalError("cannot make a scratch directory in \(base): \(String(cString: strerror(errno)))")
    }
    return String(cString: made)
}

/// The file the path-based readers read each input from: one per process, in a directory of
/// its own, overwritten for every input and removed at exit.
private final class ScratchFile: @unchecked Sendable {
    static let shared = ScratchFile()

    private let directory: String
    let path: String

    private init() {
        directory = scratchDirectory(named: "styluskit-fuzz")
        path = directory + "/input.csk"
        atexit {
            unlink(ScratchFile.shared.path)
            rmdir(ScratchFile.shared.directory)
        }
    }

    /// Replaces the file's contents with `data`; returns its path.
    func write(_ data: UnsafeRawBufferPointer) -> String {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { fatalError("cannot write \(path): \(String(cString: strerror(errno)))") }
        if let failure = WholeWrite.write(data, to: fd) {
            fatalError("cannot write \(path): \(String(cString: strerror(failure)))")
        }
        close(fd)
        return path
    }
}

/// A journal: the opening and every event and control, as `recover` reads them. A control read
/// must parse back from its own text to itself (`recover` and the writer agree on every line).
public func fuzzJournal(_ data: UnsafeRawBufferPointer) {
    do {
        let reader = try JournalReader(bytes: Array(data), name: "fuzz.evemu")
        for file in reader.opening.files { checkRoundTrip(.file(file)) }
        var events = 0
        while let item = try reader.next() {
            switch item {
            case .event: events += 1
            case .control(let control): checkRoundTrip(control)
            }
        }
        _ = reader.truncation
    } catch {
        requireMessage(error, "the journal reader")
    }
}

private func checkRoundTrip(_ control: JournalControl) {
    if JournalControl(text: control.text) != control {
        fatalError("the journal control '\(control.text.prefix(200))' does not parse back to itself")
    }
}

/// A journal recovered as `recover` recovers it. The engine reads journals from files and writes
/// results files, so each input goes through one scratch directory of this process, replaced each time.
public func fuzzJournalRecovery(_ data: UnsafeRawBufferPointer) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("styluskit-fuzz-recovery-\(getpid())")
        .path
    let journal = (directory as NSString).appendingPathComponent("journal.evemu")
    do {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(data).write(to: URL(fileURLWithPath: journal))
    } catch {
        fatalError("cannot write the fuzz input to \(journal): \(error)")
    }
    do {
        // No checkout, no home and no tablet database: what the journal keeps is all the session has, as for a
        // copied journal, so a run does not depend on the machine's libwacom.
        let recovery = JournalRecovery(
            path: journal, lookup: CalibrationLookup(projectDirectory: directory, environment: [:]),
            facts: NoDeviceFacts())
        let recovered = try recovery.rebuild(
            directory: (directory as NSString).appendingPathComponent("results"), force: true)
        if recovered.result.output.isEmpty { fatalError("recover wrote a results file with no path") }
    } catch {
        requireMessage(error, "journal recovery")
    }
}

/// A visit protocol; one the parser accepts must also resolve its paths against a folder.
public func fuzzVisitProtocol(_ data: UnsafeRawBufferPointer) {
    requireMessage(from: "the protocol parser") {
        let read = try VisitProtocol(yaml: String(decoding: data, as: UTF8.self), source: "fuzz.yaml")
        _ = read.resolved(against: "protocols")
    }
}

/// A normative ranges file; every range read must be found again by its test and measure.
public func fuzzRanges(_ data: UnsafeRawBufferPointer) {
    requireMessage(from: "the ranges parser") {
        let ranges = try NormativeRanges(csv: String(decoding: data, as: UTF8.self), source: "fuzz.csv")
        for range in ranges.ranges where ranges.range(test: range.test, measure: range.measure) == nil {
            fatalError("a range read from a ranges file is not found by its own test and measure")
        }
    }
}

/// A visit manifest; one the reader accepts must read back, equal, from the bytes its own writer makes.
public func fuzzManifest(_ data: UnsafeRawBufferPointer) {
    do {
        let manifest = try VisitManifest(data: Data(data), source: "visit.json")
        _ = manifest.counts
        let written: Data
        do {
            written = try manifest.jsonData()
        } catch {
            fatalError("a manifest that was read cannot be written: \(error)")
        }
        do {
            let again = try VisitManifest(data: written, source: "visit.json (written back)")
            if again != manifest { fatalError("a manifest did not read back equal from its own bytes") }
        } catch {
            fatalError("the manifest reader refuses the bytes its own writer made: \(error)")
        }
    } catch {
        requireMessage(error, "the manifest reader")
    }
}

/// A scores file: never refused whole; every record read must read back from the line its writer makes,
/// and every line passed over must say why.
public func fuzzScores(_ data: UnsafeRawBufferPointer) {
    let contents = ScoresFileFormat.parse(Data(data))
    for problem in contents.problems where problem.reason.trimmingWhitespace.isEmpty {
        fatalError("a scores file line was passed over without a reason (line \(problem.line))")
    }
    for record in contents.records {
        let again = ScoresFileFormat.parse(Data(ScoresFileFormat.line(for: record).utf8))
        if again.records != [record] { fatalError("a score record did not read back from its own line") }
    }
}

/// A request as the results browser decodes it: the bytes up to the first NUL are the `?path=` name, up to
/// the second the token header (and the Origin's host), the rest a POST's body. Every refusal must have words.
public func fuzzWebRequest(_ data: UnsafeRawBufferPointer) {
    let bytes = Array(data)
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let name = String(decoding: parts.first ?? [], as: UTF8.self)
    let header = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
    let body = parts.count > 2 ? Data(parts[2]) : Data()
    let served = ServedScratch.shared
    for words in RequestDecoding.refusals(
        path: name, body: body, header: header, folders: served.folders, results: served.results)
    where words.trimmingWhitespace.isEmpty {
        fatalError("a request was refused without words")
    }
}

/// A served folder for the request fuzzer: a visit-like tree with a results file, a symbolic link out of it
/// and a FIFO, made once per process and removed at exit.
private final class ServedScratch: @unchecked Sendable {
    static let shared = ServedScratch()

    let directory: String
    let folders: ServedFolders
    let results: String

    private init() {
        directory = scratchDirectory(named: "styluskit-fuzz-served")
        let visit = directory + "/P01/visit-1"
        results = visit + "/clock.csk"
        do {
            try FileManager.default.createDirectory(atPath: visit, withIntermediateDirectories: true)
            try Data("<Data/>\n".utf8).write(to: URL(fileURLWithPath: results))
            try FileManager.default.createSymbolicLink(atPath: visit + "/out", withDestinationPath: "/etc")
            mkfifo(visit + "/pipe.csk", 0o600)
            folders = try ServedFolders([directory])
        } catch {
            fatalError("cannot make the served scratch folder \(directory): \(error)")
        }
        atexit {
            try? FileManager.default.removeItem(atPath: ServedScratch.shared.directory)
        }
    }
}
