public import ArgumentParser
import Batch
import Reports
import Sessions
import SystemErrors
import TestMaterials

/// `styluskit replay RECORDING --test clock|maze`: a recorded session through the live pipeline, into an ADF file.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replays a recording through the same pipeline as a live session and writes the ADF results file.",
        discussion: """
            A recording carries no button presses, so --step-split decides where the clock test's \
            command step ends and the copy step begins: 'longest-pause' (the midpoint of the longest \
            pen-up pause between two strokes), 'none' (every stroke in the command step), or a number \
            of seconds after the first event (moved to the end of a stroke it falls inside).

            The maze test (--test maze with --maze FILE or --battery FILE) runs the maze proctor in \
            virtual time on a form the size of the tablet's active area, each maze placed as its file \
            says (centred by default): one step per maze, which ends at the maze's finish. Refused \
            strokes are not recorded; interruptions are. --events prints every proctor decision as one \
            JSON line on standard output, and the summary then goes to standard error.

            The symbol-digit test (--test sdt) runs the symbol-digit proctor on its form, laid out in cm \
            and centred on the tablet's active area: one drawing per part (test, copy, delayed recall, \
            and the repeat's), a 'skip' interruption whenever a stroke lands beyond the next box. Its \
            --step-split rules: 'longest-pause' splits the parts at the longest pen-up pauses between \
            strokes, only at pauses of 5 s or more and at most one fewer than the parts; 'none' puts \
            every stroke in the first part; a comma-separated list of increasing seconds after the \
            first event ends each part there (moved to the end of a stroke it falls inside). Parts \
            left at the end of the recording are passed through there. --events works as for the maze.

            --settings FILE reads the tests' options from a settings file (clock, maze, symbol-digit \
            sections); a battery's own lines still override its maze settings.

            --events prints the decisions of all three tests in one schema (README, "The --events \
            lines"): the clock's step changes, strokes, button timer, offers and taps as well.
            """ + "\n\n" + ExitStatus.help)

    @Argument(
        help: ArgumentHelp(
            "The recording: evemu (.evemu, .events, ...) or libinput-record YAML (.yml, .yaml).",
            discussion:
                "Several, a directory (every recording under it) or - (a list on standard input) replay each on up to --jobs "
                + "threads, each into its own results file in --out, named after it (with its folders in front where two names "
                + "would be the same); then a summary per recording, and the failures and a summary line on standard error."
        ), completion: .file())
    var recordings: [String]

    @OptionGroup var replaying: ReplaySessionOptions
    @OptionGroup var patient: PatientOptions

    @Option(help: "The directory to write the results file into.", completion: .directory)
    var out = "."

    @Flag(help: "Replace a results file of the same name.")
    var force = false

    @OptionGroup var output: JSONOutput

    @Flag(help: "Print each proctor decision as a JSON line on standard output (the summary goes to standard error).")
    var events = false

    @Option(help: "Recordings replayed at once, when there are several (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "With several recordings: no progress line and no summary line (errors are still reported).")
    var quiet = false

    func validate() throws {
        // Checked first, as the required option it is for replay (the group serves commands that can do without it).
        guard replaying.test != nil else {
            throw ValidationError("Give --test clock, maze, sdt or trails: the test the recording was made for.")
        }
        guard !recordings.isEmpty else {
            throw ValidationError("Give a recording to replay (or several, a directory, or -).")
        }
        try checkJobs(jobs)
        try replaying.check()
    }

    /// The test the recordings were made for (`validate` made sure there is one).
    var test: TestKind { replaying.test ?? .clock }

    /// The session this command's options describe, for `path`, into --out.
    func session(_ path: String) throws -> RecordingReplay {
        var replay = try replaying.replay(path, test: test)
        (replay.directory, replay.force) = (out, force)
        return replay
    }

    /// Replays the recording and prints the summary; several, each into its own results file.
    func run() throws {
        let batch = try BatchRun(
            "styluskit replay", recordings, takes: { InputFileKind(path: $0).isRecording }, quiet: quiet)
        guard recordings.count > 1 || batch.files != recordings else {
            return try replay(recordings[0]).print(json: output.json, toStandardError: events)
        }
        if events || patient.patient != nil {
            throw ValidationError(
                "--events and --patient belong to one recording's session; give one recording with them.")
        }
        let names = batch.names
        let replays = try batch.files.indices.map { index in
            var replay = try session(batch.files[index])
            replay.resultsName = names[index]
            return replay
        }
        let outcomes = batch.run(jobs: jobs) { index, _ in
            let replay = replays[index]
            try checkRecording(replay.recording)
            return replaySummary(of: replay, outcome: try replay.run(note: batch.note)).output(json: output.json)
        }
        for outcome in outcomes { if case .success(let text) = outcome.result { print(text) } }
        try batch.end(outcomes, json: output.json)
    }

    /// Replays `path`, the one recording, into --out; with --events, the decisions on standard output.
    func replay(_ path: String) throws -> any ReplayReport {
        try checkRecording(path)
        let replay = try session(path)
        let outcome = try replay.run(
            events: events ? { Swift.print($0) } : nil,
            patient: { try self.patient.fill(&$0, resultsFile: $1, startUnixMilliseconds: $2) },
            note: { printError($0) })
        return replaySummary(of: replay, outcome: outcome)
    }

    /// A results file or a journal given as a recording is named as what it is.
    func checkRecording(_ path: String) throws {
        try RecordingReplay.checkRecording(
            path, descriptionFile: replaying.descriptionFile, out: out == "." ? nil : out)
    }
}

extension TestKind: ExpressibleByArgument {}
