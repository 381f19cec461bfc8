import Proctoring
import StylusGeometry
import StylusInput
import Testing

@testable import Synthesis

@Suite("Scenario files")
struct ScenarioTests {
    @Test("Every instruction and point form parses")
    func parses() throws {
        let scenario = try Scenario(
            parsing: """
                # comment
                maze: ../mazes/choice.maze
                speed: 6 cm/s

                down: start
                move: r1c1 r2c3@0.25,0.75 12.5,8
                hold: 600 ms
                up
                pause: 2.1 s
                down: here
                move: end
                up\r
                """, source: "s")
        #expect(scenario.drawing == .maze(file: "../mazes/choice.maze"))
        #expect(
            scenario.instructions.map(\.instruction) == [
                .speed(6), .down(.start),
                .move([
                    .cell(MazeCell(row: 0, column: 0), x: 0.5, y: 0.5),
                    .cell(MazeCell(row: 1, column: 2), x: 0.25, y: 0.75),
                    .form(FormPosition(xCentimetres: 12.5, yCentimetres: 8)),
                ]),
                .hold(.milliseconds(600)), .up, .pause(.milliseconds(2_100)), .down(.here), .move([.end]), .up,
            ])
        #expect(scenario.instructions.map(\.line) == [3, 5, 6, 7, 8, 9, 10, 11, 12])
    }

    @Test(
        "Mistakes name the line and column and what was expected",
        arguments: [
            (
                "maze: m\ndown: start\nhold: 2 minutes\nup\n",
                "s, line 3, column 7: expected a duration such as '0.6 s' or '600 ms', found '2 minutes'."
            ),
            ("maze: m\nmove: r1c1\n", "s, line 2: 'move' while the pen is up; add 'down: POINT' before it."),
            ("maze: m\ndown: start\n", "s, line 3: the scenario ends with the pen down; end it with 'up'."),
            (
                "down: 1,2\nup\n",
                "s: no drawing is named; give exactly one 'maze: FILE', 'clock: HH:MM', 'sdt:' or 'trails: FORM' line."
            ),
            ("clock: 13:10\n", "s, line 1, column 8: expected a time on a clock face such as '11:10', found '13:10'."),
            (
                "maze: m\n  jump: r1c1\n",
                "s, line 2, column 3: expected one of maze:, clock:, sdt:, trails:, clock-radius:, speed:, down:, move:, hold:, up, pause:, write:, found 'jump'."
            ),
            (
                "maze: m\ndown: r0c1\nup\n",
                "s, line 2, column 7: expected a point: 'start', 'end', 'here', a cell such as 'r2c3' or 'r2c3@0.5,0.9', or 'X,Y' in cm, found 'r0c1'."
            ),
        ])
    func errors(_ text: String, _ message: String) {
        #expect(throws: ScenarioError.self) { try Scenario(parsing: text, source: "s") }
        do {
            _ = try Scenario(parsing: text, source: "s")
        } catch {
            #expect(error.description == message)
        }
    }
}

@Suite("Pen plans and events")
struct SynthesisTests {
    /// A 2 x 1 corridor of 2 cm cells, start left of row 1 column 1, end right of row 1 column 2.
    let maze = Maze(
        name: "corridor", rows: 1, columns: 2, cellSizeCentimetres: 2,
        start: MazeOpening(cell: MazeCell(row: 0, column: 0), side: .left),
        end: MazeOpening(cell: MazeCell(row: 0, column: 1), side: .right),
        wallRightOf: { _ in false }, wallBelow: { _ in false })
    let form = FormSize(widthCentimetres: 10, heightCentimetres: 6)

    @Test("Points resolve on the placed maze: start is half a cell outside the start opening")
    func placement() throws {
        // Centred: origin ((10 - 4) / 2, (6 - 2) / 2) = (3, 2).
        let placement = ScenarioPlacement(
            mazeOnForm: MazeOnForm(maze: maze, origin: maze.origin(onFormOf: form)), formSize: form)
        #expect(
            try placement.position(of: .start, here: nil, source: "s", line: 1)
                == FormPosition(xCentimetres: 2, yCentimetres: 3))
        #expect(
            try placement.position(of: .end, here: nil, source: "s", line: 1)
                == FormPosition(xCentimetres: 8, yCentimetres: 3))
        #expect(
            try placement.position(
                of: .cell(MazeCell(row: 0, column: 1), x: 0.25, y: 1), here: nil, source: "s", line: 1)
                == FormPosition(xCentimetres: 5.5, yCentimetres: 4))
        #expect(
            throws: ScenarioError.cellOutsideMaze(
                source: "s", line: 4, cell: MazeCell(row: 1, column: 0), rows: 1, columns: 2)
        ) {
            try placement.position(
                of: .cell(MazeCell(row: 1, column: 0), x: 0.5, y: 0.5), here: nil, source: "s", line: 4)
        }
    }

    @Test("Pauses and holds land where the scenario puts them")
    func timing() throws {
        let scenario = try Scenario(
            parsing: "maze: m\nspeed: 4 cm/s\ndown: start\nmove: end\nhold: 0.5 s\nup\npause: 2.1 s\ndown: here\nup\n",
            source: "s")
        var random = SynthRandom(seed: 3)
        let plan = try Synthesis.plan(scenario, maze: maze, formSize: form, random: &random)
        try #require(plan.strokes.count == 2)
        // 6 cm at 4 cm/s, then 0.5 s held, from the 0.5 s lead-in.
        #expect(plan.strokes[0].down == EventTime(microseconds: 500_000))
        #expect(plan.strokes[0].up == EventTime(microseconds: 2_500_000))
        #expect(plan.strokes[1].down == EventTime(microseconds: 4_600_000))
        // A stroke with neither move nor hold is a dot.
        #expect(plan.strokes[1].up == EventTime(microseconds: 4_660_000))
        // The segments follow each other without gaps.
        for (a, b) in zip(plan.segments, plan.segments.dropFirst()) { #expect(a.end == b.start) }
    }

    @Test("Device units invert the replay's mapping")
    func inverse() throws {
        var description = DeviceDescription(
            name: "pen", id: InputID(bustype: 3, vendor: 1, product: 2, version: 0), properties: [],
            codes: [.absolute: [AbsoluteAxis.x, AbsoluteAxis.y], .key: [KeyCode.touch]], absInfo: [:])
        description.absInfo[AbsoluteAxis.x] = AbsInfo(minimum: 100, maximum: 20_100, resolution: 100)
        description.absInfo[AbsoluteAxis.y] = AbsInfo(minimum: 0, maximum: 10_000, resolution: 100)
        let normalizer = try Normalizer(
            device: description, profile: nil, formSize: FormSize(widthCentimetres: 20, heightCentimetres: 10))
        let device = try SynthesisDevice(
            description: description, area: normalizer.area, resolution: normalizer.resolution,
            tabletToForm: normalizer.tabletToForm)
        let units = device.deviceUnits(of: FormPosition(xCentimetres: 3, yCentimetres: 4.5))
        // 3 cm = 30 mm = 3000 units from the minimum 100; 4.5 cm = 4500 units.
        #expect(abs(units.x - 3_100) < 1e-9)
        #expect(abs(units.y - 4_500) < 1e-9)
    }

    @Test("The generator is SplitMix64: its first outputs for seed 0 are the published ones")
    func splitMix() {
        var random = SynthRandom(seed: 0)
        // SplitMix64 reference values for seed 0 (Vigna's splitmix64.c).
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
