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

    /// Reads the whole recording once.
    init(_ options: RecordingOptions) throws {
        let reader = try options.openReader()
        header = reader.header
        capabilities = try PenCapabilities(checking: reader.header.device)
        var assembler = FrameAssembler(capabilities: capabilities)
        var strokeStart: EventTime?
        var lastContact: EventTime?
        var serial: Int32?
        var toolID: Int32?
        while let event = try reader.next() {
            events += 1
            if firstEventTime == nil { firstEventTime = event.time }
            lastEventTime = event.time
            guard let frame = assembler.process(event) else { continue }
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
        if let start = strokeStart, let end = lastContact {
            strokes.append(ContactInterval(start: start, end: end))
        }
        frames = assembler.framesSeen
        notices = assembler.takeNotices()
        truncation = reader.truncation
        if let serial {
            penID = "serial:0x" + String(UInt32(bitPattern: serial), radix: 16)
        } else if let toolID {
            penID = "tool:0x" + String(UInt32(bitPattern: toolID), radix: 16)
        }
        guard firstEventTime != nil else { throw CommandError.noEvents(file: options.recording) }
    }

    /// From the first event to the last.
    var duration: EventDuration {
        guard let first = firstEventTime, let last = lastEventTime else { return .zero }
        return last.duration(since: first)
    }
}
