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

    /// A field quoted when it holds a comma, a quote or a line break, its quotes doubled.
    public static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
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
            try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw FeaturesError.cannotWrite(file: file, why: SystemErrorText.reason(error))
        }
    }
}
