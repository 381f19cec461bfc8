import Features
internal import Foundation
internal import SystemErrors
internal import Visits

/// `export redcap`: a REDCap data dictionary, the matching import CSV, the results files to upload
/// through REDCap's API, and a README, from some visits (README.md, "REDCap").
///
/// Written to REDCap's documented formats only; no REDCap server runs here, so no uploader is
/// built (issue 20): the study's coordinator imports the files with REDCap's own tools.
public struct REDCapExport: Sendable {
    /// REDCap's data dictionary columns, in REDCap's order (columns A to R of its template).
    public static let dictionaryHeader = [
        "Variable / Field Name", "Form Name", "Section Header", "Field Type", "Field Label",
        "Choices, Calculations, OR Slider Labels",
        "Field Note", "Text Validation Type OR Show Slider Number", "Text Validation Min", "Text Validation Max",
        "Identifier?",
        "Branching Logic (Show field only if...)", "Required Field?", "Custom Alignment",
        "Question Number (surveys only)",
        "Matrix Group Name", "Matrix Ranking?", "Field Annotation",
    ]

    /// What the record id is.
    public enum RecordID: String, Sendable, CaseIterable {
        /// The participant id: one record per participant, a visit per event (`--event`).
        case participant
        /// The participant id and the visit's folder name: one record per visit.
        case visit
    }

    /// The file names written in the output directory.
    public static let dictionaryName = "data-dictionary.csv"
    public static let recordsName = "import.csv"
    public static let filesName = "files.csv"
    public static let readmeName = "README.txt"

    public let instrument: String
    public let event: String?
    public let recordID: RecordID
    public let records: [VisitRecord]
    public let fields: VisitFields

    /// An export of `records` into instrument `instrument`; `event` is the unique event name of a longitudinal project.
    public init(
        records: [VisitRecord], instrument: String = "styluskit_visit", event: String? = nil,
        recordID: RecordID = .visit
    )
        throws(ExportError)
    {
        guard Self.isName(instrument) else { throw .invalidName(option: "--instrument", value: instrument) }
        if let event, !Self.isName(event) { throw .invalidName(option: "--event", value: event) }
        self.instrument = instrument
        self.event = event
        self.recordID = recordID
        self.records = records
        fields = VisitFields(for: records)
        var seen: [String: String] = [:]
        for record in records {
            let id = self.recordID(of: record)
            if let first = seen[id] { throw .duplicateRecord(record: id, first: first, second: record.folder.path) }
            seen[id] = record.folder.path
        }
    }

    /// REDCap's rule for variable, instrument and event names: lowercase letters, digits and `_`,
    /// starting with a letter, at most 100 characters.
    public static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.unicodeScalars.count <= 100
        else { return false }
        return name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The record id of `record`.
    public func recordID(of record: VisitRecord) -> String {
        switch recordID {
        case .participant: record.manifest.participant
        case .visit: "\(record.manifest.participant)_\(record.name)"
        }
    }

    /// The data dictionary: REDCap's header, one line per field.
    public var dictionary: String {
        var text = CSVText.line(Self.dictionaryHeader)
        for field in fields.fields {
            let choices = field.choices.map { "\($0.code), \($0.label)" }.joined(separator: " | ")
            text += CSVText.line([
                field.name, instrument, field.section, field.type, field.label, choices, field.note, field.validation,
                "", "", "", "", "",
                "", "", "", "", "",
            ])
        }
        return text
    }

    /// The import CSV's columns: every field but the file uploads, `redcap_event_name` after the record id when there
    /// is an event.
    public var importColumns: [String] {
        var names = fields.fields.filter { $0.type != "file" }.map(\.name)
        if event != nil { names.insert("redcap_event_name", at: 1) }
        return names
    }

    /// The import CSV: one row per visit, coded values, dates `Y-M-D`, empty where there is no value.
    public var importRecords: String {
        var text = CSVText.line(importColumns)
        for record in records {
            let id = recordID(of: record)
            var row = fields.fields.filter { $0.type != "file" }.map {
                fields.value($0, of: record, recordID: id, coded: true)
            }
            if let event { row.insert(event, at: 1) }
            text += CSVText.line(row)
        }
        return text
    }

    /// The results files to upload into the file fields: record, event, field, file (absolute path).
    public var files: String {
        var text = CSVText.line(["record", "redcap_event_name", "field", "file"])
        for record in records {
            let id = recordID(of: record)
            for field in fields.fields where field.type == "file" {
                let path = fields.value(field, of: record, recordID: id, coded: true)
                guard !path.isEmpty else { continue }
                let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
                text += CSVText.line([id, event ?? "", field.name, (absolute as NSString).standardizingPath])
            }
        }
        return text
    }

    /// What the files are and how a coordinator imports them.
    public var readme: String {
        """
        StylusKit visits for REDCap: \(records.count) visit\(records.count == 1 ? "" : "s"), instrument \(instrument)\
        \(event.map { ", event \($0)" } ?? "").

        \(Self.dictionaryName)  The data dictionary: one instrument, \(fields.fields.count) fields. Upload it in
            Project Setup > Data Dictionary (or the API's metadata import). Its first field, record_id,
            becomes the project's record id field.
        \(Self.recordsName)  The records: one row per visit, \(importColumns.count) columns\
        \(event == nil ? "" : " (redcap_event_name second, for a longitudinal project)").
            Import it with the Data Import Tool (CSV, records as rows, date format YYYY-MM-DD) or the
            API's record import. Dropdowns hold their codes; times are UTC; an empty cell is no value.
        \(Self.filesName)  The results files of the file-upload fields (*_results_file). A CSV import
            cannot fill a file field: upload each file with the API's file import (content=file,
            action=import, record, field, event, file), after importing the records.

        Every measure is the value 'styluskit features --level test' prints for the results file;
        units are in each field's note (docs/measures.md). Made by styluskit export redcap.

        """
    }

    /// Writes the four files as the content of `directory` (created if missing), the set replaced as one
    /// (`WholeFile.writeFolder`: a new folder swapped in by one rename, so a kill leaves the old set or the new,
    /// never a mix); existing files are kept unless `force`. Where the folder cannot be swapped (it holds other
    /// files, it is a mount point) the files are renamed in one by one and `notice` is told why and what to do.
    /// Returns the paths written.
    @discardableResult
    public func write(to directory: String, force: Bool, notice: (String) -> Void = { _ in }) throws(ExportError)
        -> [String]
    {
        let outputs = [
            (Self.dictionaryName, dictionary), (Self.recordsName, importRecords), (Self.filesName, files),
            (Self.readmeName, readme),
        ]
        let paths = outputs.map { (directory as NSString).appendingPathComponent($0.0) }
        if !force, let existing = paths.first(where: { FileManager.default.fileExists(atPath: $0) }) {
            throw .outputExists(file: existing)
        }
        let replacement: FolderReplacement
        do {
            replacement = try WholeFile.writeFolder(outputs.map { ($0.0, Data($0.1.utf8)) }, to: directory)
        } catch {
            throw .cannotWrite(file: error.path, reason: error.reason)
        }
        if case .fileByFile(let reason) = replacement {
            notice(
                "\(directory) was written file by file, not replaced as one folder, because \(reason): a kill during "
                    + "its four renames could leave old and new files together. Give --out a folder of its own "
                    + "to have the set replaced as one.")
        }
        return paths
    }
}

/// CSV text as RFC 4180 has it (fields quoted when they hold a comma, a quote or a line break,
/// quotes doubled), one line per record ending in `\n`; the quoting is `features`' own.
public enum CSVText {
    /// One record's line.
    public static func line(_ fields: [String]) -> String {
        fields.map(FeaturesTable.csvField).joined(separator: ",") + "\n"
    }

    /// Writes `text` to `path` (its directory created if missing) under a temporary name, then renames it.
    public static func write(_ text: String, to path: String) throws(ExportError) {
        do {
            // A bare file name (`visits.csv`) is in the working directory, which exists: "" is no folder to make.
            let directory = PathText.folder(of: path)
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
            try WholeFile.write(Data(text.utf8), to: path)
        } catch let error as WholeFileError {
            throw .cannotWrite(file: path, reason: error.reason)
        } catch {
            throw .cannotWrite(file: path, reason: SystemErrorText.reason(error))
        }
    }
}
