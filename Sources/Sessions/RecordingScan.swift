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
    /// Pen frames in contact that are ink (the eraser's aside), and of them those without tilt or
    /// pressure (`RawPenAxes.unmeasured`): what `absentAxes` tells.
    public var inkContactFrames = 0
    public var inkContactFramesWithoutTilt = 0
    public var inkContactFramesWithoutPressure = 0
    /// Times the eraser end touched the surface, and its frames in contact: not ink, left out of
    /// the results file on purpose.
    public var eraserContacts = 0
    public var eraserContactFrames = 0

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
            guard let index = header.deviceIndex, let pen = header.skippedDevices.first(where: \.kind.isPen) else {
                throw error
            }
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
            if pen.isEraserContact {
                if eraserContactFrames == 0 || pen.transitions.contains(.tipWentDown) { eraserContacts += 1 }
                eraserContactFrames += 1
            } else if pen.isInContact {
                inkContactFrames += 1
                let absent = pen.axes.unmeasured
                if absent.contains(.tilt) { inkContactFramesWithoutTilt += 1 }
                if absent.contains(.pressure) { inkContactFramesWithoutPressure += 1 }
            }
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

    /// The axes the pen did not measure while it drew, and why: what `info` and `replay` say.
    public var absentAxes: [AxisAbsence] {
        var absences: [AxisAbsence] = []
        let device = header.device
        func reason(_ codes: [UInt16], listed: Bool) -> AxisAbsence.Reason {
            if !codes.allSatisfy({ device.supports(.absolute, $0) }) { return .noAxis }
            if capabilities.axesWithoutRange.contains(where: { codes.contains($0.code) }) { return .withoutRange }
            return listed ? .neverSent : .notYetReported
        }
        if inkContactFramesWithoutTilt > 0 {
            let all = inkContactFramesWithoutTilt == inkContactFrames
            absences.append(
                AxisAbsence(
                    axis: .tilt, reason: reason([AbsoluteAxis.tiltX, AbsoluteAxis.tiltY], listed: all),
                    contactFrames: inkContactFramesWithoutTilt, ofContactFrames: inkContactFrames))
        }
        if inkContactFramesWithoutPressure > 0 {
            let all = inkContactFramesWithoutPressure == inkContactFrames
            absences.append(
                AxisAbsence(
                    axis: .pressure, reason: reason([AbsoluteAxis.pressure], listed: all),
                    contactFrames: inkContactFramesWithoutPressure, ofContactFrames: inkContactFrames))
        }
        return absences
    }

    /// What the eraser did, in words, when it touched: not ink, left out on purpose; nil when it never did.
    public var eraserSentence: String? {
        guard eraserContacts > 0 else { return nil }
        return "the eraser end touched \(eraserContacts) \(eraserContacts == 1 ? "time" : "times") "
            + "(\(eraserContactFrames) \(eraserContactFrames == 1 ? "frame" : "frames")): not ink, left out of the results file and its measures"
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
        case .notThePen(let index, let rejection, let pen):
            "Device \(index) of the recording: \(rejection.problem). The recording's pen is device \(pen.index) ('\(pen.name)'): "
                + "give --device-index \(pen.index), or leave --device-index out to read it."
        case .noEvents(let file):
            "\(file) holds a device description but no events. Record some pen input first, or pass the events file together with --desc."
        }
    }
}

/// An axis the pen did not measure while it drew: its points carry placeholders the results file
/// marks `absent` (docs/adf-absent-axes.md), and no measure reads them.
public struct AxisAbsence: Codable, Hashable, Sendable {
    /// Tilt (a point's altitude and azimuth) or pressure.
    public enum Axis: String, Codable, Hashable, Sendable {
        case tilt, pressure

        /// The ADF point values it leaves absent, as the `absent` attribute names them.
        public var values: String { self == .tilt ? "altitude azimuth" : "pressure" }
    }

    /// Why the axis is absent.
    public enum Reason: String, Codable, Hashable, Sendable {
        /// The device has no such axis.
        case noAxis = "no-axis"
        /// The description lists it without a range.
        case withoutRange = "without-range"
        /// The device lists it but never sent a value while the pen drew.
        case neverSent = "never-sent"
        /// It had not reported yet (a recording that begins while the pen draws).
        case notYetReported = "not-yet-reported"
    }

    public var axis: Axis
    public var reason: Reason
    /// Pen frames in contact (ink) without the axis, and all of them.
    public var contactFrames: Int
    public var ofContactFrames: Int

    /// The absence in words, as `info` and `replay` print it.
    public var sentence: String {
        let why: String
        switch (axis, reason) {
        case (.tilt, .noAxis): why = "the device has no tilt axes (ABS_TILT_X, ABS_TILT_Y)"
        case (.pressure, .noAxis): why = "the device has no pressure axis (ABS_PRESSURE)"
        case (_, .withoutRange): why = "the description lists the axis without a range"
        case (_, .neverSent): why = "the device lists the axis but never sent a value"
        case (_, .notYetReported): why = "the axis had not reported a value yet"
        }
        return "\(axis.rawValue) (\(axis.values.split(separator: " ").joined(separator: ", "))) in \(contactFrames) of "
            + "\(ofContactFrames) pen-contact frames: \(why); the results file marks those points "
            + "absent=\"\(axis.values)\" and no measure uses them"
    }
}
