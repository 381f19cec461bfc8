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
            text += values.map { Self.csvField($0.text ?? "") }.joined(separator: ",") + "\n"
        case .json:
            let pairs = zip(header, values).map { key, value in
                let json = value.text.map { value.isText ? JSONString.quoted($0) : $0 } ?? "null"
                return JSONString.quoted(key) + ":" + json
            }
            text += "{" + pairs.joined(separator: ",") + "}\n"
        }
    }

    /// A field safe to open in a spreadsheet: neutralised against formulas (`neutralised`), then quoted
    /// when it holds a comma, a quote, a CR or an LF, its quotes doubled.
    public static func csvField(_ field: String) -> String {
        let field = neutralised(field)
        // Bytes, not Characters: Swift reads CR LF as one Character, equal to neither "\r" nor "\n", so a
        // value holding CR LF went out unquoted and split its row.
        let special: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "\""), UInt8(ascii: "\n"), UInt8(ascii: "\r")]
        guard field.utf8.contains(where: special.contains) else { return field }
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

    /// Writes the table to `file` in `directory` (created if missing) under a temporary name,
    /// then renames it; an existing table is kept unless `force`.
    public func write(to file: String, directory: String, force: Bool) throws {
        let manager = FileManager.default
        if manager.fileExists(atPath: file), !force { throw FeaturesError.outputExists(file: file) }
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            if force {
                try WholeFile.write(Data(text.utf8), to: file)
            } else if try !WholeFile.writeNew(Data(text.utf8), to: file) {
                // Another writer's table came first (two runs into one folder): it is kept.
                throw FeaturesError.outputExists(file: file)
            }
        } catch let error as WholeFileError {
            throw FeaturesError.cannotWrite(file: file, why: error.reason)
        } catch let error as FeaturesError {
            throw error
        } catch {
            throw FeaturesError.cannotWrite(file: file, why: SystemErrorText.reason(error))
        }
    }
}
