import ADF
import ArgumentParser
import Foundation
import Proctoring
import Recordings
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
        if test == .sdt { _ = try SymbolDigitStepSplit(parsing: stepSplit) } else { _ = try parsedStepSplit() }
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
        let settings = try proctoring.load()
        if test == .maze { return try runMaze(defaults: settings.maze, unrecordedInk: unrecordedInk) }
        if test == .sdt { return try runSymbolDigit(settings: settings.symbolDigit, unrecordedInk: unrecordedInk) }
        let scan = try RecordingScan(recording)
        let device = scan.header.device
        let match = try profile.profile(for: device)
        let (area, resolution) = try Normalizer.activeArea(of: device, profile: match?.profile)
        let tablet = area.size(at: resolution)
        // The clock is drawn on a blank page: the whole active area, at physical size.
        let form = FormSize(widthCentimetres: tablet.widthMillimetres / 10, heightCentimetres: tablet.heightMillimetres / 10)
        let results = try ResultsEnvironment(device: device, tabletProfile: match, options: displayOptions)
        let display = results.display
        let normalizer = try Normalizer(
            device: device, profile: match?.profile, formSize: form, pointsPerInch: display.pointsPerInch)
        let (first, last) = (scan.firstEventTime!, scan.lastEventTime!)
        let anchor = WallClockAnchor(firstEventTime: first, startTimeMilliseconds: startTime)
        let boundary = try parsedStepSplit().boundary(strokes: scan.strokes, recordingStart: first)

        let file = try ResultsDestination(directory: out, name: recording.stem, variant: .clock, force: force)
        let destination = file.path
        let recorder = try file.recorder()
        let canvas = normalizer.formToCanvas.canvasSize(of: form)
        var environment = results.clockSketchData(kernel: scan.header.kernel, device: device, penID: scan.penID, canvas: canvas)
        try patient.fill(&environment, resultsFile: destination, startUnixMilliseconds: anchor.unixMilliseconds(first))
        let replay = ClockReplay(
            options: recording, normalizer: normalizer, anchor: anchor, boundary: boundary, recordingStart: first,
            recordingEnd: last, settings: settings.clock)
        let result = try replay.run(into: recorder, environment: environment, display: display, finishTo: nil)
        try file.commit()

        let summary = ReplaySummary(
            recording: recording.recording, device: device.name, id: device.id.busVendorProduct,
            durationSeconds: scan.duration.seconds, frames: scan.frames,
            strokes: result.strokesPerStep.reduce(0) { $0 + $1.strokes },
            strokesPerStep: result.strokesPerStep.map { .init(step: $0.step.identifier, strokes: $0.strokes) },
            points: result.points, output: destination, profile: match?.source,
            relativeTimes: !anchor.recordingHasUnixTimes, startTime: anchor.recordingHasUnixTimes ? nil : startTime,
            startTimeIgnored: anchor.recordingHasUnixTimes && startTime != nil,
            truncation: scan.truncation?.description)
        print(json ? summary.json : summary.text)
    }
}

/// What `replay` prints.
struct ReplaySummary: ReplayReport {
    struct StepStrokes: Codable {
        var step: String
        var strokes: Int
    }

    var recording: String
    var device: String
    var id: String
    var durationSeconds: Double
    var frames: Int
    var strokes: Int
    var strokesPerStep: [StepStrokes]
    var points: Int
    var output: String
    var profile: String?
    var relativeTimes: Bool
    var startTime: Int64?
    /// True when --start-time was given for a recording whose times are already Unix times.
    var startTimeIgnored: Bool
    var truncation: String?

    var text: String {
        let lines = openingLines + [
            "  strokes   \(strokes) (" + strokesPerStep.map { "\($0.strokes) in \($0.step)" }.joined(separator: ", ") + ")",
            "  points    \(points)",
        ]
        return (lines + closingLines).joined(separator: "\n")
    }
}
