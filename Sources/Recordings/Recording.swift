// The Recordings module: evemu and libinput-record recordings, read and written.
// See ../shared/design/architecture.md.
public import StylusInput

/// The version an evemu file declares in its `# EVEMU x.y` first line.
public struct EvemuVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    /// The version evemu-record writes today and our writer writes.
    public static let current = EvemuVersion(major: 1, minor: 3)

    /// True when `A:` lines carry a sixth field, the resolution (from 1.2 on).
    public var hasResolution: Bool { self > EvemuVersion(major: 1, minor: 1) }

    public static func < (lhs: EvemuVersion, rhs: EvemuVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    public var description: String { "\(major).\(minor)" }
}

/// The file format of a recording.
public enum RecordingFormat: Hashable, Sendable, CustomStringConvertible {
    /// An evemu recording; the version is nil when the file has no `# EVEMU x.y` line
    /// (old files, and the events-only half of the legacy split form).
    case evemu(EvemuVersion?)
    /// A libinput-record YAML file of the given `version:` (only 1 exists).
    case libinputRecord(version: Int)

    public var description: String {
        switch self {
        case .evemu(let version?): "EVEMU \(version)"
        case .evemu(nil): "EVEMU (no version line)"
        case .libinputRecord(let version): "libinput-record v\(version)"
        }
    }
}

/// Everything a recording says before its first event: format, system and device.
public struct RecordingHeader: Hashable, Sendable {
    public var format: RecordingFormat
    /// The kernel release of the recording machine (`# Kernel:` / `system: kernel:`).
    public var kernel: String?
    /// The DMI modalias of the recording machine (`# DMI:` / `system: dmi:`).
    public var dmi: String?
    /// `distro:version` of the recording machine (libinput-record's `system: os:`).
    public var operatingSystem: String?
    /// The libinput version that recorded the file (libinput-record's `libinput: version:`).
    public var libinputVersion: String?
    /// The libinput git describe string (libinput-record's `libinput: git:`).
    public var libinputGit: String?
    /// The device node that was recorded (libinput-record's `node:`).
    public var deviceNode: String?
    /// The recorded device.
    public var device: DeviceDescription
    /// Which entry of a multi-device libinput-record file `device` is (nil for a file of one device).
    public var deviceIndex: Int?
    /// The other devices of a multi-device libinput-record file, which were not read.
    public var skippedDevices: [SkippedDevice] = []

    /// What a person should know of a multi-device file: which device was read, which were
    /// skipped, and how to read another; nil for a file of one device.
    public func skippedDevicesNote(file: String) -> String? {
        guard let deviceIndex, !skippedDevices.isEmpty else { return nil }
        let count = skippedDevices.count + 1
        return "\(file) holds \(count) devices (libinput record --all); read \(deviceIndex) '\(device.name)' "
            + "(\(DeviceKind(classifying: device))), skipped "
            + skippedDevices.map { "\($0.index) '\($0.name)' (\($0.kind))" }.joined(separator: ", ")
            + ". Give --device-index N to read another."
    }

    /// A device of a multi-device recording that was not read.
    public struct SkippedDevice: Hashable, Sendable {
        public var index: Int
        public var name: String
        public var kind: DeviceKind
    }

    public init(
        format: RecordingFormat = .evemu(.current), kernel: String? = nil, dmi: String? = nil,
        operatingSystem: String? = nil, libinputVersion: String? = nil, libinputGit: String? = nil,
        deviceNode: String? = nil, device: DeviceDescription
    ) {
        self.format = format
        self.kernel = kernel
        self.dmi = dmi
        self.operatingSystem = operatingSystem
        self.libinputVersion = libinputVersion
        self.libinputGit = libinputGit
        self.deviceNode = deviceNode
        self.device = device
    }
}

/// A whole recording in memory: its header and every event.
///
/// Use `RecordingReader` to stream a long recording instead.
public struct Recording: Hashable, Sendable {
    public var header: RecordingHeader
    public var events: [InputEvent]

    /// Reads a whole recording file; see `RecordingReader.init(path:descriptionPath:format:options:)`.
    public static func read(
        path: String, descriptionPath: String? = nil, format: RecordingFileFormat? = nil,
        options: RecordingReadOptions = RecordingReadOptions()
    ) throws(RecordingError) -> Recording {
        let reader = try RecordingReader(path: path, descriptionPath: descriptionPath, format: format, options: options)
        return Recording(header: reader.header, events: try reader.readAll())
    }

    /// The number of `SYN_REPORT` events, i.e. of complete frames.
    public var frameCount: Int { events.reduce(0) { $0 + ($1.isFrameEnd ? 1 : 0) } }
}

/// The two file formats, as chosen by file name or by the user.
public enum RecordingFileFormat: String, Hashable, Sendable, CaseIterable {
    /// evemu text (`.evemu`, `.events`, `.desc`, anything that is not YAML).
    case evemu
    /// libinput-record YAML (`.yml`, `.yaml`).
    case libinput

    /// The format a file name implies: `.yml`/`.yaml` are libinput-record, everything else evemu.
    public init(path: String) {
        let lower = path.lowercased()
        self = lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") ? .libinput : .evemu
    }
}

/// How forgiving a reader is.
public struct RecordingReadOptions: Hashable, Sendable {
    /// Stop at the first malformed or cut-off line instead of failing, keep the valid prefix,
    /// and drop the events after the last `SYN_REPORT` (an incomplete frame); the reader's
    /// `truncation` then says what was dropped. For recordings of sessions that died mid-write.
    public var allowTruncated: Bool
    /// Which device of a multi-device libinput-record file to read (0 is the first); nil reads
    /// the first pen.
    public var libinputDeviceIndex: Int?

    public init(allowTruncated: Bool = false, libinputDeviceIndex: Int? = nil) {
        self.allowTruncated = allowTruncated
        self.libinputDeviceIndex = libinputDeviceIndex
    }
}

/// What a reader in `allowTruncated` mode left out.
public struct TruncationReport: Hashable, Sendable, CustomStringConvertible {
    /// The problem at the first line that could not be read, or nil when the file ended
    /// cleanly and only an incomplete final frame was dropped.
    public var stoppedAt: RecordingError?
    /// Lines from the first unreadable line to the end of the file (0 when `stoppedAt` is nil).
    public var droppedLines: Int
    /// Bytes from the start of the first unreadable line to the end of the file.
    public var droppedBytes: Int
    /// Valid events after the last `SYN_REPORT`, dropped because their frame never ended.
    public var droppedEvents: Int

    public var description: String {
        var text =
            "dropped \(droppedLines) line(s) (\(droppedBytes) bytes) and \(droppedEvents) event(s) of an incomplete last frame"
        if let stoppedAt { text += "; reading stopped at \(stoppedAt)" }
        return text
    }
}
