/// Who scored: a trained rater's (or an adjudicator's) id, as the site assigns it.
///
/// An id is 1 to 32 characters, ASCII letters, digits, `.`, `_` and `-`, beginning with a letter or
/// digit, so it is safe in a file name, a table cell and a web page alike, and never a name: a
/// site keeps who a rater is in its own staff list, not in the scores it exports.
public struct RaterID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The longest id accepted.
    public static let maximumLength = 32

    /// The id as written.
    public let text: String

    /// An id from `text`, or nil when `text` breaks the rules above.
    public init?(_ text: String) {
        guard Self.isValid(text) else { return nil }
        self.text = text
    }

    /// Whether `text` is a valid id.
    public static func isValid(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= maximumLength else { return false }
        func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        return isAlphanumeric(scalars[0])
            && scalars.allSatisfy { isAlphanumeric($0) || "._-".unicodeScalars.contains($0) }
    }

    /// What the rules are, for an error message that refuses an id.
    public static let rules = "1 to 32 ASCII letters, digits, '.', '_' or '-', beginning with a letter or digit"

    /// The id as written.
    public var description: String { text }

    /// Ids sort by their text, so lists of raters are in the same order everywhere.
    public static func < (lhs: RaterID, rhs: RaterID) -> Bool { lhs.text < rhs.text }
}
