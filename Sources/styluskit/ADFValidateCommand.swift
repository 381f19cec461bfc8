import ADF
import ArgumentParser
import Batch
import Foundation
import Reports
import SystemErrors

/// `styluskit adf validate FILE...`: one line per problem; nonzero exit if any.
struct ADFValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Checks ADF results files against the format and prints one line per problem.",
        discussion: ExitStatus.help)

    @Argument(
        help: "The results files to check; a directory gives every results file under it, - a list on standard input.",
        completion: .file())
    var files: [String]

    @Flag(help: "Print one JSON object per file (JSON Lines) instead of text.")
    var json = false

    @Option(help: "Files checked at once, when there are several (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "With several files: no progress line and no summary line.")
    var quiet = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("Please name at least one results file to check.") }
        try checkJobs(jobs)
    }

    func run() throws {
        let batch = try BatchRun(
            "styluskit adf validate", files, takes: { ADFReader.variant(path: $0) != nil }, quiet: quiet,
            onlyForSeveral: true)
        // Each file is checked on its own thread; the reports come back, and are printed, in the files' order.
        let outcomes = batch.run(jobs: jobs) { _, file in ADFValidationReport(checking: file, with: ADFValidator()) }
        var failed = 0
        for case .success(let report) in outcomes.map(\.result) {
            report.print(json: json)
            if !report.valid { failed += 1 }
        }
        let total = batch.files.count
        if json {
            // Standard error holds JSON lines only, as every batch run's under --json.
            batch.endSummary(inputs: total, failed: failed, json: true)
        } else if !batch.quiet {
            printError(ADFValidationReport.summaryLine(files: total, invalid: failed, seconds: batch.seconds))
        }
        if failed > 0 { throw ExitCode.failure }
    }
}
