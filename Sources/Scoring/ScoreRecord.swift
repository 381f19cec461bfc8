/// One line of the scores file: a rater's marks on one results file under one scoring system (docs/scoring.md).
///
/// The file is append-only: a later record of the same rater on the same file and system replaces that
/// rater's earlier marks item by item; nothing is ever rewritten. The record names the results file's SHA-256,
/// so a mark can never be taken for a mark on another file.
public struct ScoreRecord: Hashable, Sendable {
    /// Whose marks these are.
    public enum Role: String, CaseIterable, Hashable, Sendable {
        /// One of the two raters who score independently.
        case rater
        /// A third person who decides the items the raters marked differently.
        case adjudicator
    }

    /// Who marked.
    public var rater: RaterID
    /// Whether as one of the two raters or as the adjudicator.
    public var role: Role
    /// When the marks were saved: Unix milliseconds (UTC), given by the caller (the model reads no clock).
    public var unixMilliseconds: Int64
    /// The results file's name, relative to the folder the scores file is in.
    public var results: String
    /// The results file's SHA-256 at the time it was scored, 64 lowercase hexadecimal digits.
    public var resultsSHA256: String
    /// The scoring system (and its version) the marks are on.
    public var system: ScoringSystem
    /// The items marked in this record; an item not named keeps the rater's earlier mark.
    public var marks: [Mark]
    /// The rater says the sheet is finished: every item is marked and the marks are final. A rater's sheet
    /// once done takes no more marks.
    public var done: Bool

    public init(
        rater: RaterID, role: Role = .rater, unixMilliseconds: Int64, results: String, resultsSHA256: String,
        system: ScoringSystem, marks: [Mark], done: Bool
    ) {
        self.rater = rater
        self.role = role
        self.unixMilliseconds = unixMilliseconds
        self.results = results
        self.resultsSHA256 = resultsSHA256
        self.system = system
        self.marks = marks
        self.done = done
    }

    /// Whether `text` is a SHA-256 as records hold it.
    public static func isSHA256(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
