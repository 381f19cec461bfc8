import ADF
import ArgumentParser
import Foundation
import Proctoring
import Recordings
import Sessions
import StylusGeometry
import StylusInput

/// `styluskit replay RECORDING --test clock|maze`: a recorded session through the live pipeline, into an ADF file.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replays a recording through the same pipeline as a live session and writes the ADF results file.",
        discussion: """
            A recording carries no button presses, so --step-split decides where the clock test's \
            command step ends and the copy step begins: 'longest-pause' (the midpoint of the longest \
            pen-up pause between two strokes), 'none' (every stroke in the command step), or a number \
            of seconds after the first event (moved to the end of a stroke it falls inside).

            The maze test (--test maze with --maze FILE or --battery FILE) runs the maze proctor in \
            virtual time on a form the size of the tablet's active area, each maze placed as its file \
            says (centred by default): one step per maze, which ends at the maze's finish. Refused \
            strokes are not recorded; interruptions are. --events prints every proctor decision as one \
            JSON line on standard output, and the summary then goes to standard error.

            The symbol-digit test (--test sdt) runs the symbol-digit proctor on its form, laid out in cm \
            and centred on the tablet's active area: one drawing per part (test, copy, delayed recall, \
            and the repeat's), a 'skip' interruption whenever a stroke lands beyond the next box. Its \
            --step-split rules: 'longest-pause' splits the parts at the longest pen-up pauses between \
            strokes, only at pauses of 5 s or more and at most one fewer than the parts; 'none' puts \
            every stroke in the first part; a comma-separated list of increasing seconds after the \
            first event ends each part there (moved to the end of a stroke it falls inside). Parts \
            left at the end of the recording are passed through there. --events works as for the maze.

            --settings FILE reads the tests' options from a settings file (clock, maze, symbol-digit \
            sections); a battery's own lines still override its maze settings.
            """)

    /// The tests `replay` can administer.
    enum TestKind: String, ExpressibleByArgument, CaseIterable {
        case clock
        case maze
        case sdt

        /// The results file's variant.
        var variant: ADFVariant {
            switch self {
            case .clock: .clock
            case .maze: .maze
            case .sdt: .symbolDigit
            }
        }
    }

    @OptionGroup var recording: RecordingOptions
    @OptionGroup var profile: ProfileOptions
    @OptionGroup var displayOptions: DisplayOptions
    @OptionGroup var patient: PatientOptions
    @OptionGroup var proctoring: SettingsOptions

    @Option(help: "The test the recording was made for.")
    var test: TestKind

    @Option(help: "The directory to write the results file into.")
    var out = "."

    @Option(help: "Where the command step ends: longest-pause, none, or seconds after the first event (--test sdt: a list, e.g. 60,120).")
    var stepSplit = "longest-pause"

    @Option(help: "Unix time in milliseconds of time zero of a recording with relative times (default: 0, i.e. 1970).")
    var startTime: Int64?

    @Flag(help: "Replace a results file of the same name.")
    var force = false

    @Flag(help: "Print the summary as JSON.")
    var json = false

    @Option(help: "The maze file of a one-maze maze test (--test maze).")
    var maze: String?

    @Option(help: "The battery file listing the mazes of a maze test (--test maze).")
    var battery: String?

    @Flag(help: "Print each proctor decision as a JSON line on standard output (--test maze or sdt).")
    var events = false

    /// The latest start time accepted: the last millisecond of the year 9999.
    static let latestStartTime: Int64 = 253_402_300_799_999

    func validate() throws {
        if test == .sdt {
            do { _ = try SymbolDigitStepSplit(parsing: stepSplit) } catch { throw ValidationError(error.description) }
        } else {
            _ = try parsedStepSplit()
        }
        if let startTime, !(0...Self.latestStartTime).contains(startTime) {
            throw ValidationError(
                "--start-time \(startTime) is not a Unix time in milliseconds between 0 and \(Self.latestStartTime)"
                    + " (year 9999); give the time the recording started, e.g. 1700000000000.")
        }
        switch test {
        case .maze:
            if (maze == nil) == (battery == nil) {
                throw ValidationError("--test maze needs exactly one of --maze FILE or --battery FILE.")
            }
        case .clock:
            if maze != nil || battery != nil || events {
                throw ValidationError("--maze, --battery and --events belong to --test maze; leave them out for --test clock.")
            }
        case .sdt:
            if maze != nil || battery != nil {
                throw ValidationError("--maze and --battery belong to --test maze; leave them out for --test sdt.")
            }
        }
    }

    /// A live session's journal is not a plain recording: its taps would become strokes and its
    /// monotonic times would start in 1970. `recover` rebuilds what the session wrote.
    func refuseJournal() throws {
        let path = recording.recording
        guard recording.descriptionFile == nil, RecordingFileFormat(path: path) == .evemu,
            (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeRegular,
            let reader = try? JournalReader(path: path), reader.opening.isJournal
        else { return }
        throw ReplayError.journal(path: path, out: out == "." ? nil : out)
    }

    func parsedStepSplit() throws -> StepSplitRule {
        switch stepSplit {
        case "longest-pause": return .longestPause
        case "none": return .none
        default:
            guard let seconds = Double(stepSplit), seconds >= 0, seconds.isFinite else {
                throw ValidationError(CommandError.invalidStepSplit(stepSplit).description)
            }
            return .at(.seconds(seconds))
        }
    }

    func run() throws {
        try run(unrecordedInk: nil)
    }

    /// Replays the recording; the maze and symbol-digit drivers hand the ink their proctor did
    /// not record to `unrecordedInk` (the clock test records every stroke).
    func run(unrecordedInk: UnrecordedInkLog?) throws {
        try refuseJournal()
        let settings = try proctoring.load()
        // The mazes are read before the recording, so a missing maze file is named first.
        let mazes = test == .maze ? try MazeTestMazes.load(maze: maze, battery: battery, defaults: settings.maze) : []
        let session = try ReplaySession(self, variant: test.variant)
        let (first, last, anchor) = (session.first, session.last, session.anchor)
        let events = events ? ProctorEventLog(unixMilliseconds: anchor.unixMilliseconds, write: { Swift.print($0) }) : nil
        let device = session.scan.header.device
        let driver: any SessionDriver
        switch test {
        case .clock:
            let boundary = try parsedStepSplit().boundary(strokes: session.scan.strokes, recordingStart: first)
            driver = try ClockDriver(
                device: device, normalizer: session.normalizer, anchor: anchor, recorder: session.recorder,
                plan: SessionPlan(boundaries: boundary.map { [$0] } ?? []), settings: settings.clock)
        case .maze:
            let mazeDriver = try MazeDriver(
                device: device, normalizer: session.normalizer, anchor: anchor, recorder: session.recorder, mazes: mazes,
                events: events)
            mazeDriver.unrecordedInk = unrecordedInk
            driver = mazeDriver
        case .sdt:
            let split = try SymbolDigitStepSplit(parsing: stepSplit)
            let boundaries = split.boundaries(
                strokes: session.scan.strokes, recordingStart: first, parts: settings.symbolDigit.steps.count)
            let sdtDriver = try SymbolDigitDriver(
                device: device, normalizer: session.normalizer, anchor: anchor, recorder: session.recorder,
                settings: settings.symbolDigit, origin: SymbolDigitForm.origin(centredOn: session.form), events: events,
                plan: SessionPlan(boundaries: boundaries))
            sdtDriver.unrecordedInk = unrecordedInk
            driver = sdtDriver
        }
        let reader = try recording.openReader()
        let result = try driver.run(
            from: first, events: reader.next, end: last, environment: session.environment, display: session.display)
        try session.file.commit()
        let replayed = session.replayed(self)
        switch result {
        case .clock(let clock):
            let summary = ReplaySummary(
                replayed: replayed, strokes: clock.strokes,
                strokesPerStep: clock.strokesPerStep.map { .init(step: $0.step.identifier, strokes: $0.strokes) },
                points: clock.points)
            print(json ? summary.json : summary.text)
        case .maze(let maze):
            MazeReplaySummary(replayed: replayed, mazes: maze.steps).print(json: json, toStandardError: self.events)
        case .symbolDigit(let sdt):
            SymbolDigitReplaySummary(replayed: replayed, parts: sdt.steps).print(json: json, toStandardError: self.events)
        }
    }
}

/// What every `replay --test` sets up before its driver runs: the recording scanned, the page, the
/// normaliser and display, the clock anchor, and the results file with its environment block.
struct ReplaySession {
    let scan: RecordingScan
    let match: ProfileMatch?
    let form: FormSize
    let display: DisplayData
    let normalizer: Normalizer
    let first: EventTime
    let last: EventTime
    let anchor: WallClockAnchor
    let file: ResultsDestination
    let recorder: ADFRecorder
    let environment: ClockSketchData

    init(_ replay: Replay, variant: ADFVariant) throws {
        scan = try RecordingScan(replay.recording)
        let device = scan.header.device
        match = try replay.profile.profile(for: device)
        // Every test's form is laid out on the same blank page: the clock drawn on it, the maze
        // placed as its file says, the symbol-digit form centred.
        form = try TabletPage.size(of: device, profile: match?.profile)
        let results = try ResultsEnvironment(device: device, tabletProfile: match, options: replay.displayOptions)
        display = results.display
        normalizer = try Normalizer(device: device, profile: match?.profile, formSize: form, pointsPerInch: display.pointsPerInch)
        (first, last) = (scan.firstEventTime!, scan.lastEventTime!)
        anchor = WallClockAnchor(firstEventTime: first, startTimeMilliseconds: replay.startTime)
        file = try ResultsDestination(directory: replay.out, name: replay.recording.stem, variant: variant, force: replay.force)
        recorder = try file.recorder()
        var environment = results.clockSketchData(
            kernel: scan.header.kernel, device: device, penID: scan.penID, canvas: normalizer.formToCanvas.canvasSize(of: form))
        try replay.patient.fill(&environment, resultsFile: file.path, startUnixMilliseconds: anchor.unixMilliseconds(first))
        self.environment = environment
    }

    /// The summary's account of the recording and the results file.
    func replayed(_ replay: Replay) -> ReplayedRecording {
        let device = scan.header.device
        return ReplayedRecording(
            recording: replay.recording.recording, device: device.name, id: device.id.busVendorProduct,
            durationSeconds: scan.duration.seconds, frames: scan.frames, output: file.path, profile: match?.source,
            relativeTimes: !anchor.recordingHasUnixTimes, startTime: anchor.recordingHasUnixTimes ? nil : replay.startTime,
            startTimeIgnored: anchor.recordingHasUnixTimes && replay.startTime != nil, truncation: scan.truncation?.description)
    }
}

/// Why `replay` refused its input.
enum ReplayError: Error, CustomStringConvertible {
    case journal(path: String, out: String?)

    var description: String {
        switch self {
        case let .journal(path, out):
            "\(path) is a StylusKit journal (a live session's, with its control lines), not a plain recording: replayed, "
                + "its button taps would become strokes and its times would start in 1970. Rebuild the session's results "
                + "file with: styluskit recover \(shellQuoted(path))" + (out.map { " --out \(shellQuoted($0))" } ?? "")
        }
    }
}

/// `text` as one shell word: as it is when it needs no quoting, else in single quotes.
func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy {
        CharacterSet.alphanumerics.contains($0) && $0.isASCII || "/._-+:,=@%".unicodeScalars.contains($0)
    }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
