import ArgumentParser
import Batch
import Foundation
import Reports
import SystemErrors

extension CommandReport {
    /// Prints the report as text or JSON; on standard error when standard output carries `--events` lines.
    func print(json: Bool, toStandardError: Bool = false) {
        // Text quotes files (a protocol's title, a tablet's name): their control characters are shown, not sent.
        let text = json ? self.json : VisibleText.shown(self.text)
        if toStandardError {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        } else {
            Swift.print(text)
        }
    }
}

extension BatchRun {
    /// The run of `command` over `arguments`; arguments that cannot be expanded are a usage error.
    init(_ command: String, _ arguments: [String], takes: (String) -> Bool, quiet: Bool, onlyForSeveral: Bool = false)
        throws
    {
        do {
            try self.init(
                command: command, arguments: arguments, takes: takes, quiet: quiet, onlyForSeveral: onlyForSeveral)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// Ends the run: its failures and summary line, and exit status 1 when an input failed.
    func end<Output>(_ outcomes: [BatchOutcome<Output>]) throws {
        if finish(outcomes) { throw ExitCode(1) }
    }
}
