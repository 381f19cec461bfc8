import Foundation
import Measures
import SystemErrors

/// A study's normative ranges for the report: per test and measure, the low and high ends of
/// the usual values (docs/report.md).
///
/// A CSV file, one range a line: `test,measure,low,high,label`. `test` is `clock`, `maze`, `sdt`
/// or `*` (every test); `measure` a column of `styluskit features --level test`; `low` or `high`
/// may be empty for a range open at that end; `label` (optional) says whose norms they are. A
/// first line starting `test,` is the header; blank lines and lines starting `#` are skipped.
/// Lines end in LF, CRLF (as Excel writes) or CR alike; a file with no range line is refused.
public struct NormativeRanges: Hashable, Sendable {
    /// One range.
    public struct Range: Hashable, Sendable {
        public var test: String
        public var measure: String
        public var low: Double?
        public var high: Double?
        public var label: String?

        public init(test: String, measure: String, low: Double?, high: Double?, label: String? = nil) {
            self.test = test
            self.measure = measure
            self.low = low
            self.high = high
            self.label = label
        }

        /// Where `value` lies against the range.
        public func place(_ value: Double) -> RangePlace {
            if let low, value < low { return .below }
            if let high, value > high { return .above }
            return .within
        }
    }

    public var ranges: [Range]

    public init(ranges: [Range] = []) {
        self.ranges = ranges
    }

    /// The range of `measure` in `test`: one for that test before one for every test (`*`).
    public func range(test: String, measure: String) -> Range? {
        ranges.first { $0.test == test && $0.measure == measure }
            ?? ranges.first { $0.test == "*" && $0.measure == measure }
    }

    /// The measures a range may name: the numeric columns of `features --level test`.
    public static let measures = Set(MeasureLevel.test.columns).subtracting(["test"])

    /// The tests a range may name.
    public static let tests: Set<String> = ["clock", "maze", "sdt", "trails", "*"]

    /// Reads the CSV text of a ranges file; `source` names it in errors.
    ///
    /// - Throws: `ReportError.badRanges` for a bad line, `.noRanges` when no line is a range.
    public init(csv text: String, source: String) throws(ReportError) {
        var ranges: [Range] = []
        // Split at any line end: "\r\n" is one Character, which a split at "\n" never matches, so
        // a file from Excel was one header line and every measure silently had no range.
        for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            let number = offset + 1
            if line.isEmpty || line.hasPrefix("#") || (ranges.isEmpty && line.lowercased().hasPrefix("test,")) {
                continue
            }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            func bad(_ detail: String) -> ReportError { .badRanges(file: source, line: number, detail: detail) }
            guard fields.count == 4 || fields.count == 5 else {
                throw bad("it has \(fields.count) fields; write test,measure,low,high or test,measure,low,high,label")
            }
            guard Self.tests.contains(fields[0]) else {
                throw bad("the test '\(fields[0])' is not clock, maze, sdt, trails or *")
            }
            guard !fields[1].isEmpty else {
                throw bad("the measure is empty; give a column of `styluskit features --level test`")
            }
            guard Self.measures.contains(fields[1]) else {
                throw bad("'\(fields[1])' is not a column of `styluskit features --level test` (docs/measures.md)")
            }
            func bound(_ field: String, _ name: String) throws(ReportError) -> Double? {
                if field.isEmpty { return nil }
                guard let value = Double(field), value.isFinite else {
                    throw bad("its \(name) '\(field)' is not a number")
                }
                return value
            }
            let low = try bound(fields[2], "low end")
            let high = try bound(fields[3], "high end")
            guard low != nil || high != nil else {
                throw bad("both ends are empty; give a low end, a high end or both")
            }
            if let low, let high, low > high {
                throw bad("its low end \(fields[2]) is above its high end \(fields[3])")
            }
            let label = fields.count == 5 && !fields[4].isEmpty ? fields[4] : nil
            ranges.append(Range(test: fields[0], measure: fields[1], low: low, high: high, label: label))
        }
        guard !ranges.isEmpty else { throw .noRanges(file: source) }
        self.ranges = ranges
    }

    /// Reads the ranges file at `path`.
    public init(file path: String) throws(ReportError) {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .cannotReadRanges(file: path, reason: SystemErrorText.reason(error))
        }
        try self.init(csv: text, source: path)
    }
}

/// Where a value lies against its normative range.
public enum RangePlace: String, Hashable, Sendable, Codable {
    case below, within, above

    /// The words the report prints beside the value: out of range in capitals, never by colour alone.
    public var words: String {
        switch self {
        case .below: "BELOW RANGE"
        case .within: "within range"
        case .above: "ABOVE RANGE"
        }
    }
}
