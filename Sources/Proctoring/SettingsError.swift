/// A setting of a settings file and the line it is on, for messages.
public struct SettingsKeyPlace: Hashable, Sendable, CustomStringConvertible {
    /// The full key: `section.key`.
    public var key: String
    public var line: Int

    public init(key: String, line: Int) {
        self.key = key
        self.line = line
    }

    public var description: String { "'\(key)' (line \(line))" }
}

/// A mistake in a settings file, naming the file, the line and the setting.
public enum SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text is not YAML; `detail` is the parser's message with its line and column.
    case notYAML(source: String, detail: String)
    /// The file, or a section, is not a mapping of keys to values.
    case notAMapping(source: String, line: Int?, key: String?, found: String)
    /// The file has no `schema:` line.
    case missingSchema(source: String)
    /// `schema:` is not a whole number.
    case invalidSchema(source: String, line: Int, found: String)
    /// The file's schema is newer than this version reads: what its changed settings mean is unknown.
    case newerSchema(source: String, line: Int, found: Int, supported: Int, unknownSettings: [SettingsKeyPlace])
    /// The file's schema is older and no chain of migrations leads from it to the current one.
    case noMigration(source: String, line: Int, found: Int, supported: Int, unknownSettings: [SettingsKeyPlace])
    /// A key the file's schema does not have (often a misspelling, or a setting of another schema).
    case unknownKey(source: String, line: Int, column: Int, key: String, allowed: [String])
    /// A value that does not parse.
    case invalidValue(source: String, line: Int, column: Int, key: String, expected: String, found: String)

    /// The line the mistake is on, if it is on one.
    public var line: Int? {
        switch self {
        case .notYAML, .missingSchema: nil
        case .notAMapping(_, let line, _, _): line
        case .invalidSchema(_, let line, _), .newerSchema(_, let line, _, _, _), .noMigration(_, let line, _, _, _),
            .unknownKey(_, let line, _, _, _), .invalidValue(_, let line, _, _, _, _):
            line
        }
    }

    public var description: String {
        switch self {
        case .notYAML(let source, let detail):
            return "\(source): not valid YAML: \(detail)"
        case .notAMapping(let source, let line, let key, let found):
            let place = line.map { "\(source), line \($0)" } ?? source
            if let key {
                return "\(place): '\(key)' must be a mapping of settings to values, found \(found)."
            }
            return "\(place): a settings file must be a mapping (starting with "
                + "'schema: \(ProctoringSettings.schemaVersion)'), found \(found)."
        case .missingSchema(let source):
            return "\(source): the 'schema:' line is missing; add 'schema: \(ProctoringSettings.schemaVersion)' "
                + "at the top if the file is written for this version of StylusKit."
        case .invalidSchema(let source, let line, let found):
            return "\(source), line \(line): 'schema' must be a whole number such as "
                + "\(ProctoringSettings.schemaVersion), found \(found)."
        case .newerSchema(let source, let line, let found, let supported, let unknownSettings):
            return "\(source), line \(line): schema \(found) is newer than this version of StylusKit reads "
                + "(schema \(supported)); rather than guess what its settings mean, nothing is read. "
                + "Use a newer StylusKit, or rewrite the file for schema \(supported)."
                + Self.settingsNotIn(schema: supported, unknownSettings)
        case .noMigration(let source, let line, let found, let supported, let unknownSettings):
            return "\(source), line \(line): no migration leads from schema \(found) to schema \(supported) "
                + "(StylusKit migrates files from schema \(ProctoringSettings.oldestMigratableSchema) on); "
                + "rather than lose a value, nothing is read. Rewrite the file for schema \(supported)"
                + " (Fixtures/settings/default.yaml lists every setting)."
                + Self.settingsNotIn(schema: supported, unknownSettings)
        case .unknownKey(let source, let line, let column, let key, let allowed):
            let parent = key.split(separator: ".").dropLast().joined(separator: ".")
            let place = parent.isEmpty ? "at the top level" : "in '\(parent)'"
            return "\(source), line \(line), column \(column): unknown key '\(key)'; the keys \(place) are "
                + allowed.map { "'\($0)'" }.joined(separator: ", ") + "."
        case .invalidValue(let source, let line, let column, let key, let expected, let found):
            return "\(source), line \(line), column \(column): '\(key)' must be \(expected), found \(found)."
        }
    }

    /// ` Settings schema 3 does not have: 'maze.x' (line 4).`, naming a file's settings the schema this version
    /// reads lacks (empty when there are none), for the two refusals of a file of another schema.
    private static func settingsNotIn(schema supported: Int, _ unknownSettings: [SettingsKeyPlace]) -> String {
        guard !unknownSettings.isEmpty else { return "" }
        return " Settings schema \(supported) does not have: "
            + unknownSettings.map(\.description).joined(separator: ", ") + "."
    }
}
