import ADF
import ArgumentParser
import FileLocations
import Reports
import Sessions
import SystemErrors

/// `styluskit results [DIR] [--recursive] [--json]`: the results files of a directory, and the visits under it.
struct ResultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "results",
        abstract:
            "Lists the results files (.csk, .msk, .ssk, .tsk) in a directory with their test, date, duration, strokes and status.",
        discussion: """
            The date is the start of the test's first step, in UTC. The status is "valid", or \
            the number of problems 'styluskit adf validate' reports for the file; ", incomplete" \
            follows when the journal beside the file (same name, .evemu) tells that its session \
            stopped before its last step ended; ", steps ended: 1 moved-on, 3 skipped" follows when \
            steps ended otherwise than by the participant's own finish (\(DocumentationPages.path("adf-step-outcome.md"))). \
            Files are sorted by date, then by name. Live \
            sessions' journals that have no results file are listed after them, each with the \
            'styluskit recover' command that rebuilds it.

            Visits (folders with a visit.json, at any depth under the directory) are listed last: \
            participant, start, protocol, tests done, skipped and in all, and the visit's status \
            (in-progress, complete or aborted).

            Where a folder holds a scores file (scores.jsonl, 'styluskit score'), its results \
            files' scoring follows: not scored, being scored, awaiting second rater, adjudicate, \
            scored or scored (adjudicated), with the raters (\(DocumentationPages.path("scoring.md"))).
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "The directory to list.", completion: .file())
    var directory = "."

    @Flag(help: "Also list the results files in subdirectories.")
    var recursive = false

    @OptionGroup var output: JSONOutput

    func run() throws {
        let list = try ADFResultsList(withJournalsIn: directory, recursive: recursive)
        let visits = VisitListReport(directory: directory)
        if output.json {
            // JSON Lines: no file, no line.
            if !list.entries.isEmpty { print(try list.json()) }
            for line in try visits.jsonLines() { print(line) }
        } else {
            print(list.text + visits.text)
            // Only where a scores file exists, so a listing without scoring stays as it was.
            let scored = ScoredFiles.scoredLines(under: directory, recursive: recursive)
            if !scored.isEmpty {
                print(
                    "\nScoring (scores.jsonl; \(DocumentationPages.path("scoring.md"))):\n"
                        + scored.joined(separator: "\n"))
            }
        }
    }
}
