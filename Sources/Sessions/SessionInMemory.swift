public import ADF
public import StylusGeometry
public import TestMaterials

/// A session's results gathered in memory instead of a file: the document `ADFRecorder` would
/// have written, as the file reads back (`ADFDocument.asStored`), for `features RECORDING`.
///
/// Memory grows with the samples (a file-backed recorder's does not), which a measure of one
/// session can afford and a live session need not.
public final class ResultsInMemory: SessionRecording {
    public let variant: ADFVariant
    /// What `finishResults` returns in place of a results file's path (the recording's, say).
    public let label: String
    /// The document, once `finishResults` has been called.
    public private(set) var document: ADFDocument?

    /// The document of a session whose driver has given its results (which calls `finishResults`).
    var finishedDocument: ADFDocument {
        guard let document else {
            preconditionFailure("a session's results were read from memory before its driver's results() finished them")
        }
        return document
    }
    private var steps: [ADFDocument.Step] = []

    public init(variant: ADFVariant, label: String) {
        self.variant = variant
        self.label = label
    }

    public func beginStep(_ identifier: String, start: StepMark, drawingTags: SymbolDigitDrawingTags?) throws {
        steps.append(ADFDocument.Step(identifier: identifier, start: start, end: start, drawingTags: drawingTags))
    }

    public func beginStroke(unixMilliseconds: Double) throws {
        steps[steps.count - 1].strokes.append(
            ADFDocument.Stroke(
                beginUnixMilliseconds: unixMilliseconds, endUnixMilliseconds: unixMilliseconds, points: []))
    }

    public func addPoint(_ point: PenPoint) throws {
        let step = steps.count - 1
        steps[step].strokes[steps[step].strokes.count - 1].points.append(point)
    }

    public func endStroke(unixMilliseconds: Double) throws {
        let step = steps.count - 1
        steps[step].strokes[steps[step].strokes.count - 1].endUnixMilliseconds = unixMilliseconds
    }

    public func interruption(_ type: String, unixMilliseconds: Double) throws {
        steps[steps.count - 1].interruptions.append(Interruption(type: type, unixMilliseconds: unixMilliseconds))
    }

    /// The same rule as `ADFRecorder.instructionTimes` (`InstructionTimes.attach(toStep:in:…)`).
    public func instructionTimes(_ times: InstructionTimes, step identifier: String) throws -> Bool {
        return times.attach(toStep: identifier, in: &steps, identifier: \.identifier, start: \.start)
    }

    public func trailRecord(_ record: TrailRecord) throws {
        steps[steps.count - 1].trail = record
    }

    public func endStep(_ end: StepMark) throws {
        steps[steps.count - 1].end = end
    }

    public func finishResults(environment: ClockSketchData, display: DisplayData) throws -> String {
        document = ADFDocument(variant: variant, environment: environment, steps: steps, display: display).asStored
        return label
    }
}

/// What a session did that its results file does not keep: the pen's hover samples, and the
/// ink its proctor kept out (refused at touch-down, or the rest of a stroke it stopped recording).
///
/// The driver hands the unrecorded ink over as an `UnrecordedInkSink`; `observe` takes every
/// sample the driver saw (its `sampleObserver`) and keeps those of a pen in the air.
public final class SessionInk: UnrecordedInkSink {
    /// A stroke, or the part of one in one step, that the results file does not hold.
    public struct UnrecordedStroke: Sendable, Hashable {
        /// True when the proctor refused the stroke at touch-down; false for the rest of a stroke
        /// whose recording it stopped.
        public var refused: Bool
        /// The step (an index) it was drawn on.
        public var step: Int
        /// Its samples, as a results file would hold them (`PenPoint.asStored`).
        public var points: [PenPoint]
    }

    private let anchor: WallClockAnchor
    /// The samples of the pen in proximity with its tip up, in time order, as stored.
    public private(set) var hover: [PenPoint] = []
    /// The unrecorded strokes, in the order they ended.
    public private(set) var unrecorded: [UnrecordedStroke] = []
    private var open: (refused: Bool, step: Int?, points: [PenPoint])?

    public init(anchor: WallClockAnchor) {
        self.anchor = anchor
    }

    /// A sample the driver saw: kept when the pen hovers (in proximity, the tip up).
    public func observe(_ sample: PenSample) {
        guard sample.inProximity, !sample.isInContact else { return }
        hover.append(anchor.penPoint(sample).asStored)
    }

    public func refused() {
        close()
        open = (true, nil, [])
    }

    public func ignoringRest() {
        // Already unrecorded (refused, or its rest already ignored): it stays what it was.
        guard open == nil else { return }
        open = (false, nil, [])
    }

    public func add(_ point: PenPoint, step: Int) {
        guard var stroke = open else { return }
        // A stroke whose samples fall in two steps (a step ended under the pen) is split.
        if let current = stroke.step, current != step {
            close()
            stroke = (stroke.refused, nil, [])
        }
        stroke.step = step
        stroke.points.append(point.asStored)
        open = stroke
    }

    public func penLifted() { close() }

    /// Closes the stroke under way, if any; `run` calls it when the session has ended.
    func close() {
        defer { open = nil }
        guard let stroke = open, let step = stroke.step, !stroke.points.isEmpty else { return }
        unrecorded.append(UnrecordedStroke(refused: stroke.refused, step: step, points: stroke.points))
    }
}

/// A session replayed or recovered in memory: the results as their file would read back, and
/// what the file would not keep (`SessionInk`).
public struct SessionInMemory: Sendable {
    public var document: ADFDocument
    /// The hover samples of the whole session, in time order.
    public var hover: [PenPoint]
    public var unrecorded: [SessionInk.UnrecordedStroke]
    /// Whether the driver reports the ink its proctor kept out: the maze and symbol-digit
    /// drivers do; the clock's proctor keeps every stroke.
    public var reportsUnrecordedInk: Bool
    /// The mazes the session administered, in order (a maze test's).
    public var mazes: [AdministeredMaze]
    /// The blank page the test was laid out on.
    public var form: FormSize
    /// What a person should know (an empty recording, a truncated one).
    public var warnings: [String]
}
