/// The words of the mistakes that maze, battery and trail layout files share: they are all `key: value` lines
/// and grids read by hand-written parsers, so a wrong character, an unknown, repeated or missing key reads the same
/// in each.
enum KeyedFileMessage {
    /// Something other than what the format allows at this place.
    static func unexpected(source: String, line: Int, column: Int, expected: String, found: String) -> String {
        "\(source), line \(line), column \(column): expected \(expected), found \(found)."
    }

    /// A `key:` the format does not know, and the keys it does.
    static func unknownKey(source: String, line: Int, column: Int, key: String, known: [String]) -> String {
        "\(source), line \(line), column \(column): unknown key '\(key)'; "
            + "use one of \(known.map { "'\($0)'" }.joined(separator: ", "))."
    }

    /// A `key:` given a second time.
    static func duplicateKey(source: String, line: Int, column: Int, key: String, firstLine: Int) -> String {
        "\(source), line \(line), column \(column): '\(key)' is already given on line \(firstLine); "
            + "keep one of the two."
    }

    /// A required `key:` is absent, with a line that would give it.
    static func missingKey(source: String, key: String, example: String) -> String {
        "\(source): the required key '\(key)' is missing; add a line such as '\(example)'."
    }
}
