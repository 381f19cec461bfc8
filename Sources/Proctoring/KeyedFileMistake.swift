/// A mistake that maze, battery and trail layout files share, with the place it was found: they are all `key: value`
/// lines and grids read by hand-written parsers, so a wrong character, an unknown, repeated or missing key reads the
/// same in each. `MazeFileError` and `TrailLayoutFileError` carry it as their `keyed` case.
///
/// Lines and columns count from 1; a column counts characters.
public enum KeyedFileMistake: Hashable, Sendable, CustomStringConvertible {
    /// Something other than what the format allows at this place.
    case unexpected(source: String, line: Int, column: Int, expected: String, found: String)
    /// A `key:` the format does not know, and the keys it does.
    case unknownKey(source: String, line: Int, column: Int, key: String, known: [String])
    /// A `key:` given a second time.
    case duplicateKey(source: String, line: Int, column: Int, key: String, firstLine: Int)
    /// A required `key:` is absent, with a line that would give it.
    case missingKey(source: String, key: String, example: String)

    /// The line the mistake is on, if it is on one.
    public var line: Int? {
        switch self {
        case .unexpected(_, let line, _, _, _), .unknownKey(_, let line, _, _, _), .duplicateKey(_, let line, _, _, _):
            return line
        case .missingKey:
            return nil
        }
    }

    /// The column the mistake starts at, if it has one.
    public var column: Int? {
        switch self {
        case .unexpected(_, _, let column, _, _), .unknownKey(_, _, let column, _, _),
            .duplicateKey(_, _, let column, _, _):
            return column
        case .missingKey:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .unexpected(let source, let line, let column, let expected, let found):
            return "\(source), line \(line), column \(column): expected \(expected), found \(found)."
        case .unknownKey(let source, let line, let column, let key, let known):
            return "\(source), line \(line), column \(column): unknown key '\(key)'; "
                + "use one of \(known.map { "'\($0)'" }.joined(separator: ", "))."
        case .duplicateKey(let source, let line, let column, let key, let firstLine):
            return "\(source), line \(line), column \(column): '\(key)' is already given on line \(firstLine); "
                + "keep one of the two."
        case .missingKey(let source, let key, let example):
            return "\(source): the required key '\(key)' is missing; add a line such as '\(example)'."
        }
    }
}
