public import Proctoring
public import StylusGeometry

/// The measures of one maze step against its maze's solution (docs/measures.md, "Maze against
/// its solution"): the ink's length against the solution path's, its mean distance from the
/// solution's centre line, and the time the pen spent across a wall.
///
/// The solution's centre line runs from the midpoint of the start opening through the centres
/// of the solution's cells (`Maze.solution`, a shortest path) to the midpoint of the end opening.
public struct MazeMeasures: Hashable, Sendable {
    /// Length of the solution's centre line, in mm.
    public var solutionLength: Double
    /// The step's path length over `solutionLength` (1 for ink along the centre line).
    public var pathSolutionRatio: Double?
    /// Mean over the step's samples of the distance to the centre line, in mm.
    public var centreLineDistanceMean: Double?
    /// Seconds the pen spent across a wall: from a sample beyond a wall of the cell it last
    /// reached through open sides to the next sample back (or the stroke's end).
    public var timeAcrossWalls: Double

    /// Measures `strokes` (one maze step's, positions in mm) against `maze`.
    public init(_ strokes: [InkStroke], maze: MazeOnForm) {
        let line = Self.centreLine(maze)
        solutionLength = Self.length(line) * 10
        let pathLength = strokes.reduce(0) { $0 + StrokeMeasures.pathLength($1.points) }
        pathSolutionRatio = solutionLength > 0 ? pathLength / solutionLength : nil
        var distances = 0.0
        var samples = 0
        for point in strokes.flatMap(\.points) {
            distances += Self.distance(from: Self.position(point), to: line) * 10
            samples += 1
        }
        centreLineDistanceMean = samples > 0 ? distances / Double(samples) : nil
        timeAcrossWalls = strokes.reduce(0) { $0 + Self.timeAcrossWalls($1, maze: maze) }
    }

    /// The centre line of `maze`'s solution on the form: start opening, cell centres, end opening.
    public static func centreLine(_ maze: MazeOnForm) -> [FormPosition] {
        [maze.midpoint(of: maze.maze.start)] + maze.maze.solution.map { maze.centre(of: $0) } + [
            maze.midpoint(of: maze.maze.end)
        ]
    }

    static func position(_ point: InkPoint) -> FormPosition {
        FormPosition(xCentimetres: point.xMillimetres / 10, yCentimetres: point.yMillimetres / 10)
    }

    /// The length of a polyline, in cm.
    static func length(_ line: [FormPosition]) -> Double {
        zip(line, line.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    static func distance(_ a: FormPosition, _ b: FormPosition) -> Double {
        let dx = b.xCentimetres - a.xCentimetres
        let dy = b.yCentimetres - a.yCentimetres
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The shortest distance from `point` to the polyline `line`, in cm.
    static func distance(from point: FormPosition, to line: [FormPosition]) -> Double {
        guard let first = line.first else { return 0 }
        var best = distance(point, first)
        for (a, b) in zip(line, line.dropFirst()) {
            let (dx, dy) = (b.xCentimetres - a.xCentimetres, b.yCentimetres - a.yCentimetres)
            let squared = dx * dx + dy * dy
            var t = 0.0
            if squared > 0 {
                t = ((point.xCentimetres - a.xCentimetres) * dx + (point.yCentimetres - a.yCentimetres) * dy) / squared
                t = min(1, max(0, t))
            }
            let foot = FormPosition(xCentimetres: a.xCentimetres + t * dx, yCentimetres: a.yCentimetres + t * dy)
            best = min(best, distance(point, foot))
        }
        return best
    }

    /// The cell (row-major index) a position is in; the mouth of an opening counts as its cell.
    static func cellIndex(_ position: FormPosition, maze: MazeOnForm) -> Int? {
        switch maze.location(of: position) {
        case .cell(let index), .opening(let index): index
        case .outside: nil
        }
    }

    /// Whether the pen can go from cell `a` to cell `b` without crossing a wall: the same cell, an
    /// orthogonal neighbour through an open side, or a diagonal neighbour through either of the
    /// two cells beside both (a sample interval that cut a corner).
    static func isOpen(from a: Int, to b: Int, in maze: Maze) -> Bool {
        if a == b { return true }
        let (from, to) = (maze.cell(atIndex: a), maze.cell(atIndex: b))
        let (rows, columns) = (to.row - from.row, to.column - from.column)
        switch (abs(rows), abs(columns)) {
        case (0, 1): return !maze.hasWall(on: columns > 0 ? .right : .left, of: from)
        case (1, 0): return !maze.hasWall(on: rows > 0 ? .bottom : .top, of: from)
        case (1, 1):
            for corner in [MazeCell(row: from.row, column: to.column), MazeCell(row: to.row, column: from.column)] {
                let (i, j) = (maze.index(of: corner), b)
                if isOpen(from: a, to: i, in: maze), isOpen(from: i, to: j, in: maze) { return true }
            }
            return false
        default: return false
        }
    }

    /// The time one stroke spent across walls. Until its first sample in the maze nothing is
    /// across; then the cell last reached through open sides is the anchor, and a sample outside
    /// the maze or in a cell not open to the anchor is across.
    static func timeAcrossWalls(_ stroke: InkStroke, maze: MazeOnForm) -> Double {
        var total = 0.0
        var anchor: Int?
        var acrossSince: Double?
        for point in stroke.points {
            let cell = cellIndex(position(point), maze: maze)
            guard let current = anchor else {
                anchor = cell
                continue
            }
            if let cell, isOpen(from: current, to: cell, in: maze.maze) {
                anchor = cell
                if let since = acrossSince {
                    total += point.time - since
                    acrossSince = nil
                }
            } else if acrossSince == nil {
                acrossSince = point.time
            }
        }
        if let since = acrossSince, let last = stroke.points.last { total += last.time - since }
        return total
    }
}
