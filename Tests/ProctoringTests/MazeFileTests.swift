import Foundation
import StylusGeometry
import Testing

@testable import Proctoring

/// The package's Fixtures/mazes folder, found from this file's path.
let mazeFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/mazes")

func fixtureMaze(_ name: String) throws -> Maze {
    let text = try String(contentsOf: mazeFixtures.appendingPathComponent(name), encoding: .utf8)
    return try Maze(parsing: text, source: name)
}

/// A 2 × 2 maze; each error test changes one line of it.
///
///     line 6   +---+---+
///     line 7       |   |      start: row 1 column 1, open on the left
///     line 8   +   +   +
///     line 9   |              end: row 2 column 2, open on the right
///     line 10  +---+---+
let smallLines = [
    "name: t",
    "cell-size: 1 cm",
    "start: row 1 column 1 left",
    "end: row 2 column 2 right",
    "",
    "+---+---+",
    "    |   |",
    "+   +   +",
    "|",
    "+---+---+",
]

/// The small maze with line `number` (from 1) replaced by `replacement`, or removed when nil.
func small(replacing number: Int? = nil, with replacement: String? = nil) -> String {
    var lines = smallLines
    if let number {
        if let replacement { lines[number - 1] = replacement } else { lines.remove(at: number - 1) }
    }
    return lines.joined(separator: "\n") + "\n"
}

/// Parses `text` and returns the error it must raise.
func mazeError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> MazeFileError? {
    do {
        _ = try Maze(parsing: text, source: "t.maze")
        Issue.record("parsed without error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

@Suite("Maze files")
struct MazeFileTests {
    @Test("The small maze parses: walls, openings, header")
    func smallMaze() throws {
        let maze = try Maze(parsing: small(), source: "t.maze")
        #expect(maze.name == "t" && maze.rows == 2 && maze.columns == 2 && maze.cellSizeCentimetres == 1)
        #expect(maze.start == MazeOpening(cell: MazeCell(row: 0, column: 0), side: .left))
        #expect(maze.end == MazeOpening(cell: MazeCell(row: 1, column: 1), side: .right))
        #expect(maze.hasWall(on: .right, of: MazeCell(row: 0, column: 0)))
        #expect(!maze.hasWall(on: .bottom, of: MazeCell(row: 0, column: 0)))
        #expect(!maze.hasWall(on: .bottom, of: MazeCell(row: 0, column: 1)))
        #expect(!maze.hasWall(on: .right, of: MazeCell(row: 1, column: 0)))
        #expect(!maze.hasWall(on: .left, of: MazeCell(row: 0, column: 0)))
        #expect(maze.hasWall(on: .left, of: MazeCell(row: 1, column: 0)))
        #expect(!maze.hasWall(on: .right, of: MazeCell(row: 1, column: 1)))
        #expect(maze.rendering == .full && maze.placement == .centred)
        #expect(
            maze.solution == [MazeCell(row: 0, column: 0), MazeCell(row: 1, column: 0), MazeCell(row: 1, column: 1)])
        // Centred on a 10 × 8 cm form, a 2 × 2 cm maze starts at (4, 3).
        #expect(maze.origin(onFormOf: FormSize(widthCentimetres: 10, heightCentimetres: 8)) == form(4, 3))
    }

    @Test("Optional keys, millimetres, CRLF line ends and comments in the grid")
    func optionalKeys() throws {
        var lines = smallLines
        lines[1] = "cell-size: 15 mm"
        lines.insert("reduced: filled", at: 4)
        lines.insert("placement: left 2 cm top 3.5 cm", at: 4)
        lines.insert("# a comment inside the grid", at: 9)
        let maze = try Maze(parsing: lines.joined(separator: "\r\n"), source: "t.maze")
        #expect(maze.cellSizeCentimetres == 1.5)
        #expect(maze.rendering == .reducedFilled)
        #expect(maze.placement == .at(form(2, 3.5)))
        #expect(maze.origin(onFormOf: FormSize(widthCentimetres: 30, heightCentimetres: 20)) == form(2, 3.5))
        #expect(maze.rows == 2)
    }

    @Test("Header errors name the line, column and what was expected")
    func headerErrors() throws {
        let unitMissing = try #require(mazeError(small(replacing: 2, with: "cell-size: 1")))
        #expect(unitMissing.line == 2 && unitMissing.column == 13)
        #expect(
            unitMissing.description
                == "t.maze, line 2, column 13: expected a unit, 'cm' or 'mm', found the end of the line.")

        let badSide = try #require(mazeError(small(replacing: 3, with: "start: row 1 column 1 west")))
        #expect(badSide.line == 3 && badSide.column == 23)
        #expect(badSide.description.contains("expected a side: 'top', 'bottom', 'left' or 'right', found 'west'"))

        let unknown = try #require(mazeError(small(replacing: 1, with: "title: t")))
        #expect(
            unknown == .keyed(.unknownKey(source: "t.maze", line: 1, column: 1, key: "title", known: Maze.fileKeys)))

        let noColon = try #require(mazeError(small(replacing: 1, with: "name t")))
        #expect(
            noColon
                == .keyed(
                    .unexpected(
                        source: "t.maze", line: 1, column: 5, expected: "':' after the key 'name'", found: "a space")))

        let duplicate = try #require(mazeError(small(replacing: 5, with: "name: u")))
        #expect(duplicate == .keyed(.duplicateKey(source: "t.maze", line: 5, column: 1, key: "name", firstLine: 1)))

        let missing = try #require(mazeError(small(replacing: 4, with: nil)))
        #expect(missing == .keyed(.missingKey(source: "t.maze", key: "end", example: "end: row 5 column 6 right")))
        #expect(missing.line == nil)

        let rowOutside = try #require(mazeError(small(replacing: 3, with: "start: row 3 column 1 left")))
        #expect(
            rowOutside
                == .keyed(
                    .unexpected(source: "t.maze", line: 3, column: 12, expected: "a row from 1 to 2", found: "'3'")))

        let notOnEdge = try #require(mazeError(small(replacing: 3, with: "start: row 1 column 2 left")))
        #expect(notOnEdge.line == 3 && notOnEdge.column == 23)

        let badReduced = try #require(mazeError(small(replacing: 5, with: "reduced: grey")))
        #expect(badReduced.line == 5 && badReduced.column == 10)

        let noGrid = try #require(mazeError(smallLines.prefix(5).joined(separator: "\n")))
        #expect(noGrid.line == nil)
        #expect(noGrid.description.hasPrefix("t.maze: expected the maze grid"))
    }

    @Test("Grid errors name the line, column and what was expected")
    func gridErrors() throws {
        let insideCell = try #require(mazeError(small(replacing: 7, with: "  x |   |")))
        #expect(
            insideCell.description
                == "t.maze, line 7, column 3: expected a space inside a cell (walls sit on the '+' columns), "
                + "found 'x'.")

        let mixedSegment = try #require(mazeError(small(replacing: 8, with: "+ - +   +")))
        #expect(mixedSegment.line == 8 && mixedSegment.column == 3)

        let missingCorner = try #require(mazeError(small(replacing: 8, with: "+   -   +")))
        #expect(missingCorner.line == 8 && missingCorner.column == 5)
        #expect(missingCorner.description.contains("expected '+' at a cell corner"))

        let outerGap = try #require(mazeError(small(replacing: 6, with: "+---+   +")))
        #expect(outerGap.line == 6 && outerGap.column == 6)
        #expect(outerGap.description.contains("found a gap"))

        let closedStart = try #require(mazeError(small(replacing: 7, with: "|   |   |")))
        #expect(
            closedStart
                == .keyed(
                    .unexpected(
                        source: "t.maze", line: 7, column: 1,
                        expected: "a gap in the outer wall for the start opening (row 1 column 1 left)", found: "a wall"
                    )))

        let unclosed = try #require(mazeError(small(replacing: 10, with: nil)))
        #expect(unclosed.line == 10 && unclosed.column == 1)
        #expect(unclosed.description.hasSuffix("found the end of the file."))

        let tooWide = try #require(mazeError(small(replacing: 7, with: "    |   |  x")))
        #expect(tooWide.line == 7 && tooWide.column == 12)

        let zeroWidth = try #require(mazeError(small(replacing: 6, with: "++")))
        #expect(zeroWidth.line == 6 && zeroWidth.column == 2)

        var walledOff = smallLines
        walledOff[7] = "+   +---+"
        walledOff[8] = "|   |"
        let unreachable = try #require(mazeError(walledOff.joined(separator: "\n")))
        #expect(unreachable.line == 4)
        #expect(unreachable.description.contains("no path joins the start"))
    }

    @Test("Mazes over 2,500 cells are refused")
    func tooLarge() throws {
        let columns = 51
        let wall = String(repeating: "+-", count: columns) + "+"
        let open = " " + String(repeating: "  ", count: columns)
        var lines = [
            "name: big", "cell-size: 1 cm", "start: row 1 column 1 left", "end: row 1 column \(columns) right",
        ]
        lines.append(wall)
        for row in 0..<50 {
            lines.append(row == 0 ? open : "|" + String(repeating: "  ", count: columns - 1) + " |")
            lines.append(row == 49 ? wall : "+" + String(repeating: " +", count: columns))
        }
        let error = try #require(mazeError(lines.joined(separator: "\n")))
        #expect(error == .tooLarge(source: "t.maze", line: 5, rows: 50, columns: 51))
    }

    @Test(
        "A maze far over the limit is refused by its size before its grid is read (a damaged cell line does not matter)"
    )
    func farTooLarge() throws {
        func maze(_ columns: Int) -> String {
            let wall = String(repeating: "+-", count: columns) + "+"
            let open = "|" + String(repeating: "  ", count: columns - 1) + " |"
            var lines = [
                "name: huge", "cell-size: 1 mm", "start: row 1 column 1 top",
                "end: row \(columns) column \(columns) bottom",
                wall,
            ]
            for row in 0..<columns {
                lines.append(open)
                // A wall line the grid reader refuses (a corner that is not '+').
                let corner = row == columns / 2 ? "*" : "+"
                lines.append(row == columns - 1 ? wall : corner + String(repeating: " +", count: columns))
            }
            return lines.joined(separator: "\n")
        }
        // At an allowed size the damaged line is what is refused...
        let small = try #require(mazeError(maze(10)))
        guard case .keyed(.unexpected) = small else {
            Issue.record("expected the damaged wall line to be refused, got \(small)")
            return
        }
        // ...far over the limit the size is refused first.
        let error = try #require(mazeError(maze(200)))
        #expect(error == .tooLarge(source: "t.maze", line: 5, rows: 200, columns: 200))
        #expect(
            error.description
                == "t.maze, line 5: the grid has 200 × 200 = 40000 cells; at most 2500 are supported, use larger cells instead."
        )
    }

    @Test("The calibration maze is a straight corridor left to right")
    func calibration() throws {
        let maze = try fixtureMaze("calibration.maze")
        #expect(maze.rows == 1 && maze.columns == 6)
        #expect(maze.start == MazeOpening(cell: MazeCell(row: 0, column: 0), side: .left))
        #expect(maze.end == MazeOpening(cell: MazeCell(row: 0, column: 5), side: .right))
        for column in 0..<5 {
            #expect(!maze.hasWall(on: .right, of: MazeCell(row: 0, column: column)))
        }
        #expect(maze.solution == (0..<6).map { MazeCell(row: 0, column: $0) })
    }

    /// The solution designed for the no-choice and choice mazes (rows, columns from 1).
    static let designedSolution: [MazeCell] = [
        (1, 1), (1, 2), (2, 2), (2, 3), (1, 3), (1, 4), (1, 5), (2, 5), (3, 5), (3, 4), (3, 3), (3, 2), (4, 2),
        (5, 2), (5, 3), (4, 3), (4, 4), (5, 4), (5, 5), (5, 6),
    ].map { MazeCell(row: $0.0 - 1, column: $0.1 - 1) }

    @Test("The no-choice and choice mazes have the same solution path (BFS)")
    func sameSolution() throws {
        let noChoice = try fixtureMaze("no-choice.maze")
        let choice = try fixtureMaze("choice.maze")
        #expect(noChoice.solution == Self.designedSolution)
        #expect(choice.solution == Self.designedSolution)
        for maze in [noChoice, choice] {
            let graph = MazeGraph(maze)
            #expect(graph.distance(from: maze.index(of: maze.start.cell), to: maze.index(of: maze.end.cell)) == 19)
        }
        // No choice: from the start only the solution is reachable; every branch is walled off.
        let noChoiceGraph = MazeGraph(noChoice)
        let start = noChoice.index(of: noChoice.start.cell)
        let reachable = (0..<noChoice.cellCount).filter { noChoiceGraph.distance(from: start, to: $0) != nil }
        #expect(Set(reachable) == Set(Self.designedSolution.map { noChoice.index(of: $0) }))
        // Choice: every cell is reachable, so the patient meets dead ends.
        let choiceGraph = MazeGraph(choice)
        #expect((0..<choice.cellCount).allSatisfy { choiceGraph.distance(from: start, to: $0) != nil })
        // The dead-end cell row 2 column 4 hangs off row 1 column 4 only.
        #expect(choiceGraph.neighbours(of: choice.index(of: MazeCell(row: 1, column: 3))) == [3])
    }

    @Test("The reduced mazes are the choice maze, blank and filled")
    func reduced() throws {
        let choice = try fixtureMaze("choice.maze")
        let blank = try fixtureMaze("reduced-blank.maze")
        let filled = try fixtureMaze("reduced-filled.maze")
        #expect(blank.rendering == .reducedBlank)
        #expect(filled.rendering == .reducedFilled)
        #expect(choice.rendering == .full)
        for maze in [blank, filled] {
            #expect(maze.solution == Self.designedSolution)
            for index in 0..<maze.cellCount {
                for side in MazeSide.allCases {
                    #expect(
                        maze.hasWall(on: side, of: maze.cell(atIndex: index))
                            == choice.hasWall(on: side, of: choice.cell(atIndex: index)))
                }
            }
        }
    }
}
