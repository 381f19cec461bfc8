import ArgumentParser
import FileLocations
import Recordings
import Sessions
import StylusGeometry
import StylusInput

/// The recording `info` reads.
struct RecordingOptions: ParsableArguments {
    @Argument(
        help: "The recording: evemu (.evemu, .events, ...) or libinput-record YAML (.yml, .yaml).", completion: .file())
    var recording: String

    @OptionGroup var reading: RecordingReadingOptions

    /// Opens the recording for one pass over its events.
    func openReader() throws -> RecordingReader { try reading.openReader(recording) }
}

/// How a recording is read, shared by `replay` and `info`.
struct RecordingReadingOptions: ParsableArguments {
    @Option(
        name: .customLong("desc"), help: "The evemu description (.desc) of an events-only recording.",
        completion: .file())
    var descriptionFile: String?

    @Flag(
        help:
            "Use the complete frames before a cut-off or corrupt line instead of failing, and say how much was dropped."
    )
    var allowTruncated = false

    @Option(
        help:
            "Which device of a libinput-record file of several (libinput record --all) to read, from 0 (default: its pen)."
    )
    var deviceIndex: Int?

    /// Opens `recording` for one pass over its events.
    func openReader(_ recording: String) throws -> RecordingReader {
        try RecordingReader(
            path: recording, descriptionPath: descriptionFile,
            options: RecordingReadOptions(allowTruncated: allowTruncated, libinputDeviceIndex: deviceIndex))
    }
}

/// Where tablet profiles come from, shared by the commands that normalise.
struct ProfileOptions: ParsableArguments {
    @Option(
        name: .customLong("profile"),
        help:
            "A tablet profile (YAML) to use instead of searching Calibration/, /etc/styluskit/calibration and ~/.config/styluskit/calibration.",
        completion: .file())
    var profileFile: String?

    /// The profile for `device`: the one given with `--profile`, or the best match on the search path.
    func profile(for device: DeviceDescription) throws -> ProfileMatch? {
        try CalibrationLookup().tabletProfile(for: device, file: profileFile)
    }
}

/// `--json`, worded the same for every command that prints a report either way.
struct JSONOutput: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false
}

/// Refuses `-` where an output cannot go to standard output, so no file named `-` is ever made; `option`
/// is how the command line names the output, `why` says why it cannot stream and `example` is a name to give.
func refuseStandardOutput(_ path: String?, option: String, why: String, example: String) throws {
    guard path == "-" else { return }
    throw ValidationError(
        "\(option) - (standard output) cannot be taken here: \(why). Give a file name such as \(example).")
}

/// Refuses `--out -` for a profile the `calibrate` commands write (`example` names such a file).
func refuseProfileOnStandardOutput(_ out: String?, example: String) throws {
    try refuseStandardOutput(
        out, option: "--out", why: "a profile is a file StylusKit reads back from where it is written",
        example: example)
}

/// Refuses a `--jobs` below 1, for the commands that take several inputs at once.
func checkJobs(_ jobs: Int?) throws {
    if let jobs, jobs < 1 { throw ValidationError("--jobs \(jobs) is not a number of jobs; give 1 or more.") }
}
