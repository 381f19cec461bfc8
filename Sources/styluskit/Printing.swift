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

    /// Ends the run: its failures and summary line (under `json`, JSON lines: an error object with its
    /// input per failure, then the summary), and exit status 1 when an input failed.
    func end<Output>(_ outcomes: [BatchOutcome<Output>], json: Bool) throws {
        guard json else {
            if finish(outcomes) { throw ExitCode(1) }
            return
        }
        let failures = outcomes.compactMap { outcome -> BatchFailureReport? in
            guard case .failure(let error) = outcome.result else { return nil }
            return BatchFailureReport(input: outcome.input, error: error)
        }
        for failure in failures { failure.print(json: true, toStandardError: true) }
        endSummary(inputs: outcomes.count, failed: failures.count, json: true)
        if !failures.isEmpty { throw ExitCode(1) }
    }

    /// The summary line on standard error unless the run is quiet: JSON under `json`.
    func endSummary(inputs: Int, failed: Int, json: Bool) {
        guard !quiet else { return }
        BatchSummaryReport(command: command, inputs: inputs, failed: failed, seconds: seconds).print(
            json: json, toStandardError: true)
    }
}
