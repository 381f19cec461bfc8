public import ADF
internal import StylusGeometry
internal import StylusInput

/// Where a driver hands the ink its proctor kept out of the results file (`render RECORDING`
/// draws it faint).
///
/// The driver says when unrecorded ink begins (`refused()` when the proctor refuses a stroke at
/// touch-down, `ignoringRest()` when it stops recording a stroke under way), hands over every
/// sample it does not record (`add`), and says when the pen lifts (`penLifted()`).
public protocol UnrecordedInkSink: AnyObject {
    /// The proctor refused the stroke that just began.
    func refused()
    /// The proctor stopped recording the stroke under way; its rest is not recorded.
    func ignoringRest()
    /// A sample the driver did not record, seen while step `step` (an index) was shown.
    func add(_ point: PenPoint, step: Int)
    /// The pen lifted: the unrecorded stroke under way, if any, is finished.
    func penLifted()
}

/// The pen as the results file sees it, shared by the maze and symbol-digit drivers: whether a
/// stroke is under way and recorded, its last sample in contact, and the one place samples become
/// ADF points or unrecorded ink.
struct StrokeRecorder {
    enum Pen {
        case up
        /// A stroke is under way; `recorded` while its samples go into the results file.
        case down(recorded: Bool)
    }

    let recorder: any SessionRecording
    let anchor: WallClockAnchor
    var unrecordedInk: (any UnrecordedInkSink)?
    private(set) var pen = Pen.up
    /// The stroke's last sample in contact (nil with the pen up).
    private(set) var lastContact: PenSample?

    init(recorder: any SessionRecording, anchor: WallClockAnchor) {
        self.recorder = recorder
        self.anchor = anchor
    }

    /// True while the current stroke's samples go into the results file (`administer` inks only those).
    var isRecordingStroke: Bool {
        if case .down(recorded: true) = pen { return true }
        return false
    }

    var isDown: Bool {
        if case .down = pen { return true }
        return false
    }

    /// A sample in contact: a touch-down starts an unrecorded stroke until the proctor accepts it.
    mutating func touch(_ sample: PenSample) {
        lastContact = sample
        if case .up = pen { pen = .down(recorded: false) }
    }

    /// The proctor accepted the stroke: it is recorded from its first sample in contact. Returns
    /// false when there is no stroke under way to record (nothing touched down).
    mutating func accept() throws -> Bool {
        guard let sample = lastContact else { return false }
        try recorder.beginStroke(unixMilliseconds: anchor.unixMilliseconds(sample.time))
        pen = .down(recorded: true)
        return true
    }

    /// The proctor refused the stroke at touch-down: none of it is recorded.
    mutating func refuse() {
        pen = .down(recorded: false)
        unrecordedInk?.refused()
    }

    /// The proctor (or a step's end) stops recording the stroke under way at `time`; its rest is ignored.
    mutating func stopRecording(at time: EventTime) throws {
        guard case .down(recorded: true) = pen else { return }
        try recorder.endStroke(unixMilliseconds: anchor.unixMilliseconds(time))
        pen = .down(recorded: false)
        unrecordedInk?.ignoringRest()
    }

    /// A sample in contact goes into the results file while its stroke is recorded, else to the
    /// unrecorded ink (on step `step`, if there is one); returns true when it was recorded.
    mutating func keep(_ sample: PenSample, step: Int?) throws -> Bool {
        guard case .down(let recorded) = pen else { return false }
        if recorded {
            try recorder.addPoint(anchor.penPoint(sample))
            return true
        }
        if let step { unrecordedInk?.add(anchor.penPoint(sample), step: step) }
        return false
    }

    /// The pen lifted: a stroke still recorded ends at `end` (its last sample in contact), if given.
    mutating func lift(endingRecordedStrokeAt end: EventTime?) throws {
        if let end, case .down(recorded: true) = pen {
            try recorder.endStroke(unixMilliseconds: anchor.unixMilliseconds(end))
        }
        pen = .up
        lastContact = nil
        unrecordedInk?.penLifted()
    }
}
