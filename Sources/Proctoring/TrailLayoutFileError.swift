/// A mistake in a trail making layout file, with where it was found and what to write instead.
///
/// Lines and columns count from 1; a column counts characters.
public enum TrailLayoutFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Something other than what the format allows at this place.
    case unexpected(source: String, line: Int, column: Int, expected: String, found: String)
    /// A `key:` the format does not know.
    case unknownKey(source: String, line: Int, column: Int, key: String, known: [String])
    /// A `key:` given a second time.
    case duplicateKey(source: String, line: Int, column: Int, key: String, firstLine: Int)
    /// A required `key:` is absent.
    case missingKey(source: String, key: String, example: String)
    /// The circles listed are not as many as the part has.
    case circleCount(source: String, line: Int?, part: TrailPart, found: Int)
    /// The file is bigger than any layout: it is not one.
    case tooLarge(source: String, bytes: Int, limit: Int)

    /// The line the mistake is on, if it is on one.
    public var line: Int? {
        switch self {
        case .unexpected(_, let line, _, _, _), .unknownKey(_, let line, _, _, _), .duplicateKey(_, let line, _, _, _):
            return line
        case .circleCount(_, let line, _, _):
            return line
        case .missingKey, .tooLarge:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .unexpected(let source, let line, let column, let expected, let found):
            return KeyedFileMessage.unexpected(
                source: source, line: line, column: column, expected: expected, found: found)
        case .unknownKey(let source, let line, let column, let key, let known):
            return KeyedFileMessage.unknownKey(source: source, line: line, column: column, key: key, known: known)
        case .duplicateKey(let source, let line, let column, let key, let firstLine):
            return KeyedFileMessage.duplicateKey(
                source: source, line: line, column: column, key: key, firstLine: firstLine)
        case .missingKey(let source, let key, let example):
            return KeyedFileMessage.missingKey(source: source, key: key, example: example)
        case .circleCount(let source, let line, let part, let found):
            let place = line.map { "\(source), line \($0)" } ?? source
            return "\(place): part \(part.rawValue) has \(part.circleCount) circles (\(TrailLayout.labelList(part))), "
                + "the file lists \(found); list one circle per label, in that order."
        case .tooLarge(let source, let bytes, let limit):
            return "\(source): the file has \(bytes) bytes, more than any layout (at most \(limit)); "
                + "give a layout file (docs/trails-layouts.md)."
        }
    }
}

extension TrailLayout {
    /// The labels of `part` in order, for messages: `1, A, 2, B, … 13`.
    static func labelList(_ part: TrailPart) -> String {
        let labels = part.labels
        guard labels.count > 4 else { return labels.joined(separator: ", ") }
        return labels.prefix(4).joined(separator: ", ") + ", … " + labels.last!
    }
}
