internal import Foundation

/// One batch command from its arguments to its last line, the same for every command: the inputs
/// expanded, the work on up to `--jobs` threads under a progress line, then the failed inputs
/// with their errors and the summary line on standard error. The command prints each output and
/// sets the exit status (1 when `finish` says an input failed).
public struct BatchRun: Sendable {
    /// The command as its lines name it (`styluskit replay`).
    public let command: String
    /// The inputs, expanded.
    public let files: [String]
    /// True when the progress and summary lines are left out (`--quiet`, or one input of a
    /// command that draws them only for several).
    public let quiet: Bool
    /// The progress line, when standard error is a terminal and the run is not quiet.
    public let progress: BatchProgress?
    private let started: Date
    private let writeError: @Sendable (String) -> Void

    /// Expands `arguments` (`BatchInputs.expand`) into the run's files; `onlyForSeveral` leaves
    /// out the progress and summary lines when there is one file.
    ///
    /// - Throws: `BatchInputError` when the arguments cannot be expanded.
    public init(
        command: String, arguments: [String], takes: (String) -> Bool, quiet: Bool, onlyForSeveral: Bool = false,
        standardInput: () -> String? = { BatchInputs.readStandardInput() },
        writeError: @escaping @Sendable (String) -> Void = BatchRun.standardError
    ) throws(BatchInputError) {
        self.command = command
        files = try BatchInputs.expand(arguments, takes: takes, standardInput: standardInput)
        self.quiet = quiet || (onlyForSeveral && files.count <= 1)
        progress = BatchProgress.onTerminal(total: files.count, quiet: self.quiet)
        started = Date()
        self.writeError = writeError
    }

    /// Writes `line` on standard error.
    public static let standardError: @Sendable (String) -> Void = {
        FileHandle.standardError.write(Data(($0 + "\n").utf8))
    }

    /// The name of each file's output (`BatchInputs.distinctNames`), in the files' order.
    public var names: [String] { BatchInputs.distinctNames(files) }

    /// Seconds since the run began.
    public var seconds: Double { Date().timeIntervalSince(started) }

    /// A note about an input: above the progress line, or on standard error without one.
    public func note(_ line: String) {
        if let progress { progress.message(line) } else { writeError(line) }
    }

    /// The outcome of `work` on each file and its position, in the files' order, on up to `jobs`
    /// threads (default: the number of cores).
    public func run<Output: Sendable>(jobs: Int?, eachAt work: @escaping @Sendable (Int, String) throws -> Output)
        -> [BatchOutcome<Output>]
    {
        BatchRunner.run(files, jobs: jobs ?? BatchRunner.cores, progress: progress, eachAt: work)
    }

    /// As `run(jobs:eachAt:)`, each outcome handed to `deliver` in the files' order as soon as it and those
    /// before it are done (`BatchRunner.run(_:jobs:progress:window:eachAt:inOrder:)`); returns the outcomes
    /// without their outputs, for `finish`.
    public func run<Output: Sendable>(
        jobs: Int?, eachAt work: @escaping @Sendable (Int, String) throws -> Output,
        inOrder deliver: (BatchOutcome<Output>) -> Void
    ) -> [BatchOutcome<Void>] {
        BatchRunner.run(files, jobs: jobs ?? BatchRunner.cores, progress: progress, eachAt: work, inOrder: deliver)
    }

    /// Writes the failed inputs with their errors and, unless quiet, the summary line; returns
    /// true when an input failed.
    public func finish<Output>(_ outcomes: [BatchOutcome<Output>]) -> Bool {
        let report = BatchReport(outcomes, seconds: seconds)
        for line in report.errorLines(command: command) { writeError(line) }
        if !quiet { writeError(report.summaryLine(command: command)) }
        return report.anyFailed
    }
}
