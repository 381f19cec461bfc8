/// What a step of the trail making test recorded besides its ink: the `Trail` element of the
/// step's `TaskData/Step` in a `.tsk` file (docs/adf-trails.md).
///
/// The ADF module knows no rule of the test: the caller gives the circles (on the canvas, in
/// points, the strokes' space), the arrivals, errors and prompts its proctor decided, and the
/// outcome. The validator checks only what a file can say of itself: circles numbered from 1,
/// arrivals in the circles' order, errors and prompts naming circles of the layout, times inside
/// the step.
public struct TrailRecord: Sendable, Hashable {
    /// What is printed in a circle (part B's shift errors are errors between the two kinds).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case number
        case letter
    }

    /// How the step ended (trails.md, "What a part records").
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// The End circle was reached.
        case finished
        /// The part's time limit ran out first (`discontinue after`).
        case discontinued
        /// The operator skipped the step.
        case skipped
    }

    /// An error's class: a wrong circle of the other kind than the expected one is a shift error
    /// (part B), of the same kind a sequence error (every error of part A).
    public enum ErrorClass: String, Sendable, Hashable, CaseIterable {
        case shift
        case sequence
    }

    /// One circle of the layout the step was drawn on (`Circle`).
    public struct Circle: Sendable, Hashable {
        /// Its place in the order, from 1 (the "Begin" circle).
        public var order: Int
        /// What is printed in it: `7`, `G`.
        public var label: String
        public var kind: Kind
        /// Its centre on the canvas, in points, y down.
        public var x: Double
        public var y: Double

        public init(order: Int, label: String, kind: Kind, x: Double, y: Double) {
            self.order = order
            self.label = label
            self.kind = kind
            self.x = x
            self.y = y
        }
    }

    /// The pen reached a circle in order (`Arrival`): it became the last correct circle.
    public struct Arrival: Sendable, Hashable {
        /// The circle's order.
        public var circle: Int
        /// Unix milliseconds, unrounded.
        public var unixMilliseconds: Double

        public init(circle: Int, unixMilliseconds: Double) {
            self.circle = circle
            self.unixMilliseconds = unixMilliseconds
        }
    }

    /// An error the proctor stopped (`Error`), and when its correction ended.
    public struct Error: Sendable, Hashable {
        /// Unix milliseconds, unrounded: the dwell ran out or the pen lifted in the wrong circle.
        public var unixMilliseconds: Double
        /// The wrong circle's order.
        public var wrongCircle: Int
        /// The order of the circle that was due.
        public var expectedCircle: Int
        public var errorClass: ErrorClass
        /// Unix milliseconds, unrounded: the pen reached the last correct circle again, ending the
        /// correction; nil when the step ended first. Ink between the two times is correction ink.
        public var correctedUnixMilliseconds: Double?

        public init(
            unixMilliseconds: Double, wrongCircle: Int, expectedCircle: Int, errorClass: ErrorClass,
            correctedUnixMilliseconds: Double? = nil
        ) {
            self.unixMilliseconds = unixMilliseconds
            self.wrongCircle = wrongCircle
            self.expectedCircle = expectedCircle
            self.errorClass = errorClass
            self.correctedUnixMilliseconds = correctedUnixMilliseconds
        }
    }

    /// A prompt after no ink for the prompt delay (`Prompt`): "Keep going: from N to N+1".
    public struct Prompt: Sendable, Hashable {
        /// Unix milliseconds, unrounded.
        public var unixMilliseconds: Double
        /// The order of the last correct circle the prompt named (N).
        public var fromCircle: Int

        public init(unixMilliseconds: Double, fromCircle: Int) {
            self.unixMilliseconds = unixMilliseconds
            self.fromCircle = fromCircle
        }
    }

    /// The layout's name (`standard-A`, `alternate-1-B`).
    public var layout: String
    /// Every circle's radius on the canvas, in points.
    public var circleRadius: Double
    public var outcome: Outcome
    /// The circles in their order.
    public var circles: [Circle]
    /// The circles reached in order, with their times.
    public var arrivals: [Arrival]
    public var errors: [Error]
    public var prompts: [Prompt]

    public init(
        layout: String, circleRadius: Double, outcome: Outcome, circles: [Circle], arrivals: [Arrival] = [],
        errors: [Error] = [], prompts: [Prompt] = []
    ) {
        self.layout = layout
        self.circleRadius = circleRadius
        self.outcome = outcome
        self.circles = circles
        self.arrivals = arrivals
        self.errors = errors
        self.prompts = prompts
    }

    /// How many circles were connected: those reached in order (`circlesConnected`).
    public var circlesConnected: Int { arrivals.count }
}
