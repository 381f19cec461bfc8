import Foundation
import Proctoring
import StylusGeometry
import Testing

@testable import FormPrinting

/// The reduced mazes' pictures show the solution corridor walled along its whole boundary, as
/// the proctor reads it (issue 21).
@Suite("Reduced maze pictures")
struct ReducedMazePictureTests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/mazes")

    static func maze(_ name: String) throws -> Maze {
        try Maze(parsing: String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8), source: name)
    }

    /// A wall as grid corners (row, column from 0 at the maze's top-left outer corner), the
    /// smaller corner first.
    struct Wall: Hashable, CustomStringConvertible {
        var from: (row: Int, column: Int)
        var to: (row: Int, column: Int)
        static func == (a: Wall, b: Wall) -> Bool { a.from == b.from && a.to == b.to }
        func hash(into hasher: inout Hasher) {
            hasher.combine(from.row)
            hasher.combine(from.column)
            hasher.combine(to.row)
            hasher.combine(to.column)
        }
        var description: String { "(\(from.row),\(from.column))-(\(to.row),\(to.column))" }
    }

    /// The walls drawn on an A4 landscape page, as grid corners.
    static func drawnWalls(_ maze: Maze) -> Set<Wall> {
        let page = CalibrationSheet.a4Landscape
        let origin = maze.origin(onFormOf: page)
        let cell = maze.cellSizeCentimetres
        func corner(_ p: FormPosition) -> (row: Int, column: Int) {
            (
                Int(((p.yCentimetres - origin.yCentimetres) / cell).rounded()),
                Int(((p.xCentimetres - origin.xCentimetres) / cell).rounded())
            )
        }
        var walls = Set<Wall>()
        for case .line(let from, let to, _, _) in PageDrawing.maze(maze, page: page).marks {
            let a = corner(from)
            let b = corner(to)
            walls.insert(a < b ? Wall(from: a, to: b) : Wall(from: b, to: a))
        }
        return walls
    }

    @Test(
        "The three branches the choice maze opens off the corridor are drawn closed",
        arguments: ["reduced-blank.maze", "reduced-filled.maze"])
    func branchesClosed(file: String) throws {
        let walls = Self.drawnWalls(try Self.maze(file))
        // Row 2 column 1 | row 2 column 2; row 1 column 5 | row 1 column 6; row 1 column 4 over row 2 column 4.
        let branches = [
            Wall(from: (1, 1), to: (2, 1)), Wall(from: (0, 5), to: (1, 5)), Wall(from: (1, 3), to: (1, 4)),
        ]
        for wall in branches {
            #expect(walls.contains(wall), "\(file): \(wall)")
        }
        // Nothing between two cells off the corridor: row 3 column 1 over row 4 column 1, and the
        // outer wall left of row 3 column 1.
        #expect(!walls.contains(Wall(from: (3, 0), to: (3, 1))))
        #expect(!walls.contains(Wall(from: (2, 0), to: (3, 0))))
        // The openings stay open: left of row 1 column 1, right of row 5 column 6.
        #expect(!walls.contains(Wall(from: (0, 0), to: (1, 0))))
        #expect(!walls.contains(Wall(from: (4, 6), to: (5, 6))))
    }

    @Test("A full maze's picture is every wall of its file")
    func fullMaze() throws {
        let choice = try Self.maze("choice.maze")
        let walls = Self.drawnWalls(choice)
        // The branch at row 2 column 1 is open in the choice maze.
        #expect(!walls.contains(Wall(from: (1, 1), to: (2, 1))))
        // Each cell's walled sides, an inner wall counted from both its cells, an outer one twice.
        var expected = 0
        for index in 0..<choice.cellCount {
            let cell = choice.cell(atIndex: index)
            for side in MazeSide.allCases where choice.hasWall(on: side, of: cell) {
                let outer =
                    (side == .top && cell.row == 0) || (side == .left && cell.column == 0)
                    || (side == .bottom && cell.row == choice.rows - 1)
                    || (side == .right && cell.column == choice.columns - 1)
                expected += outer ? 2 : 1
            }
        }
        #expect(walls.count * 2 == expected)
    }
}

private func < (a: (row: Int, column: Int), b: (row: Int, column: Int)) -> Bool {
    a.row < b.row || (a.row == b.row && a.column < b.column)
}
