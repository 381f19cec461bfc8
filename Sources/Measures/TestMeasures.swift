internal import Proctoring

/// The measures of a whole test (docs/measures.md, "Per test"): the steps' totals, and what
/// each assessment compares across its steps.
///
/// - clock: the copy step against the command step (copy ÷ command), since each patient is
///   their own control;
/// - maze: completion time summed over the mazes, wall crosses;
/// - symbol-digit: boxes attempted and time per box for each part of each round.
public struct TestMeasures: Hashable, Sendable {
    public var assessment: Assessment
    public var steps: [StepMeasures]

    public init(_ test: InkTest) {
        assessment = test.assessment
        steps = test.steps.enumerated().map { index, step in
            StepMeasures(
                step, number: index + 1, assessment: test.assessment, formSize: test.formSize, crossings: false)
        }
    }

    /// The symbol-digit steps a test may have, in order: parts of round 1, then of the repeat.
    static let symbolDigitSteps: [SymbolDigitStep] = (1...2).flatMap { round in
        SymbolDigitPart.allCases.map { SymbolDigitStep(round: round, part: $0) }
    }

    /// `symbolDigitStep-delayedRecall-2` as a column suffix: `delayed_recall_2`.
    static func columnSuffix(_ step: SymbolDigitStep) -> String {
        let part: String =
            switch step.part {
            case .test: "test"
            case .copy: "copy"
            case .delayedRecall: "delayed_recall"
            }
        return step.round == 1 ? part : "\(part)_\(step.round)"
    }

    /// numerator ÷ denominator, nil when either is missing or the denominator is 0.
    static func ratio(_ numerator: Double?, _ denominator: Double?) -> Double? {
        guard let numerator, let denominator, denominator != 0 else { return nil }
        return numerator / denominator
    }

    /// The row of this test under the columns of the `test` level.
    public var row: MeasureRow {
        var row = MeasureRow()
        row.append("steps", count: steps.count)
        row.append("strokes", count: steps.reduce(0) { $0 + $1.strokes })
        row.append("points", count: steps.reduce(0) { $0 + $1.points })
        row.append("total_time_s", steps.reduce(0) { $0 + $1.totalTime })
        row.append("on_surface_time_s", steps.reduce(0) { $0 + $1.onSurfaceTime })
        row.append("in_air_time_s", steps.reduce(0) { $0 + $1.inAirTime })
        row.append("path_length_mm", steps.reduce(0) { $0 + $1.pathLength })
        row.append("interruptions", count: steps.reduce(0) { $0 + $1.interruptions })

        let command = assessment == .clock ? steps.first { $0.identifier == ClockStep.command.identifier } : nil
        let copy = assessment == .clock ? steps.first { $0.identifier == ClockStep.copy.identifier } : nil
        row.append("copy_command_total_time_ratio", Self.ratio(copy?.totalTime, command?.totalTime))
        row.append("copy_command_on_surface_time_ratio", Self.ratio(copy?.onSurfaceTime, command?.onSurfaceTime))
        row.append(
            "copy_command_strokes_ratio",
            Self.ratio(copy.map { Double($0.strokes) }, command.map { Double($0.strokes) }))
        row.append("copy_command_path_length_ratio", Self.ratio(copy?.pathLength, command?.pathLength))

        let mazes = assessment == .maze ? steps : []
        let completions = mazes.compactMap(\.completionTime)
        row.append("maze_completion_time_s", completions.isEmpty ? nil : completions.reduce(0, +))
        let wallCross = StepMeasures.interruptionTypes.firstIndex(of: MazeInterruptionKind.wallCross.rawValue)!
        row.append(
            "wall_crosses",
            count: assessment == .maze ? mazes.reduce(0) { $0 + $1.interruptionsByType[wallCross] } : nil)

        for part in Self.symbolDigitSteps {
            let step = assessment == .symbolDigit ? steps.first { $0.identifier == part.identifier } : nil
            row.append("boxes_attempted_\(Self.columnSuffix(part))", count: step?.boxesAttempted)
            row.append("time_per_box_\(Self.columnSuffix(part))_s", step?.timePerBox)
        }
        let refused = steps.map(\.refusedStrokes)
        row.append("refused_strokes", count: refused.contains(nil) ? nil : refused.reduce(0) { $0 + ($1 ?? 0) })
        // Over the mazes whose maze is known; the ratio and the distance weigh each maze by its ink.
        let solved = mazes.filter { $0.maze != nil }
        let solution = solved.reduce(0) { $0 + $1.maze!.solutionLength }
        let inked = solved.filter { $0.maze!.centreLineDistanceMean != nil }
        let inkedPoints = inked.reduce(0) { $0 + $1.points }
        row.append("maze_solution_length_mm", solved.isEmpty ? nil : solution)
        row.append(
            "maze_path_solution_ratio",
            Self.ratio(solved.reduce(0) { $0 + $1.pathLength }, solved.isEmpty ? nil : solution))
        row.append(
            "maze_centre_line_distance_mean_mm",
            inkedPoints > 0
                ? inked.reduce(0) { $0 + $1.maze!.centreLineDistanceMean! * Double($1.points) } / Double(inkedPoints)
                : nil)
        row.append(
            "maze_time_across_walls_s", solved.isEmpty ? nil : solved.reduce(0) { $0 + $1.maze!.timeAcrossWalls })
        // Last, so the columns before keep their places. The wall time runs from the first step's
        // start to the last one's end (as `adf show` gives it); the steps follow one another, so
        // `total_time_s` is this less `paused_time_s`.
        let wallTime = steps.isEmpty ? 0 : steps.map(\.end).max()! - steps.map(\.start).min()!
        row.append("wall_time_s", wallTime)
        row.append("paused_time_s", steps.reduce(0) { $0 + $1.pausedTime })
        // After those, for the same reason: parts A and B of a trail making test (the samples are
        // practice, not scored) and the two derived scores (docs/measures.md, "Trail making").
        func part(_ part: TrailPart) -> TrailPartMeasures? {
            assessment == .trails ? steps.first { $0.identifier == part.identifier }?.trail : nil
        }
        let (partA, partB) = (part(.partA), part(.partB))
        let scores = TrailTestMeasures(partA: partA, partB: partB)
        row.append("trails_time_a_s", partA?.completionTime)
        row.append("trails_time_b_s", partB?.completionTime)
        row.append("trails_b_minus_a_s", scores.differenceBA)
        row.append("trails_b_over_a", scores.ratioBA)
        row.append("trails_circles_connected_a", count: partA?.circlesConnected)
        row.append("trails_circles_connected_b", count: partB?.circlesConnected)
        row.append("trails_errors_a", count: partA.map { $0.sequenceErrors + $0.shiftErrors })
        row.append("trails_errors_b", count: partB.map { $0.sequenceErrors + $0.shiftErrors })
        row.append("trails_sequence_errors_b", count: partB?.sequenceErrors)
        row.append("trails_shift_errors_b", count: partB?.shiftErrors)
        row.append(
            "trails_prompts", count: partA == nil && partB == nil ? nil : (partA?.prompts ?? 0) + (partB?.prompts ?? 0))
        return row
    }
}

/// The three levels a table of measures can have, and the rows of a test at each.
public enum MeasureLevel: String, Hashable, Sendable, CaseIterable {
    case stroke
    case step
    case test

    /// The rows of `test` at this level, each beginning with the columns that say what it is
    /// (`test`; `step`, `step_number`; `stroke`, the stroke's number across the test from 1).
    /// Stroke rows take their derivatives after `filter` (the other levels have none).
    public func rows(of test: InkTest, filter: DerivativeFilter = .none) -> [MeasureRow] {
        switch self {
        case .test:
            var row = MeasureRow()
            row.append("test", text: test.assessment.rawValue)
            return [Self.joined(row, TestMeasures(test).row)]
        case .step:
            return test.steps.enumerated().map { index, step in
                let measures = StepMeasures(
                    step, number: index + 1, assessment: test.assessment, formSize: test.formSize)
                return Self.joined(Self.stepColumns(test, step, number: index + 1), measures.row)
            }
        case .stroke:
            var rows: [MeasureRow] = []
            var strokeNumber = 0
            for (index, step) in test.steps.enumerated() {
                var previous: InkStroke?
                for stroke in step.strokes {
                    strokeNumber += 1
                    var row = Self.stepColumns(test, step, number: index + 1)
                    row.append("stroke", count: strokeNumber)
                    rows.append(
                        Self.joined(
                            row, StrokeMeasures(stroke, stepStart: step.start, previous: previous, filter: filter).row))
                    previous = stroke
                }
            }
            return rows
        }
    }

    /// The column names of this level, in order (what a table with no rows has as its header).
    public var columns: [String] {
        let empty = InkTest(
            assessment: .clock, steps: [InkStep(identifier: "", start: 0, end: 0, strokes: [InkStroke(points: [])])])
        return rows(of: empty)[0].columns
    }

    private static func stepColumns(_ test: InkTest, _ step: InkStep, number: Int) -> MeasureRow {
        var row = MeasureRow()
        row.append("test", text: test.assessment.rawValue)
        row.append("step", text: step.identifier)
        row.append("step_number", count: number)
        return row
    }

    private static func joined(_ head: MeasureRow, _ tail: MeasureRow) -> MeasureRow {
        var row = head
        for (column, value) in zip(tail.columns, tail.values) { row.append(column, value) }
        return row
    }
}
