internal import Foundation
public import SystemErrors

/// One input a batch run (`replay`, `render`, `features`, `adf validate` over several inputs) could not
/// take, as a JSON line on standard error under `--json`: the error object of docs/json/error.md with the
/// input it is about, so a script reads every line of standard error as JSON (issue 33, item 5).
public struct BatchFailureReport: CommandReport, Sendable {
    /// The input as the run named it.
    public var input: String
    /// What is wrong and what to do.
    public var error: String
    /// The status this input alone would have ended its command with (the run ends with 1).
    public var exitStatus: Int32

    /// The failure of `input` with `error`.
    public init(input: String, error: any Error) {
        self.input = input
        self.error = "\(error)"
        exitStatus = ExitStatus(error).rawValue
    }

    /// `INPUT: what is wrong`, as the text report lists it.
    public var text: String { error.hasPrefix(input) ? error : "\(input): \(error)" }
}

/// The last line of a batch run under `--json`: how many inputs, done and failed, in how long.
public struct BatchSummaryReport: CommandReport, Sendable {
    /// The command (`styluskit replay`).
    public var command: String
    public var inputs: Int
    public var done: Int
    public var failed: Int
    /// Wall time of the run, one decimal.
    public var seconds: Double

    /// The summary of a run of `command` over `inputs` inputs, `failed` of which failed, in `seconds`.
    public init(command: String, inputs: Int, failed: Int, seconds: Double) {
        self.command = command
        self.inputs = inputs
        done = inputs - failed
        self.failed = failed
        self.seconds = (seconds * 10).rounded() / 10
    }

    /// `COMMAND: 40 inputs, 39 done, 1 failed, 2.3 s`, as the text summary line.
    public var text: String { "\(command): \(inputs) inputs, \(done) done, \(failed) failed, \(seconds) s" }
}
