import ArgumentParser
import Recordings
import Sessions
import TestMaterials

/// What a live session is given, shared by `record` and `administer`: the test (and its maze or
/// battery), the tablet, the profiles, the patient, the settings, where the files go and whether to grab the tablet.
struct LiveSessionOptions: ParsableArguments {
    @Option(help: "The test to administer.")
    var test: TestKind

    @Option(
        help: "The tablet's pen node (default: the only pen tablet connected).", completion: ShellCompletions.penNodes)
    var device: String?

    @Option(help: "The maze file of a one-maze maze test (--test maze).", completion: .file())
    var maze: String?

    @Option(help: "The battery file listing the mazes of a maze test (--test maze).", completion: .file())
    var battery: String?

    @OptionGroup var trails: TrailsFormOptions

    @OptionGroup var profile: ProfileOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var patient: PatientOptions
    @OptionGroup var proctoring: SettingsOptions

    @Option(help: "The directory to write the journal and the results file into.", completion: .directory)
    var out = "."

    @Flag(help: "Grab the tablet exclusively, so the pen does not move the desktop cursor during the test.")
    var grab = false

    /// The maze options against the test, as `replay` checks them.
    func validate() throws {
        do {
            try RecordingReplay.checkMazeOptions(test: test, maze: maze, battery: battery)
            try RecordingReplay.checkTrailsOptions(test: test, form: trails.form, layouts: trails.layout)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The test as the journal names it, with its maze or battery file as an absolute path, so
    /// `recover` finds it from any directory.
    func journaledTest() -> JournaledTest {
        JournaledTest(test, maze: maze, battery: battery, trailsForm: trails.form, trailsLayouts: trails.layout)
            .absolute
    }
}
