import ADF
import ArgumentParser
import Reports
import Sessions

/// `styluskit adf validate FILE...`: one line per problem; nonzero exit if any.
struct ADFValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Checks ADF results files against the format and prints one line per problem.", discussion: ExitStatus.help)

    @Argument(help: "The results files to check.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("Please name at least one results file to check.") }
    }

    func run() throws {
        var failed = false
        let validator = ADFValidator()
        for file in files {
            // A recording given here is named as one, with the command that makes a results file of it.
            let problems: [String]
            do {
                try WrongInputError.checkResultsFile(file)
                problems = validator.validate(path: file).map { "\($0)" }
            } catch {
                problems = ["\(error)"]
            }
            if problems.isEmpty {
                print("\(file): valid")
                // Valid, yet suspect: said, and the exit status stays 0.
                if let document = try? ADFReader.read(path: file).document {
                    for warning in ADFPlausibility.warnings(for: document) { print("\(file): warning: \(warning)") }
                }
            } else {
                failed = true
                for problem in problems { print(problem) }
            }
        }
        if failed { throw ExitCode.failure }
    }
}
