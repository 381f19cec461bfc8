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

    /// The largest ranges file read: a range for every measure of every test, each with a label, is tens of
    /// kilobytes.
    public static let maximumBytes = 1 << 20
    /// The most ranges a file may give: more than one per measure and test is not a study's ranges.
    public static let maximumRanges = 10_000

    /// Reads the CSV text of a ranges file; `source` names it in errors. No field is quoted in an error: a file
    /// given by mistake (a patients' list) would be printed, and error text ends up in logs.
    ///
    /// - Throws: `ReportError.badRanges` for a bad line, `.noRanges` when no line is a range.
    public init(csv text: String, source: String) throws(ReportError) {
        guard text.utf8.count <= Self.maximumBytes else {
            throw .badRanges(
                file: source, line: 1,
                detail: "the file is \(text.utf8.count) bytes; a ranges file is at most \(Self.maximumBytes)")
        }
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
                throw bad("its test (the first field) is not clock, maze, sdt, trails or *")
            }
            guard !fields[1].isEmpty else {
                throw bad("the measure is empty; give a column of `styluskit features --level test`")
            }
            guard Self.measures.contains(fields[1]) else {
                throw bad("its measure is not a column of `styluskit features --level test` (docs/measures.md)")
            }
            func bound(_ field: String, _ name: String) throws(ReportError) -> Double? {
                if field.isEmpty { return nil }
                guard let value = Double(field), value.isFinite else {
                    throw bad("its \(name) is not a number")
                }
                return value
            }
            let low = try bound(fields[2], "low end")
            let high = try bound(fields[3], "high end")
            guard low != nil || high != nil else {
                throw bad("both ends are empty; give a low end, a high end or both")
            }
            if let low, let high, low > high {
                throw bad("its low end is above its high end")
            }
            let label = fields.count == 5 && !fields[4].isEmpty ? fields[4] : nil
            guard ranges.count < Self.maximumRanges else {
                throw bad("it is range \(ranges.count + 1); a ranges file gives at most \(Self.maximumRanges)")
            }
            ranges.append(Range(test: fields[0], measure: fields[1], low: low, high: high, label: label))
        }
        guard !ranges.isEmpty else { throw .noRanges(file: source) }
        self.ranges = ranges
    }

    /// Reads the ranges file at `path`.
    public init(file path: String) throws(ReportError) {
        let text: String
        do {
            // A FIFO would hang the report, and a huge file is no ranges file: both are refused before reading.
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw ReportError.cannotReadRanges(file: path, reason: "it is not a regular file")
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            guard size <= Self.maximumBytes else {
                throw ReportError.badRanges(
                    file: path, line: 1,
                    detail: "the file is \(size) bytes; a ranges file is at most \(Self.maximumBytes)")
            }
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch let error as ReportError {
            throw error
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
