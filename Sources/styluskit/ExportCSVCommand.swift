import ArgumentParser
import Exports
import Foundation
import Reports
import SystemErrors

/// `styluskit export csv VISIT_DIR... --out FILE|-`: one row per visit for R or pandas.
struct ExportCSVCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Writes one CSV row per visit (facts, each test's status and measures) for R or pandas.",
        discussion: """
            The columns of 'export redcap' but the record id: statuses as words, times in UTC ISO \
            8601 as visit.json has them, each *_results_file the results file's path. The measures \
            are those 'styluskit features --level test' prints for each results file. Columns: \
            README.md, "Exporting visits".

            A VISIT_DIR is a visit folder or a directory holding visit folders.
            """ + "\n\n" + ExitStatus.help)

    @Argument(
        help: ArgumentHelp("Visit folders, or directories holding them.", valueName: "visit-dir"),
        completion: .directory)
    var visits: [String]

    @Option(help: ArgumentHelp("The file to write, or - for standard output.", valueName: "file"), completion: .file())
    var out: String

    @Flag(
        help:
            "Export a test whose results file `adf validate` rejects instead of stopping; its _results_invalid field names the problem."
    )
    var allowInvalid = false

    @Flag(help: "Overwrite --out if it exists.")
    var force = false

    func run() throws {
        let records = try VisitRecord.readAll(visits, allowsInvalid: allowInvalid) {
            printError("styluskit export csv: " + $0)
        }
        let text = PlainExport(records: records).text
        if out == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        if !force, FileManager.default.fileExists(atPath: out) { throw ExportError.outputExists(file: out) }
        try CSVText.write(text, to: out)
        print("\(out): \(records.count) visit\(records.count == 1 ? "" : "s")")
    }
}
