import Proctoring
import StylusGeometry
import Testing

@testable import Scoring

@Suite("Scoring systems' items")
struct ScoringSystemTests {
    @Test("The symbol-digit system marks every box but the samples, with the digit the key expects")
    func symbolDigitBoxes() throws {
        let form = ScoredForm(steps: ["symbolDigitStep-test", "symbolDigitStep-copy", "symbolDigitStep-test-2"])
        let items = ScoringSystem.symbolDigitBoxes.items(on: form)
        #expect(items.count == 3 * 55)
        let first = try #require(items.first)
        #expect(first.id == "symbolDigitStep-test/box-6")
        #expect(first.label == "box 6 (row 1, column 6)")
        #expect(items.last?.id == "symbolDigitStep-test-2/box-60")
        let key = SymbolDigitForm(
            step: SymbolDigitStep(round: 2, part: .test), origin: FormPosition(xCentimetres: 0, yCentimetres: 0))
        let round2 = items.filter { $0.step == "symbolDigitStep-test-2" }
        #expect(round2.map(\.expected) == key.boxes.dropFirst(5).map { String($0.expectedDigit) })
        #expect(first.accepts(.category("unreadable")))
        #expect(!first.accepts(.category("maybe")))
        #expect(!first.accepts(.count(1)))
    }

    @Test("Display mode's key is the alternate digits")
    func displayModeKey() {
        let standard = ScoringSystem.symbolDigitBoxes.items(on: ScoredForm(steps: ["symbolDigitStep-test"]))
        let display = ScoringSystem.symbolDigitBoxes.items(
            on: ScoredForm(steps: ["symbolDigitStep-test"], displayMode: true))
        #expect(display.count == 55)
        #expect(
            zip(standard, display).allSatisfy { pair in
                pair.1.expected == String(SymbolDigitSymbols.alternateDigits[Int(pair.0.expected!)! - 1])
            })
    }

    @Test("Steps a system does not score have no items", arguments: ScoringSystem.allCases)
    func otherSteps(system: ScoringSystem) {
        let form = ScoredForm(steps: [
            "instructions", "symbolDigitStep-", "symbolDigitStep-test-1", "symbolDigitStep-test-x", "mazeStep-",
            "clockStep-draw", "symbolDigitStep-recall",
        ])
        #expect(system.items(on: form).isEmpty)
    }

    @Test("Rouleau's clock: three items a step, 2 + 4 + 4 points")
    func rouleau() {
        let items = ScoringSystem.rouleau.items(on: ScoredForm(steps: ["clockStep-command", "clockStep-copy"]))
        #expect(
            items.map(\.id) == [
                "clockStep-command/face", "clockStep-command/numbers", "clockStep-command/hands",
                "clockStep-copy/face", "clockStep-copy/numbers", "clockStep-copy/hands",
            ])
        let perfect = Dictionary(
            uniqueKeysWithValues: items.map { item in
                (item.id, MarkValue.category(item.name == "face" ? "2" : "4"))
            })
        let scores = StepScore.scores(of: items, marks: perfect)
        #expect(scores.map(\.points) == [10, 10])
        #expect(scores.map(\.maximumPoints) == [10, 10])
        #expect(!items[0].accepts(.category("3")))
        #expect(items[1].accepts(.category("3")))
    }

    @Test("The maze checklist: the exit reached, and two counts of errors")
    func mazeChecklist() {
        let items = ScoringSystem.mazeChecklist.items(
            on: ScoredForm(steps: ["mazeStep-calibration", "mazeStep-choice"]))
        #expect(items.count == 6)
        let marks: [String: MarkValue] = [
            "mazeStep-calibration/exit": .category("yes"), "mazeStep-calibration/blind-alleys": .count(0),
            "mazeStep-calibration/walls-crossed": .count(0), "mazeStep-choice/exit": .category("no"),
            "mazeStep-choice/blind-alleys": .count(2),
        ]
        let scores = StepScore.scores(of: items, marks: marks)
        #expect(scores.map(\.points) == [1, 0])
        #expect(scores.map(\.errors) == [0, 3])
        #expect(scores[1].counts == ["blind-alleys": 2])
        #expect(scores[1].unmarked == 1)
        #expect(!items[1].accepts(.count(-1)))
        #expect(!items[1].accepts(.count(100)))
    }

    @Test("A symbol-digit part's score is its correct boxes; wrong and unreadable are errors, blank is not")
    func symbolDigitScore() {
        let items = ScoringSystem.symbolDigitBoxes.items(on: ScoredForm(steps: ["symbolDigitStep-test"]))
        var marks: [String: MarkValue] = [:]
        for (index, item) in items.enumerated() {
            marks[item.id] = .category(
                index < 30 ? "correct" : index < 32 ? "wrong" : index < 33 ? "unreadable" : "blank")
        }
        let score = StepScore.scores(of: items, marks: marks)[0]
        #expect(score.points == 30)
        #expect(score.maximumPoints == 55)
        #expect(score.errors == 3)
        #expect(score.categories == ["correct": 30, "wrong": 2, "unreadable": 1, "blank": 22])
    }

    @Test("Rater ids: letters, digits, '.', '_', '-', up to 32, not beginning with punctuation")
    func raterIDs() {
        #expect(RaterID("r01") != nil)
        #expect(RaterID("site-2.rater_A") != nil)
        #expect(RaterID(String(repeating: "a", count: 32)) != nil)
        for bad in ["", "-r", ".r", "r 1", "r/1", "ré", String(repeating: "a", count: 33), "r\n", "<b>"] {
            #expect(RaterID(bad) == nil, "\(bad)")
        }
    }

    @Test("Systems are found by name and version, and each test has a standard one")
    func systemsByName() {
        #expect(ScoringSystem.named("rouleau-1992", version: 1) == .rouleau)
        #expect(ScoringSystem.named("rouleau-1992", version: 2) == nil)
        #expect(ScoringSystem.standard(forTest: "sdt") == .symbolDigitBoxes)
        #expect(ScoringSystem.standard(forTest: "clock") == .rouleau)
        #expect(ScoringSystem.standard(forTest: "maze") == .mazeChecklist)
        #expect(ScoringSystem.standard(forTest: "trails") == nil)
    }
}

extension ScoringSystemTests {
    @Test("The older generation's symbol-digit steps are scored, without a key when the form is not StylusKit's")
    func olderGeneration() {
        let form = ScoredForm(
            steps: ["symbolDigitStep-symbol-digit", "symbolDigitStep-digit-digit"], keyKnown: false)
        let items = ScoringSystem.symbolDigitBoxes.items(on: form)
        #expect(items.count == 110)
        #expect(items.first?.id == "symbolDigitStep-symbol-digit/box-6")
        #expect(items.allSatisfy { $0.expected == nil })
    }
}
