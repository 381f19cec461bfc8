/// Agreement between raters: Cohen's kappa for categories, exact agreement, and intraclass correlations for
/// totals (docs/scoring.md, "Agreement").
public enum Agreement {
    /// The share of pairs whose two marks are equal, 0...1; nil for no pairs.
    public static func exact<Value: Equatable>(_ pairs: [(Value, Value)]) -> Double? {
        guard !pairs.isEmpty else { return nil }
        return Double(pairs.count { $0.0 == $0.1 }) / Double(pairs.count)
    }

    /// Cohen's (1960) kappa of two raters' categories: (p_o − p_e) / (1 − p_e), where p_o is the share of items
    /// both raters put in the same category and p_e the share expected by chance, Σ over categories of the
    /// product of the two raters' marginal shares.
    ///
    /// nil when there are no pairs, or when p_e is 1 (both raters put every item in one and the same category:
    /// kappa is undefined, and the exact agreement of 1 says what there is to say).
    public static func cohensKappa<Category: Hashable>(_ pairs: [(Category, Category)]) -> Double? {
        guard !pairs.isEmpty else { return nil }
        let n = Double(pairs.count)
        var first: [Category: Int] = [:]
        var second: [Category: Int] = [:]
        for (a, b) in pairs {
            first[a, default: 0] += 1
            second[b, default: 0] += 1
        }
        let observed = Double(pairs.count { $0.0 == $0.1 }) / n
        let chance = first.reduce(0.0) { sum, entry in
            sum + Double(entry.value) / n * Double(second[entry.key] ?? 0) / n
        }
        guard chance < 1 else { return nil }
        return (observed - chance) / (1 - chance)
    }

    /// The intraclass correlations of Shrout and Fleiss (1979) for `ratings`: one row per target (a results file),
    /// one column per rater, every cell filled.
    ///
    /// nil when there are fewer than two targets or two raters, a row is not as long as the first, or a
    /// denominator is 0 (every rating equal).
    public static func intraclassCorrelation(_ ratings: [[Double]]) -> IntraclassCorrelation? {
        let n = ratings.count
        guard n >= 2, let k = ratings.first?.count, k >= 2, ratings.allSatisfy({ $0.count == k }) else { return nil }
        let grand = ratings.joined().reduce(0, +) / Double(n * k)
        let rowMeans = ratings.map { $0.reduce(0, +) / Double(k) }
        let columnMeans = (0..<k).map { j in ratings.reduce(0) { $0 + $1[j] } / Double(n) }
        let total = ratings.joined().reduce(0) { $0 + ($1 - grand) * ($1 - grand) }
        let between = Double(k) * rowMeans.reduce(0) { $0 + ($1 - grand) * ($1 - grand) }
        let judges = Double(n) * columnMeans.reduce(0) { $0 + ($1 - grand) * ($1 - grand) }
        let bms = between / Double(n - 1)
        let jms = judges / Double(k - 1)
        let wms = (total - between) / Double(n * (k - 1))
        let ems = (total - between - judges) / Double((n - 1) * (k - 1))
        let kd = Double(k)
        let nd = Double(n)
        let denominators = [bms + (kd - 1) * wms, bms + (kd - 1) * ems + kd * (jms - ems) / nd, bms + (kd - 1) * ems]
        guard denominators.allSatisfy({ $0 != 0 }), bms != 0, bms + (jms - ems) / nd != 0 else { return nil }
        return IntraclassCorrelation(
            oneWaySingle: (bms - wms) / denominators[0],
            twoWayRandomSingle: (bms - ems) / denominators[1],
            twoWayMixedSingle: (bms - ems) / denominators[2],
            oneWayMean: (bms - wms) / bms,
            twoWayRandomMean: (bms - ems) / (bms + (jms - ems) / nd),
            twoWayMixedMean: (bms - ems) / bms)
    }
}

/// The six intraclass correlations of Shrout and Fleiss (1979), "Intraclass correlations: uses in assessing rater
/// reliability", Psychological Bulletin 86(2):420-428.
public struct IntraclassCorrelation: Hashable, Sendable {
    /// ICC(1,1): each target rated by different raters, one rating.
    public var oneWaySingle: Double
    /// ICC(2,1): raters a random sample, absolute agreement of one rater. The one StylusKit reports for totals.
    public var twoWayRandomSingle: Double
    /// ICC(3,1): these raters only, consistency of one rater.
    public var twoWayMixedSingle: Double
    /// ICC(1,k): the mean of k ratings.
    public var oneWayMean: Double
    /// ICC(2,k).
    public var twoWayRandomMean: Double
    /// ICC(3,k).
    public var twoWayMixedMean: Double
}

/// How the two raters of one results file agree: item by item, overall, and on each step's points.
public struct FileAgreement: Hashable, Sendable {
    /// One item's two marks.
    public struct ItemAgreement: Hashable, Sendable {
        /// The item's identifier.
        public var item: String
        /// The first rater's mark.
        public var first: MarkValue
        /// The second rater's mark.
        public var second: MarkValue
        /// Whether both marked the item the same.
        public var agrees: Bool { first == second }
    }

    /// One step's points by each rater.
    public struct StepAgreement: Hashable, Sendable {
        /// The step's identifier.
        public var step: String
        /// The first rater's points.
        public var first: Int
        /// The second rater's points.
        public var second: Int
        /// Whether both gave the step the same points.
        public var agrees: Bool { first == second }
    }

    /// The rater who marked the file first.
    public var first: RaterID
    /// The other rater.
    public var second: RaterID
    /// Every item both marked, in the form's order.
    public var items: [ItemAgreement]
    /// Every step's points by each rater.
    public var steps: [StepAgreement]
    /// The share of items marked the same, 0...1.
    public var exact: Double?
    /// Cohen's kappa over the items marked with categories (nil when undefined: see `Agreement.cohensKappa`).
    public var kappa: Double?

    /// The agreement of `scoring`'s two raters, once both are done (the raters must not see it before); nil
    /// until then.
    public init?(_ scoring: DoubleScoring) {
        let sheets = scoring.raters
        guard sheets.count == 2, sheets.allSatisfy(\.done) else { return nil }
        first = sheets[0].rater
        second = sheets[1].rater
        items = scoring.items.compactMap { item in
            guard let a = sheets[0].marks[item.id], let b = sheets[1].marks[item.id] else { return nil }
            return ItemAgreement(item: item.id, first: a, second: b)
        }
        let firstScores = StepScore.scores(of: scoring.items, marks: sheets[0].marks)
        let secondScores = StepScore.scores(of: scoring.items, marks: sheets[1].marks)
        steps = zip(firstScores, secondScores).map {
            StepAgreement(step: $0.step, first: $0.points, second: $1.points)
        }
        exact = Agreement.exact(items.map { ($0.first, $0.second) })
        let categoryPairs: [(String, String)] = items.compactMap {
            guard case .category(let a) = $0.first, case .category(let b) = $0.second else { return nil }
            return (a, b)
        }
        kappa = Agreement.cohensKappa(categoryPairs)
    }
}
