import ADF
import ArgumentParser

/// `styluskit results [DIR] [--recursive] [--json]`: the results files of a directory.
struct ResultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "results",
        abstract: "Lists the results files (.csk, .msk, .ssk) in a directory with their test, date, duration, strokes and status.",
        discussion: """
            The date is the start of the test's first step, in UTC. The status is "valid", or \
            the number of problems 'styluskit adf validate' reports for the file. Files are \
            sorted by date, then by name.
            """)

    @Argument(help: "The directory to list.")
    var directory = "."

    @Flag(help: "Also list the results files in subdirectories.")
    var recursive = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let list = try ADFResultsList(directory: directory, recursive: recursive)
        print(json ? try list.json() : list.text)
    }
}
