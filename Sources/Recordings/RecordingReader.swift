public import StylusInput

/// Reads a recording: the header up front, then the events one at a time.
///
/// evemu files are streamed in 1 MiB chunks, so memory stays flat however long the recording
/// (a line longer than 1 MiB is refused); libinput-record YAML is loaded whole (YAML has no
/// streaming reader here) and handed out from one array, so files over `maximumYAMLBytes` are
/// refused.
public final class RecordingReader {
    /// Format, system and device, from the file (or from the separate description file).
    public let header: RecordingHeader
    /// The name errors quote.
    public let fileName: String

    private enum Source {
        case evemu(EvemuEventStream)
        case memory([InputEvent])
    }

    /// The evemu event stream, when the recording is evemu.
    ///
    /// Unchecked exclusivity: `next()` is the only mutator, it calls nothing that could reach back
    /// into this reader, and the reader is not `Sendable`, so two accesses can never overlap. The
    /// runtime check it replaces cost about 150 instructions an event, a quarter of reading one.
    @exclusivity(unchecked) private var stream: EvemuEventStream?
    /// True when `stream` is set: testing this flag, unlike `stream != nil`, copies nothing.
    private var readsEvemu = false
    /// The events of a YAML recording, or the last batch read from `stream`, handed out from
    /// `nextIndex` up to `eventCount`: one array for both keeps `next()` a compare and a load.
    /// Unchecked exclusivity, as for `stream` and for the same reasons: `next()` and `nextBatch()`
    /// are their only mutators.
    @exclusivity(unchecked) private var events: [InputEvent] = []
    @exclusivity(unchecked) private var nextIndex = 0
    @exclusivity(unchecked) private var eventCount = 0

    /// What `allowTruncated` dropped, once `next()` has returned nil; nil when nothing was dropped.
    public var truncation: TruncationReport? { stream?.truncation }

    /// Opens a recording file.
    /// - Parameters:
    ///   - path: the recording: evemu (any version, events-only or whole) or libinput-record YAML.
    ///   - descriptionPath: an evemu file whose description applies (the legacy split `.desc` form).
    ///   - format: overrides the format the file name implies.
    ///   - options: see `RecordingReadOptions`.
    /// - Throws: `RecordingError` naming the file and line of the first problem.
    public init(
        path: String, descriptionPath: String? = nil, format: RecordingFileFormat? = nil,
        options: RecordingReadOptions = RecordingReadOptions()
    ) throws(RecordingError) {
        let external = try descriptionPath.map { path throws(RecordingError) in
            try Self.description(from: Self.openDescription(path))
        }
        fileName = path
        switch format ?? RecordingFileFormat(path: path) {
        case .evemu:
            let (opened, source) = try Self.openEvemu(
                LineSource(path: path), external: external, externalFile: descriptionPath, options: options)
            header = opened
            adopt(source)
        case .libinput:
            let (opened, source) = try Self.openYAML(
                Self.readText(path), name: path, external: external, externalFile: descriptionPath, options: options)
            header = opened
            adopt(source)
        }
    }

    /// Reads a recording from bytes in memory; `name` is what errors quote and what picks the format.
    public init(
        bytes: [UInt8], name: String, descriptionBytes: [UInt8]? = nil, descriptionName: String = "description",
        format: RecordingFileFormat? = nil, options: RecordingReadOptions = RecordingReadOptions()
    ) throws(RecordingError) {
        let external = try descriptionBytes.map { bytes throws(RecordingError) in
            try Self.description(from: LineSource(bytes: bytes, name: descriptionName))
        }
        fileName = name
        switch format ?? RecordingFileFormat(path: name) {
        case .evemu:
            let (opened, source) = try Self.openEvemu(
                LineSource(bytes: bytes, name: name), external: external,
                externalFile: descriptionBytes.map { _ in descriptionName }, options: options)
            header = opened
            adopt(source)
        case .libinput:
            guard bytes.count <= Self.maximumYAMLBytes else {
                throw .yamlTooLarge(file: name, bytes: bytes.count, limit: Self.maximumYAMLBytes)
            }
            let (opened, source) = try Self.openYAML(
                String(decoding: bytes, as: UTF8.self), name: name, external: external,
                externalFile: descriptionBytes.map { _ in descriptionName }, options: options)
            header = opened
            adopt(source)
        }
    }

    /// The description file's lines; a file that is not there is named as the description file,
    /// not taken for the recording.
    private static func openDescription(_ path: String) throws(RecordingError) -> LineSource {
        do {
            return try LineSource(path: path)
        } catch {
            guard case .cannotOpen(_, let reason) = error else { throw error }
            if fileIsMissing(path) { throw .descriptionFileMissing(file: path) }
            throw .cannotOpenDescription(file: path, reason: reason)
        }
    }

    private static func description(from source: LineSource) throws(RecordingError) -> RecordingHeader {
        var source = source
        var parser = EvemuHeaderParser(fileName: source.name)
        try parser.parse(&source)
        return try parser.header()
    }

    private static func openEvemu(
        _ source: LineSource, external: RecordingHeader?, externalFile: String?, options: RecordingReadOptions
    ) throws(RecordingError) -> (RecordingHeader, Source) {
        var source = source
        var parser = EvemuHeaderParser(fileName: source.name)
        try parser.parse(&source)
        let header = try parser.header(external: external, externalFile: externalFile)
        return (
            header,
            .evemu(
                EvemuEventStream(
                    source: source, allowTruncated: options.allowTruncated, controlLines: parser.controlLines))
        )
    }

    /// The longest line of a recording read (1 MiB); a longer one is refused as damage.
    public static var maximumLineBytes: Int { LineSource.maximumLineBytes }

    /// The largest libinput-record file read (about 750 000 events, 9 minutes of a 266 Hz pen).
    /// Yams holds the whole node tree, about 15 times the file's size (a 60.8 MB file peaked at
    /// 919 MB, ROBUSTNESS.md (Limits)), so this caps the reader near 1 GB.
    public static let maximumYAMLBytes = 64 << 20

    /// The whole file as text; the bytes are dropped before the YAML is parsed.
    private static func readText(_ path: String) throws(RecordingError) -> String {
        var bytes: [UInt8] = []
        var lines = try LineSource(path: path)
        if let size = lines.regularFileSize, size > maximumYAMLBytes {
            throw .yamlTooLarge(file: path, bytes: size, limit: maximumYAMLBytes)
        }
        while let range = try lines.nextLine() {
            bytes.append(contentsOf: lines.buffer[range])
            if lines.lastLineHadNewline { bytes.append(0x0a) }
            // A pipe has no size up front: stop as soon as it is past the limit.
            if bytes.count > maximumYAMLBytes {
                throw .yamlTooLarge(file: path, bytes: nil, limit: maximumYAMLBytes)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func openYAML(
        _ text: String, name: String, external: RecordingHeader?, externalFile: String?, options: RecordingReadOptions
    ) throws(RecordingError) -> (RecordingHeader, Source) {
        let recording = try LibinputRecord.decode(text, name: name, deviceIndex: options.libinputDeviceIndex)
        // A libinput recording always describes its device: a second description is refused.
        if let external {
            throw .twoDescriptions(
                recording: name, device: recording.header.device.name,
                descriptionFile: externalFile ?? "the description file", descriptionDevice: external.device.name)
        }
        return (recording.header, .memory(recording.events))
    }

    private func adopt(_ source: Source) {
        switch source {
        case .evemu(let evemu):
            stream = evemu
            readsEvemu = true
            events = EvemuEventStream.emptyBatch()
        case .memory(let all):
            events = all
            eventCount = all.count
        }
    }

    /// The text after `# StylusKit control: ` of every control line among the events read so far
    /// (a live session's step changes, see `styluskit record`); empty for YAML recordings.
    /// In `allowTruncated` mode lines are read a frame ahead, so this may include the lines
    /// before the frame whose first event `next()` returned last.
    public var controlLines: [String] { stream?.controlLines ?? [] }

    /// The next event, or nil at the end of the recording.
    /// - Throws: `RecordingError` at a malformed line (unless `allowTruncated`).
    public func next() throws(RecordingError) -> InputEvent? {
        if nextIndex < eventCount {
            defer { nextIndex &+= 1 }
            return events[nextIndex]
        }
        guard readsEvemu else { return nil }
        return try nextBatch()
    }

    /// The first event of the stream's next batch, or nil at the end.
    @inline(never)
    private func nextBatch() throws(RecordingError) -> InputEvent? {
        eventCount = try events.withUnsafeMutableBufferPointer { batch throws(RecordingError) in
            try stream!.nextEvents(into: batch)
        }
        guard eventCount > 0 else {
            nextIndex = 0
            return nil
        }
        nextIndex = 1
        return events[0]
    }

    /// Every remaining event.
    public func readAll() throws(RecordingError) -> [InputEvent] {
        var events: [InputEvent] = []
        while let event = try next() { events.append(event) }
        return events
    }
}
