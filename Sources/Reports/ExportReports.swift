import ADF
public import Exports

/// What `export redcap` wrote: the four files, and how many visits, fields and uploads (docs/json/export-redcap.md).
public struct ExportREDCapReport: CommandReport {
    /// The data dictionary written, by its path.
    public var dictionary: String
    /// The records (import) CSV written, by its path.
    public var records: String
    /// `files.csv`, the results files to upload, by its path.
    public var files: String
    /// The README written beside them, by its path.
    public var readme: String
    /// How many visits were exported (one record each).
    public var visits: Int
    /// The dictionary's fields, the file uploads included.
    public var fields: Int
    /// The import file's columns.
    public var importColumns: Int
    /// The results files `files.csv` lists for the API's file import.
    public var uploads: Int

    /// The report of `export`, written to `paths` (dictionary, records, files, README, in that order).
    public init(_ export: REDCapExport, paths: [String]) {
        dictionary = paths[0]
        records = paths[1]
        files = paths[2]
        readme = paths[3]
        visits = export.records.count
        fields = export.fields.fields.count
        importColumns = export.importColumns.count
        uploads = export.files.split(separator: "\n").count - 1
    }

    /// The lines `export redcap` prints: the files written, and what to upload.
    public var text: String {
        [dictionary, records, files, readme].joined(separator: "\n") + "\n"
            + "\(counted(visits, "visit")), \(fields) fields; upload the \(counted(uploads, "results file")) listed in files.csv with "
            + "REDCap's API file import."
    }
}
