/// A maze battery: the mazes a maze test presents, in order, each with its settings.
///
/// Batteries are data: adding, removing or reordering mazes is an edit of the battery file
/// (format in Fixtures/mazes/README.md), never a code change. Reading the maze files it names is
/// the caller's business; names are relative to the battery file's folder.
public struct MazeBattery: Hashable, Sendable {
    /// One maze of the battery.
    public struct Entry: Hashable, Sendable {
        /// The maze file's name as written, relative to the battery file's folder.
        public var mazeFile: String
        /// The battery-wide settings with this maze's overrides applied.
        public var settings: MazeSettings
        /// The line of the `maze:` entry, for messages about the maze file.
        public var line: Int
    }

    /// The battery's name, if the file gives one.
    public var name: String?
    /// The settings every maze starts from: the defaults with the battery-wide lines applied.
    public var settings: MazeSettings
    public var entries: [Entry]
}

extension MazeBattery {
    /// Reads a battery file.
    ///
    /// - Parameters:
    ///   - text: the file's contents.
    ///   - source: the file's name, used in error messages.
    ///   - defaults: the settings the battery-wide lines start from (a settings file's maze section).
    /// - Throws: `MazeFileError` naming the line and column of the first mistake and what was expected there.
    public init(parsing text: String, source: String = "battery", defaults: MazeSettings = MazeSettings())
        throws(MazeFileError)
    {
        var name: String?
        var nameLine: Int?
        var settings = defaults
        var settingLines: [String: Int] = [:]
        var entries: [Entry] = []
        var overrideLines: [String: Int] = [:]
        let topLevelKeys = ["name", "maze"] + MazeSettings.keys

        for line in NumberedLine.lines(of: text) where !line.isBlank && !line.isComment {
            let indent = line.characters.prefix { $0 == " " || $0 == "\t" }.count
            let entry = try KeyValueLine.parse(line, keyIndex: indent, source: source)
            let keyColumn = indent + 1

            if indent > 0 {
                // An override of the maze above.
                guard !entries.isEmpty else {
                    throw .keyed(
                        .unexpected(
                            source: source, line: line.number, column: 1,
                            expected:
                                "a 'maze:' line before an indented setting (battery-wide settings are not indented)",
                            found: "an indented line"))
                }
                guard let expected = MazeSettings.expectedValue(forKey: entry.key) else {
                    throw .keyed(
                        .unknownKey(
                            source: source, line: line.number, column: keyColumn, key: entry.key,
                            known: MazeSettings.keys))
                }
                if let first = overrideLines[entry.key] {
                    throw .keyed(
                        .duplicateKey(
                            source: source, line: line.number, column: keyColumn, key: entry.key, firstLine: first))
                }
                overrideLines[entry.key] = line.number
                guard entries[entries.count - 1].settings.set(key: entry.key, value: entry.value) else {
                    throw .keyed(
                        .unexpected(
                            source: source, line: line.number, column: entry.valueIndex + 1, expected: expected,
                            found: describeFound(entry.value)))
                }
                continue
            }

            switch entry.key {
            case "maze":
                guard !entry.value.isEmpty else {
                    throw .keyed(
                        .unexpected(
                            source: source, line: line.number, column: entry.valueIndex + 1,
                            expected: "a maze file name such as 'choice.maze'", found: "the end of the line"))
                }
                entries.append(Entry(mazeFile: entry.value, settings: settings, line: line.number))
                overrideLines = [:]
            case "name":
                if let first = nameLine {
                    throw .keyed(
                        .duplicateKey(source: source, line: line.number, column: 1, key: "name", firstLine: first))
                }
                guard !entry.value.isEmpty else {
                    throw .keyed(
                        .unexpected(
                            source: source, line: line.number, column: entry.valueIndex + 1,
                            expected: "the battery's name", found: "the end of the line"))
                }
                name = entry.value
                nameLine = line.number
            default:
                guard let expected = MazeSettings.expectedValue(forKey: entry.key) else {
                    throw .keyed(
                        .unknownKey(source: source, line: line.number, column: 1, key: entry.key, known: topLevelKeys))
                }
                guard entries.isEmpty else {
                    throw .keyed(
                        .unexpected(
                            source: source, line: line.number, column: 1,
                            expected: "an indented '  \(entry.key): …' to override it for the maze above "
                                + "(battery-wide settings go before the first 'maze:')",
                            found: "'\(entry.key)' at the start of the line"))
                }
                if let first = settingLines[entry.key] {
                    throw .keyed(
                        .duplicateKey(source: source, line: line.number, column: 1, key: entry.key, firstLine: first))
                }
                settingLines[entry.key] = line.number
                guard settings.set(key: entry.key, value: entry.value) else {
                    throw .keyed(
                        .unexpected(
                            source: source, line: line.number, column: entry.valueIndex + 1, expected: expected,
                            found: describeFound(entry.value)))
                }
            }
        }
        guard !entries.isEmpty else {
            throw .missingContent(source: source, expected: "at least one 'maze: FILE' line")
        }
        self.init(name: name, settings: settings, entries: entries)
    }
}
