import StylusGeometry
import StylusInput
import SystemErrors
import Yams

/// Every option of the four tests, as one settings file holds them (format in Fixtures/settings/README.md).
///
/// The file is YAML: `schema: N`, then a section per test (`clock`, `maze`, `symbol-digit`, `trails`) of
/// `key: value` lines, values written as in battery files (`2.5 s`, `2 cells`, `20 px`, `true`).
/// An omitted setting takes the spec's default. A file of an older schema is migrated on reading;
/// one of a newer schema, or of an older one no migration leads from, is refused, naming the
/// settings this version does not know, rather than read with a value lost.
public struct ProctoringSettings: Hashable, Sendable {
    /// The schema this version writes and reads without migration.
    public static let schemaVersion = 3
    /// The oldest schema a chain of migrations leads from.
    public static var oldestMigratableSchema: Int { SettingsMigration.all.map(\.from).min() ?? schemaVersion }

    public var clock: ClockSettings
    public var maze: MazeSettings
    public var symbolDigit: SymbolDigitSettings
    public var trails: TrailsSettings

    public init(
        clock: ClockSettings = ClockSettings(), maze: MazeSettings = MazeSettings(),
        symbolDigit: SymbolDigitSettings = SymbolDigitSettings(), trails: TrailsSettings = TrailsSettings()
    ) {
        self.clock = clock
        self.maze = maze
        self.symbolDigit = symbolDigit
        self.trails = trails
    }

    /// Reads a settings file.
    ///
    /// - Parameters:
    ///   - yaml: the file's text (the caller reads the file).
    ///   - source: its name, used in error messages.
    /// - Throws: `SettingsError` naming the line and the setting of the first mistake.
    public init(yaml: String, source: String = "settings") throws(SettingsError) {
        try self.init(yaml: yaml, source: source, migrations: SettingsMigration.all)
    }

    /// Reads a settings file with the given migrations (tests take some away).
    init(yaml: String, source: String, migrations: [SettingsMigration]) throws(SettingsError) {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw .notYAML(source: source, detail: SystemErrorText.yamlProblem(error))
        }
        guard let root else { throw .notAMapping(source: source, line: nil, key: nil, found: "an empty file") }
        guard case .mapping(let mapping) = root else {
            throw .notAMapping(source: source, line: root.mark?.line, key: nil, found: describe(root))
        }

        // Collect the schema and the entries as written; check the sections' names.
        var schema: (version: Int, line: Int)?
        var entries: [SettingsEntry] = []
        let topLevel = ["schema"] + SettingsSchema.sectionNames
        // Where each section is written: one a newer schema added is unknown to an older file's schema.
        var sections: [(key: String, line: Int, column: Int)] = []
        for (keyNode, value) in mapping {
            let key = keyNode.scalar?.string ?? describe(keyNode)
            let line = keyNode.mark?.line ?? 0
            let column = keyNode.mark?.column ?? 0
            if key == "schema" {
                guard case .scalar(let scalar) = value, let version = Int(scalar.string) else {
                    throw .invalidSchema(source: source, line: line, found: describe(value))
                }
                schema = (version, line)
                continue
            }
            guard SettingsSchema.sectionNames.contains(key) else {
                throw .unknownKey(source: source, line: line, column: column, key: key, allowed: topLevel)
            }
            sections.append((key, line, column))
            if case .scalar(let scalar) = value, scalar.style == .plain, scalar.string.isEmpty || scalar.string == "~" {
                continue  // An empty section: every setting takes its default.
            }
            guard case .mapping(let settings) = value else {
                throw .notAMapping(source: source, line: line, key: key, found: describe(value))
            }
            for (settingNode, settingValue) in settings {
                let settingKey = settingNode.scalar?.string ?? describe(settingNode)
                let settingLine = settingNode.mark?.line ?? line
                let settingColumn = settingNode.mark?.column ?? 0
                guard case .scalar(let scalar) = settingValue else {
                    throw .invalidValue(
                        source: source, line: settingLine, column: settingValue.mark?.column ?? settingColumn,
                        key: "\(key).\(settingKey)", expected: "a single value such as '2 s' or 'true'",
                        found: describe(settingValue))
                }
                entries.append(
                    SettingsEntry(
                        section: key, key: settingKey, value: scalar.string, line: settingLine, column: settingColumn,
                        valueColumn: scalar.mark?.column ?? settingColumn))
            }
        }
        guard let schema else { throw .missingSchema(source: source) }

        let current = Self.schemaVersion
        let currentKeys = SettingsSchema.keys(version: current)!
        func unknownToCurrent() -> [SettingsKeyPlace] {
            entries.filter { !(currentKeys[$0.section] ?? []).contains($0.key) }
                .map { SettingsKeyPlace(key: $0.fullKey, line: $0.line) }
        }
        if schema.version > current {
            throw .newerSchema(
                source: source, line: schema.line, found: schema.version, supported: current,
                unknownSettings: unknownToCurrent())
        }
        // The chain of migrations from the file's schema to the current one, all present.
        let chain = (schema.version..<current).map { from in migrations.first { $0.from == from } }
        guard let fileKeys = SettingsSchema.keys(version: schema.version), chain.allSatisfy({ $0 != nil }) else {
            throw .noMigration(
                source: source, line: schema.line, found: schema.version, supported: current,
                unknownSettings: unknownToCurrent())
        }
        // Keys are checked against the file's own schema, so a misspelling is reported as written.
        for section in sections where fileKeys[section.key] == nil {
            throw .unknownKey(
                source: source, line: section.line, column: section.column, key: section.key,
                allowed: ["schema"] + SettingsSchema.sectionNames.filter { fileKeys[$0] != nil })
        }
        for entry in entries where !(fileKeys[entry.section] ?? []).contains(entry.key) {
            throw .unknownKey(
                source: source, line: entry.line, column: entry.column, key: entry.fullKey,
                allowed: fileKeys[entry.section] ?? [])
        }
        for migration in chain {
            try migration!.apply(&entries, source)
        }

        var settings = ProctoringSettings()
        for entry in entries {
            try settings.set(entry, source: source)
        }
        self = settings
    }

    /// The symbol-digit setting that `key` switches on or off; nil for a key that is not a flag.
    private static func symbolDigitFlag(forKey key: String) -> WritableKeyPath<SymbolDigitSettings, Bool>? {
        switch key {
        case "enable-skip-detection": \.enableSkipDetection
        case "enable-instructions": \.enableInstructions
        case "enable-repeat": \.enableRepeat
        case "display-mode": \.displayMode
        default: nil
        }
    }

    /// Sets the option of a checked entry of the current schema from its written value.
    private mutating func set(_ entry: SettingsEntry, source: String) throws(SettingsError) {
        let value = SettingValue(entry.value)
        func invalid(_ expected: String) -> SettingsError {
            .invalidValue(
                source: source, line: entry.line, column: entry.valueColumn, key: entry.fullKey, expected: expected,
                found: entry.value.isEmpty ? "nothing" : "'\(entry.value)'")
        }
        let duration = "a duration in seconds or milliseconds, such as '2.5 s' or '2500 ms'"
        let flag = "'true' or 'false'"
        switch (entry.section, entry.key) {
        case ("clock", "button-delay"):
            guard let parsed = value.duration else { throw invalid(duration) }
            clock.buttonDelay = parsed
        case ("clock", "hours"):
            guard let parsed = value.wholeNumber, (1...12).contains(parsed) else {
                throw invalid("an hour on the clock face, a whole number from 1 to 12")
            }
            clock.hours = parsed
        case ("clock", "minutes"):
            guard let parsed = value.wholeNumber, (0...59).contains(parsed) else {
                throw invalid("a whole number of minutes from 0 to 59")
            }
            clock.minutes = parsed
        case ("maze", let key):
            guard let expected = MazeSettings.expectedValue(forKey: key) else {
                fatalError("Internal inconsistency: schema maze key '\(key)' unknown to MazeSettings")
            }
            guard maze.set(key: key, value: entry.value) else { throw invalid(expected) }
        case ("trails", let key):
            guard let expected = TrailsSettings.expectedValue(forKey: key) else {
                fatalError("Internal inconsistency: schema trails key '\(key)' unknown to TrailsSettings")
            }
            guard trails.set(key: key, value: entry.value) else { throw invalid(expected) }
        case ("symbol-digit", "delayed-recall-warning"):
            guard let parsed = value.duration else { throw invalid(duration) }
            symbolDigit.delayedRecallWarning = parsed
        case ("symbol-digit", let key):
            guard let setting = Self.symbolDigitFlag(forKey: key) else {
                fatalError("Internal inconsistency: schema key '\(entry.fullKey)' has no setting")
            }
            guard symbolDigit.set(setting, to: value.flag) else { throw invalid(flag) }
        default:
            fatalError("Internal inconsistency: schema key '\(entry.fullKey)' has no setting")
        }
    }

    // MARK: Writing

    /// The settings as a file of the current schema, every option with a comment saying what it does.
    ///
    /// Reading the text back gives these settings.
    public var yaml: String {
        typealias Option = (key: String, comment: String, value: String)
        let sections: [(key: String, comment: String, options: [Option])] = [
            (
                "clock", "Digital Clock Drawing Test.",
                [
                    (
                        "button-delay",
                        "Pen-up time without drawing before the continue and repeat-instructions buttons appear.",
                        Self.format(clock.buttonDelay)
                    ),
                    ("hours", "The hour the patient is told to draw (1-12).", "\(clock.hours)"),
                    ("minutes", "The minute the patient is told to draw (0-59).", "\(clock.minutes)"),
                ]
            ),
            (
                "maze", "Digital Maze Test (a battery file may override these per maze).",
                [
                    (
                        "enable-instructions", "Interactive instructions before the first maze.",
                        "\(maze.enableInstructions)"
                    ),
                    (
                        "enable-wall-cross-detection", "Detect and interrupt wall crosses.",
                        "\(maze.enableWallCrossDetection)"
                    ),
                    (
                        "maximum-skip-length", "Cells that may be skipped at a time without interruption.",
                        "\(maze.maximumSkipLength) cells"
                    ),
                    (
                        "wall-cross-timeout", "How long a wall cross may last before interrupting.",
                        Self.format(maze.wallCrossTimeout)
                    ),
                    (
                        "maximum-pause-skip-length", "Cells that may be skipped when resuming after a pause.",
                        "\(maze.maximumPauseSkipLength) cells"
                    ),
                    (
                        "pause-backtrack-distance",
                        "Distance back along the drawn path to the resume point, in pixels of the 264 ppi reference tablet.",
                        "\(Self.format(maze.pauseBacktrackDistancePixels)) px"
                    ),
                    (
                        "no-drawing-timeout", "Time without drawing (pen up) before interrupting.",
                        Self.format(maze.noDrawingTimeout)
                    ),
                    (
                        "finish-timeout", "Delay after reaching the end before the finish animation.",
                        Self.format(maze.finishTimeout)
                    ),
                    (
                        "pause-circle-radius",
                        "Radius of the circle left visible around the resume point while paused, in reference pixels.",
                        "\(Self.format(maze.pauseCircleRadiusPixels)) px"
                    ),
                    (
                        "start-radius",
                        "How near the start arrow a first stroke must begin, in cell sizes (not in the spec's table).",
                        "\(Self.format(maze.startRadiusCells)) cells"
                    ),
                ]
            ),
            (
                "symbol-digit", "Digital Symbol Digit Test.",
                [
                    (
                        "enable-skip-detection", "Interrupt when the patient skips more than one box at a time.",
                        "\(symbolDigit.enableSkipDetection)"
                    ),
                    (
                        "enable-instructions", "Interactive instructions before each part.",
                        "\(symbolDigit.enableInstructions)"
                    ),
                    (
                        "enable-repeat", "Run two full symbol-digit tests per administration.",
                        "\(symbolDigit.enableRepeat)"
                    ),
                    (
                        "display-mode",
                        "Show alternate symbols and digits, for publishable figures that keep the real form private.",
                        "\(symbolDigit.displayMode)"
                    ),
                    (
                        "delayed-recall-warning",
                        "Remind the patient of the delayed-recall instructions after this long without writing.",
                        Self.format(symbolDigit.delayedRecallWarning)
                    ),
                ]
            ),
            (
                "trails", "Digital Trail Making Test (lengths on the form, at the circles' printed size).",
                [
                    (
                        "touch-tolerance", "How far outside its edge the pen may be and still reach the next circle.",
                        "\(Self.format(trails.touchToleranceMillimetres)) mm"
                    ),
                    (
                        "wrong-circle-inset", "How far inside a wrong circle's edge the pen must be to be in it.",
                        "\(Self.format(trails.wrongCircleInsetMillimetres)) mm"
                    ),
                    (
                        "error-dwell", "How long the pen may stay in a wrong circle before it is an error.",
                        Self.format(trails.errorDwell)
                    ),
                    (
                        "prompt-delay", "Time without ink before the patient is told to keep going, once.",
                        Self.format(trails.promptDelay)
                    ),
                    (
                        "discontinue-after-a", "Part A's time limit: it is discontinued when not finished by then.",
                        Self.format(trails.discontinueAfterA)
                    ),
                    ("discontinue-after-b", "Part B's time limit.", Self.format(trails.discontinueAfterB)),
                    (
                        "discontinue-after-sample", "Each sample's time limit.",
                        Self.format(trails.discontinueAfterSample)
                    ),
                    (
                        "finish-timeout",
                        "Delay after reaching End before the next part (the operator's key starts it sooner).",
                        Self.format(trails.finishTimeout)
                    ),
                ]
            ),
        ]
        typealias Y = YAMLWriting
        let document = Y.document(
            Y.mapping(
                [("schema", Y.plain("\(Self.schemaVersion)"))]
                    + sections.map { section in
                        (section.key, Y.mapping(section.options.map { ($0.key, Y.plain($0.value)) }))
                    }),
            comments: [
                "StylusKit proctoring settings: every option of the four tests (Fixtures/settings/README.md).",
                "An option left out takes the default of assessments.md. Durations take 's' or 'ms'.",
            ])
        // Yams writes no comments: each section's and option's goes in before the line Yams wrote for
        // it, which is one line (the emitter folds nothing), in the order the mapping was built.
        var commented: [(line: String, comments: [String])] = []
        for section in sections {
            commented.append(("\(section.key):", ["", "# \(section.comment)"]))
            for option in section.options {
                commented.append(("  \(option.key): \(option.value)", ["  # \(option.comment)"]))
            }
        }
        var lines: [String] = []
        var next = commented.startIndex
        for line in document.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if next < commented.endIndex, line == commented[next].line {
                lines += commented[next].comments
                next += 1
            }
            lines.append(String(line))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A duration as the file writes it: seconds when whole milliseconds, else milliseconds.
    static func format(_ duration: EventDuration) -> String {
        duration.microseconds % 1_000 == 0
            ? "\(format(Double(duration.microseconds) / 1_000_000)) s"
            : "\(format(Double(duration.microseconds) / 1_000)) ms"
    }

    /// A number without a trailing `.0`.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// Settings read one `key: value` line at a time (the maze's, the trail making test's, the symbol-digit
/// test's), each key naming a stored setting and the reading its written value takes.
protocol KeyedSettings {}

extension KeyedSettings {
    /// Stores `parsed` in `setting`; false, leaving the setting as it was, when the value did not parse (nil).
    mutating func set<Value>(_ setting: WritableKeyPath<Self, Value>, to parsed: Value?) -> Bool {
        guard let parsed else { return false }
        self[keyPath: setting] = parsed
        return true
    }
}

extension MazeSettings: KeyedSettings {}
extension TrailsSettings: KeyedSettings {}
extension SymbolDigitSettings: KeyedSettings {}

/// A written value, read as each kind of setting: the one reading of a flag, a number with its
/// unit and a duration, shared by a settings file and a maze battery's setting lines.
struct SettingValue {
    let words: [Substring]

    init(_ text: String) {
        words = text.split(separator: " ", omittingEmptySubsequences: true)
    }

    var flag: Bool? {
        guard words.count == 1 else { return nil }
        return ["true": true, "false": false][String(words[0])]
    }

    var wholeNumber: Int? {
        guard words.count == 1 else { return nil }
        return Int(words[0])
    }

    /// A number of `units` (`20 px`, `1.5 cells`), finite and not negative; the unit may be left
    /// out unless `unitRequired`.
    func number(units: Set<String>, unitRequired: Bool) -> Double? {
        guard words.count == 1 || words.count == 2, let number = Double(words[0]), number.isFinite, number >= 0
        else { return nil }
        if words.count == 2 { return units.contains(String(words[1])) ? number : nil }
        return unitRequired ? nil : number
    }

    /// A duration in seconds or milliseconds (`0.5 s`, `500 ms`), not negative and under a million.
    var duration: EventDuration? {
        guard words.count == 2, let number = Double(words[0]), number.isFinite, number >= 0, number < 1e6 else {
            return nil
        }
        switch words[1] {
        case "s": return .seconds(number)
        case "ms": return .seconds(number / 1_000)
        default: return nil
        }
    }
}

/// How a YAML node reads in a message.
private func describe(_ node: Node) -> String {
    switch node {
    case .scalar(let scalar): scalar.string.isEmpty ? "nothing" : "'\(scalar.string)'"
    case .mapping: "a mapping"
    case .sequence(let sequence): "a list of \(sequence.count)"
    case .alias: "an alias"
    }
}
