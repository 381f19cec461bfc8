public import ADF
internal import Foundation
public import Measures
import SystemErrors

/// The formats of a table of measures.
public enum FeaturesFormat: String, Sendable, CaseIterable {
    case csv
    /// JSON Lines: one object per row, the same keys as the CSV header (docs/json/features.md).
    case json

    public var fileExtension: String { self == .csv ? "csv" : "jsonl" }
}

/// A table of measures as CSV (RFC 4180) or JSON Lines, with a `file` column first and, after
/// the measures, where the input stands in a visit and whether it is invalid ADF.
public struct FeaturesTable: Sendable {
    /// The columns after the measures (docs/json/features.md): the participant and visit of an
    /// input in a visit folder (named as the exports name them), the test's index in visit.json,
    /// and, for a results file measured with `--allow-invalid`, its first problem (null when valid).
    public static let trailingColumns = ["participant_id", "visit_folder", "visit_test", "invalid"]

    public let format: FeaturesFormat
    public let header: [String]
    public private(set) var text: String
    public private(set) var rowCount = 0

    /// An empty table of `level`'s columns after `file`.
    public init(format: FeaturesFormat, level: MeasureLevel) {
        self.format = format
        header = ["file"] + level.columns + Self.trailingColumns
        text = format == .csv ? header.map(Self.csvField).joined(separator: ",") + "\n" : ""
    }

    /// Adds `row`, measured from `file`, which stands at `place` in a visit and is invalid ADF
    /// when `invalid` says so.
    public mutating func append(
        file: String, _ row: MeasureRow, place: VisitPlace? = nil, invalid: ADFInvalidFile? = nil
    ) {
        let trailing: [MeasureValue] = [
            .text(place?.participant), .text(place?.visit), .count(place?.test), .text(invalid?.summary),
        ]
        let values = [MeasureValue.text(file)] + row.values + trailing
        rowCount += 1
        switch format {
        case .csv:
            var line = ""
            for (index, value) in values.enumerated() {
                if index > 0 { line += "," }
                line += Self.csvCell(value)
            }
            text += line + "\n"
        case .json:
            let pairs = zip(header, values).map { key, value in
                let json = value.text.map { value.isText ? JSONString.quoted($0) : $0 } ?? "null"
                return JSONString.quoted(key) + ":" + json
            }
            text += "{" + pairs.joined(separator: ",") + "}\n"
        }
    }

    /// The text and rows appended since the last call (for CSV, the header first), taken out of the table: a
    /// table written as it is measured keeps no row in memory.
    public mutating func takeText() -> String {
        defer { text = "" }
        return text
    }

    /// `value` as a CSV cell: a number or a count as written (digits, a point and a leading minus, which
    /// `csvField` would keep as they are), a word through `csvField`, a missing value empty.
    static func csvCell(_ value: MeasureValue) -> String {
        guard let text = value.text else { return "" }
        return value.isText ? csvField(text) : text
    }

    /// A field safe to open in a spreadsheet: neutralised against formulas (`neutralised`), then quoted
    /// when it holds a comma, a quote, a CR or an LF, its quotes doubled.
    public static func csvField(_ field: String) -> String {
        let field = neutralised(field)
        // Bytes, not Characters: Swift reads CR LF as one Character, equal to neither "\r" nor "\n", so a
        // value holding CR LF went out unquoted and split its row.
        let special = field.utf8.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }
        guard special else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `field` with an apostrophe put before it when it begins with `=`, `+`, `-`, `@`, a tab or a CR and is
    /// not a number, as OWASP's "CSV Injection" advises: a spreadsheet would run it as a formula
    /// (README.md, "Exporting visits", says what REDCap imports then). Numbers (`-1.5`, `+2`) are kept.
    public static func neutralised(_ field: String) -> String {
        guard let first = field.utf8.first, "=+-@\t\r".utf8.contains(first), Double(field) == nil else {
            return field
        }
        return "'" + field
    }

    /// The path of the table of `level` in `directory`: `DIR/features-LEVEL.csv` (or `.jsonl`).
    public func path(in directory: String, level: MeasureLevel) -> String {
        (directory as NSString).appendingPathComponent("features-\(level.rawValue).\(format.fileExtension)")
    }

    /// Opens `file` in `directory` (created if missing) for the table to be written into as it is
    /// measured; an existing table is refused unless `force`.
    ///
    /// - Throws: `FeaturesError.outputExists` or `.cannotWrite`.
    public func file(_ file: String, directory: String, force: Bool) throws -> FeaturesTableFile {
        if FileManager.default.fileExists(atPath: file), !force { throw FeaturesError.outputExists(file: file) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            return FeaturesTableFile(writer: try WholeFile.Writer(path: file), force: force)
        } catch let error as WholeFileError {
            throw FeaturesError.cannotWrite(file: file, why: error.reason)
        } catch {
            throw FeaturesError.cannotWrite(file: file, why: SystemErrorText.reason(error))
        }
    }
}

/// A table's file written as its inputs are measured: under a temporary name in its folder until
/// `commit` puts it in place whole, so a kill or a full disk never leaves half a table under its name.
public struct FeaturesTableFile {
    let writer: WholeFile.Writer
    let force: Bool

    /// The file the table goes to.
    public var path: String { writer.path }

    /// Adds `text` (`FeaturesTable.takeText()`) to the file.
    public func write(_ text: String) { writer.write(text) }

    /// Puts the finished table in place: over an existing one only with `force`.
    ///
    /// - Throws: `FeaturesError.outputExists` when another writer's table came first (two runs into one
    ///   folder without `--force`; it is kept), `.cannotWrite` when the disk refused.
    public func commit() throws {
        let file = writer.path
        do {
            guard try writer.commit(replacing: force) else { throw FeaturesError.outputExists(file: file) }
        } catch let error as WholeFileError {
            throw FeaturesError.cannotWrite(file: file, why: error.reason)
        }
    }
}
