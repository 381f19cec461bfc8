/// A whole ADF document as a value: the recorder's input, gathered in memory.
///
/// Convenient for tests and tools; a live session should feed `ADFRecorder` directly, whose
/// memory does not grow with the number of samples.
public struct ADFDocument: Sendable, Hashable {
    /// One pen stroke: pen-down time and its samples.
    public struct Stroke: Sendable, Hashable {
        /// Unix milliseconds of pen-down, unrounded.
        public var beginUnixMilliseconds: Double
        /// Unix milliseconds of pen-up, unrounded.
        public var endUnixMilliseconds: Double
        public var points: [PenPoint]

        public init(beginUnixMilliseconds: Double, endUnixMilliseconds: Double, points: [PenPoint]) {
            self.beginUnixMilliseconds = beginUnixMilliseconds
            self.endUnixMilliseconds = endUnixMilliseconds
            self.points = points
        }
    }

    /// One step of the test: its `TaskData/Step` and its `PenData/drawing`.
    public struct Step: Sendable, Hashable {
        public var identifier: String
        public var start: StepMark
        public var end: StepMark
        public var strokes: [Stroke]
        public var motion: [MotionSample]
        public var interruptions: [Interruption]
        public var drawingTags: SymbolDigitDrawingTags?
        /// A trail making step's circles, arrivals, errors and prompts (`.tsk` files only).
        public var trail: TrailRecord?

        public init(
            identifier: String, start: StepMark, end: StepMark, strokes: [Stroke] = [],
            motion: [MotionSample] = [], interruptions: [Interruption] = [],
            drawingTags: SymbolDigitDrawingTags? = nil, trail: TrailRecord? = nil
        ) {
            self.identifier = identifier
            self.start = start
            self.end = end
            self.strokes = strokes
            self.motion = motion
            self.interruptions = interruptions
            self.drawingTags = drawingTags
            self.trail = trail
        }
    }

    public var variant: ADFVariant
    public var environment: ClockSketchData
    public var steps: [Step]
    public var display: DisplayData

    public init(
        variant: ADFVariant, environment: ClockSketchData, steps: [Step], display: DisplayData
    ) {
        self.variant = variant
        self.environment = environment
        self.steps = steps
        self.display = display
    }

    /// Writes the document to `destination` through `ADFRecorder`; returns the path.
    ///
    /// - Throws: `ADFError.destinationExists` if a file is there already; file system and
    ///   libxml2 errors.
    @discardableResult
    public func write(to destination: String) throws -> String {
        let recorder = try ADFRecorder(destination: destination, variant: variant)
        for step in steps {
            try recorder.beginStep(step.identifier, start: step.start, drawingTags: step.drawingTags)
            for sample in step.motion { try recorder.addMotion(sample) }
            for interruption in step.interruptions {
                try recorder.interruption(
                    interruption.type, unixMilliseconds: interruption.unixMilliseconds)
            }
            for stroke in step.strokes {
                try recorder.beginStroke(unixMilliseconds: stroke.beginUnixMilliseconds)
                for point in stroke.points { try recorder.addPoint(point) }
                try recorder.endStroke(unixMilliseconds: stroke.endUnixMilliseconds)
            }
            if let trail = step.trail { try recorder.trailRecord(trail) }
            try recorder.endStep(step.end)
        }
        return try recorder.finish(environment: environment, display: display)
    }
}
