import ArgumentParser
import Foundation
import PatientData
import Reports
import SystemErrors

/// `styluskit keys`: the clinician key that protects the local copies of patient data.
struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Creates the clinician key that protects patient data on this machine, and changes its password.",
        discussion: ExitStatus.help,
        subcommands: [KeysInit.self, KeysChangePassword.self])
}

/// Where the clinician key file is, shared by every command that reads or writes it.
struct KeyFileOptions: ParsableArguments {
    @Option(help: "The clinician key file (default: $XDG_CONFIG_HOME/styluskit/clinician.key).", completion: .file())
    var keyFile: String?

    var path: String {
        keyFile ?? ClinicianKeyFile.defaultPath(environment: ProcessInfo.processInfo.environment)
    }

    /// Asks for the password and unlocks the key file with it.
    func unlock(terminal: Terminal = Terminal()) throws -> ClinicianKey {
        try ClinicianKeyFile.unlock(at: path, terminal: terminal)
    }
}

func checkIterations(_ iterations: Int) throws {
    do { try KDFParameters.check(iterations: iterations) } catch { throw ValidationError(error.description) }
}

/// `styluskit keys init`
struct KeysInit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Creates the clinician key file, protected by a password asked for at the terminal.",
        discussion: """
            The password is read from the terminal with echo off (or from standard input when it is not \
            a terminal), never from the command line. The key file is created readable by its owner \
            only (0600); keep a backup of it: without it and the password, the local patient copies \
            cannot be read.
            """ + "\n\n" + ExitStatus.help)

    @OptionGroup var key: KeyFileOptions

    @Option(help: "PBKDF2-HMAC-SHA256 iterations (at least 600000).")
    var iterations = KDFParameters.minimumIterations

    @OptionGroup var output: JSONOutput

    func validate() throws {
        try checkIterations(iterations)
    }

    func run() throws {
        let created = try ClinicianKeyFile.create(at: key.path, terminal: Terminal(), iterations: iterations)
        KeyFileReport(action: .created, keyFile: key.path, key: created).print(json: output.json)
    }
}

/// `styluskit keys change-password`
struct KeysChangePassword: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change-password",
        abstract: "Re-wraps the clinician key under a new password; results files written before stay readable.",
        discussion: ExitStatus.help)

    @OptionGroup var key: KeyFileOptions

    @Option(help: "PBKDF2-HMAC-SHA256 iterations for the new password (default: the key file's, at least 600000).")
    var iterations: Int?

    @OptionGroup var output: JSONOutput

    func validate() throws {
        if let iterations { try checkIterations(iterations) }
    }

    func run() throws {
        let changed = try ClinicianKeyFile.changePassword(at: key.path, terminal: Terminal(), iterations: iterations)
        KeyFileReport(action: .passwordChanged, keyFile: key.path, key: changed).print(json: output.json)
    }
}
