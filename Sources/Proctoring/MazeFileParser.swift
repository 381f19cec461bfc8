import StylusGeometry

extension Maze {
    /// The keys a maze file's header may hold.
    public static let fileKeys = ["name", "cell-size", "start", "end", "reduced", "placement"]

    /// Reads a maze file (the format is described in Fixtures/mazes/README.md).
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - source: the file's name, used in error messages.
    /// - Throws: `MazeFileError` naming the line and column of the first mistake and what was expected there.
    public init(parsing text: String, source: String = "maze") throws(MazeFileError) {
        var parser = MazeFileParser(source: source)
        self = try parser.parse(NumberedLine.lines(of: text))
    }
}

/// The header of a maze file as written, before the grid is known.
private struct MazeHeader {
    struct Endpoint {
        var row: Int
        var column: Int
        var side: MazeSide
        var line: Int
        var rowIndex: Int
        var columnIndex: Int
        var sideIndex: Int
    }

    var name: String?
    var cellSize: Double?
    var start: Endpoint?
    var end: Endpoint?
    var rendering = MazeRendering.full
    var placement = MazePlacement.centred
    var lines: [String: Int] = [:]
}

private struct MazeFileParser {
    let source: String

    mutating func parse(_ lines: [NumberedLine]) throws(MazeFileError) -> Maze {
        var header = MazeHeader()
        var gridStart: Int?
        for (position, line) in lines.enumerated() {
            if line.isBlank || line.isComment { continue }
            if line.characters.first == "+" {
                gridStart = position
                break
            }
            try readHeaderLine(line, into: &header)
        }
        guard let name = header.name else {
            throw .keyed(.missingKey(source: source, key: "name", example: "name: choice"))
        }
        guard let cellSize = header.cellSize else {
            throw .keyed(.missingKey(source: source, key: "cell-size", example: "cell-size: 1.5 cm"))
        }
        guard let start = header.start else {
            throw .keyed(.missingKey(source: source, key: "start", example: "start: row 1 column 1 left"))
        }
        guard let end = header.end else {
            throw .keyed(.missingKey(source: source, key: "end", example: "end: row 5 column 6 right"))
        }
        guard let gridStart else {
            throw .missingContent(source: source, expected: "the maze grid, starting with a line such as '+---+---+'")
        }
        // A comment may annotate the grid; trailing blank lines are not part of it.
        var gridLines = lines[gridStart...].filter { !$0.isComment }
        while let last = gridLines.last, last.isBlank { gridLines.removeLast() }
        let grid = try readGrid(gridLines)
        let startOpening = try opening(start, key: "start", grid: grid)
        let endOpening = try opening(end, key: "end", grid: grid)
        if startOpening == endOpening {
            throw .keyed(
                .unexpected(
                    source: source, line: end.line, column: end.rowIndex + 1,
                    expected: "an end opening different from the start opening", found: "'\(endOpening)'"))
        }
        try checkOuterWall(grid, start: startOpening, end: endOpening)
        let maze = Maze(
            name: name, rows: grid.rows, columns: grid.columns, cellSizeCentimetres: cellSize,
            start: startOpening, end: endOpening, rendering: header.rendering, placement: header.placement,
            wallRightOf: { grid.vertical[$0.row][$0.column + 1] },
            wallBelow: { grid.horizontal[$0.row + 1][$0.column] })
        let graph = MazeGraph(maze)
        if graph.distance(from: maze.index(of: startOpening.cell), to: maze.index(of: endOpening.cell)) == nil {
            throw .unreachableEnd(source: source, line: end.line, start: startOpening, end: endOpening)
        }
        return maze
    }

    // MARK: Header

    private func readHeaderLine(_ line: NumberedLine, into header: inout MazeHeader) throws(MazeFileError) {
        let entry = try KeyValueLine.parse(line, keyIndex: 0, source: source)
        guard Maze.fileKeys.contains(entry.key) else {
            throw .keyed(
                .unknownKey(source: source, line: line.number, column: 1, key: entry.key, known: Maze.fileKeys))
        }
        if let first = header.lines[entry.key] {
            throw .keyed(.duplicateKey(source: source, line: line.number, column: 1, key: entry.key, firstLine: first))
        }
        header.lines[entry.key] = line.number
        let words = line.words(from: entry.valueIndex)
        switch entry.key {
        case "name":
            guard !entry.value.isEmpty else {
                throw .keyed(
                    .unexpected(
                        source: source, line: line.number, column: entry.valueIndex + 1, expected: "the maze's name",
                        found: "the end of the line"))
            }
            header.name = entry.value
        case "cell-size":
            header.cellSize = try readLength(
                words, index: 0, line: line, expected: "a cell size such as '1.5 cm' or '15 mm'",
                allowsZero: false)
            try expectEnd(words, after: 2, line: line)
        case "start", "end":
            let endpoint = try readEndpoint(words, line: line)
            if entry.key == "start" { header.start = endpoint } else { header.end = endpoint }
        case "reduced":
            switch words.first?.text {
            case "blank": header.rendering = .reducedBlank
            case "filled": header.rendering = .reducedFilled
            default:
                throw .keyed(
                    .unexpected(
                        source: source, line: line.number, column: entry.valueIndex + 1,
                        expected: "'blank' or 'filled'",
                        found: describeFound(words.first?.text ?? "")))
            }
            try expectEnd(words, after: 1, line: line)
        case "placement":
            if words.first?.text == "centred" || words.first?.text == "centered" {
                header.placement = .centred
                try expectEnd(words, after: 1, line: line)
            } else {
                try expectWord("left", words, 0, line: line, expected: "'centred' or 'left 2 cm top 3 cm'")
                let left = try readLength(
                    words, index: 1, line: line, expected: "a distance such as '2 cm'", allowsZero: true)
                try expectWord("top", words, 3, line: line, expected: "'top' and a distance such as 'top 3 cm'")
                let top = try readLength(
                    words, index: 4, line: line, expected: "a distance such as '3 cm'", allowsZero: true)
                try expectEnd(words, after: 6, line: line)
                header.placement = .at(FormPosition(xCentimetres: left, yCentimetres: top))
            }
        default:
            preconditionFailure("key \(entry.key) listed in Maze.fileKeys but not read")
        }
    }

    /// `row R column C side`, counted from 1.
    private func readEndpoint(_ words: [(text: String, index: Int)], line: NumberedLine) throws(MazeFileError)
        -> MazeHeader.Endpoint
    {
        let example = "'row 1 column 1 left'"
        try expectWord("row", words, 0, line: line, expected: "'row', as in \(example)")
        let row = try readPositiveInteger(words, 1, line: line, expected: "a row number from 1")
        try expectWord("column", words, 2, line: line, expected: "'column', as in \(example)")
        let column = try readPositiveInteger(words, 3, line: line, expected: "a column number from 1")
        guard words.count > 4, let side = MazeSide(rawValue: words[4].text) else {
            throw unexpectedWord(words, 4, line: line, expected: "a side: 'top', 'bottom', 'left' or 'right'")
        }
        try expectEnd(words, after: 5, line: line)
        return MazeHeader.Endpoint(
            row: row, column: column, side: side, line: line.number, rowIndex: words[1].index,
            columnIndex: words[3].index, sideIndex: words[4].index)
    }

    /// Checks an endpoint against the grid's size and returns it as an opening.
    private func opening(_ endpoint: MazeHeader.Endpoint, key: String, grid: Grid) throws(MazeFileError)
        -> MazeOpening
    {
        guard endpoint.row <= grid.rows else {
            throw .keyed(
                .unexpected(
                    source: source, line: endpoint.line, column: endpoint.rowIndex + 1,
                    expected: "a row from 1 to \(grid.rows)", found: "'\(endpoint.row)'"))
        }
        guard endpoint.column <= grid.columns else {
            throw .keyed(
                .unexpected(
                    source: source, line: endpoint.line, column: endpoint.columnIndex + 1,
                    expected: "a column from 1 to \(grid.columns)", found: "'\(endpoint.column)'"))
        }
        let opening = MazeOpening(
            cell: MazeCell(row: endpoint.row - 1, column: endpoint.column - 1), side: endpoint.side)
        guard Maze.isOnEdge(opening, rows: grid.rows, columns: grid.columns) else {
            throw .keyed(
                .unexpected(
                    source: source, line: endpoint.line, column: endpoint.sideIndex + 1,
                    expected: "a side of \(opening.cell) on the maze's outer edge, where the \(key) arrow can sit",
                    found: "'\(endpoint.side.rawValue)'"))
        }
        return opening
    }

    // MARK: Grid

    /// The walls drawn in the grid, outer walls included.
    private struct Grid {
        var rows: Int
        var columns: Int
        /// The characters inside a cell, per line.
        var cellWidth: Int
        /// `vertical[row][i]`: a wall on the left of column `i`.
        var vertical: [[Bool]]
        /// `horizontal[i][column]`: a wall above row `i`.
        var horizontal: [[Bool]]
        /// The line numbers of the wall lines (`rows + 1`) and cell lines (`rows`).
        var wallLineNumbers: [Int]
        var cellLineNumbers: [Int]
    }

    private func readGrid(_ lines: [NumberedLine]) throws(MazeFileError) -> Grid {
        let first = lines[0].characters
        var cellWidth = 0
        while cellWidth + 1 < first.count, first[cellWidth + 1] != "+" { cellWidth += 1 }
        guard cellWidth + 1 < first.count, cellWidth > 0 else {
            throw .keyed(
                .unexpected(
                    source: source, line: lines[0].number, column: 2,
                    expected: "a wall line such as '+---+---+' (cells at least one character wide)",
                    found: describeFound(first.count > 1 ? String(first[1]) : "")))
        }
        let stride = cellWidth + 1
        // A ragged first line still gets its last cell, so the missing corner is what the error names.
        let columns = (first.count - 1 + stride - 1) / stride
        guard lines.count % 2 == 1, lines.count >= 3 else {
            let last = lines[lines.count - 1]
            throw .keyed(
                .unexpected(
                    source: source, line: last.number + 1, column: 1,
                    expected: "a wall line such as '+---+' closing the grid", found: "the end of the file"))
        }
        let rows = (lines.count - 1) / 2
        // Before the grid's tables are made: a huge maze is refused in time proportional to its text.
        guard rows * columns <= MazeGraph.maximumCellCount else {
            throw .tooLarge(source: source, line: lines[0].number, rows: rows, columns: columns)
        }
        let width = columns * stride + 1
        var grid = Grid(
            rows: rows, columns: columns, cellWidth: cellWidth,
            vertical: Array(repeating: Array(repeating: false, count: columns + 1), count: rows),
            horizontal: Array(repeating: Array(repeating: false, count: columns), count: rows + 1),
            wallLineNumbers: [], cellLineNumbers: [])
        for (position, line) in lines.enumerated() {
            var characters = line.characters
            if characters.count > width {
                if let extra = characters[width...].firstIndex(where: { $0 != " " && $0 != "\t" }) {
                    throw .keyed(
                        .unexpected(
                            source: source, line: line.number, column: extra + 1,
                            expected:
                                "the end of the line (the grid is \(width) characters wide, set by its first line)",
                            found: describeFound(String(characters[extra]))))
                }
                characters.removeLast(characters.count - width)
            }
            // Editors strip trailing spaces, which an opening on the right edge ends with.
            characters += Array(repeating: " ", count: width - characters.count)
            if position % 2 == 0 {
                grid.wallLineNumbers.append(line.number)
                grid.horizontal[position / 2] = try readWallLine(characters, line: line.number, grid: grid)
            } else {
                grid.cellLineNumbers.append(line.number)
                grid.vertical[position / 2] = try readCellLine(characters, line: line.number, grid: grid)
            }
        }
        return grid
    }

    /// `+---+   +`: a corner at every cell boundary, each segment all `-` (a wall) or all spaces (open).
    private func readWallLine(_ characters: [Character], line: Int, grid: Grid) throws(MazeFileError) -> [Bool] {
        let stride = grid.cellWidth + 1
        var walls: [Bool] = []
        for column in 0...grid.columns {
            let corner = column * stride
            guard characters[corner] == "+" else {
                throw .keyed(
                    .unexpected(
                        source: source, line: line, column: corner + 1,
                        expected: "'+' at a cell corner (this is a wall line: corners every \(stride) characters)",
                        found: describeFound(String(characters[corner]))))
            }
            guard column < grid.columns else { break }
            let segment = characters[(corner + 1)..<(corner + stride)]
            let isWall = segment.first == "-"
            let expected: Character = isWall ? "-" : " "
            if let odd = segment.firstIndex(where: { $0 != expected }) {
                throw .keyed(
                    .unexpected(
                        source: source, line: line, column: odd + 1,
                        expected: isWall
                            ? "'-' (a wall runs the whole cell width)"
                            : "a space (an open side is spaces the whole cell width) or a wall of '-'",
                        found: describeFound(String(characters[odd]))))
            }
            walls.append(isWall)
        }
        return walls
    }

    /// `|   |    `: a `|` (a wall) or a space (open) at every cell boundary, spaces inside cells.
    private func readCellLine(_ characters: [Character], line: Int, grid: Grid) throws(MazeFileError) -> [Bool] {
        let stride = grid.cellWidth + 1
        var walls: [Bool] = []
        for column in 0...grid.columns {
            let boundary = column * stride
            switch characters[boundary] {
            case "|": walls.append(true)
            case " ": walls.append(false)
            default:
                throw .keyed(
                    .unexpected(
                        source: source, line: line, column: boundary + 1,
                        expected:
                            "'|' or a space at a cell boundary (this is a cell line: boundaries every \(stride) characters)",
                        found: describeFound(String(characters[boundary]))))
            }
            guard column < grid.columns else { break }
            if let odd = characters[(boundary + 1)..<(boundary + stride)].firstIndex(where: { $0 != " " }) {
                throw .keyed(
                    .unexpected(
                        source: source, line: line, column: odd + 1,
                        expected: "a space inside a cell (walls sit on the '+' columns)",
                        found: describeFound(String(characters[odd]))))
            }
        }
        return walls
    }

    /// The outer wall is closed except at the two openings, which must be open.
    private func checkOuterWall(_ grid: Grid, start: MazeOpening, end: MazeOpening) throws(MazeFileError) {
        let stride = grid.cellWidth + 1
        func check(_ isWall: Bool, _ opening: MazeOpening, line: Int, column: Int) throws(MazeFileError) {
            let which = opening == start ? "start" : opening == end ? "end" : nil
            if let which, isWall {
                throw .keyed(
                    .unexpected(
                        source: source, line: line, column: column,
                        expected: "a gap in the outer wall for the \(which) opening (\(opening))", found: "a wall"))
            }
            if which == nil, !isWall {
                throw .keyed(
                    .unexpected(
                        source: source, line: line, column: column,
                        expected: "an outer wall (the outer wall is closed except at the start and end openings)",
                        found: "a gap"))
            }
        }
        for column in 0..<grid.columns {
            let top = MazeOpening(cell: MazeCell(row: 0, column: column), side: .top)
            try check(grid.horizontal[0][column], top, line: grid.wallLineNumbers[0], column: column * stride + 2)
            let bottom = MazeOpening(cell: MazeCell(row: grid.rows - 1, column: column), side: .bottom)
            try check(
                grid.horizontal[grid.rows][column], bottom, line: grid.wallLineNumbers[grid.rows],
                column: column * stride + 2)
        }
        for row in 0..<grid.rows {
            let left = MazeOpening(cell: MazeCell(row: row, column: 0), side: .left)
            try check(grid.vertical[row][0], left, line: grid.cellLineNumbers[row], column: 1)
            let right = MazeOpening(cell: MazeCell(row: row, column: grid.columns - 1), side: .right)
            try check(
                grid.vertical[row][grid.columns], right, line: grid.cellLineNumbers[row],
                column: grid.columns * stride + 1)
        }
    }

    // MARK: Words

    private func unexpectedWord(
        _ words: [(text: String, index: Int)], _ position: Int, line: NumberedLine, expected: String
    ) -> MazeFileError {
        let column = position < words.count ? words[position].index + 1 : line.characters.count + 1
        return .keyed(
            .unexpected(
                source: source, line: line.number, column: column, expected: expected,
                found: describeFound(position < words.count ? words[position].text : "")))
    }

    private func expectWord(
        _ word: String, _ words: [(text: String, index: Int)], _ position: Int, line: NumberedLine, expected: String
    ) throws(MazeFileError) {
        guard position < words.count, words[position].text == word else {
            throw unexpectedWord(words, position, line: line, expected: expected)
        }
    }

    private func expectEnd(_ words: [(text: String, index: Int)], after count: Int, line: NumberedLine)
        throws(MazeFileError)
    {
        if words.count > count {
            throw unexpectedWord(words, count, line: line, expected: "the end of the line")
        }
    }

    private func readPositiveInteger(
        _ words: [(text: String, index: Int)], _ position: Int, line: NumberedLine, expected: String
    ) throws(MazeFileError) -> Int {
        guard position < words.count, let value = Int(words[position].text), value >= 1 else {
            throw unexpectedWord(words, position, line: line, expected: expected)
        }
        return value
    }

    /// A number and a unit (`cm` or `mm`) at `index` and `index + 1`, in centimetres.
    private func readLength(
        _ words: [(text: String, index: Int)], index: Int, line: NumberedLine, expected: String, allowsZero: Bool
    ) throws(MazeFileError) -> Double {
        guard index < words.count, let number = Double(words[index].text), number.isFinite,
            allowsZero ? number >= 0 : number > 0
        else {
            throw unexpectedWord(words, index, line: line, expected: expected)
        }
        switch index + 1 < words.count ? words[index + 1].text : "" {
        case "cm": return number
        case "mm": return number / 10
        default: throw unexpectedWord(words, index + 1, line: line, expected: "a unit, 'cm' or 'mm'")
        }
    }
}
