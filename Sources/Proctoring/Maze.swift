public import StylusGeometry

/// A cell of a maze grid, counted from 0 at the top-left (files count from 1).
public struct MazeCell: Hashable, Sendable, CustomStringConvertible {
    /// The row, from 0 at the top.
    public var row: Int
    /// The column, from 0 at the left.
    public var column: Int

    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// `row 1 column 1`, counted from 1 as in maze files.
    public var description: String { "row \(row + 1) column \(column + 1)" }
}

/// A side of a cell.
public enum MazeSide: String, CaseIterable, Hashable, Sendable {
    case top, bottom, left, right
}

/// Where an arrow sits: a cell on the maze's edge and the outer side the arrow points through.
public struct MazeOpening: Hashable, Sendable, CustomStringConvertible {
    public var cell: MazeCell
    public var side: MazeSide

    public init(cell: MazeCell, side: MazeSide) {
        self.cell = cell
        self.side = side
    }

    public var description: String { "\(cell) \(side.rawValue)" }
}

/// How the part of the maze outside the solution corridor is drawn.
public enum MazeRendering: Hashable, Sendable {
    /// Every wall is drawn.
    case full
    /// Only the solution corridor is drawn; the rest is white.
    case reducedBlank
    /// Only the solution corridor is drawn; the rest is black.
    case reducedFilled
}

/// Where the maze's top-left outer corner sits on the form.
public enum MazePlacement: Hashable, Sendable {
    /// Centred on the form.
    case centred
    /// The top-left outer corner at this form position.
    case at(FormPosition)
}

/// A rectangular maze: its grid and walls, the start and end arrows, and how it is drawn.
///
/// Walls are lines of no thickness on the cell boundaries. The outer boundary is closed except
/// at the start and end openings, where the arrows sit.
public struct Maze: Hashable, Sendable {
    /// The name shown to administrators and written in results.
    public var name: String

    /// The identifier ADF's TaskData gives the step that shows this maze: `mazeStep-<name>`.
    public var stepIdentifier: String { "mazeStep-\(name)" }
    public let rows: Int
    public let columns: Int
    /// The side of a (square) cell on the form, in centimetres.
    public var cellSizeCentimetres: Double
    public let start: MazeOpening
    public let end: MazeOpening
    public var rendering: MazeRendering
    public var placement: MazePlacement

    /// `verticalWalls[row * (columns + 1) + i]`: a wall on the left of column `i` (i == columns: the right edge).
    private let verticalWalls: [Bool]
    /// `horizontalWalls[i * columns + column]`: a wall above row `i` (i == rows: the bottom edge).
    private let horizontalWalls: [Bool]

    /// Creates a maze whose walls are given by two predicates over inner boundaries.
    ///
    /// The outer boundary is closed except at `start` and `end`.
    /// - Parameters:
    ///   - wallRightOf: whether a wall separates `cell` from the cell on its right (column < columns - 1).
    ///   - wallBelow: whether a wall separates `cell` from the cell below it (row < rows - 1).
    /// - Precondition: `rows` and `columns` are at least 1; `start` and `end` are distinct openings on the outer edge.
    public init(
        name: String, rows: Int, columns: Int, cellSizeCentimetres: Double,
        start: MazeOpening, end: MazeOpening,
        rendering: MazeRendering = .full, placement: MazePlacement = .centred,
        wallRightOf: (MazeCell) -> Bool, wallBelow: (MazeCell) -> Bool
    ) {
        precondition(rows >= 1 && columns >= 1, "a maze has at least one cell")
        self.name = name
        self.rows = rows
        self.columns = columns
        self.cellSizeCentimetres = cellSizeCentimetres
        self.start = start
        self.end = end
        self.rendering = rendering
        self.placement = placement
        var vertical = [Bool](repeating: true, count: rows * (columns + 1))
        for row in 0..<rows {
            for column in 0..<(columns - 1) {
                vertical[row * (columns + 1) + column + 1] = wallRightOf(MazeCell(row: row, column: column))
            }
        }
        var horizontal = [Bool](repeating: true, count: (rows + 1) * columns)
        for row in 0..<(rows - 1) {
            for column in 0..<columns {
                horizontal[(row + 1) * columns + column] = wallBelow(MazeCell(row: row, column: column))
            }
        }
        for opening in [start, end] {
            precondition(Maze.isOnEdge(opening, rows: rows, columns: columns), "\(opening) is not on the maze's edge")
            switch opening.side {
            case .left: vertical[opening.cell.row * (columns + 1)] = false
            case .right: vertical[opening.cell.row * (columns + 1) + columns] = false
            case .top: horizontal[opening.cell.column] = false
            case .bottom: horizontal[rows * columns + opening.cell.column] = false
            }
        }
        verticalWalls = vertical
        horizontalWalls = horizontal
    }

    /// Whether `opening` names a side of a cell on the outer boundary.
    public static func isOnEdge(_ opening: MazeOpening, rows: Int, columns: Int) -> Bool {
        let cell = opening.cell
        guard (0..<rows).contains(cell.row), (0..<columns).contains(cell.column) else { return false }
        switch opening.side {
        case .left: return cell.column == 0
        case .right: return cell.column == columns - 1
        case .top: return cell.row == 0
        case .bottom: return cell.row == rows - 1
        }
    }

    /// The number of cells.
    public var cellCount: Int { rows * columns }

    /// Whether a wall is drawn on `side` of `cell` (outer sides included).
    public func hasWall(on side: MazeSide, of cell: MazeCell) -> Bool {
        precondition(contains(cell), "\(cell) is not in the maze")
        switch side {
        case .left: return verticalWalls[cell.row * (columns + 1) + cell.column]
        case .right: return verticalWalls[cell.row * (columns + 1) + cell.column + 1]
        case .top: return horizontalWalls[cell.row * columns + cell.column]
        case .bottom: return horizontalWalls[(cell.row + 1) * columns + cell.column]
        }
    }

    /// Whether `cell` lies in the grid.
    public func contains(_ cell: MazeCell) -> Bool {
        (0..<rows).contains(cell.row) && (0..<columns).contains(cell.column)
    }

    /// The cell's index in row-major order, as `MazeGraph` numbers nodes.
    public func index(of cell: MazeCell) -> Int { cell.row * columns + cell.column }

    /// The cell with row-major index `index`.
    public func cell(atIndex index: Int) -> MazeCell { MazeCell(row: index / columns, column: index % columns) }

    /// The maze's width and height on the form.
    public var size: FormSize {
        FormSize(
            widthCentimetres: Double(columns) * cellSizeCentimetres,
            heightCentimetres: Double(rows) * cellSizeCentimetres)
    }

    /// The form position of the maze's top-left outer corner on a form of `formSize`.
    public func origin(onFormOf formSize: FormSize) -> FormPosition {
        switch placement {
        case .at(let position):
            return position
        case .centred:
            return FormPosition(
                xCentimetres: (formSize.widthCentimetres - size.widthCentimetres) / 2,
                yCentimetres: (formSize.heightCentimetres - size.heightCentimetres) / 2)
        }
    }
}
