import Foundation
import Testing

/// `styluskit score` end to end: two blind raters and an adjudicator on a clock, the states `score list` says,
/// the agreement `score show` gives (checked by hand), the export, and that the results file is never touched.
@Suite("The score command")
struct ScoreCommandTests {
    static func folder() throws -> URL {
        let folder = try Paths.temporaryDirectory()
        try FileManager.default.copyItem(
            at: Paths.fixtures.appendingPathComponent("golden/clock-small.csk"),
            to: folder.appendingPathComponent("clock-small.csk"))
        return folder
    }

    static func mark(_ folder: URL, _ arguments: [String], _ marks: String) throws -> ProcessResult {
        try run(
            Paths.styluskit, ["score", "mark", "clock-small.csk"] + arguments, in: folder, input: marks)
    }

    static let allMarks = """
        # rater's sheet
        clockStep-command/face 2
        clockStep-command/numbers 4
        clockStep-command/hands 3
        clockStep-copy/face 2
        clockStep-copy/numbers 4
        clockStep-copy/hands 4
        """

    @Test("Two raters, blind until both are done; a third person adjudicates the difference")
    func doubleScoring() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let results = folder.appendingPathComponent("clock-small.csk")
        let before = try Data(contentsOf: results)

        var result = try Self.mark(folder, ["--rater", "r01", "--done"], Self.allMarks)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput == "clock-small.csk: 6 marks saved for r01, done; awaiting second rater (r01 done)\n")

        // The second rater sees only their own sheet while scoring.
        result = try Self.mark(folder, ["--rater", "r02"], "clockStep-command/face 2\n")
        #expect(result.status == 0)
        result = try run(Paths.styluskit, ["score", "show", "clock-small.csk", "--rater", "r02"], in: folder)
        #expect(result.standardOutput.contains("awaiting second rater (r01 done, r02 scoring)"))
        #expect(!result.standardOutput.contains("rater r01"))
        #expect(!result.standardOutput.contains("clockStep-copy/hands"))

        let second = Self.allMarks.replacingOccurrences(of: "command/numbers 4", with: "command/numbers 3")
        result = try Self.mark(folder, ["--rater", "r02", "--done"], second)
        #expect(
            result.standardOutput
                == "clock-small.csk: 6 marks saved for r02, done; adjudicate (r01 done, r02 done, 1 item differs)\n")

        // By hand: pairs (2,2) (4,3) (3,3) (2,2) (4,4) (4,4): p_o = 5/6; r01 puts 2,2 in "2", 3 in "4", 1 in "3";
        // r02 2 in "2", 2 in "3", 2 in "4"; p_e = (2·2 + 3·2 + 1·2)/36 = 1/3; κ = (5/6 − 1/3)/(2/3) = 0.75.
        result = try run(Paths.styluskit, ["score", "show", "clock-small.csk", "--rater", "r01"], in: folder)
        #expect(result.standardOutput.contains("agreement r01/r02: 5 of 6 items (83.3 %), kappa 0.750\n"))
        #expect(result.standardOutput.contains("  clockStep-command: points 9 / 8 (differ)\n"))
        #expect(result.standardOutput.contains("  differ: clockStep-command/numbers 4 / 3"))

        result = try Self.mark(folder, ["--rater", "r03"], "clockStep-command/face 1\n")
        #expect(result.status == 1)
        #expect(result.standardError.contains("r01 and r02 already score this file"))

        result = try Self.mark(folder, ["--rater", "r03", "--adjudicate", "--done"], "clockStep-command/numbers 4\n")
        #expect(result.status == 0, "\(result.standardError)")
        result = try run(Paths.styluskit, ["score", "list", "."], in: folder)
        #expect(
            result.standardOutput
                == "./clock-small.csk\tclock\trouleau-1992 1\tscored (adjudicated) (r01 done, r02 done, r03 adjudicated)\n"
        )

        result = try run(Paths.styluskit, ["score", "export", "."], in: folder)
        let rows = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(rows.count == 3)
        #expect(rows[1].hasPrefix("./clock-small.csk,"))
        #expect(rows[1].hasSuffix(",scored (adjudicated),clockStep-command,r01,r02,9,8,9,0,10,0.8333,0.7500,r03"))
        #expect(rows[2].hasSuffix(",clockStep-copy,r01,r02,10,10,10,0,10,0.8333,0.7500,r03"))

        #expect(try Data(contentsOf: results) == before)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["clock-small.csk", "scores.jsonl"])
    }

    @Test("Marks that are not items, or off an item's scale, are refused and nothing is written")
    func refusedMarks() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var result = try Self.mark(folder, ["--rater", "r01"], "clockStep-command/colour 2\n")
        #expect(result.status == 64)
        #expect(result.standardError.contains("marks line 1: no such item on this form; 'score items' lists them"))
        result = try Self.mark(folder, ["--rater", "r01"], "clockStep-command/face 3\n")
        #expect(result.status == 1)
        #expect(result.standardError.contains("not saved: 3 is not a mark item clockStep-command/face allows"))
        result = try Self.mark(folder, ["--rater", "r01", "--done"], "clockStep-command/face 2\n")
        #expect(result.standardError.contains("5 items not marked yet; mark every item first"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("scores.jsonl").path))
    }

    static func json(_ text: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
    }

    @Test("--json: list as JSON Lines, items and show as the scoring page's JSON, blind as the text")
    func jsonOutput() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var result = try run(Paths.styluskit, ["score", "items", "clock-small.csk", "--json"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let items = try Self.json(result.standardOutput)
        #expect(items["system"] as? String == "rouleau-1992" && items["version"] as? Int == 1)
        #expect(
            (items["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String }.first == "clockStep-command/face")
        #expect((items["items"] as? [Any])?.count == 6)

        _ = try Self.mark(folder, ["--rater", "r01", "--done"], Self.allMarks)
        _ = try Self.mark(folder, ["--rater", "r02"], "clockStep-command/face 1\n")
        result = try run(Paths.styluskit, ["score", "list", ".", "--json"], in: folder)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 1)
        let line = try Self.json(lines[0])
        #expect(line["path"] as? String == "./clock-small.csk" && line["test"] as? String == "clock")
        #expect(line["state"] as? String == "awaiting second rater")
        let raters = (line["raters"] as? [[String: Any]]) ?? []
        #expect(raters.map { $0["rater"] as? String } == ["r01", "r02"])
        #expect(raters.map { $0["done"] as? Bool } == [true, false])
        #expect(!result.standardOutput.contains("clockStep"))  // never a mark

        // Blind: r02 sees only their own sheet, and no agreement yet.
        result = try run(Paths.styluskit, ["score", "show", "clock-small.csk", "--rater", "r02", "--json"], in: folder)
        var shown = try Self.json(result.standardOutput)
        #expect((shown["sheets"] as? [[String: Any]])?.map { $0["rater"] as? String } == ["r02"])
        #expect(shown["agreement"] == nil)

        let second = Self.allMarks.replacingOccurrences(of: "command/numbers 4", with: "command/numbers 3")
        _ = try Self.mark(folder, ["--rater", "r02", "--done"], second)
        result = try run(Paths.styluskit, ["score", "show", "clock-small.csk", "--rater", "r02", "--json"], in: folder)
        shown = try Self.json(result.standardOutput)
        // By hand as in doubleScoring: 5 of 6 items the same, kappa 0.75, command step 9 against 8.
        let agreement = try #require(shown["agreement"] as? [String: Any])
        #expect(agreement["itemsAgreeing"] as? Int == 5 && agreement["itemsCompared"] as? Int == 6)
        #expect(agreement["kappa"] as? Double == 0.75)
        #expect(shown["differences"] as? [String] == ["clockStep-command/numbers"])
        #expect((shown["sheets"] as? [Any])?.count == 2)
    }
}
