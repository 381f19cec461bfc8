import ArgumentParser
import Recordings
import StylusInput

/// `styluskit convert IN OUT`: evemu <-> libinput-record YAML.
struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Converts a recording between evemu and libinput-record YAML.")

    /// The output formats `--to` accepts.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case evemu
        case libinput

        var fileFormat: RecordingFileFormat {
            switch self {
            case .evemu: .evemu
            case .libinput: .libinput
            }
        }
    }

    @Argument(help: "The recording to read (.yml/.yaml: libinput-record; anything else: evemu).")
    var input: String

    @Argument(help: "The file to write; its extension picks the format unless --to is given.")
    var output: String

    @Option(name: .customLong("desc"), help: "The evemu description (.desc) of an events-only recording.")
    var descriptionFile: String?

    @Option(help: "The output format, overriding the output's extension.")
    var to: Format?

    @Flag(help: "Overwrite the output if it exists.")
    var force = false

    @Flag(help: "Keep the complete frames before a cut-off or corrupt line instead of failing.")
    var allowTruncated = false

    func run() throws {
        let reader = try RecordingReader(
            path: input, descriptionPath: descriptionFile,
            options: RecordingReadOptions(allowTruncated: allowTruncated))
        let format = to?.fileFormat ?? RecordingFileFormat(path: output)
        let file = try AtomicFileOutput(path: output, overwrite: force)
        var events = 0
        var frames = 0
        switch format {
        case .evemu:
            var writer = EvemuWriter()
            try file.write(writer.header(reader.header))
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 20)
            while let event = try reader.next() {
                writer.append(event, to: &buffer)
                events += 1
                if event.isFrameEnd { frames += 1 }
                if buffer.count >= 1 << 20 {
                    try file.write(buffer)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try file.write(buffer)
        case .libinput:
            // YAML is written whole and read back whole: stop at what the reader could take,
            // before the events (and the text) of a long recording fill memory. An event line is
            // at least 40 bytes, so more events than this cannot make a readable file.
            let limit = RecordingReader.maximumYAMLBytes
            var all: [InputEvent] = []
            while let event = try reader.next() {
                all.append(event)
                if all.count > limit / 40 { throw CommandError.yamlOutputTooLarge(input: input, limit: limit) }
            }
            events = all.count
            frames = all.reduce(0) { $0 + ($1.isFrameEnd ? 1 : 0) }
            let text = LibinputRecord.encode(Recording(header: reader.header, events: all))
            if text.utf8.count > limit { throw CommandError.yamlOutputTooLarge(input: input, limit: limit) }
            try file.write(text)
        }
        try file.commit()
        let device = reader.header.device
        print(
            "\(output): \(events) events, \(frames) frames, device \"\(device.name)\" (\(device.id.busVendorProduct)),"
                + " \(format == .evemu ? "evemu 1.3" : "libinput-record v1")")
        if let truncation = reader.truncation {
            print("warning: \(input): \(truncation)")
        }
    }
}
