/// One category an item may be marked with, and what it is worth.
public struct ScoreCategory: Hashable, Sendable {
    /// The word stored in the scores file (`correct`, `2`, `yes`).
    public var name: String
    /// What the category adds to its step's score.
    public var points: Int
    /// Whether the category counts as an error in the step's error count.
    public var isError: Bool = false
    /// What a rater checks before choosing it, in the words of the scoring system's publication.
    public var meaning: String
}

/// What a rater records for an item.
public enum ItemScale: Hashable, Sendable {
    /// One of the categories (nominal or ordinal: agreement on it is Cohen's kappa).
    case categories([ScoreCategory])
    /// A number of errors the rater counts, 0 up to `maximum` (agreement on it is exact agreement or an ICC).
    case count(maximum: Int)

    /// The category called `name`, if the scale has one.
    public func category(named name: String) -> ScoreCategory? {
        guard case .categories(let categories) = self else { return nil }
        return categories.first { $0.name == name }
    }
}

/// One thing a rater marks on one step of a results file: a symbol-digit box, an item of the clock's scoring
/// system, a check of a maze.
public struct ScoreItem: Hashable, Sendable, Identifiable {
    /// The identifier marks name the item by: `<step>/<name>` (`clockStep-command/hands`,
    /// `symbolDigitStep-test/box-6`). Unique within a results file.
    public var id: String { "\(step)/\(name)" }
    /// The step's identifier in the results file (ADF TaskData), as the proctor named it.
    public var step: String
    /// The item's name within the step.
    public var name: String
    /// What the rater is asked, for a page or a printed sheet.
    public var label: String
    /// What the rater may mark: categories or a count.
    public var scale: ItemScale
    /// The answer the form's key expects, shown beside the ink (the digit of a symbol-digit box); nil when the
    /// item has no key.
    public var expected: String?

    /// Whether `value` is a mark this item's scale allows.
    public func accepts(_ value: MarkValue) -> Bool {
        switch (scale, value) {
        case (.categories, .category(let name)): scale.category(named: name) != nil
        case (.count(let maximum), .count(let count)): (0...maximum).contains(count)
        default: false
        }
    }
}

/// A rater's mark on one item.
public enum MarkValue: Hashable, Sendable, CustomStringConvertible {
    /// The name of one of the item's categories.
    case category(String)
    /// A number of errors counted.
    case count(Int)

    /// The word or number the scores file and the pages show.
    public var description: String {
        switch self {
        case .category(let name): name
        case .count(let count): String(count)
        }
    }
}

/// One item marked: the item's identifier (`ScoreItem.id`) and the mark.
public struct Mark: Hashable, Sendable {
    /// The item's identifier (`ScoreItem.id`).
    public var item: String
    /// The mark.
    public var value: MarkValue

    public init(item: String, value: MarkValue) {
        self.item = item
        self.value = value
    }
}
