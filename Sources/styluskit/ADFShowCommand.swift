import ADF
import ArgumentParser
import Foundation
import Recordings
import Reports
import Sessions
import SystemErrors
import TestMaterials

/// `styluskit adf show FILE [--json]`: what a results file holds.
struct ADFShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Shows the test, steps, strokes, points, durations, interruptions and device of a results file.",
        discussion: """
            The durations are named for what they are: wall time (the first step's start to the \
            last step's end, pauses included), paused time (the operator's pauses) and time \
            drawing (wall time less paused time), as the report, features and the exports name them.

            When the journal of the session is beside the file (same name, .evemu) and tells that \
            the session stopped before its last step ended, a last line says the session is \
            incomplete ("incomplete": true in JSON): ADF has no field for it.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "The results file to show.", completion: .file())
    var file: String

    @OptionGroup var output: JSONOutput

    func run() throws {
        try WrongInputError.checkResultsFile(file)
        var summary = try ADFSummary(path: file)
        let journal = ((file as NSString).deletingPathExtension as String) + ".evemu"
        if JournalReader.sessionEnded(path: journal) == false { summary.incomplete = true }
        summary.print(json: output.json)
    }
}
