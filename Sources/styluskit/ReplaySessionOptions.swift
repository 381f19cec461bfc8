import ArgumentParser
import Proctoring
import Sessions
import TestMaterials

/// How a recording is replayed in memory, as `replay` replays it: the test and its mazes, the
/// step split, the start time, the profiles, the display and the settings. `features` takes it
/// for its recordings; its help texts are `replay`'s, so `replay` and `render` can take it too.
struct ReplaySessionOptions: ParsableArguments, ReplayChoices {
    @Option(help: "The test the recordings were made for (needed to replay a recording; results files and journals say it).")
    var test: TestKind?

    @Option(help: "The maze file of a one-maze maze test (--test maze).")
    var maze: String?

    @Option(help: "The battery file listing the mazes of a maze test (--test maze).")
    var battery: String?

    @Option(help: "Where the command step ends: longest-pause, none, or seconds after the first event (--test sdt: a list, e.g. 60,120).")
    var stepSplit = "longest-pause"

    @Option(help: "Unix time in milliseconds of time zero of a recording with relative times (default: 0, i.e. 1970).")
    var startTime: Int64?

    @Option(name: .customLong("desc"), help: "The evemu description (.desc) of events-only recordings.")
    var descriptionFile: String?

    @Flag(help: "Use the complete frames before a cut-off or corrupt line instead of failing, and say how much was dropped.")
    var allowTruncated = false

    @Flag(help: "Measure a recording even when the pen never touched the tablet (its test has steps and no strokes).")
    var allowEmpty = false

    @OptionGroup var profile: ProfileOptions
    @OptionGroup var displayOptions: DisplayOptions
    @OptionGroup var proctoring: SettingsOptions

    var profileFile: String? { profile.profileFile }
    var displayProfile: String? { displayOptions.displayProfile }
    var settingsFile: String? { proctoring.settingsFile }

    /// The checks `replay` makes of the same options. Without `--test`, `--maze` and `--battery`
    /// still place the mazes of results files.
    func validate() throws { try checkReplay(test: test) }

    /// The replay a recording goes through (its path set per input), or nil without `--test`.
    func replay() throws -> RecordingReplay? { try test.map { try replay("", test: $0) } }

    /// The mazes of `--maze` or `--battery`, for results files.
    func mazes() throws -> [AdministeredMaze] {
        guard maze != nil || battery != nil else { return [] }
        return try MazeTestMazes.load(maze: maze, battery: battery, defaults: try ProctoringSettings(file: settingsFile).maze)
    }
}

/// The options a recording is replayed with, whichever command declares them (`replay`, `render`,
/// and `features` through `ReplaySessionOptions`), each with its own help: one mapping into the
/// session. An option a command does not take has its default.
protocol ReplayChoices {
    var descriptionFile: String? { get }
    var allowTruncated: Bool { get }
    var deviceIndex: Int? { get }
    var profileFile: String? { get }
    var displayProfile: String? { get }
    var settingsFile: String? { get }
    var maze: String? { get }
    var battery: String? { get }
    var stepSplit: String { get }
    var startTime: Int64? { get }
    var allowEmpty: Bool { get }
}

extension ReplayChoices {
    var deviceIndex: Int? { nil }
    var displayProfile: String? { nil }
    var settingsFile: String? { nil }
    var allowEmpty: Bool { false }

    /// The checks of these options for `test`, as usage errors: the step split the test reads, the
    /// start time, and the maze options against the test (without a test, not both a maze and a battery).
    func checkReplay(test: TestKind?) throws {
        do {
            try RecordingReplay.checkOptions(test: test, stepSplit: stepSplit, startTime: startTime, maze: maze, battery: battery)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The session `recording` is replayed as, for `test`; a `--step-split` the test cannot read is a usage error.
    func replay(_ recording: String, test: TestKind) throws -> RecordingReplay {
        var replay = RecordingReplay(recording: recording, test: test)
        (replay.descriptionFile, replay.allowTruncated, replay.deviceIndex) = (descriptionFile, allowTruncated, deviceIndex)
        (replay.profileFile, replay.displayProfile) = (profileFile, displayProfile)
        replay.settings = try ProctoringSettings(file: settingsFile)
        (replay.maze, replay.battery, replay.startTime, replay.allowEmpty) = (maze, battery, startTime, allowEmpty)
        do { try replay.setStepSplit(parsing: stepSplit) } catch { throw ValidationError("\(error)") }
        return replay
    }
}
