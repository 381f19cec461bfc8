import ArgumentParser
import Foundation
import Recordings
import Sessions
import StylusGeometry
import StylusInput

/// The recording a command reads, shared by `replay` and `info`.
struct RecordingOptions: ParsableArguments {
    @Argument(help: "The recording: evemu (.evemu, .events, ...) or libinput-record YAML (.yml, .yaml).")
    var recording: String

    @Option(name: .customLong("desc"), help: "The evemu description (.desc) of an events-only recording.")
    var descriptionFile: String?

    @Flag(help: "Use the complete frames before a cut-off or corrupt line instead of failing, and say how much was dropped.")
    var allowTruncated = false

    /// Opens the recording for one pass over its events.
    func openReader() throws -> RecordingReader {
        try RecordingReader(
            path: recording, descriptionPath: descriptionFile,
            options: RecordingReadOptions(allowTruncated: allowTruncated))
    }
}

/// Where tablet profiles come from, shared by the commands that normalise.
struct ProfileOptions: ParsableArguments {
    @Option(
        name: .customLong("profile"),
        help:
            "A tablet profile (YAML) to use instead of searching Calibration/, /etc/styluskit/calibration and ~/.config/styluskit/calibration."
    )
    var profileFile: String?

    /// The profile for `device`: the one given with `--profile`, or the best match on the search path.
    func profile(for device: DeviceDescription) throws -> ProfileMatch? {
        try CalibrationLookup().tabletProfile(for: device, file: profileFile)
    }
}

/// What a command prints: text for people, or JSON (`--json`) for scripts.
protocol CommandReport: Encodable {
    var text: String { get }
}

extension CommandReport {
    /// The report as JSON with sorted keys, so output is stable from run to run.
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Encoding plain structs of strings and numbers cannot fail; finite numbers are ensured by their sources.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}

/// The recording a replay read and the results file it wrote: what the three replays (clock,
/// maze, symbol digit) print around their test's own lines, and the keys their JSON shares.
struct ReplayedRecording: Codable {
    var recording: String
    var device: String
    var id: String
    var durationSeconds: Double
    var frames: Int
    var output: String
    var profile: String?
    var relativeTimes: Bool
    var startTime: Int64?
    /// True when --start-time was given for a recording whose times are already Unix times.
    var startTimeIgnored: Bool
    var truncation: String?
    /// What a person should know of an empty recording replayed with --allow-empty; absent otherwise.
    var warnings: [String]?
}

/// A replay's summary: the recording's account and the test's own lines, in one flat JSON object.
protocol ReplayReport: CommandReport {
    associatedtype TestKeys: CodingKey
    var replayed: ReplayedRecording { get }
    /// Encodes the test's own keys next to the recording's.
    func encodeTest(into container: inout KeyedEncodingContainer<TestKeys>) throws
}

extension ReplayReport {
    func encode(to encoder: any Encoder) throws {
        try replayed.encode(to: encoder)
        var container = encoder.container(keyedBy: TestKeys.self)
        try encodeTest(into: &container)
    }
}

extension ReplayReport {
    /// The recording, its device and its length.
    var openingLines: [String] {
        let replayed = self.replayed
        return [
            "Replayed \(replayed.recording)",
            "  device    \(replayed.device) (\(replayed.id))",
            "  duration  \(String(format: "%.3f", replayed.durationSeconds)) s, \(replayed.frames) frames",
        ]
    }

    /// The results file, the profile, and what the person should know about times and truncation.
    var closingLines: [String] {
        let (output, profile, truncation) = (replayed.output, replayed.profile, replayed.truncation)
        let (relativeTimes, startTime, startTimeIgnored) = (replayed.relativeTimes, replayed.startTime, replayed.startTimeIgnored)
        var lines = ["  results   \(output)"]
        if let profile { lines.append("  profile   \(profile)") }
        if relativeTimes && startTime == nil {
            lines.append(
                "note: the recording's times are relative, so its timestamps start at 1970-01-01; pass --start-time UNIX_MS to anchor them."
            )
        }
        if startTimeIgnored {
            lines.append("note: --start-time was ignored: the recording's times are already Unix times.")
        }
        if let truncation { lines.append("warning: \(truncation)") }
        for warning in replayed.warnings ?? [] { lines.append("warning: \(warning)") }
        return lines
    }

    /// Prints the report as text or JSON; on standard error when standard output carries `--events` lines.
    func print(json: Bool, toStandardError: Bool) {
        let text = json ? self.json : self.text
        if toStandardError {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        } else {
            Swift.print(text)
        }
    }
}
