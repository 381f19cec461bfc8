import SystemErrors

/// A setting of a settings file and the line it is on, for messages.
public struct SettingsKeyPlace: Hashable, Sendable, CustomStringConvertible {
    /// The full key: `section.key`.
    public var key: String
    public var line: Int

    /// The key quoted when it is a word a settings file could hold; otherwise only its line (see `SettingsError`).
    public var description: String {
        SettingsError.quoted(key).map { "\($0) (line \(line))" } ?? "a key that is not a word (line \(line))"
    }
}

/// A mistake in a settings file, naming the file, the line and the setting.
///
/// The words never quote a value of the file, and quote a key only when it is a short word as keys are: a file
/// given by mistake as `--settings` (a patient's details) would be printed, and error text ends up in logs
/// (issue 34, item 5). The line and column say where to look; the payloads keep what was found, for callers.
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
                return "\(place): '\(key)' must be a mapping of settings to values, found \(Self.kind(found))."
            }
            return "\(place): a settings file must be a mapping (starting with "
                + "'schema: \(ProctoringSettings.schemaVersion)'), found \(Self.kind(found))."
        case .missingSchema(let source):
            return "\(source): the 'schema:' line is missing; add 'schema: \(ProctoringSettings.schemaVersion)' "
                + "at the top if the file is written for this version of StylusKit."
        case .invalidSchema(let source, let line, _):
            return "\(source), line \(line): 'schema' must be a whole number such as "
                + "\(ProctoringSettings.schemaVersion), not the value written there."
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
            let section = Self.section(of: key)
            let place = section.map { "in '\($0)'" } ?? "at the top level"
            let named = Self.quoted(key).map { "unknown key \($0)" } ?? "an unknown key, not a word as keys are"
            return "\(source), line \(line), column \(column): \(named); the keys \(place) are "
                + allowed.map { "'\($0)'" }.joined(separator: ", ") + "."
        case .invalidValue(let source, let line, let column, let key, let expected, let found):
            let what = found == "nothing" ? "found nothing" : "not the value written there"
            return "\(source), line \(line), column \(column): \(Self.quoted(key) ?? "the setting") must be "
                + "\(expected), \(what)."
        }
    }

    /// The section a full key (`section.key`) is in, when it starts with a section's name.
    static func section(of key: String) -> String? {
        SettingsSchema.sectionNames.first { key.hasPrefix($0 + ".") }
    }

    /// A full key quoted, or nil when its own part (after its section) is not a word: see the type's comment.
    static func quoted(_ key: String) -> String? {
        let own = section(of: key).map { key.dropFirst($0.count + 1) } ?? key[...]
        return SystemErrorText.looksLikeAKey(own) ? "'\(key)'" : nil
    }

    /// What was found, without its text: `describe` quotes a single value, which is reported as its kind.
    private static func kind(_ found: String) -> String {
        found.hasPrefix("'") ? "a single value" : found
    }

    /// ` Settings schema 3 does not have: 'maze.x' (line 4).`, naming a file's settings the schema this version
    /// reads lacks (empty when there are none), for the two refusals of a file of another schema.
    private static func settingsNotIn(schema supported: Int, _ unknownSettings: [SettingsKeyPlace]) -> String {
        guard !unknownSettings.isEmpty else { return "" }
        return " Settings schema \(supported) does not have: "
            + unknownSettings.map(\.description).joined(separator: ", ") + "."
    }
}
