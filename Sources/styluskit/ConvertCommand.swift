public import ArgumentParser
import Foundation
import Recordings
import Reports
import SystemErrors
import TestMaterials

/// `styluskit convert IN OUT`: evemu <-> libinput-record YAML.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Converts a recording between evemu and libinput-record YAML.", discussion: ExitStatus.help)

    @Argument(help: "The recording to read (.yml/.yaml: libinput-record; anything else: evemu).", completion: .file())
    var input: String

    @Argument(help: "The file to write; its extension picks the format unless --to is given.", completion: .file())
    var output: String

    @Option(
        name: .customLong("desc"), help: "The evemu description (.desc) of an events-only recording.",
        completion: .file())
    var descriptionFile: String?

    @Option(help: "The output format, overriding the output's extension.")
    var to: RecordingFileFormat?

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

    @Flag(help: "Keep the complete frames before a cut-off or corrupt line instead of failing.")
    var allowTruncated = false

    @Option(
        help:
            "Which device of a libinput-record file of several (libinput record --all) to read, from 0 (default: its pen)."
    )
    var deviceIndex: Int?

    @OptionGroup var report: JSONOutput

    func validate() throws {
        try refuseStandardOutput(
            output, option: "The output",
            why: "a converted recording is put in place whole, and not at all when it has no events",
            example: "out.evemu")
        let suffix = (output as NSString).pathExtension.lowercased()
        guard to != nil || ["", "evemu", "events", "yml", "yaml"].contains(suffix) else {
            throw ValidationError(
                "\(output): .\(suffix) is not a recording format; name the file .evemu or .events (evemu) or .yml or .yaml "
                    + "(libinput-record), or choose the format with --to.")
        }
    }

    func run() throws {
        // A PDF or a table is named as what it is, not read as a broken evemu file.
        try WrongInputError.checkRecording(input)
        let reader = try RecordingReader(
            path: input, descriptionPath: descriptionFile,
            options: RecordingReadOptions(allowTruncated: allowTruncated, libinputDeviceIndex: deviceIndex))
        let format = to ?? RecordingFileFormat(path: output)
        let file = try AtomicFileOutput(path: output, overwrite: force)
        let written = try RecordingConversion.convert(reader, input: input, to: format, into: file)
        try file.commit()
        ConvertReport(input: input, output: output, written: written, reader: reader, format: format).print(
            json: report.json)
    }
}

extension RecordingFileFormat: ExpressibleByArgument {}
