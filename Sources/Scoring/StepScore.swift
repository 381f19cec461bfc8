/// One step's score from a set of marks: the points, the errors, and how many items took each category.
public struct StepScore: Hashable, Sendable {
    /// The step's identifier (`symbolDigitStep-test`).
    public var step: String
    /// The sum of the marked categories' points: the correct boxes of a symbol-digit part, Rouleau's 0-10, the
    /// exits reached.
    public var points: Int
    /// The most points the step's items can give.
    public var maximumPoints: Int
    /// The errors: items marked with an error category, plus every count (blind alleys, walls crossed).
    public var errors: Int
    /// How many items took each category, by category name (`wrong`: 2).
    public var categories: [String: Int]
    /// The sum of each counted item, by item name (`walls-crossed`: 1).
    public var counts: [String: Int]
    /// Items with no mark.
    public var unmarked: Int

    /// The scores of every step of `items` (in their order) from `marks`, by item identifier.
    public static func scores(of items: [ScoreItem], marks: [String: MarkValue]) -> [StepScore] {
        var scores: [StepScore] = []
        for item in items {
            if scores.last?.step != item.step {
                scores.append(
                    StepScore(
                        step: item.step, points: 0, maximumPoints: 0, errors: 0, categories: [:], counts: [:],
                        unmarked: 0))
            }
            var score = scores[scores.count - 1]
            if case .categories(let categories) = item.scale {
                score.maximumPoints += categories.map(\.points).max() ?? 0
            }
            switch marks[item.id] {
            case nil:
                score.unmarked += 1
            case .category(let name)?:
                let category = item.scale.category(named: name)
                score.points += category?.points ?? 0
                score.errors += category?.isError == true ? 1 : 0
                score.categories[name, default: 0] += 1
            case .count(let count)?:
                score.errors += count
                score.counts[item.name, default: 0] += count
            }
            scores[scores.count - 1] = score
        }
        return scores
    }
}
