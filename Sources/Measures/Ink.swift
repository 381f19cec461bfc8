public import Proctoring
public import StylusGeometry

/// One pen sample, in the units every measure is computed in: seconds, millimetres, radians.
///
/// Measures has input types of its own so it depends on no file format: an adapter (the
/// `features` command's, for ADF results files) converts canvas points to millimetres and
/// Unix milliseconds to seconds before anything is measured.
public struct InkPoint: Hashable, Sendable {
    /// Seconds from the test's reference instant (the adapter's choice; the first step's start).
    public var time: Double
    /// Position on the form in millimetres from its top-left corner, y down.
    public var xMillimetres: Double
    public var yMillimetres: Double
    /// Normalised force: 1.0 is an average touch (ADF's `pressure` is force × 1000); nil when
    /// the pen did not measure it (a point whose `absent` attribute names `pressure`).
    public var force: Double?
    /// Radians; π/2 is the pen perpendicular to the surface; nil when not measured.
    public var altitude: Double?
    /// Radians in [0, 2π); 0 is the pen top toward +x, increasing clockwise (y down); nil when
    /// not measured.
    public var azimuth: Double?

    public init(
        time: Double, xMillimetres: Double, yMillimetres: Double, force: Double? = 1,
        altitude: Double? = .pi / 2, azimuth: Double? = 0
    ) {
        self.time = time
        self.xMillimetres = xMillimetres
        self.yMillimetres = yMillimetres
        self.force = force
        self.altitude = altitude
        self.azimuth = azimuth
    }
}

/// One stroke: the samples from pen-down to pen-up, and the hover path before it where known.
public struct InkStroke: Hashable, Sendable {
    /// The samples with the tip down, in time order.
    public var points: [InkPoint]
    /// The samples with the pen in the air between the previous stroke's end and this stroke's
    /// start (a recording has them; results files do not). Nil when the input has no hover data:
    /// in-air length is then the straight line between the two strokes.
    public var hoverBefore: [InkPoint]?

    public init(points: [InkPoint], hoverBefore: [InkPoint]? = nil) {
        self.points = points
        self.hoverBefore = hoverBefore
    }
}

/// An interruption of the patient by the proctor: its type as the results file names it
/// (`wall-cross`, `no-drawing`, `skip`, ...) and when.
public struct InkInterruption: Hashable, Sendable {
    public var type: String
    /// Seconds, on the same scale as the points' times.
    public var time: Double

    public init(type: String, time: Double) {
        self.type = type
        self.time = time
    }
}

/// One step of a test: its identifier (`clockStep-copy`, `mazeStep-choice`,
/// `symbolDigitStep-test`), when it began and ended, its strokes and its interruptions.
public struct InkStep: Hashable, Sendable {
    public var identifier: String
    /// Seconds, on the same scale as the points' times.
    public var start: Double
    public var end: Double
    public var strokes: [InkStroke]
    public var interruptions: [InkInterruption]
    /// The strokes the proctor refused at touch-down, which the results file does not hold: nil
    /// when the input cannot tell (a results file), empty when it can and there were none.
    public var refusedStrokes: [InkStroke]?
    /// A maze step's maze, placed on the form as the session placed it (positions in cm from the
    /// form's top-left corner, as the ink's millimetres / 10); nil when not known.
    public var maze: MazeOnForm?
    /// A trail making step's circles and what its proctor decided (a `.tsk` file's `Trail`); nil for other tests.
    public var trail: InkTrail?

    public init(
        identifier: String, start: Double, end: Double, strokes: [InkStroke], interruptions: [InkInterruption] = [],
        refusedStrokes: [InkStroke]? = nil, maze: MazeOnForm? = nil, trail: InkTrail? = nil
    ) {
        self.identifier = identifier
        self.start = start
        self.end = end
        self.strokes = strokes
        self.interruptions = interruptions
        self.refusedStrokes = refusedStrokes
        self.maze = maze
        self.trail = trail
    }
}

/// The assessments, as far as measures tell them apart.
public enum Assessment: String, Hashable, Sendable, CaseIterable {
    case clock
    case maze
    /// The symbol-digit test (the `--test sdt` of replay).
    case symbolDigit = "sdt"
    /// The trail making test (`TrailMeasures` holds its own measures).
    case trails
}

/// One administered test: its steps in order, and the size of the form the ink lies on.
public struct InkTest: Hashable, Sendable {
    public var assessment: Assessment
    public var steps: [InkStep]
    /// The form (the drawing canvas) in centimetres; the symbol-digit form is centred on it, so
    /// boxes can be found only when it is known.
    public var formSize: FormSize?

    public init(assessment: Assessment, steps: [InkStep], formSize: FormSize? = nil) {
        self.assessment = assessment
        self.steps = steps
        self.formSize = formSize
    }
}
