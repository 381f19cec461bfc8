/// One setting as a settings file writes it, before its value is read.
struct SettingsEntry: Hashable, Sendable {
    var section: String
    var key: String
    /// The value's text as written (a scalar), e.g. `2.5 s`.
    var value: String
    var line: Int
    var column: Int
    /// Where the value starts, for messages about it.
    var valueColumn: Int

    var fullKey: String { "\(section).\(key)" }
}

/// The keys of every settings schema: what each version of the file may hold.
///
/// A schema's key lists are frozen once released: renaming, adding or removing a setting makes a
/// new schema and a migration from the previous one (`SettingsMigration`). Omitted settings take
/// their defaults, so adding a setting needs no migration beyond the new number.
enum SettingsSchema {
    /// Every section of the current schema (older schemas have fewer: `keys(version:)` says which).
    static let sectionNames = ["clock", "maze", "symbol-digit", "trails"]

    static let clockKeys = ["button-delay", "hours", "minutes"]
    static let symbolDigitKeys = [
        "enable-skip-detection", "enable-instructions", "enable-repeat", "display-mode", "delayed-recall-warning",
    ]
    /// Schema 2's maze keys: `MazeSettings.keys` when schema 2 was made (a test holds them equal).
    static let mazeKeys2 = [
        "enable-instructions", "enable-wall-cross-detection", "maximum-skip-length", "wall-cross-timeout",
        "maximum-pause-skip-length", "pause-backtrack-distance", "no-drawing-timeout", "finish-timeout",
        "pause-circle-radius", "start-radius",
    ]
    /// Schema 3's trails keys: `TrailsSettings.keys` when schema 3 was made (a test holds them equal).
    static let trailsKeys3 = [
        "touch-tolerance", "wrong-circle-inset", "error-dwell", "prompt-delay", "discontinue-after-a",
        "discontinue-after-b", "discontinue-after-sample", "finish-timeout",
    ]
    /// Schema 1 named the backtrack distance by its unit and wrote a bare number of pixels.
    static let mazeKeys1 = mazeKeys2.map { $0 == "pause-backtrack-distance" ? "pause-backtrack-distance-px" : $0 }

    /// The keys of each section of schema `version`, or nil for a schema this version does not know.
    static func keys(version: Int) -> [String: [String]]? {
        switch version {
        case 1: ["clock": clockKeys, "maze": mazeKeys1, "symbol-digit": symbolDigitKeys]
        case 2: ["clock": clockKeys, "maze": mazeKeys2, "symbol-digit": symbolDigitKeys]
        case 3: ["clock": clockKeys, "maze": mazeKeys2, "symbol-digit": symbolDigitKeys, "trails": trailsKeys3]
        default: nil
        }
    }
}

/// A step from one settings schema to the next, applied to the file's entries before their values are read.
struct SettingsMigration: Sendable {
    /// The schema migrated from; the result is schema `from + 1`.
    var from: Int
    /// What changed, for the README and messages.
    var summary: String
    var apply: @Sendable (_ entries: inout [SettingsEntry], _ source: String) throws(SettingsError) -> Void

    /// Every migration, oldest first: from schema 1 on, one per schema change.
    static let all: [SettingsMigration] = [renameBacktrackDistance, addTrails]

    /// 1 -> 2: `maze.pause-backtrack-distance-px: 20` became `maze.pause-backtrack-distance: 20 px`,
    /// the unit moving from the key into the value as in every other length.
    static let renameBacktrackDistance = SettingsMigration(
        from: 1,
        summary: "maze.pause-backtrack-distance-px: N became maze.pause-backtrack-distance: N px"
    ) { (entries: inout [SettingsEntry], source: String) throws(SettingsError) in
        for index in entries.indices
        where entries[index].section == "maze" && entries[index].key == "pause-backtrack-distance-px" {
            let entry = entries[index]
            guard let pixels = Double(entry.value), pixels.isFinite, pixels >= 0 else {
                throw .invalidValue(
                    source: source, line: entry.line, column: entry.valueColumn, key: entry.fullKey,
                    expected: "a number of pixels such as '20' (schema 1 writes no unit)",
                    found: entry.value.isEmpty ? "nothing" : "'\(entry.value)'")
            }
            entries[index].key = "pause-backtrack-distance"
            entries[index].value = "\(entry.value) px"
        }
    }

    /// 2 -> 3: the trail making test's `trails` section was added. A schema 2 file has none, so its
    /// settings are carried over as they are and the trails settings take their defaults.
    static let addTrails = SettingsMigration(
        from: 2,
        summary: "the trails section was added; a schema 2 file's settings are kept as they are"
    ) { (_: inout [SettingsEntry], _: String) throws(SettingsError) in }
}
