import ArgumentParser
import Foundation
import Reports
import SystemErrors

/// The `styluskit` command: pen tablets as instruments for pen-based cognitive assessments.
@main
struct StylusKit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "styluskit",
        abstract: "Capture, replay and record pen-based cognitive assessments from drawing tablets.",
        discussion: ExitStatus.help,
        version: BuildVersion.text,
        subcommands: [
            Replay.self,
            Info.self,
            Convert.self,
            Synth.self,
            ADFCommand.self,
            ResultsCommand.self,
            ScoreCommand.self,
            ExportCommand.self,
            Calibrate.self,
            Keys.self,
            Patient.self,
            Devices.self,
            Monitor.self,
            Play.self,
            Record.self,
            RecordVisit.self,
            Administer.self,
            Visit.self,
            Recover.self,
            Render.self,
            Plot.self,
            Features.self,
            Report.self,
            Trails.self,
            Serve.self,
        ])

    /// Runs the command line; every failure ends with its `ExitStatus`, its message on standard
    /// error (a JSON object there under `--json`).
    static func main() {
        let arguments = RecordVisit.spelled(Array(CommandLine.arguments.dropFirst()))
        let json = arguments.contains("--json")
        do {
            try CommandSuggestion.check(arguments, root: self)
            var command: any ParsableCommand
            do {
                command = try parseAsRoot(arguments)
            } catch {
                // A library's error thrown by a command's validate() is a bad option all the same.
                throw exitCode(for: error) == .failure ? ParseFailure(message: fullMessage(for: error)) : error
            }
            try command.run()
        } catch {
            let parserStatus = exitCode(for: error)
            // Help, --version and an ExitCode a command chose itself are the parser's to print.
            if parserStatus == .success || error is ExitCode { exit(withError: error) }
            let isUsage = parserStatus == .validationFailure || error is CommandSuggestion || error is ParseFailure
            let status: ExitStatus = isUsage ? .usage : exitStatus(of: error)
            let message =
                isUsage
                ? (error as? CommandSuggestion)?.description ?? (error as? ParseFailure)?.message
                    ?? OptionSuggestion.improve(fullMessage(for: error), arguments: arguments, root: self)
                : "\(error)"
            // A JSON reader gets the sentence and the pointer to the help, not the usage screen.
            let report = ErrorReport(
                message: json && isUsage ? OptionSuggestion.compact(message) : message, status: status)
            FileHandle.standardError.write(Data(((json ? report.json : report.text) + "\n").utf8))
            Foundation.exit(status.rawValue)
        }
    }

    /// The status a command that failed with `error` ends with (the parser's usage errors aside):
    /// the one the error carries (`ExitStatusCarrying`), so no library's errors are classified here.
    static func exitStatus(of error: any Error) -> ExitStatus { ExitStatus(error) }
}

/// A command line the parser refused through a library's error from a command's `validate()`, with the parser's words.
private struct ParseFailure: Error {
    let message: String
}

extension CommandSuggestion {
    /// Throws when the first word after the root (or after `help`), or after a command with
    /// subcommands, names no command.
    static func check(_ arguments: [String], root: any ParsableCommand.Type) throws {
        var command = root
        var path = root.configuration.commandName ?? "styluskit"
        var words = arguments[...]
        if words.first == "help" { words = words.dropFirst() }
        while let word = words.first, !word.hasPrefix("-") {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty else { return }
            let names = subcommands.map { $0._commandName }
            guard let index = names.firstIndex(of: word) else {
                throw CommandSuggestion(typed: word, path: path, commands: names)
            }
            command = subcommands[index]
            path += " " + word
            words = words.dropFirst()
        }
    }
}
