import StylusInput
public import SystemErrors

/// A recording rewritten in another file format, event for event: evemu streamed in bounded
/// memory, libinput-record YAML (which is written and read back whole) refused before it grows
/// larger than `RecordingReader` reads back.
public enum RecordingConversion {
    /// What a conversion wrote.
    public struct Written: Hashable, Sendable {
        public var events: Int
        public var frames: Int
    }

    /// Why a recording cannot be converted.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The libinput-record YAML of `input` would be larger than `limit` bytes.
        case yamlOutputTooLarge(input: String, limit: Int)
        /// `input` gave no events: a file of 0 events would replay as nothing, so none is written.
        case noEvents(input: String)

        public var description: String {
            switch self {
            case .noEvents(let input):
                "\(input) has no events to convert (its device sent none); nothing was written. In a file of several "
                    + "devices (libinput record --all), the pen that drew may be another one: choose it with --device-index N, "
                    + "counting from 0."
            case .yamlOutputTooLarge(let input, let limit):
                "\(input) is too long for libinput-record: its YAML would be larger than \(limit) bytes, the most StylusKit "
                    + "reads back. Nothing was written; keep it as evemu, or convert a shorter recording."
            }
        }
    }

    /// Writes every event of `reader` (named `input` in messages) to `file` as `format`; the
    /// caller commits the file.
    public static func convert(
        _ reader: RecordingReader, input: String, to format: RecordingFileFormat, into file: AtomicFileOutput
    )
        throws -> Written
    {
        var written = Written(events: 0, frames: 0)
        switch format {
        case .evemu:
            var writer = EvemuWriter()
            try file.write(writer.header(reader.header))
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 20)
            while let event = try reader.next() {
                writer.append(event, to: &buffer)
                written.events += 1
                if event.isFrameEnd { written.frames += 1 }
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
                if all.count > limit / 40 { throw Failure.yamlOutputTooLarge(input: input, limit: limit) }
            }
            written.events = all.count
            written.frames = all.reduce(0) { $0 + ($1.isFrameEnd ? 1 : 0) }
            let text = LibinputRecord.encode(Recording(header: reader.header, events: all))
            if text.utf8.count > limit { throw Failure.yamlOutputTooLarge(input: input, limit: limit) }
            try file.write(text)
        }
        guard written.events > 0 else { throw Failure.noEvents(input: input) }
        return written
    }
}

extension RecordingConversion.Failure: ExitStatusCarrying {
    /// Too long for YAML is a general failure (as before); no events is bad input data.
    public var exitStatus: ExitStatus {
        switch self {
        case .yamlOutputTooLarge: .failure
        case .noEvents: .dataError
        }
    }
}
