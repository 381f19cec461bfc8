public import Proctoring
public import StylusGeometry

/// What the proctor decided in one trail making part, in the measures' units: the input of
/// `TrailPartMeasures` beside the part's strokes.
public struct InkTrail: Hashable, Sendable {
    /// An error the proctor stopped: when, and whether it was a shift error (else a sequence error).
    public struct Error: Hashable, Sendable {
        /// Seconds, on the same scale as the points' times.
        public var time: Double
        public var isShift: Bool

        public init(time: Double, isShift: Bool) {
            self.time = time
            self.isShift = isShift
        }
    }

    /// The circles, their centres on the same form as the ink (the ink's millimetres / 10).
    public var layout: TrailLayout
    /// Seconds: the part's time starts ("Ready, go", when its instructions end).
    public var start: Double
    /// Seconds: when each circle was reached, in the circles' order (`arrivals[0]` is Begin).
    public var arrivals: [Double]
    public var errors: [Error]
    /// Seconds: each prompt after no ink for the prompt delay.
    public var prompts: [Double]

    public init(layout: TrailLayout, start: Double, arrivals: [Double], errors: [Error] = [], prompts: [Double] = []) {
        self.layout = layout
        self.start = start
        self.arrivals = arrivals
        self.errors = errors
        self.prompts = prompts
    }

    /// Whether the End circle was reached.
    public var isFinished: Bool { !layout.circles.isEmpty && arrivals.count == layout.circles.count }
}

/// The measures of one trail making part (docs/measures.md, "Trail making"): its time, its
/// errors, and what its line says of how it was drawn.
///
/// Every duration is in seconds and every length in millimetres. "Inside a circle" is within
/// its radius of its centre; a sample interval (two consecutive samples of a stroke) counts as
/// inside when its midpoint is inside a circle.
public struct TrailPartMeasures: Hashable, Sendable {
    /// A pause is a stretch longer than this without the pen moving on (trails.md: "pauses over 1 s").
    public static let pauseSeconds = 1.0
    /// Pen down, samples within this distance of a pause's first sample have not moved on.
    public static let stillMillimetres = 1.0

    /// From the part's start to the End circle's arrival; nil for a part not finished.
    public var completionTime: Double?
    /// Circles reached in order (Begin included).
    public var circlesConnected: Int
    /// Errors whose wrong circle was of the same kind as the expected one (every part A error).
    public var sequenceErrors: Int
    /// Errors whose wrong circle was of the other kind (part B).
    public var shiftErrors: Int
    public var prompts: Int
    /// Pen-down time inside circles.
    public var timeInsideCircles: Double
    /// Pen-down time between circles (outside every circle).
    public var timeBetweenCircles: Double
    /// Lifts of the pen between its first touch and its last lift: strokes − 1.
    public var penLifts: Int
    /// Time with the pen lifted between strokes.
    public var penUpTime: Double
    /// Pauses over `pauseSeconds` between circles: a lift, or the pen held still, starting outside every circle.
    public var pauses: Int
    /// Their total time.
    public var pauseTime: Double
    /// Mean pen speed between circles: the ink's length outside circles over `timeBetweenCircles`, mm/s.
    public var meanSpeedBetweenCircles: Double?
    /// The line's length: every stroke's path.
    public var pathLength: Double
    /// The straight path from Begin's centre through each connected circle's centre.
    public var straightPath: Double
    /// `pathLength / straightPath`: 1 for a line straight from centre to centre.
    public var pathRatio: Double?

    /// Measures a part's `strokes` (positions in mm on the layout's form) against what its proctor decided.
    public init(_ strokes: [InkStroke], trail: InkTrail) {
        let circles = trail.layout.circles
        let radius = TrailLayout.circleRadiusCentimetres * 10
        func inside(_ x: Double, _ y: Double) -> Bool {
            circles.contains { circle in
                let dx = x - circle.centre.xCentimetres * 10
                let dy = y - circle.centre.yCentimetres * 10
                return dx * dx + dy * dy <= radius * radius
            }
        }
        completionTime = trail.isFinished ? trail.arrivals.last.map { $0 - trail.start } : nil
        circlesConnected = trail.arrivals.count
        shiftErrors = trail.errors.filter(\.isShift).count
        sequenceErrors = trail.errors.count - shiftErrors
        prompts = trail.prompts.count

        var insideTime = 0.0
        var betweenTime = 0.0
        var betweenLength = 0.0
        var pathLength = 0.0
        var pauses = 0
        var pauseTime = 0.0
        func pause(_ duration: Double) {
            guard duration > Self.pauseSeconds else { return }
            pauses += 1
            pauseTime += duration
        }
        for stroke in strokes {
            let points = stroke.points
            for (a, b) in zip(points, points.dropFirst()) {
                let length = Self.distance(a, b)
                let duration = b.time - a.time
                pathLength += length
                if inside((a.xMillimetres + b.xMillimetres) / 2, (a.yMillimetres + b.yMillimetres) / 2) {
                    insideTime += duration
                } else {
                    betweenTime += duration
                    betweenLength += length
                }
            }
            // The pen held still: a run of samples within `stillMillimetres` of its first.
            var anchor = 0
            for index in points.indices.dropFirst()
            where Self.distance(points[anchor], points[index]) > Self.stillMillimetres {
                if !inside(points[anchor].xMillimetres, points[anchor].yMillimetres) {
                    pause(points[index - 1].time - points[anchor].time)
                }
                anchor = index
            }
            if let last = points.last, !inside(points[anchor].xMillimetres, points[anchor].yMillimetres) {
                pause(last.time - points[anchor].time)
            }
        }
        var penUpTime = 0.0
        let drawn = strokes.filter { !$0.points.isEmpty }
        for (before, after) in zip(drawn, drawn.dropFirst()) {
            let lift = before.points.last!
            let gap = after.points.first!.time - lift.time
            penUpTime += gap
            if !inside(lift.xMillimetres, lift.yMillimetres) { pause(gap) }
        }
        timeInsideCircles = insideTime
        timeBetweenCircles = betweenTime
        penLifts = max(0, drawn.count - 1)
        self.penUpTime = penUpTime
        self.pauses = pauses
        self.pauseTime = pauseTime
        meanSpeedBetweenCircles = betweenTime > 0 ? betweenLength / betweenTime : nil
        self.pathLength = pathLength
        let connected = circles.prefix(trail.arrivals.count)
        straightPath = zip(connected, connected.dropFirst()).reduce(0) { total, pair in
            let dx = pair.1.centre.xCentimetres - pair.0.centre.xCentimetres
            let dy = pair.1.centre.yCentimetres - pair.0.centre.yCentimetres
            return total + (dx * dx + dy * dy).squareRoot() * 10
        }
        pathRatio = straightPath > 0 ? pathLength / straightPath : nil
    }

    static func distance(_ a: InkPoint, _ b: InkPoint) -> Double {
        let dx = b.xMillimetres - a.xMillimetres
        let dy = b.yMillimetres - a.yMillimetres
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// The two derived scores of a trail making test (trails.md, "Measures"): B − A and B / A of
/// the completion times of parts A and B (not the samples).
public struct TrailTestMeasures: Hashable, Sendable {
    /// Part B's completion time less part A's, seconds: the cost of switching.
    public var differenceBA: Double?
    /// Part B's completion time over part A's.
    public var ratioBA: Double?

    /// Both scores, nil unless both parts finished (a discontinued part has no completion time).
    public init(partA: TrailPartMeasures?, partB: TrailPartMeasures?) {
        guard let a = partA?.completionTime, let b = partB?.completionTime else { return }
        differenceBA = b - a
        ratioBA = a > 0 ? b / a : nil
    }
}
