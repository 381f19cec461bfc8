extension Maze {
    /// The cells drawn as the maze: every cell of a full maze, the solution corridor of a reduced one.
    ///
    /// The picture (`PageDrawing.maze`) and the proctor (`MazeProctor`) both take the corridor
    /// from here, so they agree on what the patient sees.
    public var shownCells: Set<MazeCell> {
        switch rendering {
        case .full:
            return Set((0..<cellCount).map(cell(atIndex:)))
        case .reducedBlank, .reducedFilled:
            return Set(solution)
        }
    }

    /// The maze with the walls the patient sees, which are the walls the proctor uses.
    ///
    /// A full maze is itself. A reduced maze shows only its solution corridor, so every side of
    /// the corridor that does not lead to the next corridor cell is a wall (the start and end
    /// openings aside), also where the file leaves it open into a cell off the corridor: that
    /// branch of the full maze is hidden in white or black. A cell off the corridor is walled in
    /// on every side, so no path leads through it.
    public var asShown: Maze { showing(shownCells) }

    /// The maze walled in around `cells`: a side stays open only between two of them, and only
    /// if the file leaves it open. With every cell, the maze itself.
    ///
    /// Takes the cells so that a caller needing them too finds the solution only once.
    public func showing(_ cells: Set<MazeCell>) -> Maze {
        Maze(
            name: name, rows: rows, columns: columns, cellSizeCentimetres: cellSizeCentimetres,
            start: start, end: end, rendering: rendering, placement: placement,
            wallRightOf: { cell in
                hasWall(on: .right, of: cell) || !cells.contains(cell)
                    || !cells.contains(MazeCell(row: cell.row, column: cell.column + 1))
            },
            wallBelow: { cell in
                hasWall(on: .bottom, of: cell) || !cells.contains(cell)
                    || !cells.contains(MazeCell(row: cell.row + 1, column: cell.column))
            })
    }
}
