import ADF
import ArgumentParser

/// `styluskit adf show FILE [--json]`: what a results file holds.
struct ADFShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Shows the test, steps, strokes, points, duration, interruptions and device of a results file.")

    @Argument(help: "The results file to show.")
    var file: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let summary = try ADFSummary(path: file)
        print(json ? try summary.json() : summary.text)
    }
}
