public import ADF
import Foundation
public import Recordings
import Sessions
public import StylusInput
public import Synthesis
import TestMaterials

/// What `convert` prints: the recording it wrote.
public struct ConvertReport: CommandReport {
    /// The recording read, by its path.
    public var input: String
    /// The recording written, by its path.
    public var output: String
    /// How many events were written.
    public var events: Int
    /// How many frames (events up to a SYN_REPORT) were written.
    public var frames: Int
    /// The device's name.
    public var device: String
    /// The device's `bus:vendor:product`.
    public var id: String
    /// `evemu 1.3` or `libinput-record v1`.
    public var format: String
    /// What was dropped of a truncated input read with --allow-truncated; nil otherwise.
    public var truncation: String?

    /// The report of `written`, converted from what `reader` read into `format`.
    public init(
        input: String, output: String, written: RecordingConversion.Written, reader: RecordingReader,
        format: RecordingFileFormat
    ) {
        self.input = input
        self.output = output
        events = written.events
        frames = written.frames
        device = reader.header.device.name
        id = reader.header.device.id.busVendorProduct
        self.format = format == .evemu ? "evemu 1.3" : "libinput-record v1"
        truncation = reader.truncation.map { "\($0)" }
    }

    /// The line `convert` prints, and a warning for a truncated input.
    public var text: String {
        var lines = [
            "\(output): \(counted(events, "event")), \(counted(frames, "frame")), device \"\(device)\" (\(id)), \(format)"
        ]
        if let truncation { lines.append("warning: \(input): \(truncation)") }
        return lines.joined(separator: "\n")
    }
}

/// What `synth` prints: the recording it made.
public struct SynthReport: CommandReport {
    /// The recording written, by its path.
    public var output: String
    /// The scenario it was made from, as given.
    public var scenario: String
    /// How many frames it holds.
    public var frames: Int
    /// How many strokes were drawn.
    public var strokes: Int
    /// From the first event to the last, in seconds (three decimals).
    public var durationSeconds: Double
    /// The device's name the recording describes.
    public var device: String
    /// The device's `bus:vendor:product`.
    public var id: String
    /// The seed every random choice was drawn from (the same seed makes the same recording).
    public var seed: UInt64
    private var seconds: Double

    /// The report of a recording made from `scenario` on `device`.
    public init(output: String, scenario: String, summary: Synthesis.Summary, device: DeviceDescription, seed: UInt64) {
        self.output = output
        self.scenario = scenario
        frames = summary.frames
        strokes = summary.strokes
        seconds = summary.seconds
        durationSeconds = rounded(summary.seconds, 3)
        self.device = device.name
        id = device.id.busVendorProduct
        self.seed = seed
    }

    enum CodingKeys: CodingKey { case output, scenario, frames, strokes, durationSeconds, device, id, seed }

    /// The lines `synth` prints.
    public var text: String {
        "\(output): \(counted(frames, "frame")), \(counted(strokes, "stroke")), \(String(format: "%.3f", seconds)) s,"
            + " device \"\(device)\" (\(id)), seed \(seed)"
    }
}

extension ADFValidationReport {
    /// `adf validate`'s summary line on standard error: how many files, valid and not, in how long.
    public static func summaryLine(files: Int, invalid: Int, seconds: Double) -> String {
        "styluskit adf validate: \(counted(files, "file")), \(files - invalid) valid, \(invalid) not, "
            + String(format: "%.1f s", seconds)
    }
}

/// What `adf validate` says of one results file: its problems, or that it is valid and its warnings.
public struct ADFValidationReport: CommandReport, Sendable {
    /// The results file checked, by its path.
    public var file: String
    /// Whether the file is valid ADF (the exit status is 1 when one is not).
    public var valid: Bool
    /// One line per problem (file, line, column and what is wrong); empty when valid.
    public var problems: [String]
    /// What is suspect in a valid file (the exit status stays 0); empty when there is nothing or the file is invalid.
    public var warnings: [String]

    /// Checks `file` with `validator`; a recording or other wrong kind of file is one problem naming what it is.
    public init(checking file: String, with validator: ADFValidator) {
        self.file = file
        do {
            try WrongInputError.checkResultsFile(file)
            problems = validator.validate(path: file).map { "\($0)" }
        } catch {
            problems = ["\(error)"]
        }
        valid = problems.isEmpty
        warnings = []
        if valid, let document = try? ADFReader.read(path: file).document {
            warnings = ADFPlausibility.warnings(for: document)
        }
    }

    /// Its problems, one a line; or `FILE: valid` and a line per warning.
    public var text: String {
        if !valid { return problems.joined(separator: "\n") }
        return ([file + ": valid"] + warnings.map { "\(file): warning: \($0)" }).joined(separator: "\n")
    }
}

/// What `adf show` prints: the summary the ADF module reads from a results file.
extension ADFSummary: CommandReport {}
