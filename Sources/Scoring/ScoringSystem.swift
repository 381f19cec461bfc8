import Proctoring
import StylusGeometry

/// What a scoring system needs to know of a results file: its steps and how its form was drawn.
///
/// The caller reads these from the results file (ADF TaskData's step identifiers, the symbol-digit
/// `setID`), so the model never reads a file.
public struct ScoredForm: Hashable, Sendable {
    /// The steps' identifiers, in the file's order (`clockStep-command`, `mazeStep-choice`, `symbolDigitStep-copy-2`).
    public var steps: [String]
    /// The symbol-digit form was drawn in display mode (its alternate key).
    public var displayMode: Bool
    /// The symbol-digit form is StylusKit's (its `setID` is `styluskit-…`), so its key is known; a file of the older
    /// generation (`setID` `form-A`) had another symbol order, and its boxes are scored without the expected digit.
    public var keyKnown: Bool

    public init(steps: [String], displayMode: Bool = false, keyKnown: Bool = true) {
        self.steps = steps
        self.displayMode = displayMode
        self.keyKnown = keyKnown
    }
}

/// A published (or documented) way of scoring one test, by the items a rater marks (docs/scoring.md).
///
/// A system's `name` and `version` are written with every mark, so scores made under an older version stay
/// readable and are never mixed with a newer one's.
public enum ScoringSystem: String, CaseIterable, Hashable, Sendable {
    /// The symbol-digit form box by box: correct, wrong, unreadable or blank; the score is the correct boxes
    /// (as the Symbol Digit Modalities Test counts correct substitutions).
    case symbolDigitBoxes = "styluskit-symbol-digit"
    /// The clock by Rouleau, Salmon, Butters, Kennedy and McGuire (1992): clock face 0-2, numbers 0-4, hands
    /// 0-4; 10 points per step.
    case rouleau = "rouleau-1992"
    /// The maze by what a rater checks on the ink: the exit reached, blind alleys entered, walls crossed.
    case mazeChecklist = "styluskit-maze"

    /// The name written in the scores file.
    public var name: String { rawValue }

    /// The version written in the scores file; a change to the items or categories makes a new version.
    public var version: Int { 1 }

    /// The test it scores, as `TestKind` names it (`clock`, `maze`, `sdt`).
    public var test: String {
        switch self {
        case .symbolDigitBoxes: "sdt"
        case .rouleau: "clock"
        case .mazeChecklist: "maze"
        }
    }

    /// The system of `test` a rater uses unless told otherwise.
    public static func standard(forTest test: String) -> ScoringSystem? {
        allCases.first { $0.test == test }
    }

    /// The system called `name` at `version`, if this build knows it.
    public static func named(_ name: String, version: Int) -> ScoringSystem? {
        allCases.first { $0.name == name && $0.version == version }
    }

    /// A one-line title, with its reference.
    public var title: String {
        switch self {
        case .symbolDigitBoxes:
            "Symbol-digit boxes (correct substitutions, as in Smith's Symbol Digit Modalities Test, 1982)"
        case .rouleau:
            "Clock drawing, Rouleau et al. 1992 (Brain and Cognition 18:70-87), 10 points"
        case .mazeChecklist:
            "Maze checklist (StylusKit): exit reached, blind alleys entered, walls crossed"
        }
    }

    /// The items a rater marks on `form`, step by step in the form's order, then item by item.
    ///
    /// Steps the system does not score (an instructions step, another test's step) have no items.
    public func items(on form: ScoredForm) -> [ScoreItem] {
        form.steps.flatMap { step in items(ofStep: step, on: form) }
    }

    private func items(ofStep step: String, on form: ScoredForm) -> [ScoreItem] {
        switch self {
        case .symbolDigitBoxes:
            guard let symbolDigitStep = SymbolDigitStepName.parse(step) else { return [] }
            return SymbolDigitScoring.items(
                step: symbolDigitStep, named: step, displayMode: form.displayMode, keyKnown: form.keyKnown)
        case .rouleau:
            guard ClockStep.allCases.contains(where: { $0.identifier == step }) else { return [] }
            return RouleauScoring.items(step: step)
        case .mazeChecklist:
            guard step.hasPrefix("mazeStep-"), step.count > "mazeStep-".count else { return [] }
            return MazeChecklist.items(step: step)
        }
    }
}

/// Reads a symbol-digit step identifier back: `symbolDigitStep-<part>` or `symbolDigitStep-<part>-<round>`.
enum SymbolDigitStepName {
    static func parse(_ identifier: String) -> SymbolDigitStep? {
        let prefix = "symbolDigitStep-"
        guard identifier.hasPrefix(prefix) else { return nil }
        // The older generation named its two parts by their structure identifiers (adf.md).
        switch identifier {
        case "symbolDigitStep-symbol-digit": return SymbolDigitStep(round: 1, part: .test)
        case "symbolDigitStep-digit-digit": return SymbolDigitStep(round: 1, part: .copy)
        default: break
        }
        let words = identifier.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
        guard let part = words.first.flatMap({ SymbolDigitPart(rawValue: String($0)) }) else { return nil }
        switch words.count {
        case 1: return SymbolDigitStep(round: 1, part: part)
        case 2:
            guard let round = Int(words[1]), round >= 2, round <= 9 else { return nil }
            return SymbolDigitStep(round: round, part: part)
        default: return nil
        }
    }
}

/// The symbol-digit system's items: every box that is not a sample.
enum SymbolDigitScoring {
    static let categories = [
        ScoreCategory(name: "correct", points: 1, meaning: "the digit the key expects, legibly written"),
        ScoreCategory(name: "wrong", points: 0, isError: true, meaning: "a legible digit other than the key's"),
        ScoreCategory(
            name: "unreadable", points: 0, isError: true, meaning: "ink in the box that is not a legible digit"),
        ScoreCategory(name: "blank", points: 0, meaning: "no answer written in the box"),
    ]

    static func items(step: SymbolDigitStep, named identifier: String, displayMode: Bool, keyKnown: Bool)
        -> [ScoreItem]
    {
        // The boxes do not depend on where the form lies, only on the round, part and key.
        let form = SymbolDigitForm(
            step: step, displayMode: displayMode, origin: FormPosition(xCentimetres: 0, yCentimetres: 0))
        return form.boxes.filter { !$0.isSample }.map { box in
            ScoreItem(
                step: identifier, name: "box-\(box.index + 1)",
                label: "box \(box.index + 1) (row \(box.row + 1), column \(box.column + 1))",
                scale: .categories(categories), expected: keyKnown ? String(box.expectedDigit) : nil)
        }
    }
}

/// Rouleau, Salmon, Butters, Kennedy and McGuire (1992), "Quantitative and qualitative analyses of clock
/// drawings in Alzheimer's and Huntington's disease", Brain and Cognition 18(1):70-87: the 10-point scale.
enum RouleauScoring {
    static func levels(_ meanings: [String]) -> ItemScale {
        .categories(
            meanings.enumerated().map { points, meaning in
                ScoreCategory(name: String(points), points: points, meaning: meaning)
            })
    }

    static func items(step: String) -> [ScoreItem] {
        [
            ScoreItem(
                step: step, name: "face", label: "Integrity of the clock face (0-2)",
                scale: levels([
                    "absent or totally inappropriate",
                    "incomplete or some distortion",
                    "present without gross distortion",
                ])),
            ScoreItem(
                step: step, name: "numbers", label: "Presence and sequencing of the numbers (0-4)",
                scale: levels([
                    "absence or poor representation of numbers",
                    "missing or added numbers and gross spatial distortions",
                    "numbers missing or added but no gross distortion of the remaining numbers; or numbers placed "
                        + "counterclockwise; or all present but gross distortion in spatial layout (hemineglect, "
                        + "numbers outside the clock)",
                    "all present but errors in spatial arrangement",
                    "all present in the right order and at most minimal error in the spatial arrangement",
                ])),
            ScoreItem(
                step: step, name: "hands", label: "Presence and placement of the hands (0-4)",
                scale: levels([
                    "no hands or perseveration on hands",
                    "only one hand or poor representation of two hands",
                    "major errors in the placement of the hands (significantly out of course, including 10 to 11)",
                    "slight errors in the placement of the hands or no representation of size difference between "
                        + "the hands",
                    "hands in correct position and the size difference respected",
                ])),
        ]
    }
}

/// The maze checklist: what a rater sees on the ink over the maze.
enum MazeChecklist {
    /// More than any maze of the batteries has corridors; a count above it is a typing error.
    static let maximumCount = 99

    static func items(step: String) -> [ScoreItem] {
        [
            ScoreItem(
                step: step, name: "exit", label: "The path reaches the exit",
                scale: .categories([
                    ScoreCategory(name: "yes", points: 1, meaning: "the ink joins the start to the exit"),
                    ScoreCategory(name: "no", points: 0, isError: true, meaning: "the ink stops before the exit"),
                ])),
            ScoreItem(
                step: step, name: "blind-alleys", label: "Blind alleys entered (count)",
                scale: .count(maximum: maximumCount)),
            ScoreItem(
                step: step, name: "walls-crossed", label: "Walls crossed (count)", scale: .count(maximum: maximumCount)),
        ]
    }
}
