public import ArgumentParser
import FileLocations
import Foundation
import PatientData
import Reports
import SystemErrors
import VisitReport

/// `styluskit report VISIT_DIR --out report.pdf`: the visit on a page or two for the chart.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes a visit's report for the chart: a PDF a clinician reads in a minute.",
        discussion: """
            The visit's facts (participant id, protocol, device, calibration, software), then each \
            test of the protocol in order: its status (skipped with the reason, incomplete, \
            aborted), the ink of every step drawn over its form at a stated scale, and its key \
            measures, the same numbers 'styluskit features --level test' gives, with the study's \
            normative ranges of --ranges (\(DocumentationPages.path("report.md")): a value outside its range is marked in \
            words), its interruptions and what they were, and the instructions' reading times. \
            More pages are added when the visit needs them.

            The patient's name and birth date are shown only with --clinician-key FILE, whose \
            password is asked for as 'patient show' asks for it; otherwise the report names the \
            participant id alone.
            """ + "\n\n" + ExitStatus.help)

    @Argument(
        help: ArgumentHelp(
            "The visit folder (OUT/<participant>/<time>/, with its visit.json).", valueName: "visit-dir"),
        completion: .directory)
    var visit: String

    @Option(help: ArgumentHelp("The PDF to write, or - for standard output.", valueName: "file"), completion: .file())
    var out: String

    @Option(help: "The paper: a4 or letter (portrait).")
    var paper: ReportPaper = .a4

    @Option(
        help: ArgumentHelp(
            "A CSV file of normative ranges: test,measure,low,high,label (\(DocumentationPages.path("report.md"))).",
            valueName: "file"),
        completion: .file())
    var ranges: String?

    @Option(
        help: ArgumentHelp(
            "The clinician key file, to show the patient's name and birth date (asks for its password).",
            valueName: "file"), completion: .file())
    var clinicianKey: String?

    @Flag(
        help:
            "Report a test whose results file `adf validate` rejects instead of refusing the visit; the test is marked invalid."
    )
    var allowInvalid = false

    @Flag(help: "Replace an existing --out.")
    var force = false

    @OptionGroup var output: JSONOutput

    func run() throws {
        // Refused before the password is asked for, so a wrong --out costs no typing.
        try OutputFile.check(out, extensions: ["pdf"], kind: "a PDF", allowsStandardOutput: true)
        let toStandardOutput = out == OutputFile.standardOutput
        if !force && !toStandardOutput && FileManager.default.fileExists(atPath: out) {
            throw ReportError.outputExists(path: out)
        }
        let normative = try ranges.map { try NormativeRanges(file: $0) }
        let clinician = try clinicianKey.map { try ClinicianKeyFile.unlock(at: $0, terminal: Terminal()) }
        let content = try VisitReportContent.read(
            folder: visit, ranges: normative, clinician: clinician, allowsInvalid: allowInvalid)
        let layout = VisitReportLayout(content, paper: paper)
        try layout.write(to: out, force: force)
        VisitReportSummary(out: out, content: content, layout: layout).print(
            json: output.json, toStandardError: toStandardOutput)
    }
}

extension ReportPaper: ExpressibleByArgument {}
