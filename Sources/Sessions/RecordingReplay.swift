public import ADF
public import FileLocations
internal import Foundation
public import Proctoring
public import Recordings
public import StylusGeometry
public import StylusInput
public import TestMaterials

extension TestKind {
    /// The results file's variant.
    public var variant: ADFVariant {
        switch self {
        case .clock: .clock
        case .maze: .maze
        case .sdt: .symbolDigit
        case .trails: .trails
        }
    }
}

/// A recording replayed through the live pipeline into a results file, deterministically: the
/// session `replay` runs, and `render` and the benchmark with it.
///
/// A recording carries no continue presses, so the split rules place the step boundaries; its
/// frames go through the same driver as a live session's, on virtual time.
public struct RecordingReplay: Sendable {
    /// The recording (evemu or libinput-record) and, for an events-only file, its description.
    public var recording: String
    public var descriptionFile: String?
    /// Use the complete frames before a cut-off or corrupt line instead of failing.
    public var allowTruncated = false
    /// Which device of a multi-device libinput-record file to replay; nil replays its pen.
    public var deviceIndex: Int?
    public var test: TestKind
    public var settings = ProctoringSettings()
    /// The maze test's maze file or battery file (exactly one of them for `.maze`).
    public var maze: String?
    public var battery: String?
    /// The trail making test's shipped form (`standard` without one) and the layout files that
    /// replace its parts (`--form`, `--layout`).
    public var trailsForm: String?
    public var trailsLayouts: [String] = []
    /// Where the clock's command step ends.
    public var clockSplit = StepSplitRule.longestPause
    /// Where the symbol-digit parts end.
    public var symbolDigitSplit = SymbolDigitStepSplit.longestPauses
    /// Unix ms of time zero of a recording with relative times.
    public var startTime: Int64?
    /// `--profile` and `--display-profile`, and the search path for what they leave open.
    public var profileFile: String?
    public var displayProfile: String?
    public var lookup = CalibrationLookup()
    /// The tablet database (libwacom's on a live machine): whether a recording's tablet without a `P:`
    /// line for `INPUT_PROP_DIRECT` is a pen display, which chooses the display its results are measured on.
    public var facts: any DeviceFacts
    /// Where the results file goes, and whether it may replace one there.
    public var directory = "."
    public var force = false
    /// Write a results file even when the pen never touched (or never came near) the tablet.
    public var allowEmpty = false

    public init(recording: String, test: TestKind, facts: any DeviceFacts) {
        self.recording = recording
        self.test = test
        self.facts = facts
    }

    /// The results file's name without its extension, when not the recording's `stem` (a replay
    /// of many recordings whose names would collide).
    public var resultsName: String?

    /// The recording's file name without its directory and extension, to name results after it.
    public var stem: String {
        if let resultsName { return resultsName }
        let name = (recording as NSString).lastPathComponent
        let withoutExtension = (name as NSString).deletingPathExtension
        return withoutExtension.isEmpty ? name : withoutExtension
    }

    /// Opens the recording for one pass over its events.
    public func openReader() throws -> RecordingReader {
        try RecordingReader(
            path: recording, descriptionPath: descriptionFile,
            options: RecordingReadOptions(allowTruncated: allowTruncated, libinputDeviceIndex: deviceIndex))
    }

    /// What a replay read and wrote.
    public struct Outcome: Sendable {
        /// What a person should know about the recording (an empty one replayed with `allowEmpty`).
        public var warnings: [String]
        public var scan: RecordingScan
        public var profile: ProfileMatch?
        public var anchor: WallClockAnchor
        public var result: SessionResult
    }

    /// The latest `startTime` accepted: the last millisecond of the year 9999.
    public static let latestStartTime: Int64 = 253_402_300_799_999

    /// Refuses a live session's journal: replayed as a plain recording, its button taps would
    /// become strokes and its monotonic times would start in 1970; `recover` rebuilds what the
    /// session wrote. `out` is the results directory to name in the advice, if one was given.
    public static func refuseJournal(_ path: String, descriptionFile: String?, out: String?) throws {
        guard descriptionFile == nil, RecordingFileFormat(path: path) == .evemu,
            (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeRegular,
            let reader = try? JournalReader(path: path), reader.opening.isJournal
        else { return }
        throw RecordingReplayError.journal(path: path, out: out)
    }

    /// Refuses an input that is not a plain recording, named as what it is: a results file
    /// (`WrongInputError.checkRecording`) or a live session's journal (`refuseJournal`).
    public static func checkRecording(_ path: String, descriptionFile: String?, out: String?) throws {
        try WrongInputError.checkRecording(path)
        try refuseJournal(path, descriptionFile: descriptionFile, out: out)
    }

    /// Checks the maze options against the test, as `replay` and `render` both take them: a maze
    /// test names exactly one maze or battery; the other tests name neither.
    public static func checkMazeOptions(test: TestKind, maze: String?, battery: String?) throws(RecordingReplayError) {
        switch test {
        case .maze: if (maze == nil) == (battery == nil) { throw .mazeSource }
        case .clock, .sdt, .trails: if maze != nil || battery != nil { throw .mazeOptions(test: test) }
        }
    }

    /// Checks the trail making options against the test: `--form` and `--layout` belong to
    /// `--test trails`, and a layout's path cannot hold what separates layouts on a journal's line.
    public static func checkTrailsOptions(test: TestKind, form: String?, layouts: [String])
        throws(RecordingReplayError)
    {
        guard test == .trails else {
            if form != nil || !layouts.isEmpty { throw .trailsOptions(test: test) }
            return
        }
        if let path = layouts.first(where: { $0.contains(JournaledTest.layoutSeparator) }) {
            throw .layoutPath(path)
        }
    }

    /// Checks a replay's options before any recording is read, as `replay` and `features` take
    /// them: the step split `test` reads, the start time, and the maze options against the test
    /// (without a test, not both a maze and a battery).
    public static func checkOptions(
        test: TestKind?, stepSplit: String, startTime: Int64?, maze: String?, battery: String?
    ) throws {
        if let test {
            // Only the step split is parsed: no recording is read, so no device is asked about.
            var replay = RecordingReplay(recording: "", test: test, facts: NoDeviceFacts())
            try replay.setStepSplit(parsing: stepSplit)
        }
        try checkStartTime(startTime)
        if let test {
            try checkMazeOptions(test: test, maze: maze, battery: battery)
        } else if maze != nil && battery != nil {
            throw RecordingReplayError.mazeSource
        }
    }

    /// Checks `--start-time`: a Unix time in milliseconds from 1970 to the year 9999.
    public static func checkStartTime(_ startTime: Int64?) throws(RecordingReplayError) {
        if let startTime, !(0...latestStartTime).contains(startTime) { throw .startTimeOutOfRange(startTime) }
    }

    /// Sets the step split from `--step-split`, read by the test's own rule: the clock's
    /// (`longest-pause`, `none`, seconds) or the symbol-digit test's (also a list of seconds).
    public mutating func setStepSplit(parsing text: String) throws {
        if test == .sdt {
            symbolDigitSplit = try SymbolDigitStepSplit(parsing: text)
        } else {
            clockSplit = try StepSplitRule(parsing: text)
        }
    }

    /// Replays the recording into the results file.
    ///
    /// - Parameters:
    ///   - events: where the maze and symbol-digit proctors' decisions go as JSON lines (`--events`).
    ///   - unrecordedInk: collects the ink the proctor kept out of the results file.
    ///   - patient: fills the encrypted patient fields for the results file's path and its first
    ///     step's Unix ms (`--patient`).
    ///   - note: what a person should know (a pen display on the reference canvas).
    public func run(
        events: ((String) -> Void)? = nil, unrecordedInk: (any UnrecordedInkSink)? = nil,
        patient: (inout ClockSketchData, _ resultsFile: String, _ startUnixMilliseconds: Double) throws -> Void = {
            _, _, _ in
        },
        note: (String) -> Void = { _ in }
    ) throws -> Outcome {
        let session = try prepare(note: note)
        let file = try ResultsDestination(directory: directory, name: stem, variant: test.variant, force: force)
        let recorder = try file.recorder()
        var environment = session.environment
        try patient(&environment, file.path, session.anchor.unixMilliseconds(session.first))
        let result = try drive(
            session, recorder: recorder, environment: environment, events: events, unrecordedInk: unrecordedInk,
            samples: nil)
        return Outcome(
            warnings: session.warnings, scan: session.scan, profile: session.match, anchor: session.anchor,
            result: result)
    }

    /// Replays the recording as `run` does, keeping the results in memory instead of a file (no
    /// file is written, `directory` and `force` are not used), with the hover samples and the
    /// ink the proctor kept out, which the file would not hold: what `features` measures.
    public func runInMemory(note: (String) -> Void = { _ in }) throws -> SessionInMemory {
        let session = try prepare(note: note)
        let memory = ResultsInMemory(variant: test.variant, label: recording)
        let ink = SessionInk(anchor: session.anchor)
        _ = try drive(
            session, recorder: memory, environment: session.environment, events: nil, unrecordedInk: ink,
            samples: ink.observe)
        ink.close()
        let truncation = session.scan.truncation.map { [$0.description] } ?? []
        return SessionInMemory(
            document: memory.finishedDocument, hover: ink.hover, unrecorded: ink.unrecorded,
            reportsUnrecordedInk: test != .clock,
            mazes: session.mazes, form: session.setup.form, warnings: session.warnings + truncation)
    }

    /// What a replay knows before its first event: the recording's scan, the profile, the setup,
    /// the clock anchor, the environment and the step boundaries.
    private struct Prepared {
        var warnings: [String]
        var scan: RecordingScan
        var match: ProfileMatch?
        var setup: SessionDriverSetup
        var mazes: [AdministeredMaze]
        var anchor: WallClockAnchor
        var first: EventTime
        var last: EventTime
        var environment: ClockSketchData
    }

    private func prepare(note: (String) -> Void) throws -> Prepared {
        try Self.checkStartTime(startTime)
        // The mazes are read before the recording, so a missing maze file is named first.
        let journaled = JournaledTest(
            test, maze: maze, battery: battery, trailsForm: trailsForm, trailsLayouts: trailsLayouts)
        var mazes: [AdministeredMaze] = []
        if test == .maze {
            try Self.checkMazeOptions(test: test, maze: maze, battery: battery)
            mazes = try MazeTestMazes.load(maze: maze, battery: battery, defaults: settings.maze)
        }
        try Self.checkTrailsOptions(test: test, form: trailsForm, layouts: trailsLayouts)
        let trails = try SessionMaterials.trailsForm(test: journaled) {
            try readText($0, purpose: JournaledFile.Role.trailsLayout.purpose)
        }
        let scan = try RecordingScan(reading: try openReader(), file: recording)
        if let skipped = scan.header.skippedDevicesNote(file: recording) { note("note: " + skipped) }
        var warnings: [String] = []
        if let emptiness = Emptiness(scan) {
            guard allowEmpty else { throw RecordingReplayError.empty(file: recording, emptiness) }
            warnings.append(emptiness.warning)
        }
        let device = scan.header.device
        let match = try lookup.tabletProfile(for: device, file: profileFile)
        // Every test's form is laid out on the same blank page: the clock drawn on it, the maze
        // placed as its file says, the symbol-digit form centred.
        _ = try TabletPage.size(of: device, profile: match?.profile)
        let results = try ResultsEnvironment(
            device: device, tabletProfile: match, displayProfile: displayProfile, lookup: lookup, facts: facts,
            note: note)
        let setup = try SessionDriverSetup(
            test: journaled, device: device, profile: match, results: results, settings: settings, mazes: mazes,
            trailsForm: trails)
        guard let first = scan.firstEventTime, let last = scan.lastEventTime else {
            preconditionFailure(
                "a recording scan has a first and a last event: RecordingScan refuses one without events")
        }
        let anchor = WallClockAnchor(firstEventTime: first, startTimeMilliseconds: startTime)
        return Prepared(
            warnings: warnings, scan: scan, match: match, setup: setup, mazes: mazes, anchor: anchor, first: first,
            last: last,
            environment: setup.environment(header: scan.header, penID: scan.penID))
    }

    /// Drives the recording's events through the test's driver into `recorder`.
    private func drive(
        _ session: Prepared, recorder: any SessionRecording, environment: ClockSketchData, events: ((String) -> Void)?,
        unrecordedInk: (any UnrecordedInkSink)?, samples: ((PenSample) -> Void)?
    ) throws -> SessionResult {
        let (scan, first, anchor) = (session.scan, session.first, session.anchor)
        let boundaries: [EventTime]
        switch test {
        case .clock: boundaries = clockSplit.boundary(strokes: scan.strokes, recordingStart: first).map { [$0] } ?? []
        case .maze, .trails: boundaries = []
        case .sdt:
            boundaries = symbolDigitSplit.boundaries(
                strokes: scan.strokes, recordingStart: first, parts: settings.symbolDigit.steps.count)
        }
        let driver = try session.setup.driver(
            device: scan.header.device, anchor: anchor, recorder: recorder, plan: SessionPlan(boundaries: boundaries),
            events: events.map { ProctorEventLog(unixMilliseconds: anchor.unixMilliseconds, write: $0) },
            unrecordedInk: unrecordedInk)
        driver.sampleObserver = samples
        let reader = try openReader()
        return try driver.run(
            from: first, events: reader.next, end: session.last, environment: environment,
            display: session.setup.display)
    }
}

/// Why a recording would give a results file without ink.
public enum Emptiness: Hashable, Sendable {
    /// No pen frame at all (only pad, puck or empty frames): nothing the pen did is in it.
    case noPenFrames(padFrames: Int)
    /// The pen came near but never touched: every pen frame is hover.
    case noContact(penFrames: Int)

    init?(_ scan: RecordingScan) {
        if scan.penFrames == 0 {
            self = .noPenFrames(padFrames: scan.padFrames)
        } else if scan.strokes.isEmpty {
            self = .noContact(penFrames: scan.penFrames)
        } else {
            return nil
        }
    }

    /// What the summary says of an empty recording replayed anyway.
    public var warning: String {
        switch self {
        case .noPenFrames: "the recording has no pen frames; the results file has no strokes"
        case .noContact: "the pen never touched the tablet in the recording; the results file has no strokes"
        }
    }
}

/// Why a recording cannot be replayed as asked.
public enum RecordingReplayError: Error, CustomStringConvertible {
    /// A maze test names neither a maze nor a battery, or both.
    case mazeSource
    /// A test other than the maze names a maze or a battery.
    case mazeOptions(test: TestKind)
    /// A test other than trail making names a form or a layout.
    case trailsOptions(test: TestKind)
    /// A layout file's path holds " layout=", which a journal's test line cannot keep apart.
    case layoutPath(String)
    /// The start time is not a Unix time in milliseconds from 1970 to the year 9999.
    case startTimeOutOfRange(Int64)
    /// The recording is a StylusKit journal, which `recover` rebuilds.
    case journal(path: String, out: String?)
    /// The recording holds no ink (see `Emptiness`).
    case empty(file: String, Emptiness)

    public var description: String {
        switch self {
        case .mazeSource: "--test maze needs exactly one of --maze FILE or --battery FILE."
        case .mazeOptions(let test):
            "--maze and --battery belong to --test maze; leave them out for --test \(test.rawValue)."
        case .trailsOptions(let test):
            "--form and --layout belong to --test trails; leave them out for --test \(test.rawValue)."
        case .layoutPath(let path):
            "The layout file's path \(path) holds ' layout=', which a journal cannot keep apart from the next "
                + "layout; rename or move the file."
        case .startTimeOutOfRange(let startTime):
            "--start-time \(startTime) is not a Unix time in milliseconds between 0 and \(RecordingReplay.latestStartTime)"
                + " (year 9999); give the time the recording started, e.g. 1700000000000."
        case .empty(let file, .noPenFrames(let padFrames)):
            "\(file) has no pen frames" + (padFrames > 0 ? " (only \(padFrames) of the tablet's pad)" : "")
                + ", so its results file would have no strokes. Check that it is the pen's recording (`styluskit info` "
                + "tells what it holds), or pass --allow-empty to write the empty results file."
        case .empty(let file, .noContact(let penFrames)):
            "The pen never touched the tablet in \(file) (\(penFrames) pen frames, all hovering), so its results file "
                + "would have no strokes. Check that it is the session's recording, or pass --allow-empty to write the empty "
                + "results file."
        case .journal(let path, let out):
            "\(path) is a StylusKit journal (a live session's, with its control lines), not a plain recording: replayed, "
                + "its button taps would become strokes and its times would start in 1970. Rebuild the session's results "
                + "file with: styluskit recover \(shellQuoted(path))" + (out.map { " --out \(shellQuoted($0))" } ?? "")
        }
    }
}

extension StepSplitRule {
    /// Why `--step-split` is not a rule for the clock test.
    public struct ParseError: Error, CustomStringConvertible {
        public let text: String

        public var description: String {
            "'\(text)' is not a step-split rule. Use 'longest-pause', 'none', or a number of seconds after the first event (e.g. 12.5)."
        }
    }

    /// Reads `--step-split` for the clock test: `longest-pause`, `none`, or seconds after the first event.
    public init(parsing text: String) throws(ParseError) {
        switch text {
        case "longest-pause": self = .longestPause
        case "none": self = .none
        default:
            guard let seconds = Double(text), seconds >= 0, seconds.isFinite else { throw ParseError(text: text) }
            self = .at(.seconds(seconds))
        }
    }
}
