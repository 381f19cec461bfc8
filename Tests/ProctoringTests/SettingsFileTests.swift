import Foundation
import StylusInput
import Testing

@testable import Proctoring

/// The package's Fixtures/settings folder, found from this file's path.
let settingsFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/settings")

/// Reads `text` and returns the error's message, or nil when it reads.
private func message(_ text: String, migrations: [SettingsMigration] = SettingsMigration.all) -> String? {
    do {
        _ = try ProctoringSettings(yaml: text, source: "settings.yaml", migrations: migrations)
        return nil
    } catch {
        return error.description
    }
}

@Suite("Settings file")
struct SettingsFileTests {
    @Test("The shipped default.yaml holds every option with its default and a comment each")
    func defaultFile() throws {
        let text = try String(contentsOf: settingsFixtures.appendingPathComponent("default.yaml"), encoding: .utf8)
        #expect(try ProctoringSettings(yaml: text, source: "default.yaml") == ProctoringSettings())
        #expect(text == ProctoringSettings().yaml)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let options = lines.enumerated().filter { $0.element.hasPrefix("  ") && !$0.element.hasPrefix("  #") }
        // 3 clock options, the 10 of MazeSettings, the 5 of the symbol-digit table, the 8 of trails.md.
        #expect(options.count == 26)
        for (index, line) in options {
            #expect(lines[index - 1].hasPrefix("  # "), "no comment above '\(line)'")
        }
        // The spec's defaults, as assessments.md's tables write them.
        for expected in [
            "schema: 3", "  button-delay: 2.5 s", "  hours: 11", "  minutes: 10", "  enable-instructions: true",
            "  enable-wall-cross-detection: true", "  maximum-skip-length: 2 cells", "  wall-cross-timeout: 0.5 s",
            "  maximum-pause-skip-length: 0 cells", "  pause-backtrack-distance: 20 px", "  no-drawing-timeout: 2 s",
            "  finish-timeout: 2 s", "  pause-circle-radius: 32 px", "  enable-skip-detection: true",
            "  enable-repeat: true", "  display-mode: false", "  delayed-recall-warning: 20 s",
            "  touch-tolerance: 1.5 mm", "  wrong-circle-inset: 1 mm", "  error-dwell: 0.2 s", "  prompt-delay: 10 s",
            "  discontinue-after-a: 150 s", "  discontinue-after-b: 300 s", "  discontinue-after-sample: 60 s",
            "  finish-timeout: 1 s",
        ] {
            #expect(lines.contains(Substring(expected)), "default.yaml lacks '\(expected)'")
        }
    }

    @Test("Options left out take their defaults; a file may change just one")
    func partialFile() throws {
        #expect(try ProctoringSettings(yaml: "schema: 2\n") == ProctoringSettings())
        #expect(try ProctoringSettings(yaml: "schema: 2\nmaze:\n") == ProctoringSettings())
        let settings = try ProctoringSettings(yaml: "schema: 2\nclock:\n  button-delay: 4000 ms\n")
        #expect(settings.clock.buttonDelay == .seconds(4))
        #expect(settings.clock.hours == 11 && settings.maze == MazeSettings())
    }

    @Test("Every option changed survives writing and reading back")
    func roundTrip() throws {
        let changed = ProctoringSettings(
            clock: ClockSettings(buttonDelay: .milliseconds(3_250), hours: 3, minutes: 45),
            maze: MazeSettings(
                enableInstructions: false, enableWallCrossDetection: false, maximumSkipLength: 3,
                wallCrossTimeout: .milliseconds(750), maximumPauseSkipLength: 1, pauseBacktrackDistancePixels: 12.5,
                noDrawingTimeout: .seconds(3), finishTimeout: EventDuration(microseconds: 1_500_500),
                pauseCircleRadiusPixels: 40,
                startRadiusCells: 2),
            symbolDigit: SymbolDigitSettings(
                enableSkipDetection: false, enableInstructions: false, enableRepeat: false, displayMode: true,
                delayedRecallWarning: .seconds(30)),
            trails: TrailsSettings(
                touchToleranceMillimetres: 2.5, wrongCircleInsetMillimetres: 0.5, errorDwell: .milliseconds(300),
                promptDelay: .seconds(15), discontinueAfterA: .seconds(180), discontinueAfterB: .seconds(360),
                discontinueAfterSample: .seconds(90), finishTimeout: .milliseconds(1_500)))
        let text = changed.yaml
        for line in ["  touch-tolerance: 2.5 mm\n", "  wrong-circle-inset: 0.5 mm\n", "  error-dwell: 0.3 s\n"] {
            #expect(text.contains(line))
        }
        #expect(text.contains("  finish-timeout: 1500.5 ms\n"))
        #expect(text.contains("  pause-backtrack-distance: 12.5 px\n"))
        #expect(try ProctoringSettings(yaml: text) == changed)
    }

    @Test("Schema 2's maze settings are MazeSettings' keys: a new maze option needs a new schema")
    func mazeKeysFrozen() {
        #expect(SettingsSchema.mazeKeys2 == MazeSettings.keys)
    }

    @Test("Schema 3's trails settings are TrailsSettings' keys: a new trails option needs a new schema")
    func trailsKeysFrozen() {
        #expect(SettingsSchema.trailsKeys3 == TrailsSettings.keys)
        #expect(SettingsSchema.keys(version: 3)?.keys.sorted() == SettingsSchema.sectionNames.sorted())
    }

    @Test("A schema 2 file migrates to schema 3 unchanged, the trails settings at their defaults")
    func migrationTo3() throws {
        let version2 = "schema: 2\nclock:\n  hours: 2\nmaze:\n  pause-backtrack-distance: 35 px\n"
        let settings = try ProctoringSettings(yaml: version2)
        #expect(settings.clock.hours == 2 && settings.maze.pauseBacktrackDistancePixels == 35)
        #expect(settings.trails == TrailsSettings())
        #expect(settings.yaml.hasPrefix("# StylusKit proctoring settings: every option of the four tests"))
        #expect(settings.yaml.contains("\nschema: 3\n"))
        // Schema 2 has no trails section: one in a schema 2 file is refused, naming the sections it has.
        #expect(
            message("schema: 2\ntrails:\n  error-dwell: 0.3 s\n")
                == "settings.yaml, line 2, column 1: unknown key 'trails'; the keys at the top level are 'schema', "
                + "'clock', 'maze', 'symbol-digit'.")
    }

    @Test("The trails settings: each read from its written value, and a bad one named with what it takes")
    func trailsValues() throws {
        let text = """
            schema: 3
            trails:
              touch-tolerance: 2 mm
              wrong-circle-inset: 0.5 mm
              error-dwell: 250 ms
              prompt-delay: 12 s
              discontinue-after-a: 120 s
              discontinue-after-b: 240 s
              discontinue-after-sample: 45 s
              finish-timeout: 0.5 s
            """
        let trails = try ProctoringSettings(yaml: text).trails
        #expect(
            trails
                == TrailsSettings(
                    touchToleranceMillimetres: 2, wrongCircleInsetMillimetres: 0.5, errorDwell: .milliseconds(250),
                    promptDelay: .seconds(12), discontinueAfterA: .seconds(120), discontinueAfterB: .seconds(240),
                    discontinueAfterSample: .seconds(45), finishTimeout: .milliseconds(500)))
        #expect(trails.discontinueAfter(.sampleB) == .seconds(45) && trails.discontinueAfter(.partB) == .seconds(240))
        #expect(
            message("schema: 3\ntrails:\n  touch-tolerance: 1.5\n")
                == "settings.yaml, line 3, column 20: 'trails.touch-tolerance' must be a length on the form in "
                + "millimetres under 5 mm (a circle's radius), such as '1.5 mm', not the value written there.")
        #expect(
            message("schema: 3\ntrails:\n  wrong-circle-inset: 6 mm\n")?.hasSuffix(
                "such as '1.5 mm', not the value written there.")
                == true)
        #expect(
            message("schema: 3\ntrails:\n  error-dwell: 0.2\n")
                == "settings.yaml, line 3, column 16: 'trails.error-dwell' must be a duration in seconds or milliseconds, "
                + "such as '0.2 s' or '200 ms', not the value written there.")
    }

    @Test("A schema 1 file migrates: pause-backtrack-distance-px: N becomes pause-backtrack-distance: N px")
    func migration() throws {
        let version1 = """
            schema: 1
            clock:
              hours: 2
            maze:
              pause-backtrack-distance-px: 35
              pause-circle-radius: 30 px
            """
        let settings = try ProctoringSettings(yaml: version1)
        #expect(settings.maze.pauseBacktrackDistancePixels == 35)
        #expect(settings.maze.pauseCircleRadiusPixels == 30)
        #expect(settings.clock.hours == 2)
        // Its settings written back are a current file with the new key.
        #expect(settings.yaml.contains("  pause-backtrack-distance: 35 px\n"))
        #expect(ProctoringSettings.oldestMigratableSchema == 1)
    }

    @Test("A schema 1 file is checked against schema 1's keys, and its values as schema 1 writes them")
    func migrationErrors() {
        #expect(
            message("schema: 1\nmaze:\n  pause-backtrack-distance: 20 px\n")
                == "settings.yaml, line 3, column 3: unknown key 'maze.pause-backtrack-distance'; the keys in 'maze' are "
                + "'enable-instructions', 'enable-wall-cross-detection', 'maximum-skip-length', 'wall-cross-timeout', "
                + "'maximum-pause-skip-length', 'pause-backtrack-distance-px', 'no-drawing-timeout', 'finish-timeout', "
                + "'pause-circle-radius', 'start-radius'.")
        #expect(
            message("schema: 1\nmaze:\n  pause-backtrack-distance-px: 20 px\n")
                == "settings.yaml, line 3, column 32: 'maze.pause-backtrack-distance-px' must be a number of pixels "
                + "such as '20' (schema 1 writes no unit), not the value written there.")
    }

    @Test("A file of a newer schema is refused, naming the settings this version does not know")
    func newerSchema() {
        let text = "# from the future\nschema: 4\nmaze:\n  pause-circle-radius: 32 px\n  pause-circle-diameter: 64 px\n"
        #expect(
            message(text)
                == "settings.yaml, line 2: schema 4 is newer than this version of StylusKit reads (schema 3); "
                + "rather than guess what its settings mean, nothing is read. Use a newer StylusKit, or rewrite the "
                + "file for schema 3. Settings schema 3 does not have: 'maze.pause-circle-diameter' (line 5).")
    }

    @Test("An older schema without a migration is refused, naming the setting that would be lost")
    func noMigration() {
        let version1 = "schema: 1\nmaze:\n  no-drawing-timeout: 2 s\n  pause-backtrack-distance-px: 20\n"
        #expect(
            message(version1, migrations: [])
                == "settings.yaml, line 1: no migration leads from schema 1 to schema 3 (StylusKit migrates files "
                + "from schema 1 on); rather than lose a value, nothing is read. Rewrite the file for schema 3 "
                + "(Fixtures/settings/default.yaml lists every setting). Settings schema 3 does not have: "
                + "'maze.pause-backtrack-distance-px' (line 4).")
        #expect(
            message("schema: 0\n")?.hasPrefix("settings.yaml, line 1: no migration leads from schema 0 to schema 3")
                == true)
    }

    @Test("Unknown keys and sections are errors naming the key, its line and column")
    func unknownKeys() {
        #expect(
            message("schema: 2\nsymbol-digit:\n  enable-repeat: true\n  delayed-recal-warning: 20 s\n")
                == "settings.yaml, line 4, column 3: unknown key 'symbol-digit.delayed-recal-warning'; the keys in "
                + "'symbol-digit' are 'enable-skip-detection', 'enable-instructions', 'enable-repeat', 'display-mode', "
                + "'delayed-recall-warning'.")
        #expect(
            message("schema: 3\n\nclocks:\n  hours: 11\n")
                == "settings.yaml, line 3, column 1: unknown key 'clocks'; the keys at the top level are 'schema', "
                + "'clock', 'maze', 'symbol-digit', 'trails'.")
    }

    @Test("Values that do not parse name the setting, its line and column, and what it takes")
    func invalidValues() {
        #expect(
            message("schema: 2\nclock:\n  hours: 13\n")
                == "settings.yaml, line 3, column 10: 'clock.hours' must be an hour on the clock face, a whole number "
                + "from 1 to 12, not the value written there.")
        #expect(
            message("schema: 2\nmaze:\n  wall-cross-timeout: 0.5\n")
                == "settings.yaml, line 3, column 23: 'maze.wall-cross-timeout' must be a duration in seconds or "
                + "milliseconds, such as '0.5 s' or '500 ms', not the value written there.")
        #expect(
            message("schema: 2\nsymbol-digit:\n  display-mode: yes please\n")
                == "settings.yaml, line 3, column 17: 'symbol-digit.display-mode' must be 'true' or 'false', "
                + "not the value written there.")
        #expect(
            message("schema: 2\nclock:\n  minutes:\n")
                == "settings.yaml, line 3, column 11: 'clock.minutes' must be a whole number of minutes from 0 to 59, "
                + "found nothing.")
    }

    @Test("Files without a schema, or that are not a mapping, are refused")
    func malformed() {
        #expect(
            message("clock:\n  hours: 11\n")
                == "settings.yaml: the 'schema:' line is missing; add 'schema: 3' at the top if the file is written "
                + "for this version of StylusKit.")
        #expect(
            message("schema: two\n")
                == "settings.yaml, line 1: 'schema' must be a whole number such as 3, not the value written there."
        )
        #expect(
            message("")
                == "settings.yaml: a settings file must be a mapping (starting with 'schema: 3'), found an empty file.")
        #expect(
            message("schema: 2\nmaze: 3\n")
                == "settings.yaml, line 2: 'maze' must be a mapping of settings to values, found a single value.")
        #expect(message("schema: 2\nschema: 2\n")?.hasPrefix("settings.yaml: not valid YAML") == true)
    }

    /// A patient's details given by mistake as `--settings`: no message may print them (issue 34, item 5).
    @Test("A refused value, a key that is not a word, or a file of one value is never quoted")
    func patientDetailsNotQuoted() {
        let details = "Jane Doe 1941-03-07 MRN123"
        let cases = [
            "schema: 3\nclock:\n  hours: \(details)\n",
            "schema: \(details)\n",
            "schema: 3\nmaze: \(details)\n",
            "\(details)\n",
            "schema: 3\n\(details): 1\n",
            "schema: 3\nclock:\n  \(details): 1\n",
            "schema: 1\nmaze:\n  pause-backtrack-distance-px: \(details)\n",
            "schema: 4\nclock:\n  \(details): 1\n",
        ]
        for text in cases {
            let words = message(text)
            #expect(words != nil, "\(text) was read")
            #expect(words?.contains("Jane") == false, "\(words ?? "")")
            #expect(words?.contains("MRN") == false, "\(words ?? "")")
        }
        #expect(
            message("schema: 3\nclock:\n  \(details): 1\n")
                == "settings.yaml, line 3, column 3: an unknown key, not a word as keys are; the keys in 'clock' are "
                + "'button-delay', 'hours', 'minutes'.")
        #expect(
            message("schema: 4\nclock:\n  \(details): 1\n")?.hasSuffix(
                "Settings schema 3 does not have: a key that is not a word (line 3).") == true)
        #expect(
            message("\(details)\n")
                == "settings.yaml, line 1: a settings file must be a mapping (starting with 'schema: 3'), found a "
                + "single value.")
    }
}
