import ArgumentParser
import Reports
import SystemErrors

/// `styluskit adf`: ADF results files.
struct ADFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "adf",
        abstract: "Checks and shows ADF results files (.csk, .msk, .ssk, .tsk).", discussion: ExitStatus.help,
        subcommands: [ADFValidateCommand.self, ADFShowCommand.self])
}
