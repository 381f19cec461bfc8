import ADF
import ArgumentParser
import Reports

/// `styluskit adf validate FILE...`: one line per problem; nonzero exit if any.
struct ADFValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Checks ADF results files against the format and prints one line per problem.", discussion: ExitStatus.help)

    @Argument(help: "The results files to check.")
    var files: [String]

    @Flag(help: "Print one JSON object per file (JSON Lines) instead of text.")
    var json = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("Please name at least one results file to check.") }
    }

    func run() throws {
        var failed = false
        let validator = ADFValidator()
        for file in files {
            let report = ADFValidationReport(checking: file, with: validator)
            report.print(json: json)
            if !report.valid { failed = true }
        }
        if failed { throw ExitCode.failure }
    }
}
