/// The end of a batch: each input that failed with its error, and one summary line.
public struct BatchReport: Sendable {
    public var total: Int
    /// The inputs that failed with what was wrong, in the order of the inputs.
    public var failures: [(input: String, error: String)]
    public var seconds: Double

    public init<Output>(_ outcomes: [BatchOutcome<Output>], seconds: Double) {
        total = outcomes.count
        failures = outcomes.compactMap { outcome in
            guard case .failure(let error) = outcome.result else { return nil }
            return (outcome.input, "\(error)")
        }
        self.seconds = seconds
    }

    /// True when an input failed: the command's exit status is then 1.
    public var anyFailed: Bool { !failures.isEmpty }

    /// The error report, one line per failed input (`COMMAND: INPUT: what is wrong`; an error
    /// that names its input already is not prefixed twice), under a line counting them.
    public func errorLines(command: String) -> [String] {
        guard !failures.isEmpty else { return [] }
        var lines = ["\(command): \(failures.count) of \(total) inputs failed:"]
        for (input, error) in failures {
            lines.append(error.hasPrefix(input) ? "  \(error)" : "  \(input): \(error)")
        }
        return lines
    }

    /// `COMMAND: 40 inputs, 39 done, 1 failed, 2.3 s`.
    public func summaryLine(command: String) -> String {
        let tenths = (seconds * 10).rounded() / 10
        return "\(command): \(total) inputs, \(total - failures.count) done, \(failures.count) failed, \(tenths) s"
    }
}
