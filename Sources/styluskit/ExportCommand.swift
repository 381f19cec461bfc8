import ArgumentParser
import Reports
import SystemErrors

/// `styluskit export`: visits as files for a study's data capture.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Exports visits (folders with a visit.json) for a study's data capture: REDCap files, or a plain CSV.",
        discussion: ExitStatus.help,
        subcommands: [ExportREDCapCommand.self, ExportCSVCommand.self])
}
