import Exports
import Features
import Foundation
import Scoring
import TestMaterials
import Testing
import Visits

/// The scoring columns of `export csv` and `export redcap` (docs/scoring.md, "Where the scores are read").
@Suite("Scores in the exports")
struct ScoreExportTests {
    @Test("A clock scored by two raters who agree: its state, final points, agreement and raters; others not scored")
    func scoredClock() throws {
        let scene = try VisitScene()
        let record = try VisitRecord.read(scene.complete)
        let clock = try #require(record.tests.first { $0.kind == .clock }?.resultsPath)
        let file = try ResultsScoring(path: clock)
        let (scoring, _) = try file.scoring()
        // Every item 2 (the face's most) or 3: command 2 + 3 + 3 = 8, copy the same.
        let marks = scoring.items.map { Mark(item: $0.id, value: .category($0.name == "face" ? "2" : "3")) }
        for rater in ["r01", "r02"] {
            _ = try file.save(
                ScoreRecord(
                    rater: RaterID(rater)!, unixMilliseconds: 1_795_000_000_000, results: file.name,
                    resultsSHA256: file.sha256, system: .rouleau, marks: marks, done: true))
        }
        let exported = try VisitRecord.read(scene.complete)
        let fields = VisitFields(for: [exported])
        func value(_ name: String) throws -> String {
            let field = try #require(fields.fields.first { $0.name == name }, "\(name)")
            return fields.value(field, of: exported, recordID: "x", coded: true)
        }
        #expect(try value("clock_score_state") == "scored")
        #expect(try value("clock_score_system") == "rouleau-1992 1")
        #expect(try value("clock_score_points") == "16")
        #expect(try value("clock_score_errors") == "0")
        #expect(try value("clock_score_steps") == "clockStep-command 8/10; clockStep-copy 8/10")
        #expect(try value("clock_score_agreement") == "1.0000")
        // Two categories both raters used the same way: kappa is 1.
        #expect(try value("clock_score_kappa") == "1.0000")
        #expect(try value("clock_score_raters") == "r01 r02")
        #expect(try value("maze_score_state") == "not scored")
        #expect(try value("maze_score_points") == "")
        #expect(try value("sdt_score_state") == "", "a skipped test has no results file to score")
        let names = fields.fields.map(\.name)
        #expect(
            try #require(names.firstIndex(of: "clock_score_raters")) + 1 == names.firstIndex(of: "clock_results_file"))
        let text = PlainExport(records: [exported]).text
        #expect(text.split(separator: "\n").first?.contains(",clock_score_state,clock_score_system,") == true)
    }
}
