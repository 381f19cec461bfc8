public import StylusGeometry

/// Where a form position falls in a maze.
public enum MazeLocation: Hashable, Sendable {
    /// Inside the grid, in the cell with this row-major index.
    case cell(Int)
    /// Outside the grid, in the mouth of an opening: within one cell size beyond the open side of
    /// the start or end cell (this row-major index), where the arrow sits.
    case opening(Int)
    /// Anywhere else outside the grid.
    case outside
}

/// A maze placed on the form: maps form positions (centimetres) to cells.
///
/// The maze's origin is the top-left corner of its outer wall on the form; column `c`, row `r`
/// covers `[origin.x + c·size, origin.x + (c+1)·size) × [origin.y + r·size, origin.y + (r+1)·size)`
/// (y grows downwards, as on the form). Walls have no thickness: a point on a boundary belongs to
/// the cell right of it or below it.
public struct MazeOnForm: Hashable, Sendable {
    public let maze: Maze
    /// The form position of the maze's top-left outer corner.
    public let origin: FormPosition

    private let startIndex: Int
    private let endIndex: Int

    public init(maze: Maze, origin: FormPosition) {
        self.maze = maze
        self.origin = origin
        startIndex = maze.index(of: maze.start.cell)
        endIndex = maze.index(of: maze.end.cell)
    }

    /// The cell under `position`, or nil outside the grid.
    public func cell(at position: FormPosition) -> MazeCell? {
        guard case .cell(let index) = location(of: position) else { return nil }
        return maze.cell(atIndex: index)
    }

    /// Where `position` falls: a cell, the mouth of the start or end opening, or outside.
    @inline(__always)
    public func location(of position: FormPosition) -> MazeLocation {
        let x = ((position.xCentimetres - origin.xCentimetres) / maze.cellSizeCentimetres).rounded(.down)
        let y = ((position.yCentimetres - origin.yCentimetres) / maze.cellSizeCentimetres).rounded(.down)
        // Compare as Doubles first: a position far off the form must not overflow Int.
        let columns = Double(maze.columns)
        let rows = Double(maze.rows)
        if x >= 0, x < columns, y >= 0, y < rows {
            return .cell(Int(y) * maze.columns + Int(x))
        }
        if isInMouth(of: maze.start, x: x, y: y) { return .opening(startIndex) }
        if isInMouth(of: maze.end, x: x, y: y) { return .opening(endIndex) }
        return .outside
    }

    /// Whether the grid coordinates (cell units, floored) lie in the one-cell mouth beyond `opening`.
    @inline(__always)
    private func isInMouth(of opening: MazeOpening, x: Double, y: Double) -> Bool {
        let row = Double(opening.cell.row)
        let column = Double(opening.cell.column)
        switch opening.side {
        case .left: return y == row && x == -1
        case .right: return y == row && x == Double(maze.columns)
        case .top: return x == column && y == -1
        case .bottom: return x == column && y == Double(maze.rows)
        }
    }

    /// The form position of the centre of `cell`.
    public func centre(of cell: MazeCell) -> FormPosition {
        FormPosition(
            xCentimetres: origin.xCentimetres + (Double(cell.column) + 0.5) * maze.cellSizeCentimetres,
            yCentimetres: origin.yCentimetres + (Double(cell.row) + 0.5) * maze.cellSizeCentimetres)
    }

    /// The midpoint of the open side of `opening`'s cell: where its arrow points.
    public func midpoint(of opening: MazeOpening) -> FormPosition {
        let centre = centre(of: opening.cell)
        let half = maze.cellSizeCentimetres / 2
        switch opening.side {
        case .left: return FormPosition(xCentimetres: centre.xCentimetres - half, yCentimetres: centre.yCentimetres)
        case .right: return FormPosition(xCentimetres: centre.xCentimetres + half, yCentimetres: centre.yCentimetres)
        case .top: return FormPosition(xCentimetres: centre.xCentimetres, yCentimetres: centre.yCentimetres - half)
        case .bottom:
            return FormPosition(xCentimetres: centre.xCentimetres, yCentimetres: centre.yCentimetres + half)
        }
    }
}

/// The straight-line distance between two form positions, in centimetres.
@inline(__always)
func formDistance(_ a: FormPosition, _ b: FormPosition) -> Double {
    let dx = a.xCentimetres - b.xCentimetres
    let dy = a.yCentimetres - b.yCentimetres
    return (dx * dx + dy * dy).squareRoot()
}
