import Testing

@testable import Scoring

/// Blind double scoring of one clock (Rouleau: six items over two steps).
@Suite("Blind double scoring")
struct DoubleScoringTests {
    static let form = ScoredForm(steps: ["clockStep-command", "clockStep-copy"])
    static let sha = String(repeating: "ab", count: 32)
    static let first = RaterID("r01")!
    static let second = RaterID("r02")!
    static let adjudicator = RaterID("adj")!

    static func scoring(_ records: [ScoreRecord] = []) -> DoubleScoring {
        DoubleScoring(
            system: .rouleau, form: form, results: "clock.csk", resultsSHA256: sha, records: records)
    }

    /// A record of `rater` marking the items `marks` (names without the step, both steps alike).
    static func record(
        _ rater: RaterID, role: ScoreRecord.Role = .rater, _ marks: [String: String], done: Bool, at time: Int64 = 0,
        sha: String = sha
    ) -> ScoreRecord {
        ScoreRecord(
            rater: rater, role: role, unixMilliseconds: time, results: "clock.csk", resultsSHA256: sha,
            system: .rouleau,
            marks: marks.sorted { $0.key < $1.key }.map { Mark(item: $0.key, value: .category($0.value)) }, done: done)
    }

    static func all(face: String, numbers: String, hands: String, copyHands: String? = nil) -> [String: String] {
        [
            "clockStep-command/face": face, "clockStep-command/numbers": numbers, "clockStep-command/hands": hands,
            "clockStep-copy/face": face, "clockStep-copy/numbers": numbers,
            "clockStep-copy/hands": copyHands ?? hands,
        ]
    }

    @Test("The states from unscored to scored, when the raters agree")
    func statesWhenTheRatersAgree() throws {
        var scoring = Self.scoring()
        #expect(scoring.state == .unscored)
        try scoring.add(Self.record(Self.first, ["clockStep-command/face": "2"], done: false))
        #expect(scoring.state == .firstRater)
        #expect(scoring.state.label == "being scored")
        try scoring.add(Self.record(Self.first, Self.all(face: "2", numbers: "4", hands: "3"), done: true))
        #expect(scoring.state == .awaitingSecondRater(first: Self.first))
        #expect(scoring.state.label == "awaiting second rater")
        #expect(scoring.finalMarks == nil)
        try scoring.add(Self.record(Self.second, Self.all(face: "2", numbers: "4", hands: "3"), done: true))
        #expect(scoring.state == .bothDone(differences: 0))
        #expect(scoring.state.label == "scored")
        let final = try #require(scoring.finalMarks)
        #expect(StepScore.scores(of: scoring.items, marks: final).map(\.points) == [9, 9])
    }

    @Test("Differences go to a third person, who decides only them")
    func adjudication() throws {
        var scoring = Self.scoring([
            Self.record(Self.first, Self.all(face: "2", numbers: "4", hands: "3"), done: true),
            Self.record(Self.second, Self.all(face: "2", numbers: "4", hands: "3", copyHands: "4"), done: true),
        ])
        #expect(scoring.state == .bothDone(differences: 1))
        #expect(scoring.state.label == "adjudicate")
        #expect(scoring.differences.map(\.id) == ["clockStep-copy/hands"])
        #expect(throws: ScoringRefusal.adjudicatorIsRater(rater: Self.first)) {
            try scoring.add(Self.record(Self.first, role: .adjudicator, ["clockStep-copy/hands": "4"], done: true))
        }
        #expect(throws: ScoringRefusal.adjudicationOfAgreedItem(item: "clockStep-command/face")) {
            try scoring.add(
                Self.record(Self.adjudicator, role: .adjudicator, ["clockStep-command/face": "1"], done: true))
        }
        try scoring.add(Self.record(Self.adjudicator, role: .adjudicator, ["clockStep-copy/hands": "4"], done: true))
        #expect(scoring.state == .adjudicated(by: Self.adjudicator))
        #expect(scoring.state.label == "scored (adjudicated)")
        let final = try #require(scoring.finalMarks)
        #expect(StepScore.scores(of: scoring.items, marks: final).map(\.points) == [9, 10])
    }

    @Test("Nothing to adjudicate before both raters are done, or when they agree")
    func nothingToAdjudicate() throws {
        var scoring = Self.scoring([Self.record(Self.first, Self.all(face: "2", numbers: "4", hands: "3"), done: true)])
        #expect(throws: ScoringRefusal.nothingToAdjudicate(state: "awaiting second rater")) {
            try scoring.add(
                Self.record(Self.adjudicator, role: .adjudicator, ["clockStep-copy/hands": "4"], done: true))
        }
    }

    @Test("Blind: a rater sees only their own sheet until both are done")
    func blind() throws {
        var scoring = Self.scoring()
        try scoring.add(Self.record(Self.first, Self.all(face: "2", numbers: "4", hands: "3"), done: true))
        try scoring.add(Self.record(Self.second, ["clockStep-command/face": "1"], done: false))
        #expect(scoring.sheets(visibleTo: Self.second).map(\.rater) == [Self.second])
        #expect(scoring.sheets(visibleTo: Self.first).map(\.rater) == [Self.first])
        #expect(scoring.sheets(visibleTo: Self.adjudicator).isEmpty)
        #expect(FileAgreement(scoring) == nil)
        try scoring.add(Self.record(Self.second, Self.all(face: "1", numbers: "4", hands: "3"), done: true))
        #expect(scoring.sheets(visibleTo: Self.adjudicator).map(\.rater) == [Self.first, Self.second])
    }

    @Test("A later record replaces a rater's marks item by item; a done sheet takes no more")
    func laterMarksReplace() throws {
        var scoring = Self.scoring()
        try scoring.add(
            Self.record(Self.first, ["clockStep-command/face": "1", "clockStep-command/hands": "2"], done: false))
        try scoring.add(Self.record(Self.first, ["clockStep-command/face": "2"], done: false))
        #expect(scoring.raters[0].marks["clockStep-command/face"] == .category("2"))
        #expect(scoring.raters[0].marks["clockStep-command/hands"] == .category("2"))
        #expect(throws: ScoringRefusal.doneWithItemsLeft(rater: Self.first, left: 4)) {
            try scoring.add(Self.record(Self.first, [:], done: true))
        }
        try scoring.add(Self.record(Self.first, Self.all(face: "2", numbers: "4", hands: "3"), done: true))
        #expect(throws: ScoringRefusal.alreadyDone(rater: Self.first)) {
            try scoring.add(Self.record(Self.first, ["clockStep-command/face": "0"], done: false))
        }
    }

    @Test("Two raters per file: a third is refused and told to adjudicate")
    func thirdRater() throws {
        var scoring = Self.scoring()
        try scoring.add(Self.record(Self.first, ["clockStep-command/face": "1"], done: false))
        try scoring.add(Self.record(Self.second, ["clockStep-command/face": "1"], done: false))
        let third = RaterID("r03")!
        #expect(throws: ScoringRefusal.thirdRater(rater: third, raters: [Self.first, Self.second])) {
            try scoring.add(Self.record(third, ["clockStep-command/face": "1"], done: false))
        }
        #expect(
            ScoringRefusal.thirdRater(rater: third, raters: [Self.first, Self.second]).description
                == "rater r03 cannot score: r01 and r02 already score this file (two raters per file; a third person "
                + "adjudicates with --adjudicate)")
    }

    @Test("A refused first record does not make its rater one of the two")
    func refusedFirstRecordTakesNoPlace() throws {
        var scoring = Self.scoring()
        #expect(throws: ScoringRefusal.doneWithItemsLeft(rater: Self.first, left: 5)) {
            try scoring.add(Self.record(Self.first, ["clockStep-command/face": "1"], done: true))
        }
        #expect(scoring.raters.isEmpty)
        #expect(scoring.state == .unscored)
    }

    @Test("Marks off the form or off the scale, twice in a record, or for another file, are refused")
    func badMarks() {
        var scoring = Self.scoring()
        #expect(throws: ScoringRefusal.unknownItem(item: "clockStep-command/colour")) {
            try scoring.add(Self.record(Self.first, ["clockStep-command/colour": "1"], done: false))
        }
        #expect(throws: ScoringRefusal.markNotOnScale(item: "clockStep-command/face", value: "3")) {
            try scoring.add(Self.record(Self.first, ["clockStep-command/face": "3"], done: false))
        }
        var twice = Self.record(Self.first, ["clockStep-command/face": "1"], done: false)
        twice.marks += twice.marks
        #expect(throws: ScoringRefusal.duplicateItem(item: "clockStep-command/face")) { try scoring.add(twice) }
        #expect(throws: ScoringRefusal.otherFile(results: "clock.csk")) {
            try scoring.add(
                Self.record(
                    Self.first, ["clockStep-command/face": "1"], done: false, sha: String(repeating: "0", count: 64)))
        }
        #expect(scoring.state == .unscored)
    }

    @Test("Records read from a file that break the rules are listed, and the rest stand")
    func refusedRecordsFromAFile() {
        let scoring = Self.scoring([
            Self.record(Self.first, ["clockStep-command/face": "9"], done: false),
            Self.record(Self.first, ["clockStep-command/face": "1"], done: false),
            Self.record(
                Self.second, ["clockStep-command/face": "1"], done: false, sha: String(repeating: "0", count: 64)),
        ])
        #expect(scoring.refused.map(\.index) == [0, 2])
        #expect(scoring.raters.map(\.rater) == [Self.first])
    }

    /// Two raters on one symbol-digit part: 50 boxes both correct, 2 both wrong, box 6 correct / wrong, box 7
    /// correct / unreadable, box 8 blank / blank. By hand: p_o = 53/55; rater 1: correct 52, wrong 2, blank 1;
    /// rater 2: correct 50, wrong 3, unreadable 1, blank 1; p_e = (52·50 + 2·3 + 0·1 + 1·1)/55² = 2607/3025;
    /// κ = (53/55 − 2607/3025)/(1 − 2607/3025) = (2915 − 2607)/(3025 − 2607) = 308/418 = 0.7368.
    @Test("One form's agreement: per item, exact, kappa, and each step's points")
    func fileAgreement() throws {
        let form = ScoredForm(steps: ["symbolDigitStep-test"])
        let items = ScoringSystem.symbolDigitBoxes.items(on: form)
        func marks(_ special: [String: String]) -> [Mark] {
            items.enumerated().map { index, item in
                let value = special[item.name] ?? (index >= items.count - 2 ? "wrong" : "correct")
                return Mark(item: item.id, value: .category(value))
            }
        }
        func record(_ rater: RaterID, _ special: [String: String]) -> ScoreRecord {
            ScoreRecord(
                rater: rater, unixMilliseconds: 0, results: "sdt.ssk", resultsSHA256: Self.sha,
                system: .symbolDigitBoxes, marks: marks(special), done: true)
        }
        let scoring = DoubleScoring(
            system: .symbolDigitBoxes, form: form, results: "sdt.ssk", resultsSHA256: Self.sha,
            records: [
                record(Self.first, ["box-8": "blank"]),
                record(Self.second, ["box-6": "wrong", "box-7": "unreadable", "box-8": "blank"]),
            ])
        let agreement = try #require(FileAgreement(scoring))
        #expect(agreement.items.count == 55)
        #expect(
            agreement.items.filter { !$0.agrees }.map(\.item) == [
                "symbolDigitStep-test/box-6", "symbolDigitStep-test/box-7",
            ])
        #expect(agreement.exact == 53.0 / 55)
        #expect(abs(try #require(agreement.kappa) - 308.0 / 418) < 1e-12)
        #expect(agreement.steps.map(\.first) == [52])
        #expect(agreement.steps.map(\.second) == [50])
        #expect(scoring.state == .bothDone(differences: 2))
    }
}
