import Proctoring
import Recordings
import StylusInput

/// What one pass over a recording's frames tells: counts, times, strokes, gaps and sampling rate.
///
/// `info` prints it; `replay` needs the strokes first to decide where the steps split.
struct RecordingScan {
    var header: RecordingHeader
    var capabilities: PenCapabilities
    /// Every event read, `SYN_REPORT`s included.
    var events = 0
    /// `SYN_REPORT`s: complete frames, including those discarded after a `SYN_DROPPED`.
    var frames = 0
    var penFrames = 0
    var padFrames = 0
    var firstEventTime: EventTime?
    var lastEventTime: EventTime?
    /// When the tip touched the surface: one interval per stroke.
    var strokes: [ContactInterval] = []
    var gaps: [FrameGap] = []
    /// Intervals between consecutive pen frames while the pen was in proximity.
    var intervals = FrameIntervals()
    /// The first tool serial (`MSC_SERIAL`) or, failing that, tool id (`ABS_MISC`) seen.
    var penID: String?
    var notices: [AssemblerNotice] = []
    var truncation: TruncationReport?

    private var assembler: FrameAssembler
    private var strokeStart: EventTime?
    private var lastContact: EventTime?
    private var serial: Int32?
    private var toolID: Int32?

    /// Reads the whole recording once.
    init(_ options: RecordingOptions) throws {
        let reader = try options.openReader()
        try self.init(header: reader.header)
        while let event = try reader.next() { add(event) }
        try finish(truncation: reader.truncation, file: options.recording)
    }

    /// A scan to feed event by event (`add`), for a reader that hands over more than events (a journal).
    init(header: RecordingHeader) throws {
        self.header = header
        capabilities = try PenCapabilities(checking: header.device)
        assembler = FrameAssembler(capabilities: capabilities)
    }

    /// Counts one event.
    mutating func add(_ event: InputEvent) {
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
            if pen.isInContact {
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
    /// - Throws: `CommandError.noEvents` when `file` had none.
    mutating func finish(truncation: TruncationReport?, file: String) throws {
        if let start = strokeStart, let end = lastContact {
            strokes.append(ContactInterval(start: start, end: end))
            strokeStart = nil
        }
        frames = assembler.framesSeen
        notices = assembler.takeNotices()
        self.truncation = truncation
        if let serial {
            penID = "serial:0x" + String(UInt32(bitPattern: serial), radix: 16)
        } else if let toolID {
            penID = "tool:0x" + String(UInt32(bitPattern: toolID), radix: 16)
        }
        guard firstEventTime != nil else { throw CommandError.noEvents(file: file) }
    }

    /// From the first event to the last.
    var duration: EventDuration {
        guard let first = firstEventTime, let last = lastEventTime else { return .zero }
        return last.duration(since: first)
    }
}
