/// Where the blind double scoring of one results file stands.
public enum DoubleScoringState: Hashable, Sendable {
    /// No rater has marked anything.
    case unscored
    /// One or two raters are marking and neither is done.
    case firstRater
    /// One rater is done; the other has not started or is not done.
    case awaitingSecondRater(first: RaterID)
    /// Both raters are done; `differences` items have different marks (0: the scores are final).
    case bothDone(differences: Int)
    /// Both raters were done with differences and an adjudicator decided every one.
    case adjudicated(by: RaterID)

    /// The words `results`, the report and the pages show (docs/scoring.md, "States").
    public var label: String {
        switch self {
        case .unscored: "not scored"
        case .firstRater: "being scored"
        case .awaitingSecondRater: "awaiting second rater"
        case .bothDone(let differences): differences == 0 ? "scored" : "adjudicate"
        case .adjudicated: "scored (adjudicated)"
        }
    }

    /// Whether the final marks exist: both raters agree on every item, or an adjudicator decided the differences.
    public var isFinal: Bool {
        switch self {
        case .bothDone(let differences): differences == 0
        case .adjudicated: true
        default: false
        }
    }
}

/// Why a record cannot be added to a results file's scoring: each says what is wrong and what to do.
public enum ScoringRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// The record names another SHA-256 than the results file has now.
    case otherFile(results: String)
    /// The record is of another scoring system (or version) than the file is scored under.
    case otherSystem(expected: String)
    /// A mark names an item the form does not have.
    case unknownItem(item: String)
    /// A mark is not one of the item's categories, or a count out of range.
    case markNotOnScale(item: String, value: String)
    /// One record marks an item twice.
    case duplicateItem(item: String)
    /// The person's sheet is done and takes no more marks.
    case alreadyDone(rater: RaterID)
    /// Two raters (or an adjudicator) already score the file.
    case thirdRater(rater: RaterID, raters: [RaterID])
    /// Done was said with items still unmarked.
    case doneWithItemsLeft(rater: RaterID, left: Int)
    /// A rater of the file asked to adjudicate it.
    case adjudicatorIsRater(rater: RaterID)
    /// Adjudication before both raters are done, or when they agree.
    case nothingToAdjudicate(state: String)
    /// The adjudicator marked an item the raters agreed on.
    case adjudicationOfAgreedItem(item: String)

    /// What went wrong and what to do, for a person.
    public var description: String {
        switch self {
        case .otherFile(let results):
            "the record scores another file than \(results) (its SHA-256 differs): score the file as it is now"
        case .otherSystem(let expected):
            "the record uses another scoring system than \(expected): a file is scored under one system at a time"
        case .unknownItem(let item):
            "no item \(item) on this form: use an item of `styluskit score items` for this file"
        case .markNotOnScale(let item, let value):
            "\(value) is not a mark item \(item) allows: use one of the categories (or a count in range) it lists"
        case .duplicateItem(let item):
            "item \(item) is marked twice in one record: give each item once"
        case .alreadyDone(let rater):
            "rater \(rater) is done with this file and the marks are final: ask an adjudicator to decide differences"
        case .thirdRater(let rater, let raters):
            "rater \(rater) cannot score: \(raters.map(\.text).joined(separator: " and ")) already score this file "
                + "(two raters per file; a third person adjudicates with --adjudicate)"
        case .doneWithItemsLeft(let rater, let left):
            "rater \(rater) cannot be done: \(left) item\(left == 1 ? "" : "s") not marked yet; mark every item first"
        case .adjudicatorIsRater(let rater):
            "\(rater) scored this file as a rater and cannot adjudicate it: a third person adjudicates"
        case .nothingToAdjudicate(let state):
            "nothing to adjudicate: the file is \(state); adjudication comes after both raters are done and differ"
        case .adjudicationOfAgreedItem(let item):
            "item \(item) was marked the same by both raters: an adjudicator decides only the items they differ on"
        }
    }
}

/// One person's marks on one results file: the latest mark per item.
public struct ScoreSheet: Hashable, Sendable {
    /// Whose sheet it is.
    public let rater: RaterID
    /// The latest mark of each item, by item identifier.
    public internal(set) var marks: [String: MarkValue]
    public internal(set) var done: Bool
    /// When the sheet last changed (Unix milliseconds).
    public internal(set) var lastChange: Int64
}

/// The blind double scoring of one results file under one scoring system: two raters mark every item
/// independently, neither seeing the other's marks until both are done; a third person adjudicates the items
/// they marked differently (docs/scoring.md).
///
/// Pure: the caller reads the scores file, gives the records here in file order, and appends a new record
/// only after `add(_:)` accepted it.
public struct DoubleScoring: Sendable {
    /// The system the file is scored under.
    public let system: ScoringSystem
    /// The file scored (its name in the folder) and its SHA-256 now.
    public let results: String
    /// The results file's SHA-256 now: records naming another are refused.
    public let resultsSHA256: String
    /// The items of the form, in order.
    public let items: [ScoreItem]
    private let itemsByID: [String: ScoreItem]

    /// The raters in the order they first marked: at most two.
    public private(set) var raters: [ScoreSheet] = []
    public private(set) var adjudication: ScoreSheet?
    /// The records of the file that were not taken, with why (a hostile or hand-edited file, or a record of an
    /// earlier version of the results file): the scoring stands without them.
    public private(set) var refused: [(index: Int, refusal: ScoringRefusal)] = []

    /// The scoring of `results` (SHA-256 `resultsSHA256`) with the items of `form`, from the scores file's
    /// records in file order. Records of other results files are passed over; records of this file under another
    /// system, or that break the rules, are listed in `refused`.
    public init(
        system: ScoringSystem, form: ScoredForm, results: String, resultsSHA256: String, records: [ScoreRecord] = []
    ) {
        self.system = system
        self.results = results
        self.resultsSHA256 = resultsSHA256
        items = system.items(on: form)
        itemsByID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, record) in records.enumerated() where record.results == results {
            do { try add(record) } catch { refused.append((index, error)) }
        }
    }

    /// Where the scoring stands.
    public var state: DoubleScoringState {
        if let adjudication, adjudication.done { return .adjudicated(by: adjudication.rater) }
        let done = raters.filter(\.done)
        switch done.count {
        case 0: return raters.isEmpty ? .unscored : .firstRater
        case 1: return .awaitingSecondRater(first: done[0].rater)
        default: return .bothDone(differences: differences.count)
        }
    }

    /// The items both raters are done with and marked differently, in the form's order (empty until both are done).
    public var differences: [ScoreItem] {
        guard raters.count == 2, raters.allSatisfy(\.done) else { return [] }
        return items.filter { raters[0].marks[$0.id] != raters[1].marks[$0.id] }
    }

    /// The sheets `viewer` may see now: a rater sees only their own sheet until both raters are done; anyone
    /// sees every sheet after that. An adjudicator's sheet is seen with the raters'.
    public func sheets(visibleTo viewer: RaterID) -> [ScoreSheet] {
        let bothDone = raters.count == 2 && raters.allSatisfy(\.done)
        if bothDone { return raters + (adjudication.map { [$0] } ?? []) }
        return raters.filter { $0.rater == viewer }
    }

    /// The final mark of every item: the raters' where they agree, the adjudicator's where they differ; nil
    /// until the state is final.
    public var finalMarks: [String: MarkValue]? {
        guard state.isFinal, raters.count == 2 else { return nil }
        var marks = raters[0].marks
        for item in differences { marks[item.id] = adjudication?.marks[item.id] }
        return marks
    }

    /// Checks `record` against the rules and takes it: the caller appends it to the scores file only then.
    public mutating func add(_ record: ScoreRecord) throws(ScoringRefusal) {
        guard record.resultsSHA256 == resultsSHA256 else { throw .otherFile(results: results) }
        guard record.system == system else { throw .otherSystem(expected: "\(system.name) \(system.version)") }
        var seen = Set<String>()
        for mark in record.marks {
            guard let item = itemsByID[mark.item] else { throw .unknownItem(item: mark.item) }
            guard item.accepts(mark.value) else {
                throw .markNotOnScale(item: mark.item, value: mark.value.description)
            }
            guard seen.insert(mark.item).inserted else { throw .duplicateItem(item: mark.item) }
        }
        switch record.role {
        case .rater: try addRaterMarks(record)
        case .adjudicator: try addAdjudication(record)
        }
    }

    private mutating func addRaterMarks(_ record: ScoreRecord) throws(ScoringRefusal) {
        if adjudication?.rater == record.rater { throw .thirdRater(rater: record.rater, raters: raters.map(\.rater)) }
        let existing = raters.firstIndex { $0.rater == record.rater }
        if existing == nil, raters.count == 2 {
            throw .thirdRater(rater: record.rater, raters: raters.map(\.rater))
        }
        var sheet =
            existing.map { raters[$0] }
            ?? ScoreSheet(rater: record.rater, marks: [:], done: false, lastChange: record.unixMilliseconds)
        guard !sheet.done else { throw .alreadyDone(rater: record.rater) }
        for mark in record.marks { sheet.marks[mark.item] = mark.value }
        if record.done {
            let left = items.count { sheet.marks[$0.id] == nil }
            guard left == 0 else { throw .doneWithItemsLeft(rater: record.rater, left: left) }
            sheet.done = true
        }
        sheet.lastChange = record.unixMilliseconds
        if let existing { raters[existing] = sheet } else { raters.append(sheet) }
    }

    private mutating func addAdjudication(_ record: ScoreRecord) throws(ScoringRefusal) {
        if raters.contains(where: { $0.rater == record.rater }) { throw .adjudicatorIsRater(rater: record.rater) }
        let differing = Set(differences.map(\.id))
        guard !differing.isEmpty else { throw .nothingToAdjudicate(state: state.label) }
        var sheet =
            adjudication
            ?? ScoreSheet(rater: record.rater, marks: [:], done: false, lastChange: record.unixMilliseconds)
        // One adjudicator per file: a second person would silently overrule the first.
        guard sheet.rater == record.rater else { throw .thirdRater(rater: record.rater, raters: [sheet.rater]) }
        guard !sheet.done else { throw .alreadyDone(rater: record.rater) }
        for mark in record.marks {
            guard differing.contains(mark.item) else { throw .adjudicationOfAgreedItem(item: mark.item) }
        }
        for mark in record.marks { sheet.marks[mark.item] = mark.value }
        if record.done {
            let left = differing.count { sheet.marks[$0] == nil }
            guard left == 0 else { throw .doneWithItemsLeft(rater: record.rater, left: left) }
            sheet.done = true
        }
        sheet.lastChange = record.unixMilliseconds
        adjudication = sheet
    }
}
