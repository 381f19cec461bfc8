import ADF
public import ArgumentParser
import Batch
import Features
import FileLocations
import Foundation
import LinuxInput
import Measures
import Reports
import SystemErrors

/// `styluskit features INPUT... [--level stroke|step|test] [--format csv|json] [--out DIR]`:
/// the measures of docs/measures.md as one tidy table.
struct Features: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Computes measures of the ink (per stroke, step or test) from results files, recordings or journals, as CSV or JSON Lines.",
        discussion: """
            One row per stroke, step or test, one header, column names with their units \
            (duration_s, path_length_mm, velocity_mean_mm_s); JSON Lines has the same keys \
            (\(DocumentationPages.path("json/features.md"))). Each measure's formula, units and reference are in \
            \(DocumentationPages.path("measures.md")). Rows come in the order of the inputs, whatever --jobs is.

            An input is a results file (.csk, .msk, .ssk, .tsk), a recording (evemu, libinput record) \
            replayed in memory with --test and replay's other options, or a StylusKit journal \
            recovered in memory; no results file is written. A recording or journal adds what \
            results files lack: the pen's hover path between strokes (in_air_path says which was \
            used) and the strokes the proctor refused. --maze or --battery gives the mazes, for the \
            maze measures against the solution, to results files too. A directory stands for the \
            inputs under it; - reads a list of inputs, one a line, from standard input.

            In a visit folder each test is measured once, from its results file (its journal only \
            when it has none), and its rows carry participant_id, visit_folder and visit_test. A \
            results file that `styluskit adf validate` rejects is refused with its first problem, \
            unless --allow-invalid measures it with the problem in its rows' invalid column.

            An input that cannot be measured is reported at the end with what to do; the others \
            are still measured, and the exit status is 1. A progress line is drawn on standard \
            error when it is a terminal, and a summary line ends the run; --quiet leaves out both.
            """ + "\n\n" + ExitStatus.help)

    @Argument(
        help:
            "Results files (.csk, .msk, .ssk, .tsk), recordings or journals; directories of them; - for a list on standard input.",
        completion: .file())
    var inputs: [String]

    @Option(help: "One row per stroke, step or test.")
    var level: MeasureLevel = .stroke

    @Option(help: "csv, or json for JSON Lines (one object per row, the same keys).")
    var format: FeaturesFormat = .csv

    @Option(
        help: ArgumentHelp("Write DIR/features-LEVEL.csv (or .jsonl) instead of printing the table.", valueName: "DIR"),
        completion: .directory)
    var out: String?

    @Flag(help: "Overwrite the table in --out if it exists.")
    var force = false

    @Flag(
        help: ArgumentHelp(
            "Measure results files that `adf validate` rejects instead of refusing them; the invalid column of their rows names the first problem."
        ))
    var allowInvalid = false

    @Option(
        help: ArgumentHelp(
            "How positions are prepared before velocity, acceleration and jerk: none (as recorded, the default), or lowpass (resampled to 200 Hz, zero-phase Butterworth at 10 Hz; lowpass-HZ for another cut-off). \(DocumentationPages.path("measures.md")) says when to use which.",
            valueName: "FILTER"))
    var filter: String = "none"

    @Option(help: "Inputs measured at once (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "No progress line and no summary line (errors are still reported).")
    var quiet = false

    @OptionGroup(title: "Replaying recordings") var replay: ReplaySessionOptions

    func validate() throws {
        // The replay's options first, whatever the inputs (as `replay` checks them).
        try replay.check()
        guard !inputs.isEmpty else {
            throw ValidationError(
                "Give at least one input: a results file (.csk, .msk, .ssk, .tsk), a recording with --test, or a journal."
            )
        }
        guard DerivativeFilter(name: filter) != nil else {
            throw ValidationError(
                "--filter \(filter) is not a filter; give none, lowpass, or lowpass-HZ with a cut-off below 100 Hz (lowpass-8)."
            )
        }
        try checkJobs(jobs)
    }

    func run() throws {
        var source = FeaturesSource(facts: LibwacomDatabase.installedFacts)
        source.replay = try replay.replay()
        source.mazes = try replay.mazes()
        source.profileFile = replay.profile.profileFile
        source.displayProfile = replay.displayOptions.displayProfile
        source.allowsInvalid = allowInvalid
        source.filter = DerivativeFilter(name: filter) ?? .none
        let batch = try BatchRun("styluskit features", inputs, takes: source.takes, quiet: quiet)
        source.note = { input, note in batch.note("styluskit features: \(input): \(note)") }
        let level = self.level
        var table = FeaturesTable(format: format, level: level)
        // Written as measured, in the inputs' order: memory does not grow with the corpus (issue 34, item 5).
        // `--out -` is standard output, as for every command whose --out names a file, not a folder named "-".
        let file = try out.flatMap { $0 == "-" ? nil : $0 }.map {
            try table.file(table.path(in: $0, level: level), directory: $0, force: force)
        }
        let write: (String) -> Void = { text in
            guard !text.isEmpty else { return }
            if let file { file.write(text) } else { FileHandle.standardOutput.write(Data(text.utf8)) }
        }
        write(table.takeText())
        let measure: @Sendable (Int, String) throws -> MeasuredInput = { [source] _, file in
            try source.measure(path: file, level: level)
        }
        let outcomes = batch.run(jobs: jobs, eachAt: measure) { outcome in
            guard let measured = try? outcome.result.get() else { return }
            if let invalid = measured.invalid {
                batch.note("styluskit features: warning: measured though invalid: \(invalid.path): \(invalid.summary)")
            }
            for row in measured.rows {
                table.append(file: outcome.input, row, place: measured.place, invalid: measured.invalid)
            }
            write(table.takeText())
        }
        if let file {
            try file.commit()
            print(
                "\(file.path): \(table.rowCount) rows from \(outcomes.count { !$0.failed }) of \(batch.files.count) inputs"
            )
        }
        try batch.end(outcomes, json: format == .json)
    }
}

extension MeasureLevel: ExpressibleByArgument {}
extension FeaturesFormat: ExpressibleByArgument {}
