import Foundation
import StylusInput
import Testing

@testable import Proctoring

func batteryError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> MazeFileError? {
    do {
        _ = try MazeBattery(parsing: text, source: "t.battery")
        Issue.record("parsed without error", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

@Suite("Battery files")
struct BatteryFileTests {
    @Test("Battery-wide settings apply to every maze; indented overrides to one")
    func settings() throws {
        let text = """
            # comment
            name: trial
            wall-cross-timeout: 400 ms
            pause-circle-radius: 40 px

            maze: a.maze
              maximum-skip-length: 1 cells
              enable-wall-cross-detection: false
            maze: b.maze
            maze: c d.maze
              finish-timeout: 3 s
              start-radius: 2 cells
            """
        let battery = try MazeBattery(parsing: text, source: "t.battery")
        #expect(battery.name == "trial")
        #expect(battery.entries.map(\.mazeFile) == ["a.maze", "b.maze", "c d.maze"])
        #expect(battery.entries.map(\.line) == [6, 9, 10])
        let (a, b, c) = (battery.entries[0].settings, battery.entries[1].settings, battery.entries[2].settings)
        for settings in [a, b, c] {
            #expect(settings.wallCrossTimeout == .milliseconds(400))
            #expect(settings.pauseCircleRadiusPixels == 40)
        }
        #expect(a.maximumSkipLength == 1 && !a.enableWallCrossDetection)
        #expect(b == battery.settings)
        #expect(b.maximumSkipLength == 2 && b.enableWallCrossDetection && b.finishTimeout == .milliseconds(2_000))
        #expect(c.finishTimeout == .milliseconds(3_000) && c.startRadiusCells == 2)
    }

    @Test("The standard battery lists the fixtures in order, and each parses")
    func standardBattery() throws {
        let url = mazeFixtures.appendingPathComponent("standard.battery")
        let battery = try MazeBattery(parsing: String(contentsOf: url, encoding: .utf8), source: "standard.battery")
        #expect(battery.name == "standard")
        #expect(
            battery.entries.map(\.mazeFile)
                == ["calibration.maze", "no-choice.maze", "choice.maze", "reduced-blank.maze", "reduced-filled.maze"])
        #expect(battery.entries.map(\.settings.enableWallCrossDetection) == [false, true, true, true, true])
        let names = try battery.entries.map { try fixtureMaze($0.mazeFile).name }
        #expect(names == ["calibration", "no-choice", "choice", "reduced-blank", "reduced-filled"])
    }

    @Test("Battery errors name the line, column and what was expected")
    func errors() throws {
        let unknown = try #require(batteryError("maze: a.maze\n  colour: red\n"))
        #expect(
            unknown
                == .keyed(.unknownKey(source: "t.battery", line: 2, column: 3, key: "colour", known: MazeSettings.keys))
        )

        let noUnit = try #require(batteryError("wall-cross-timeout: 0.5\nmaze: a.maze\n"))
        #expect(
            noUnit.description
                == "t.battery, line 1, column 21: expected a duration in seconds or milliseconds, "
                + "such as '0.5 s' or '500 ms', found '0.5'.")

        let badFlag = try #require(batteryError("maze: a.maze\n  enable-wall-cross-detection: yes\n"))
        #expect(badFlag.line == 2 && badFlag.column == 32)

        let fractionalCells = try #require(batteryError("maximum-skip-length: 1.5\nmaze: a.maze\n"))
        #expect(fractionalCells.line == 1 && fractionalCells.column == 22)

        let indentedFirst = try #require(batteryError("  finish-timeout: 1 s\nmaze: a.maze\n"))
        #expect(indentedFirst.line == 1 && indentedFirst.column == 1)

        let settingAfterMaze = try #require(batteryError("maze: a.maze\nfinish-timeout: 1 s\n"))
        #expect(settingAfterMaze.line == 2 && settingAfterMaze.column == 1)
        #expect(settingAfterMaze.description.contains("battery-wide settings go before the first 'maze:'"))

        let duplicate = try #require(batteryError("maze: a.maze\n  finish-timeout: 1 s\n  finish-timeout: 2 s\n"))
        #expect(
            duplicate
                == .keyed(.duplicateKey(source: "t.battery", line: 3, column: 3, key: "finish-timeout", firstLine: 2)))

        let empty = try #require(batteryError("# nothing\nname: x\n"))
        #expect(empty == .missingContent(source: "t.battery", expected: "at least one 'maze: FILE' line"))

        let noFile = try #require(batteryError("maze:\n"))
        #expect(noFile.line == 1 && noFile.column == 6)
    }

    @Test("The same override may appear under two different mazes")
    func overridesPerMaze() throws {
        let battery = try MazeBattery(
            parsing: "maze: a.maze\n  finish-timeout: 1 s\nmaze: b.maze\n  finish-timeout: 2 s\n", source: "t.battery")
        #expect(battery.entries.map(\.settings.finishTimeout) == [.milliseconds(1_000), .milliseconds(2_000)])
    }
}
