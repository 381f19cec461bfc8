import ArgumentParser
import FileLocations
import Foundation
import Recordings
import Reports
import Sessions
import StylusGeometry
import Synthesis
import SystemErrors

/// `styluskit synth SCENARIO`: a realistic recording of a scripted drawing.
struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Generates a realistic evemu recording of a scripted drawing (a maze path, a clock, or digits in symbol-digit boxes).",
        discussion: """
            The scenario file (format in Fixtures/synth/README.md) names a maze, a clock or the \
            symbol-digit form and scripts the pen: touch-downs, moves through cells, holds, pauses, \
            and digits written in given boxes. The recording is made for the device of --like, on the \
            form 'replay' uses (the tablet's active area, the maze placed as its file says, the \
            symbol-digit form centred), so replaying it with --test maze, clock or sdt finds the cells \
            and boxes the scenario aimed at. Sampling (133-266 Hz with jitter), tremor, pressure and tilt are \
            random but fixed by --seed: the same seed gives a byte-identical file.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "The scenario file.")
    var scenario: String

    @Option(
        help: "A recording whose device the drawing is made with (default: the bundled Wacom Cintiq 13HD).",
        completion: .file())
    var like: String?

    @Option(
        name: .customLong("desc"), help: "The evemu description (.desc) of an events-only --like recording.",
        completion: .file())
    var descriptionFile: String?

    @OptionGroup var profile: ProfileOptions

    @Option(help: "The seed of every random choice.")
    var seed: UInt64 = 1

    @Option(
        help: "The recording to write (default: the scenario's name with .evemu, in the working directory).",
        completion: .file())
    var output: String?

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

    @OptionGroup var report: JSONOutput

    /// The recording whose device is used when --like is not given.
    static let defaultLike = "Fixtures/recordings/real/Wacom-Cintiq-13HD-touch-Pen.events"

    func validate() throws {
        try refuseStandardOutput(
            output, option: "--output", why: "a recording is put in place whole, once it is complete",
            example: "scenario.evemu")
    }

    func run() throws {
        let synthesis = try ScenarioSynthesis(path: scenario)
        let scenarioName = (scenario as NSString).lastPathComponent
        let likePath =
            like ?? (CalibrationLookup.installedProjectDirectory as NSString).appendingPathComponent(Self.defaultLike)
        let device = try RecordingReader(path: likePath, descriptionPath: descriptionFile).header.device
        let events = try synthesis.events(
            device: device, profile: try profile.profile(for: device)?.profile, seed: seed)

        let destination = output ?? ((scenarioName as NSString).deletingPathExtension + ".evemu")
        try synthesis.writeRecording(events, device: device, seed: seed, to: destination, force: force)
        SynthReport(
            output: destination, scenario: scenario, summary: Synthesis.Summary(events), device: device, seed: seed
        ).print(
            json: report.json)
    }
}
