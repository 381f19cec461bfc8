public import Proctoring
public import Recordings
public import StylusInput

/// What one pass over a recording's frames tells: counts, times, strokes, gaps and sampling rate.
///
/// `info` prints it; `replay` needs the strokes first to decide where the steps split.
public struct RecordingScan: Sendable {
    public var header: RecordingHeader
    public var capabilities: PenCapabilities
    /// Every event read, `SYN_REPORT`s included.
    public var events = 0
    /// `SYN_REPORT`s: complete frames, including those discarded after a `SYN_DROPPED`.
    public var frames = 0
    public var penFrames = 0
    public var padFrames = 0
    public var firstEventTime: EventTime?
    public var lastEventTime: EventTime?
    /// When the tip touched the surface: one interval per stroke.
    public var strokes: [ContactInterval] = []
    public var gaps: [FrameGap] = []
    /// Intervals between consecutive pen frames while the pen was in proximity.
    public var intervals = FrameIntervals()
    /// The first tool serial (`MSC_SERIAL`) or, failing that, tool id (`ABS_MISC`) seen.
    public var penID: String?
    public var notices: [AssemblerNotice] = []
    public var truncation: TruncationReport?

    private var assembler: FrameAssembler
    private var strokeStart: EventTime?
    private var lastContact: EventTime?
    private var serial: Int32?
    private var toolID: Int32?

    /// Reads the whole recording `file` once, from `reader`.
    public init(reading reader: RecordingReader, file: String) throws {
        try self.init(header: reader.header)
        while let event = try reader.next() { add(event) }
        try finish(truncation: reader.truncation, file: file)
    }

    /// A scan to feed event by event (`add`), for a reader that hands over more than events (a journal).
    public init(header: RecordingHeader) throws {
        self.header = header
        do {
            capabilities = try PenCapabilities(checking: header.device)
        } catch {
            // A device of a multi-device file chosen with --device-index: the file's pen is the way out.
            guard let index = header.deviceIndex, let pen = header.skippedDevices.first(where: \.kind.isPen) else { throw error }
            throw RecordingScanError.notThePen(index: index, rejection: error, pen: pen)
        }
        assembler = FrameAssembler(capabilities: capabilities)
    }

    /// Counts one event.
    public mutating func add(_ event: InputEvent) {
        events += 1
        if firstEventTime == nil { firstEventTime = event.time }
        lastEventTime = event.time
        guard let frame = assembler.process(event) else { return }
        if let gap = frame.gapBefore {
            gaps.append(gap)
            intervals.breakRun()
        }
        switch frame {
        case .pen(let pen):
            penFrames += 1
            if pen.inProximity { intervals.addFrame(at: pen.time) } else { intervals.breakRun() }
            if serial == nil, let value = pen.serial, value != -1 { serial = value }
            if toolID == nil, let value = pen.toolID, value != 0 { toolID = value }
            // The eraser end touching is not ink, so not a stroke (the drivers refuse it too).
            if pen.isInContact && !pen.isEraserContact {
                if strokeStart == nil { strokeStart = pen.time }
                lastContact = pen.time
            } else if let start = strokeStart, let end = lastContact {
                strokes.append(ContactInterval(start: start, end: end))
                strokeStart = nil
            }
        case .pad:
            padFrames += 1
        case .empty:
            break
        }
    }

    /// Closes the scan after the last event: the stroke still open, the pen's id.
    /// - Throws: `RecordingScanError.noEvents` when `file` had none.
    public mutating func finish(truncation: TruncationReport?, file: String) throws {
        if let start = strokeStart, let end = lastContact {
            strokes.append(ContactInterval(start: start, end: end))
            strokeStart = nil
        }
        frames = assembler.framesSeen
        notices = assembler.takeNotices()
        self.truncation = truncation
        if let serial {
            penID = "serial:" + hexadecimalToolNumber(serial)
        } else if let toolID {
            penID = "tool:" + hexadecimalToolNumber(toolID)
        }
        guard firstEventTime != nil else { throw RecordingScanError.noEvents(file: file) }
    }

    /// From the first event to the last.
    public var duration: EventDuration {
        guard let first = firstEventTime, let last = lastEventTime else { return .zero }
        return last.duration(since: first)
    }
}

/// Why a recording cannot be replayed.
public enum RecordingScanError: Error, CustomStringConvertible {
    case noEvents(file: String)
    /// Device `index` of a multi-device recording is not a pen; `pen` is.
    case notThePen(index: Int, rejection: PenDeviceRejection, pen: RecordingHeader.SkippedDevice)

    public var description: String {
        switch self {
        case let .notThePen(index, rejection, pen):
            "Device \(index) of the recording: \(rejection.problem). The recording's pen is device \(pen.index) ('\(pen.name)'): "
                + "give --device-index \(pen.index), or leave --device-index out to read it."
        case let .noEvents(file):
            "\(file) holds a device description but no events. Record some pen input first, or pass the events file together with --desc."
        }
    }
}
