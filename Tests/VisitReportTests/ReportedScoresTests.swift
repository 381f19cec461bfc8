import Features
import Foundation
import Scoring
import Testing

@testable import VisitReport

/// The report's scoring lines (docs/scoring.md, "Where the scores are read").
@Suite("Scores in the report")
struct ReportedScoresTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/golden/clock-small.csk")

    @Test("No scores file: no line, so a report without scoring is unchanged; then the state, final points, agreement")
    func scoreLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scores-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("clock-small.csk").path
        try FileManager.default.copyItem(atPath: Self.golden.path, toPath: path)
        #expect(VisitReportContent.scoreLines(ofResults: path).isEmpty)

        let file = try ResultsScoring(path: path)
        let items = try file.scoring().0.items
        func save(_ rater: String, hands: String) throws {
            let marks = items.map { item in
                Mark(item: item.id, value: .category(item.name == "face" ? "2" : item.name == "hands" ? hands : "4"))
            }
            _ = try file.save(
                ScoreRecord(
                    rater: RaterID(rater)!, unixMilliseconds: 0, results: file.name, resultsSHA256: file.sha256,
                    system: .rouleau, marks: marks, done: true))
        }
        try save("r01", hands: "4")
        #expect(
            VisitReportContent.scoreLines(ofResults: path) == [
                "Scores (rouleau-1992 1): awaiting second rater; raters r01"
            ])
        try save("r02", hands: "3")
        // Pairs: face (2,2) ×2, numbers (4,4) ×2, hands (4,3) ×2: p_o = 4/6; r01 "2" 2, "4" 4; r02 "2" 2, "4" 2,
        // "3" 2; p_e = (2·2 + 4·2)/36 = 1/3; κ = (2/3 − 1/3)/(2/3) = 0.5.
        #expect(
            VisitReportContent.scoreLines(ofResults: path) == [
                "Scores (rouleau-1992 1): adjudicate; raters r01, r02",
                "Raters' agreement: 4 of 6 items, Cohen's kappa 0.50",
            ])
        _ = try file.save(
            ScoreRecord(
                rater: RaterID("adj")!, role: .adjudicator, unixMilliseconds: 0, results: file.name,
                resultsSHA256: file.sha256, system: .rouleau,
                marks: [
                    Mark(item: "clockStep-command/hands", value: .category("4")),
                    Mark(item: "clockStep-copy/hands", value: .category("3")),
                ], done: true))
        #expect(
            VisitReportContent.scoreLines(ofResults: path).first
                == "Scores (rouleau-1992 1): scored (adjudicated), clockStep-command 10/10, clockStep-copy 9/10; raters "
                + "r01, r02, adjudicator adj")
    }
}
