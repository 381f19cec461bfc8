import Foundation
import Scoring
import Testing
import Visits

/// The scores file: its line format, a hostile file read without harm, and appends that keep the rules.
@Suite("The scores file")
struct ScoresFileTests {
    static let sha = String(repeating: "0f", count: 32)
    static let rater = RaterID("r01")!

    static func record(_ marks: [Mark], rater: RaterID = rater, done: Bool = false) -> ScoreRecord {
        ScoreRecord(
            rater: rater, unixMilliseconds: 1_795_757_400_123, results: "clock-20261127T050000Z.csk",
            resultsSHA256: sha, system: .rouleau, marks: marks, done: done)
    }

    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "scoring-tests-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("A record's line: sorted keys, ISO time in UTC with milliseconds, categories as value, counts as count")
    func lineFormat() {
        let line = ScoresFileFormat.line(
            for: Self.record([
                Mark(item: "clockStep-command/face", value: .category("2")),
                Mark(item: "mazeStep-x/walls-crossed", value: .count(3)),
            ]))
        #expect(
            line
                == #"{"done":false,"format":"styluskit-scores","marks":[{"item":"clockStep-command/face","value":"2"},"#
                + #"{"count":3,"item":"mazeStep-x/walls-crossed"}],"rater":"r01","results":"clock-20261127T050000Z.csk","#
                + #""role":"rater","sha256":"\#(Self.sha)","system":"rouleau-1992","systemVersion":1,"#
                + #""time":"2026-11-27T05:30:00.123Z","version":1}"# + "\n")
        let parsed = ScoresFileFormat.parse(Data(line.utf8))
        #expect(parsed.problems.isEmpty)
        #expect(
            parsed.records == [
                Self.record([
                    Mark(item: "clockStep-command/face", value: .category("2")),
                    Mark(item: "mazeStep-x/walls-crossed", value: .count(3)),
                ])
            ])
    }

    @Test("A hostile file: every bad line is passed over by number, never quoted, and the good ones stand")
    func hostileLines() {
        let good = ScoresFileFormat.line(
            for: Self.record([Mark(item: "clockStep-command/face", value: .category("2"))]))
        func edited(_ from: String, _ to: String) -> String { good.replacingOccurrences(of: from, with: to) }
        let lines = [
            good,
            "secret patient name\n",
            edited(#""version":1"#, #""version":2"#),
            edited(#""rater":"r01""#, #""rater":"../etc""#),
            edited(#""role":"rater""#, #""role":"boss""#),
            edited("2026-11-27T05:30:00.123Z", "yesterday"),
            edited("2026-11-27T05:30:00.123Z", "99999-11-27T05:30:00.123Z"),
            edited(#""results":"clock-20261127T050000Z.csk""#, #""results":"..\/visit.json""#),
            edited(Self.sha, String(repeating: "A", count: 64)),
            edited(#""system":"rouleau-1992""#, #""system":"shulman""#),
            edited(#""value":"2""#, #""value":"2","count":2"#),
            edited(#""format":"styluskit-scores""#, #""format":"other""#),
            "[1,2,3]\n",
            "\n",
            String(repeating: "x", count: ScoresFileFormat.maximumLineBytes + 1) + "\n",
            good,
            #"{"cut short"#,
        ]
        let contents = ScoresFileFormat.parse(Data(lines.joined().utf8))
        #expect(contents.records.count == 2)
        #expect(contents.problems.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 17])
        #expect(contents.problems.allSatisfy { !$0.reason.contains("secret") && !$0.reason.contains("etc") })
        #expect(contents.problems.last?.description == "line 17: the last line is incomplete (a write was cut short)")
    }

    @Test(
        "A time in the year 0000 or before is passed over: Foundation reads it but would write another year back",
        arguments: ["-2026-11-27T05:30:00.123Z", "0000-01-01T00:00:00.000Z", "-0001-01-01T00:00:00.000Z"])
    func yearsThatDoNotReadBack(time: String) {
        let good = ScoresFileFormat.line(
            for: Self.record([Mark(item: "mazeStep-x/walls-crossed", value: .count(3))]))
        let contents = ScoresFileFormat.parse(
            Data(good.replacingOccurrences(of: "2026-11-27T05:30:00.123Z", with: time).utf8))
        #expect(contents.records.isEmpty)
        #expect(contents.problems.map(\.description) == ["line 1: the time is not an ISO 8601 UTC time"])
        // The earliest year that does read back still stands.
        #expect(ScoresFileFormat.unixMilliseconds("0001-01-01T00:00:00.000Z") == -62_135_769_600_000)
    }

    @Test("Appending: the rules are checked against the file under its lock; a refusal writes nothing")
    func appendChecksTheRules() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = ScoresFile(folder: folder)
        #expect(try file.read().records.isEmpty)
        let form = ScoredForm(steps: ["clockStep-command"])
        func check(_ record: ScoreRecord) -> (ScoresFileContents) throws(ScoringRefusal) -> Void {
            { contents throws(ScoringRefusal) in
                var scoring = DoubleScoring(
                    system: .rouleau, form: form, results: record.results, resultsSHA256: Self.sha,
                    records: contents.records)
                try scoring.add(record)
            }
        }
        let off = Self.record([Mark(item: "clockStep-command/face", value: .category("7"))])
        #expect(throws: ScoresFileError.refused(.markNotOnScale(item: "clockStep-command/face", value: "7"))) {
            try file.append(off, check: check(off))
        }
        // A refused first record leaves no empty file behind.
        #expect(!FileManager.default.fileExists(atPath: file.path))
        let first = Self.record([Mark(item: "clockStep-command/face", value: .category("2"))])
        try file.append(first, check: check(first))
        #expect(throws: ScoresFileError.refused(.markNotOnScale(item: "clockStep-command/face", value: "7"))) {
            try file.append(off, check: check(off))
        }
        #expect(
            ScoresFileError.refused(.markNotOnScale(item: "clockStep-command/face", value: "7")).description
                == "not saved: 7 is not a mark item clockStep-command/face allows: use one of the categories (or a count "
                + "in range) it lists")
        #expect(try file.read().records == [first])
        #expect(try String(contentsOfFile: file.path, encoding: .utf8) == ScoresFileFormat.line(for: first))
    }

    @Test("A write cut short does not swallow the next record")
    func appendAfterACutShortLine() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = ScoresFile(folder: folder)
        try Data(#"{"done":fal"#.utf8).write(to: URL(fileURLWithPath: file.path))
        let record = Self.record([Mark(item: "clockStep-command/face", value: .category("2"))])
        try file.append(record) { _ throws(ScoringRefusal) in }
        let contents = try file.read()
        #expect(contents.records == [record])
        #expect(contents.problems.map(\.line) == [1])
    }

    @Test("A link, a folder or a FIFO in the scores file's place is refused, not followed or opened")
    func notARegularFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = ScoresFile(folder: folder)
        let target = folder + "/elsewhere.jsonl"
        try Data().write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: target)
        let record = Self.record([])
        #expect(throws: ScoresFileError.notARegularFile(path: file.path)) { try file.read() }
        #expect(throws: ScoresFileError.notARegularFile(path: file.path)) {
            try file.append(record) { _ throws(ScoringRefusal) in }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)).isEmpty)
        try FileManager.default.removeItem(atPath: file.path)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(throws: ScoresFileError.notARegularFile(path: file.path)) { try file.read() }
        #expect(throws: ScoresFileError.notARegularFile(path: file.path)) {
            try file.append(record) { _ throws(ScoringRefusal) in }
        }
    }
}
