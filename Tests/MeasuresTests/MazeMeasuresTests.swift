import Measures
import Proctoring
import StylusGeometry
import Testing

/// The maze measures against the solution (docs/measures.md, "Maze against its solution") on
/// scripted ink in small mazes whose centre lines have closed-form lengths.
@Suite("Maze measures against the solution")
struct MazeMeasuresTests {
    /// One row of three 1 cm cells, open inside, entered on the left and left on the right,
    /// placed with its top-left corner at (2 cm, 3 cm): the centre line is the straight line
    /// y = 3.5 cm from x = 2 to 5 cm, 30 mm long.
    static let corridor = MazeOnForm(
        maze: Maze(
            name: "corridor", rows: 1, columns: 3, cellSizeCentimetres: 1,
            start: MazeOpening(cell: MazeCell(row: 0, column: 0), side: .left),
            end: MazeOpening(cell: MazeCell(row: 0, column: 2), side: .right), wallRightOf: { _ in false },
            wallBelow: { _ in false }),
        origin: FormPosition(xCentimetres: 2, yCentimetres: 3))

    /// Two rows of two 1 cm cells at the form's corner, a wall between the top two: entered at
    /// the top left, left at the top right, so the solution goes down, across and up again, its
    /// centre line 0.5 + 1 + 1 + 1 + 0.5 = 4 cm.
    static let uTurn = MazeOnForm(
        maze: Maze(
            name: "u-turn", rows: 2, columns: 2, cellSizeCentimetres: 1,
            start: MazeOpening(cell: MazeCell(row: 0, column: 0), side: .left),
            end: MazeOpening(cell: MazeCell(row: 0, column: 1), side: .right),
            wallRightOf: { $0.row == 0 }, wallBelow: { _ in false }),
        origin: FormPosition(xCentimetres: 0, yCentimetres: 0))

    /// A stroke through `points` (mm), one sample each `interval` seconds from `start`.
    static func stroke(_ points: [(Double, Double)], interval: Double = 0.1, start: Double = 0) -> InkStroke {
        InkStroke(
            points: points.enumerated().map { k, p in
                InkPoint(time: start + Double(k) * interval, xMillimetres: p.0, yMillimetres: p.1)
            })
    }

    /// `count` samples evenly along the segment from `a` to `b` (both included).
    static func along(_ a: (Double, Double), _ b: (Double, Double), count: Int) -> [(Double, Double)] {
        (0..<count).map { k in
            let f = Double(k) / Double(count - 1)
            return (a.0 + f * (b.0 - a.0), a.1 + f * (b.1 - a.1))
        }
    }

    @Test("The centre line runs from the start opening through the solution's cell centres to the end opening")
    func centreLine() {
        #expect(MazeMeasures([], maze: Self.corridor).solutionLength == 30)
        let line = MazeMeasures.centreLine(Self.uTurn)
        #expect(line.map(\.xCentimetres) == [0, 0.5, 0.5, 1.5, 1.5, 2])
        #expect(line.map(\.yCentimetres) == [0.5, 0.5, 1.5, 1.5, 0.5, 0.5])
        #expect(abs(MazeMeasures([], maze: Self.uTurn).solutionLength - 40) < 1e-12)
    }

    @Test("Ink along the centre line: ratio 1, distance 0, no time across walls; 2 mm off it: distance 2 mm")
    func alongTheCentreLine() {
        let on = MazeMeasures([Self.stroke(Self.along((20, 35), (50, 35), count: 31))], maze: Self.corridor)
        #expect(abs(on.pathSolutionRatio! - 1) < 1e-12)
        #expect(abs(on.centreLineDistanceMean!) < 1e-12)
        #expect(on.timeAcrossWalls == 0)
        let off = MazeMeasures([Self.stroke(Self.along((20, 37), (50, 37), count: 31))], maze: Self.corridor)
        #expect(abs(off.centreLineDistanceMean! - 2) < 1e-12)
        // Half the ink twice over the maze: ratio 2 (path length over solution length).
        let twice = MazeMeasures(
            [
                Self.stroke(Self.along((20, 35), (50, 35), count: 31)),
                Self.stroke(Self.along((50, 35), (20, 35), count: 31)),
            ],
            maze: Self.corridor)
        #expect(abs(twice.pathSolutionRatio! - 2) < 1e-12)
        // Without ink there is no mean distance and a ratio of 0.
        #expect(MazeMeasures([], maze: Self.corridor).centreLineDistanceMean == nil)
        #expect(MazeMeasures([], maze: Self.corridor).pathSolutionRatio == 0)
    }

    @Test("A point beyond the end of the line is measured to its nearest end")
    func distanceToTheEnds() {
        // 3 mm left of the start opening's midpoint, outside the maze: 3 mm from the line.
        let measures = MazeMeasures([Self.stroke([(17, 35)])], maze: Self.corridor)
        #expect(abs(measures.centreLineDistanceMean! - 3) < 1e-12)
    }

    @Test("Through the wall and back: the time from the first sample beyond it to the first sample back")
    func acrossAWallAndBack() {
        // (0,0) at 0 and 0.1 s, across the wall into (0,1) at 0.2 and 0.3 s, back at 0.4 s.
        let stroke = Self.stroke([(5, 5), (8, 5), (12, 5), (15, 5), (8, 5), (6, 5)])
        #expect(abs(MazeMeasures([stroke], maze: Self.uTurn).timeAcrossWalls - 0.2) < 1e-12)
        // A stroke that ends across counts to its last sample: from 0.1 to 0.2 s.
        let ending = Self.stroke([(5, 5), (12, 5), (15, 5)])
        #expect(abs(MazeMeasures([ending], maze: Self.uTurn).timeAcrossWalls - 0.1) < 1e-12)
        // Out of the maze through its outer wall (above the top row) is across too: 0.1 to 0.3 s.
        let out = Self.stroke([(5, 5), (5, -3), (5, -6), (5, 4)])
        #expect(abs(MazeMeasures([out], maze: Self.uTurn).timeAcrossWalls - 0.2) < 1e-12)
    }

    @Test("The solution followed, a corner cut through an open cell, and ink before the maze: no time across walls")
    func legalMoves() {
        // Down, across and up through the open sides, then out of the end opening's mouth.
        let solution = Self.stroke(
            Self.along((2, 5), (5, 5), count: 4) + Self.along((5, 6), (5, 15), count: 10)
                + Self.along((6, 15), (15, 15), count: 10)
                + Self.along((15, 14), (15, 5), count: 10) + Self.along((16, 5), (24, 5), count: 9))
        let measures = MazeMeasures([solution], maze: Self.uTurn)
        #expect(measures.timeAcrossWalls == 0)
        // Diagonally from (0,0) to (1,1): (1,0) is open to both, so no wall is crossed.
        #expect(MazeMeasures([Self.stroke([(5, 5), (12, 12)])], maze: Self.uTurn).timeAcrossWalls == 0)
        // Diagonally from (1,0) to (0,1): (0,0) is walled off (0,1), but (1,1) is open to both.
        #expect(MazeMeasures([Self.stroke([(5, 15), (15, 5)])], maze: Self.uTurn).timeAcrossWalls == 0)
        // A stroke that starts outside the maze and comes in: nothing before its first cell is across.
        #expect(MazeMeasures([Self.stroke([(-25, 5), (-15, -3), (5, 5)])], maze: Self.uTurn).timeAcrossWalls == 0)
    }

    @Test("Step and test rows: the maze columns for maze steps with a maze, refused strokes where known")
    func rows() throws {
        let ink = Self.stroke(Self.along((20, 35), (50, 35), count: 31), start: 1)
        let step = InkStep(
            identifier: "mazeStep-corridor", start: 0, end: 5, strokes: [ink],
            refusedStrokes: [Self.stroke([(30, 30), (30, 33)])],
            maze: Self.corridor)
        let test = InkTest(assessment: .maze, steps: [step, step])
        let stepRow = MeasureLevel.step.rows(of: test)[0]
        #expect(stepRow["solution_length_mm"]?.text == "30")
        #expect(stepRow["path_solution_ratio"]?.text == "1")
        #expect(stepRow["centre_line_distance_mean_mm"]?.text == "0")
        #expect(stepRow["time_across_walls_s"]?.text == "0")
        #expect(stepRow["refused_strokes"]?.text == "1")
        #expect(stepRow["refused_path_length_mm"]?.text == "3")
        let testRow = MeasureLevel.test.rows(of: test)[0]
        #expect(testRow["maze_solution_length_mm"]?.text == "60")
        #expect(testRow["maze_path_solution_ratio"]?.text == "1")
        #expect(testRow["refused_strokes"]?.text == "2")
        // A results file knows neither the maze nor the refused strokes: empty cells, not 0.
        let unknown = InkTest(
            assessment: .maze, steps: [InkStep(identifier: "mazeStep-corridor", start: 0, end: 5, strokes: [ink])])
        let row = MeasureLevel.step.rows(of: unknown)[0]
        for column in [
            "solution_length_mm", "path_solution_ratio", "centre_line_distance_mean_mm", "time_across_walls_s",
            "refused_strokes",
        ] {
            #expect(row[column]?.text == nil, "\(column)")
        }
        #expect(MeasureLevel.test.rows(of: unknown)[0]["refused_strokes"]?.text == nil)
    }
}
