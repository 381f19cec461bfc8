/// `export csv`: the rows of the REDCap import for R or pandas: statuses as words, times as
/// visit.json has them (UTC ISO 8601), each results file's path instead of a file-upload field.
public struct PlainExport: Sendable {
    public let records: [VisitRecord]
    public let fields: VisitFields

    public init(records: [VisitRecord]) {
        self.records = records
        fields = VisitFields(for: records)
    }

    /// The columns: the REDCap fields but the record id; `*_results_file` holds the file's path.
    public var columns: [VisitField] { fields.fields.filter { $0.content != .recordID } }

    /// The table: a header, one row per visit.
    public var text: String {
        var text = CSVText.line(columns.map(\.name))
        for record in records {
            text += CSVText.line(columns.map { fields.value($0, of: record, recordID: "", coded: false) })
        }
        return text
    }
}
