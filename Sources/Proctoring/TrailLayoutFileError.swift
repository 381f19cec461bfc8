/// A mistake in a trail making layout file, with where it was found and what to write instead.
///
/// Lines and columns count from 1; a column counts characters.
public enum TrailLayoutFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A mistake every keyed file can make: an unexpected character, an unknown, repeated or missing key.
    case keyed(KeyedFileMistake)
    /// The circles listed are not as many as the part has.
    case circleCount(source: String, line: Int?, part: TrailPart, found: Int)
    /// The file is bigger than any layout: it is not one.
    case tooLarge(source: String, bytes: Int, limit: Int)

    /// The line the mistake is on, if it is on one.
    public var line: Int? {
        switch self {
        case .keyed(let mistake): return mistake.line
        case .circleCount(_, let line, _, _): return line
        case .tooLarge: return nil
        }
    }

    public var description: String {
        switch self {
        case .keyed(let mistake):
            return mistake.description
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
