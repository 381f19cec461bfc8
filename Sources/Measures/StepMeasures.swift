internal import Proctoring
public import StylusGeometry

/// The measures of one step of a test (docs/measures.md, "Per step").
///
/// On-surface time is the sum of the strokes' durations; in-air time the sum of the gaps
/// between consecutive strokes; a pause is such a gap longer than a threshold. The step's
/// time before its first stroke is neither (it is the time to the first stroke).
public struct StepMeasures: Hashable, Sendable {
    /// Pen-up gaps longer than these many seconds are counted as pauses, one column each.
    public static let pauseThresholds: [Double] = [0.5, 1, 2]

    /// The interruption types counted in columns of their own, as the proctors name them (Proctoring
    /// is their home); any other type counts under `interruptions_other`.
    public static let interruptionTypes: [String] = {
        var types = MazeInterruptionKind.allCases.map(\.rawValue)
        for kind in SymbolDigitInterruptionKind.allCases where !types.contains(kind.rawValue) {
            types.append(kind.rawValue)
        }
        return types
    }()

    public var assessment: Assessment
    public var identifier: String
    /// The step's position in the test, from 1.
    public var number: Int
    /// Seconds from the step's start to its first stroke's first sample.
    public var timeToFirstStroke: Double?
    /// The time drawing: end minus start, less the operator's pauses, in seconds (`total_time_s`).
    public var totalTime: Double
    /// The step's start and end (seconds, the ink's clock): its wall time runs between them.
    public var start: Double
    public var end: Double
    /// The time the operator paused the step, in seconds (`paused_time_s`).
    public var pausedTime: Double
    /// End minus start, pauses included, in seconds (`wall_time_s`).
    public var wallTime: Double { end - start }
    public var onSurfaceTime: Double
    public var inAirTime: Double
    /// inAirTime / onSurfaceTime.
    public var inAirRatio: Double?
    public var strokes: Int
    public var points: Int
    public var pathLength: Double
    /// Gaps over each of `pauseThresholds`, in that order.
    public var pauses: [Int]
    public var interruptions: Int
    /// Interruptions per type of `interruptionTypes`, in that order.
    public var interruptionsByType: [Int]
    /// Interruptions of another type.
    public var otherInterruptions: Int
    /// Maze steps: seconds from the step's start to the last sample of its last stroke.
    public var completionTime: Double?
    /// Symbol-digit steps, with the form's size known: answer boxes (samples aside) written in.
    public var boxesAttempted: Int?
    /// Symbol-digit steps: seconds from the first stroke's start to the last one's end, per box attempted.
    public var timePerBox: Double?
    /// Strokes the proctor refused (nil when the input cannot tell: a results file).
    public var refusedStrokes: Int?
    /// Their summed path length, in mm.
    public var refusedPathLength: Double?
    /// Maze steps whose maze is known: the ink against the solution.
    public var maze: MazeMeasures?
    /// Largest minus smallest x and y over all the step's samples, in mm.
    public var writingWidth: Double?
    public var writingHeight: Double?
    /// Σ of the strokes' crossings with themselves, and the crossings between different strokes;
    /// nil when not counted (`crossings: false`).
    public var intraStrokeIntersections: Int?
    public var interStrokeIntersections: Int?
    /// From the first stroke's first sample to the last stroke's last, less the operator's
    /// pauses, in seconds: the time of the per-second counts.
    public var inkSpan: Double?
    /// Trail making steps: the part's time, errors and line (`TrailPartMeasures`).
    public var trail: TrailPartMeasures?

    /// Measures `step`, the `number`th step (from 1) of a test of `assessment` on a form of `formSize`;
    /// without `crossings` the intersections are not counted (the test level, which prints none
    /// of them, spares their quadratic cost).
    public init(_ step: InkStep, number: Int, assessment: Assessment, formSize: FormSize? = nil, crossings: Bool = true)
    {
        self.assessment = assessment
        identifier = step.identifier
        self.number = number
        let strokes = step.strokes.filter { !$0.points.isEmpty }
        self.strokes = strokes.count
        points = strokes.reduce(0) { $0 + $1.points.count }
        // The operator's pauses are no one's drawing time: every span measured leaves them out.
        let operatorPauses = OperatorPauses(step)
        start = step.start
        end = step.end
        pausedTime = operatorPauses.overlap(from: step.start, to: step.end)
        totalTime = step.end - step.start - pausedTime
        pathLength = strokes.reduce(0) { $0 + StrokeMeasures.pathLength($1.points) }
        onSurfaceTime = strokes.reduce(0) { $0 + ($1.points.last!.time - $1.points.first!.time) }
        var gaps: [Double] = []
        for i in strokes.indices.dropFirst() {
            let (lifted, touched) = (strokes[i - 1].points.last!.time, strokes[i].points.first!.time)
            gaps.append(touched - lifted - operatorPauses.overlap(from: lifted, to: touched))
        }
        inAirTime = gaps.reduce(0, +)
        inAirRatio = onSurfaceTime > 0 ? inAirTime / onSurfaceTime : nil
        pauses = Self.pauseThresholds.map { threshold in gaps.filter { $0 > threshold }.count }
        timeToFirstStroke = strokes.first.map { first in
            first.points.first!.time - step.start
                - operatorPauses.overlap(from: step.start, to: first.points.first!.time)
        }
        let interruptedBy = step.interruptions.filter { !OperatorPauses.types.contains($0.type) }
        interruptions = interruptedBy.count
        interruptionsByType = Self.interruptionTypes.map { type in interruptedBy.filter { $0.type == type }.count }
        otherInterruptions = interruptedBy.filter { !Self.interruptionTypes.contains($0.type) }.count
        let inkEnd = strokes.last.map { $0.points.last!.time }
        let inkSpan = strokes.first.flatMap { first in
            inkEnd.map {
                $0 - first.points.first!.time - operatorPauses.overlap(from: first.points.first!.time, to: $0)
            }
        }
        switch assessment {
        case .maze:
            completionTime = inkEnd.map { $0 - step.start - operatorPauses.overlap(from: step.start, to: $0) }
        case .symbolDigit:
            if let formSize, let part = Self.symbolDigitStep(step.identifier) {
                let attempted = SymbolDigitBoxes(step: part, formSize: formSize).attemptedBoxes(strokes)
                boxesAttempted = attempted
                if attempted > 0, let inkSpan { timePerBox = inkSpan / Double(attempted) }
            }
        case .clock, .trails:
            break
        }
        if let refused = step.refusedStrokes?.filter({ !$0.points.isEmpty }) {
            refusedStrokes = refused.count
            refusedPathLength = refused.reduce(0) { $0 + StrokeMeasures.pathLength($1.points) }
        }
        if assessment == .maze, let maze = step.maze { self.maze = MazeMeasures(strokes, maze: maze) }
        let samples = strokes.flatMap(\.points)
        writingWidth = StrokeShape.extent(samples.map(\.xMillimetres))
        writingHeight = StrokeShape.extent(samples.map(\.yMillimetres))
        if crossings {
            intraStrokeIntersections = strokes.reduce(0) { $0 + StrokeShape.selfIntersections($1.points) }
            interStrokeIntersections = StrokeShape.crossings(between: strokes.map(\.points))
        }
        self.inkSpan = inkSpan
        if assessment == .trails, let trail = step.trail { self.trail = TrailPartMeasures(strokes, trail: trail) }
    }

    /// The symbol-digit step whose identifier is `identifier` (`symbolDigitStep-copy-2`), if any;
    /// identifiers of the older generation name the part by its structure id
    /// (`symbolDigitStep-digit-digit`), and a `-2` ending is the repeat.
    static func symbolDigitStep(_ identifier: String) -> SymbolDigitStep? {
        for round in 1...2 {
            for part in SymbolDigitPart.allCases
            where SymbolDigitStep(round: round, part: part).identifier == identifier {
                return SymbolDigitStep(round: round, part: part)
            }
        }
        let round = identifier.hasSuffix("-2") ? 2 : 1
        let name = round == 2 ? String(identifier.dropLast(2)) : identifier
        return SymbolDigitPart.allCases.first { name.hasSuffix("-" + $0.structureID) }.map {
            SymbolDigitStep(round: round, part: $0)
        }
    }

    /// The spans of a step the operator paused (P in `administer`), from its `operator-paused` and
    /// `operator-resumed` Pause elements; a pause never resumed lasts to the step's end.
    struct OperatorPauses {
        static let types: Set<String> = ["operator-paused", "operator-resumed"]

        private(set) var spans: [(start: Double, end: Double)] = []

        init(_ step: InkStep) {
            var since: Double?
            for interruption in step.interruptions.sorted(by: { $0.time < $1.time }) {
                switch interruption.type {
                case "operator-paused" where since == nil: since = interruption.time
                case "operator-resumed":
                    if let start = since { spans.append((start, max(start, interruption.time))) }
                    since = nil
                default: break
                }
            }
            if let since { spans.append((since, max(since, step.end))) }
        }

        /// The paused time between `from` and `to`.
        func overlap(from: Double, to: Double) -> Double {
            spans.reduce(0) { $0 + max(0, min(to, $1.end) - max(from, $1.start)) }
        }
    }

    /// `wall-cross` as a column name: `interruptions_wall_cross`.
    static func columnName(interruptionType type: String) -> String {
        "interruptions_" + type.replacingHyphens
    }

    /// A threshold as a column name: 0.5 s is `pauses_over_0_5_s`.
    static func columnName(pauseThreshold threshold: Double) -> String {
        let text = MeasureValue.decimalText(threshold) ?? "\(threshold)"
        return "pauses_over_" + String(text.map { $0 == "." ? "_" : $0 }) + "_s"
    }

    /// The row of this step under the columns of the `step` level.
    public var row: MeasureRow {
        var row = MeasureRow()
        row.append("time_to_first_stroke_s", timeToFirstStroke)
        row.append("total_time_s", totalTime)
        row.append("on_surface_time_s", onSurfaceTime)
        row.append("in_air_time_s", inAirTime)
        row.append("in_air_on_surface_ratio", inAirRatio)
        row.append("strokes", count: strokes)
        row.append("points", count: points)
        row.append("path_length_mm", pathLength)
        for (threshold, count) in zip(Self.pauseThresholds, pauses) {
            row.append(Self.columnName(pauseThreshold: threshold), count: count)
        }
        row.append("interruptions", count: interruptions)
        for (type, count) in zip(Self.interruptionTypes, interruptionsByType) {
            row.append(Self.columnName(interruptionType: type), count: count)
        }
        row.append("interruptions_other", count: otherInterruptions)
        row.append("completion_time_s", completionTime)
        row.append("boxes_attempted", count: boxesAttempted)
        row.append("time_per_box_s", timePerBox)
        row.append("refused_strokes", count: refusedStrokes)
        row.append("refused_path_length_mm", refusedPathLength)
        row.append("solution_length_mm", maze?.solutionLength)
        row.append("path_solution_ratio", maze?.pathSolutionRatio)
        row.append("centre_line_distance_mean_mm", maze?.centreLineDistanceMean)
        row.append("time_across_walls_s", maze?.timeAcrossWalls)
        // Last, so the columns before keep their places: `total_time_s` is this less `paused_time_s`.
        row.append("wall_time_s", wallTime)
        row.append("paused_time_s", pausedTime)
        // Issue 32's columns, after every earlier one so those keep their places.
        row.append("writing_width_mm", writingWidth)
        row.append("writing_height_mm", writingHeight)
        row.append("intra_stroke_intersections", count: intraStrokeIntersections)
        row.append("inter_stroke_intersections", count: interStrokeIntersections)
        row.append("intra_stroke_intersections_per_s", StrokeMeasures.perSecond(intraStrokeIntersections, inkSpan))
        row.append("inter_stroke_intersections_per_s", StrokeMeasures.perSecond(interStrokeIntersections, inkSpan))
        // After those, for the same reason: a trail making part's measures (docs/measures.md, "Trail making").
        row.append("trail_completion_time_s", trail?.completionTime)
        row.append("trail_circles_connected", count: trail?.circlesConnected)
        row.append("trail_sequence_errors", count: trail?.sequenceErrors)
        row.append("trail_shift_errors", count: trail?.shiftErrors)
        row.append("trail_prompts", count: trail?.prompts)
        row.append("trail_time_inside_circles_s", trail?.timeInsideCircles)
        row.append("trail_time_between_circles_s", trail?.timeBetweenCircles)
        row.append("trail_pen_lifts", count: trail?.penLifts)
        row.append("trail_pen_up_time_s", trail?.penUpTime)
        row.append("trail_pauses_over_1_s", count: trail?.pauses)
        row.append("trail_pause_time_s", trail?.pauseTime)
        row.append("trail_mean_speed_between_circles_mm_s", trail?.meanSpeedBetweenCircles)
        row.append("trail_straight_path_mm", trail?.straightPath)
        row.append("trail_path_ratio", trail?.pathRatio)
        return row
    }
}

extension String {
    /// The string with `-` as `_`, for column names made of identifiers.
    var replacingHyphens: String { String(map { $0 == "-" ? "_" : $0 }) }
}

/// The answer boxes of one symbol-digit step's form, centred on the form as every session places it.
struct SymbolDigitBoxes {
    let form: SymbolDigitForm

    init(step: SymbolDigitStep, formSize: FormSize) {
        form = SymbolDigitForm(step: step, origin: SymbolDigitForm.origin(centredOn: formSize))
    }

    /// The box a stroke was written in: the answer box holding most of its samples (the lower
    /// box on a tie), or nil when none holds any.
    func box(of stroke: InkStroke) -> Int? {
        var counts: [Int: Int] = [:]
        for point in stroke.points {
            let position = FormPosition(xCentimetres: point.xMillimetres / 10, yCentimetres: point.yMillimetres / 10)
            if let index = form.boxIndex(at: position) { counts[index, default: 0] += 1 }
        }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    /// How many answer boxes (the sample boxes aside) hold at least one stroke.
    func attemptedBoxes(_ strokes: [InkStroke]) -> Int {
        Set(strokes.compactMap { box(of: $0) }.filter { !form.boxes[$0].isSample }).count
    }
}
