import ArgumentParser
import LinuxInput
import Proctoring
import Sessions
import TestMaterials

/// How a recording is replayed, declared once for the three commands that replay one (`replay`
/// into a results file, `render` and `features` in memory): the test and its mazes, the step
/// split, the start time, how the recording is read, the profiles, the display and the settings.
/// Each command checks the options as its inputs need (`replay` needs `--test`; `render` and
/// `features` only for recordings, and take `--maze`/`--battery` for results files too).
struct ReplaySessionOptions: ParsableArguments {
    @Option(
        help: "The test the recordings were made for (needed to replay a recording; results files and journals say it)."
    )
    var test: TestKind?

    @Option(
        help: "The maze file of a one-maze maze test (--test maze), or of maze results files (.msk).",
        completion: .file())
    var maze: String?

    @Option(
        help: "The battery file listing the mazes of a maze test (--test maze), or of maze results files (.msk).",
        completion: .file())
    var battery: String?

    @OptionGroup var trails: TrailsFormOptions

    @Option(
        help:
            "Where the command step ends: longest-pause, none, or seconds after the first event (--test sdt: a list, e.g. 60,120)."
    )
    var stepSplit = "longest-pause"

    @Option(help: "Unix time in milliseconds of time zero of a recording with relative times (default: 0, i.e. 1970).")
    var startTime: Int64?

    @OptionGroup var reading: RecordingReadingOptions

    @Flag(
        help:
            "Go on with a recording whose pen never touched the tablet (its test has steps and no strokes) instead of refusing it."
    )
    var allowEmpty = false

    @OptionGroup var profile: ProfileOptions
    @OptionGroup var displayOptions: DisplayOptions
    @OptionGroup var proctoring: SettingsOptions

    var descriptionFile: String? { reading.descriptionFile }
    var profileFile: String? { profile.profileFile }
    var displayProfile: String? { displayOptions.displayProfile }
    var settingsFile: String? { proctoring.settingsFile }

    /// The checks `replay` and `features` make, as usage errors: the step split the test reads, the
    /// start time, and the maze options against the test. Without a test, `--maze` and `--battery`
    /// still place the mazes of results files (not both). Not `validate()`: `render` checks its own way.
    func check() throws {
        do {
            try RecordingReplay.checkOptions(
                test: test, stepSplit: stepSplit, startTime: startTime, maze: maze, battery: battery)
            try RecordingReplay.checkTrailsOptions(test: test ?? .trails, form: trails.form, layouts: trails.layout)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The replay a recording goes through (its path set per input), or nil without `--test`.
    func replay() throws -> RecordingReplay? { try test.map { try replay("", test: $0) } }

    /// The session `recording` is replayed as, for `test`; a `--step-split` the test cannot read is a usage error.
    func replay(_ recording: String, test: TestKind) throws -> RecordingReplay {
        var replay = RecordingReplay(recording: recording, test: test, facts: LibwacomDatabase.installedFacts)
        (replay.descriptionFile, replay.allowTruncated, replay.deviceIndex) = (
            descriptionFile, reading.allowTruncated, reading.deviceIndex
        )
        (replay.profileFile, replay.displayProfile) = (profileFile, displayProfile)
        replay.settings = try ProctoringSettings(file: settingsFile)
        (replay.maze, replay.battery, replay.startTime, replay.allowEmpty) = (maze, battery, startTime, allowEmpty)
        (replay.trailsForm, replay.trailsLayouts) = (trails.form, trails.layout)
        do { try replay.setStepSplit(parsing: stepSplit) } catch { throw ValidationError("\(error)") }
        return replay
    }

    /// The mazes of `--maze` or `--battery`, for results files.
    func mazes() throws -> [AdministeredMaze] {
        guard maze != nil || battery != nil else { return [] }
        return try MazeTestMazes.load(
            maze: maze, battery: battery, defaults: try ProctoringSettings(file: settingsFile).maze)
    }
}
