import StylusGeometry
import StylusInput
import Testing

@testable import Proctoring

/// The reduced mazes draw only the choice maze's solution corridor (Fixtures/mazes): the patient
/// sees its boundary as walls, also where the choice maze opens a branch off it, at row 2
/// column 1 (beside row 2 column 2), row 1 column 6 (beside row 1 column 5) and row 2 column 4
/// (below row 1 column 4). The proctor must use those walls (issue 21): a cell off the corridor
/// is outside the maze, so drawing into one is a wall cross. The choice maze, whose branches are
/// open and drawn so, is the control: the same drawing there crosses no wall.
///
/// The mazes are placed with their top-left corner at the form's origin; cells are 1.5 cm.
@Suite("Reduced-maze proctoring")
struct ReducedMazeProctorTests {
    static let reduced = ["reduced-filled.maze", "reduced-blank.maze"]

    static func proctor(_ file: String) throws -> MazeProctor {
        MazeProctor(maze: try fixtureMaze(file), origin: form(0, 0))
    }

    /// The centre of the cell in row `row`, column `column`, counted from 1 as in maze files.
    static func centre(_ row: Int, _ column: Int) -> FormPosition {
        form((Double(column) - 0.5) * 1.5, (Double(row) - 0.5) * 1.5)
    }

    /// Draws through `points` in straight lines, a sample every 0.1 cm (rounded) and 10 ms,
    /// starting 10 ms after `start`; returns the time of the last sample.
    @discardableResult
    static func draw(_ script: inout MazeScript, through points: [FormPosition], start: EventTime) -> EventTime {
        var time = start
        for (from, to) in zip(points, points.dropFirst()) {
            let length = formDistance(from, to)
            let steps = max(1, Int((length / 0.1).rounded()))
            time = script.line(from: from, to: to, steps: steps, start: time.advanced(by: .milliseconds(10)))
        }
        return time
    }

    /// From the start arrow's mouth along the corridor to the centre of row 2 column 2.
    static let toRow2Column2 = [form(-0.75, 0.75), centre(1, 1), centre(1, 2), centre(2, 2)]

    @Test(
        "Drawing from the corridor into row 2 column 1 and staying 0.8 s interrupts with wall-cross after the timeout",
        arguments: reduced)
    func issueCase(file: String) throws {
        var script = MazeScript(try Self.proctor(file))
        script.down(form(-0.75, 0.75), at: instant(0))
        let atRow2Column2 = Self.draw(&script, through: Self.toRow2Column2, start: instant(0))
        // Left from (2.15, 2.25), 0.1 cm every 10 ms: the eighth sample, x = 1.45 cm, is the first
        // in row 2 column 1 (x < 1.5 cm).
        let leftStart = atRow2Column2.advanced(by: .milliseconds(10))
        let held = script.line(from: form(2.15, 2.25), to: form(0.75, 2.25), steps: 14, start: leftStart)
        let crossed = leftStart.advanced(by: .milliseconds(70))
        script.hold(form(0.75, 2.25), from: held.advanced(by: .milliseconds(10)), for: 800)

        #expect(script.interruptions.count == 1)
        let interruption = try #require(script.interruptions.first)
        #expect(interruption.kind == .wallCross)
        // The wall-cross timeout is 0.5 s.
        #expect(interruption.time == crossed.advanced(by: .milliseconds(500)))
        #expect(script.log.contains { $0.action == .endStroke(at: interruption.time) })
        #expect(script.proctor.state == .paused)
        // Resume before the cross: the last point in the corridor is x = 1.55 cm; 20 px
        // (0.1924 cm) back along the path is the sample at x = 1.75 cm.
        expectClose(interruption.resumePoint, form(1.75, 2.25))
        let maze = script.proctor.maze
        #expect(script.proctor.activePath.allSatisfy { $0.cellIndex != maze.index(of: MazeCell(row: 1, column: 0)) })
        #expect(script.proctor.activePath.last?.cellIndex == maze.index(of: MazeCell(row: 1, column: 1)))
    }

    @Test("The control: the same drawing in the choice maze, whose branch is open, never interrupts")
    func issueCaseInTheFullMaze() throws {
        var script = MazeScript(try Self.proctor("choice.maze"))
        script.down(form(-0.75, 0.75), at: instant(0))
        let atRow2Column2 = Self.draw(&script, through: Self.toRow2Column2, start: instant(0))
        let held = script.line(
            from: form(2.15, 2.25), to: form(0.75, 2.25), steps: 14,
            start: atRow2Column2.advanced(by: .milliseconds(10)))
        script.hold(form(0.75, 2.25), from: held.advanced(by: .milliseconds(10)), for: 800)
        #expect(script.interruptions.isEmpty)
        #expect(script.proctor.state == .inProgress)
        #expect(script.proctor.activePath.last?.cellIndex == script.proctor.maze.index(of: MazeCell(row: 1, column: 0)))
    }

    /// A way along the corridor, then into a cell off it (rows and columns from 1).
    struct Excursion: Sendable, CustomStringConvertible {
        var route: [(Int, Int)]
        var into: (Int, Int)
        var description: String { "into row \(into.0) column \(into.1)" }
    }

    static let excursions = [
        // The three branches the choice maze opens off the corridor.
        Excursion(route: [(1, 1), (1, 2), (2, 2)], into: (2, 1)),
        Excursion(route: [(1, 1), (1, 2), (2, 2), (2, 3), (1, 3), (1, 4), (1, 5)], into: (1, 6)),
        Excursion(route: [(1, 1), (1, 2), (2, 2), (2, 3), (1, 3), (1, 4)], into: (2, 4)),
        // Two steps from row 2 column 2 through the branch (one cell skipped, within the limit of
        // two in the choice maze), but off the corridor: an unlimited skip in the reduced maze.
        Excursion(route: [(1, 1), (1, 2), (2, 2)], into: (3, 1)),
    ]

    @Test(
        "Into any cell off the corridor, held 0.6 s: a wall cross in the reduced mazes, none in the choice maze",
        arguments: excursions)
    func offTheCorridor(excursion: Excursion) throws {
        for file in Self.reduced + ["choice.maze"] {
            var script = MazeScript(try Self.proctor(file))
            script.down(form(-0.75, 0.75), at: instant(0))
            let points = [form(-0.75, 0.75)] + (excursion.route + [excursion.into]).map { Self.centre($0.0, $0.1) }
            let there = Self.draw(&script, through: points, start: instant(0))
            script.hold(
                Self.centre(excursion.into.0, excursion.into.1), from: there.advanced(by: .milliseconds(10)), for: 600)
            if file == "choice.maze" {
                #expect(script.interruptions.isEmpty, "\(file)")
            } else {
                #expect(script.interruptions.map(\.kind) == [.wallCross], "\(file)")
            }
        }
    }

    @Test(
        "A brief excursion off the corridor (0.3 s) does not interrupt, and is not part of the path", arguments: reduced
    )
    func briefExcursion(file: String) throws {
        var script = MazeScript(try Self.proctor(file))
        script.down(form(-0.75, 0.75), at: instant(0))
        var time = Self.draw(&script, through: Self.toRow2Column2, start: instant(0))
        time = script.line(
            from: form(2.15, 2.25), to: form(1.2, 2.25), steps: 10, start: time.advanced(by: .milliseconds(10)))
        time = script.hold(form(1.2, 2.25), from: time.advanced(by: .milliseconds(10)), for: 200)
        Self.draw(&script, through: [form(1.2, 2.25), Self.centre(2, 2), Self.centre(2, 3)], start: time)
        script.advance(to: time.advanced(by: .milliseconds(1_000)))
        #expect(script.interruptions.isEmpty)
        #expect(script.proctor.state == .inProgress)
        let branch = script.proctor.maze.index(of: MazeCell(row: 1, column: 0))
        #expect(!script.proctor.activePath.contains { $0.cellIndex == branch })
        #expect(script.proctor.activePath.last?.cellIndex == script.proctor.maze.index(of: MazeCell(row: 1, column: 2)))
    }

    @Test("A first stroke near the arrow but off the corridor has not entered the maze", arguments: reduced)
    func firstStrokeOffTheCorridor(file: String) throws {
        // Row 2 column 1, 1.37 cm from the arrow's point (0, 0.75): within the start radius (2.25 cm).
        let point = form(0.75, 1.9)
        var script = MazeScript(try Self.proctor(file))
        #expect(script.down(point, at: instant(0)) == [.acceptStroke])
        script.line(from: point, to: form(0.3, 1.9), steps: 4, start: instant(10))
        #expect(script.proctor.state == .notEntered)
        let lift = script.up(form(0.3, 1.9), at: instant(60))
        #expect(lift == [.interrupt(MazeInterruption(kind: .notEntered, time: instant(60), resumePoint: nil))])
        #expect(script.proctor.state == .notStarted)

        // The control: in the choice maze the cell is part of the maze, across a wall from the start cell.
        var control = MazeScript(try Self.proctor("choice.maze"))
        let refused = control.down(point, at: instant(0))
        #expect(refused.first == .refuseStroke(.farFromStart))
        #expect(control.interruptions.map(\.kind) == [.startFar])
    }

    @Test("While paused, a stroke inside the pause circle but off the corridor is refused", arguments: reduced)
    func resumeOffTheCorridor(file: String) throws {
        for maze in [file, "choice.maze"] {
            var script = MazeScript(try Self.proctor(maze))
            script.down(form(-0.75, 0.75), at: instant(0))
            var time = Self.draw(&script, through: Self.toRow2Column2, start: instant(0))
            // On left to x = 1.55 cm, still in row 2 column 2, and lift there.
            time = script.line(
                from: form(2.15, 2.25), to: form(1.55, 2.25), steps: 6, start: time.advanced(by: .milliseconds(10)))
            script.up(form(1.55, 2.25), at: time)
            script.advance(to: time.advanced(by: .milliseconds(2_100)))
            #expect(script.interruptions.map(\.kind) == [.noDrawing], "\(maze)")
            expectClose(script.proctor.resumePoint?.position, form(1.75, 2.25))
            // 0.27 cm from the resume point, inside the 0.3079 cm circle, in row 2 column 1.
            let actions = script.down(form(1.48, 2.25), at: time.advanced(by: .milliseconds(3_000)))
            if maze == "choice.maze" {
                #expect(actions == [.acceptStroke], "\(maze)")
            } else {
                #expect(actions == [.refuseStroke(.outsideMaze)], "\(maze)")
                #expect(script.proctor.state == .paused)
            }
        }
    }

    @Test("Between two corridor cells, a clipped wall within the skip limit still does not interrupt")
    func skipAlongTheCorridor() throws {
        for file in Self.reduced {
            var script = MazeScript(try Self.proctor(file))
            script.down(form(-0.75, 0.75), at: instant(0))
            // Row 1 column 2 straight right into row 1 column 3, through the wall between them:
            // the corridor joins them the long way, through row 2 columns 2 and 3, 3 steps: 2 cells
            // skipped, the limit.
            let there = Self.draw(
                &script, through: [form(-0.75, 0.75), Self.centre(1, 1), Self.centre(1, 2)], start: instant(0))
            let across = Self.draw(&script, through: [Self.centre(1, 2), Self.centre(1, 3)], start: there)
            script.advance(to: across.advanced(by: .milliseconds(600)))
            #expect(script.interruptions.isEmpty, "\(file)")
            #expect(
                script.proctor.activePath.last?.cellIndex == script.proctor.maze.index(of: MazeCell(row: 0, column: 2)))
        }
    }

    @Test(
        "The walls shown: the corridor's neighbours are the cells before and after it on the solution; cells off it have none"
    )
    func wallsShown() throws {
        // The designed solution (MazeFileTests), rows and columns from 1.
        let solution = [
            (1, 1), (1, 2), (2, 2), (2, 3), (1, 3), (1, 4), (1, 5), (2, 5), (3, 5), (3, 4), (3, 3), (3, 2), (4, 2),
            (5, 2), (5, 3), (4, 3), (4, 4), (5, 4), (5, 5), (5, 6),
        ].map { MazeCell(row: $0.0 - 1, column: $0.1 - 1) }
        for file in Self.reduced {
            let maze = try fixtureMaze(file)
            #expect(maze.shownCells == Set(solution))
            let graph = MazeGraph(maze.asShown)
            for index in 0..<maze.cellCount {
                let cell = maze.cell(atIndex: index)
                let expected: Set<MazeCell>
                if let position = solution.firstIndex(of: cell) {
                    expected = Set(
                        [position - 1, position + 1].filter { solution.indices.contains($0) }.map { solution[$0] })
                } else {
                    expected = []
                }
                #expect(Set(graph.neighbours(of: index).map(maze.cell(atIndex:))) == expected, "\(file) \(cell)")
            }
            // The file's own walls are unchanged: the reduced files are the choice maze.
            #expect(!maze.hasWall(on: .left, of: MazeCell(row: 1, column: 1)))
        }
        let choice = try fixtureMaze("choice.maze")
        #expect(choice.asShown == choice)
        #expect(choice.shownCells.count == 30)
    }
}
