public import ArgumentParser
import Exports
import Reports
import SystemErrors

/// `styluskit export redcap VISIT_DIR... --out DIR`: a REDCap data dictionary and the matching import files.
struct ExportREDCapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "redcap",
        abstract: "Writes a REDCap data dictionary and the matching import CSV for visits.",
        discussion: """
            DIR gets data-dictionary.csv (one instrument: the visit's facts, each test's status, \
            skip reason and measures, units in the field notes, a file-upload field per results \
            file), import.csv (one row per visit; redcap_event_name second with --event), \
            files.csv (the results files for the file-upload fields, which REDCap's CSV import \
            cannot fill: upload them with the API's file import) and README.txt. The measures are \
            those 'styluskit features --level test' prints for each results file. No REDCap server \
            is contacted. Columns and rules: README.md, "Exporting visits".

            A VISIT_DIR is a visit folder or a directory holding visit folders.
            """ + "\n\n" + ExitStatus.help)

    @Argument(
        help: ArgumentHelp("Visit folders, or directories holding them.", valueName: "visit-dir"),
        completion: .directory)
    var visits: [String]

    @Option(help: ArgumentHelp("The directory to write the four files into.", valueName: "dir"), completion: .directory)
    var out: String

    @Option(
        help: ArgumentHelp("The unique event name of a longitudinal project (e.g. baseline_arm_1).", valueName: "name"))
    var event: String?

    @Option(help: ArgumentHelp("The instrument's unique name.", valueName: "name"))
    var instrument = "styluskit_visit"

    @Option(help: "participant (one record per participant: give --event) or visit (one record per visit).")
    var recordID: REDCapExport.RecordID = .visit

    @Flag(
        help:
            "Export a test whose results file `adf validate` rejects instead of stopping; its _results_invalid field names the problem."
    )
    var allowInvalid = false

    @Flag(help: "Overwrite the files in --out if they exist.")
    var force = false

    @OptionGroup var output: JSONOutput

    func run() throws {
        let records = try VisitRecord.readAll(visits, allowsInvalid: allowInvalid) {
            printError("styluskit export redcap: " + $0)
        }
        let export = try REDCapExport(records: records, instrument: instrument, event: event, recordID: recordID)
        let paths = try export.write(to: out, force: force) { printError("styluskit export redcap: note: " + $0) }
        print(ExportREDCapReport(export, paths: paths).output(json: output.json))
    }
}

extension REDCapExport.RecordID: ExpressibleByArgument {}
