public import Foundation
public import Scoring

/// A line of a scores file that was not taken, and why: the line's number and a reason in words, never the line's
/// contents (a hand-edited file may hold anything, patient details included).
public struct ScoresFileProblem: Hashable, Sendable, CustomStringConvertible {
    /// 1-based.
    public var line: Int
    public var reason: String

    public var description: String { "line \(line): \(reason)" }
}

/// What a scores file holds: the records read, in file order, and the lines passed over.
public struct ScoresFileContents: Sendable {
    public var records: [ScoreRecord] = []
    public var problems: [ScoresFileProblem] = []
}

/// The scores file's format: JSON Lines, one `ScoreRecord` a line, UTF-8, each line ending in `\n`
/// (docs/scoring.md, "The scores file").
///
/// ```
/// {"done":false,"format":"styluskit-scores","marks":[{"item":"clockStep-command/face","value":"2"}],
///  "rater":"r01","results":"clock-20261127T050000Z.csk","role":"rater","sha256":"…","system":"rouleau-1992",
///  "systemVersion":1,"time":"2026-11-27T05:30:00.123Z","version":1}
/// ```
/// (one line in the file). A count is `{"item":…,"count":2}`. Keys are written sorted, so a record's line is
/// the same bytes on every machine.
public enum ScoresFileFormat {
    /// The `format` word of every record.
    public static let formatName = "styluskit-scores"
    /// The `version` this StylusKit writes and reads; a record of a newer version is passed over and said.
    public static let version = 1
    /// The longest line read: far above a record of every item of the largest form (about 15 kB).
    public static let maximumLineBytes = 1 << 20
    /// The most marks one record may carry.
    public static let maximumMarks = 2000
    /// The longest results file name a record may name.
    public static let maximumResultsNameBytes = 255

    private struct Line: Codable {
        struct MarkLine: Codable {
            var item: String
            var value: String?
            var count: Int?
        }

        var format: String
        var version: Int
        var rater: String
        var role: String
        var time: String
        var results: String
        var sha256: String
        var system: String
        var systemVersion: Int
        var done: Bool
        var marks: [MarkLine]
    }

    /// The line of `record`, ending in `\n`.
    public static func line(for record: ScoreRecord) -> String {
        let line = Line(
            format: formatName, version: version, rater: record.rater.text, role: record.role.rawValue,
            time: time(unixMilliseconds: record.unixMilliseconds), results: record.results,
            sha256: record.resultsSHA256, system: record.system.name, systemVersion: record.system.version,
            done: record.done,
            marks: record.marks.map { mark in
                switch mark.value {
                case .category(let name): Line.MarkLine(item: mark.item, value: name, count: nil)
                case .count(let count): Line.MarkLine(item: mark.item, value: nil, count: count)
                }
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, integers and booleans cannot fail.
        let data = (try? encoder.encode(line)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The records of a scores file's bytes, and the lines passed over with why. Never throws: a damaged line is
    /// a problem, and the records around it stand. A last line without its `\n` (a write cut short) is passed
    /// over too.
    public static func parse(_ bytes: Data) -> ScoresFileContents {
        var contents = ScoresFileContents()
        let newline = UInt8(ascii: "\n")
        var start = bytes.startIndex
        var number = 0
        while start < bytes.endIndex {
            number += 1
            guard let end = bytes[start...].firstIndex(of: newline) else {
                contents.problems.append(
                    ScoresFileProblem(line: number, reason: "the last line is incomplete (a write was cut short)"))
                break
            }
            let slice = bytes[start..<end]
            start = bytes.index(after: end)
            if slice.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) { continue }
            switch record(slice) {
            case .success(let record): contents.records.append(record)
            case .failure(let problem):
                contents.problems.append(ScoresFileProblem(line: number, reason: problem.reason))
            }
        }
        return contents
    }

    private struct LineProblem: Error {
        var reason: String
    }

    private static func record(_ bytes: Data) -> Result<ScoreRecord, LineProblem> {
        guard bytes.count <= maximumLineBytes else {
            return .failure(LineProblem(reason: "longer than \(maximumLineBytes) bytes"))
        }
        guard let line = try? JSONDecoder().decode(Line.self, from: Data(bytes)) else {
            return .failure(LineProblem(reason: "not a score record (JSON with every key of docs/scoring.md)"))
        }
        guard line.format == formatName else { return .failure(LineProblem(reason: "format is not \(formatName)")) }
        guard line.version == version else {
            return .failure(
                LineProblem(reason: "a record of version \(line.version); this StylusKit reads version \(version)"))
        }
        guard let rater = RaterID(line.rater) else {
            return .failure(LineProblem(reason: "the rater id breaks the rules (\(RaterID.rules))"))
        }
        guard let role = ScoreRecord.Role(rawValue: line.role) else {
            return .failure(LineProblem(reason: "the role is neither rater nor adjudicator"))
        }
        guard let unixMilliseconds = unixMilliseconds(line.time) else {
            return .failure(LineProblem(reason: "the time is not an ISO 8601 UTC time"))
        }
        guard isResultsName(line.results) else {
            return .failure(LineProblem(reason: "the results file is not a plain file name in the folder"))
        }
        guard ScoreRecord.isSHA256(line.sha256) else {
            return .failure(LineProblem(reason: "sha256 is not 64 lowercase hexadecimal digits"))
        }
        guard let system = ScoringSystem.named(line.system, version: line.systemVersion) else {
            return .failure(LineProblem(reason: "a scoring system this StylusKit does not know (name and version)"))
        }
        guard line.marks.count <= maximumMarks else {
            return .failure(LineProblem(reason: "more than \(maximumMarks) marks"))
        }
        var marks: [Mark] = []
        for mark in line.marks {
            switch (mark.value, mark.count) {
            case (let value?, nil): marks.append(Mark(item: mark.item, value: .category(value)))
            case (nil, let count?): marks.append(Mark(item: mark.item, value: .count(count)))
            default: return .failure(LineProblem(reason: "a mark has neither or both of value and count"))
            }
        }
        return .success(
            ScoreRecord(
                rater: rater, role: role, unixMilliseconds: unixMilliseconds, results: line.results,
                resultsSHA256: line.sha256, system: system, marks: marks, done: line.done))
    }

    /// Whether `name` names a file in the scores file's own folder: no folder part, no `..`, no control characters.
    public static func isResultsName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maximumResultsNameBytes && name != "." && name != ".."
            && !name.contains("/") && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// A record's time: `2026-11-27T05:30:00.123Z`.
    public static func time(unixMilliseconds: Int64) -> String {
        formatter().string(from: Date(timeIntervalSince1970: Double(unixMilliseconds) / 1000))
    }

    /// Unix milliseconds of a record's time, nil when it is not one or when `time(unixMilliseconds:)` would not
    /// write it back as the same instant.
    public static func unixMilliseconds(_ time: String) -> Int64? {
        let reader = formatter()
        guard time.utf8.count <= 40, let date = reader.date(from: time) else { return nil }
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        // Int64(_:) traps outside its range: a hostile year must be a refusal, not a crash.
        guard milliseconds.isFinite, abs(milliseconds) < 1e15 else { return nil }
        // Foundation reads the years 0000 and before (`-2026-11-27T...`) but writes them as other years, so a record
        // read with one would change its time when the file is written again (the fuzzer's finding 8, ROBUSTNESS.md).
        guard let again = reader.date(from: Self.time(unixMilliseconds: Int64(milliseconds))),
            (again.timeIntervalSince1970 * 1000).rounded() == milliseconds
        else { return nil }
        return Int64(milliseconds)
    }

    private static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
