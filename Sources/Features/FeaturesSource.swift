public import ADF
internal import FileLocations
internal import Foundation
public import Measures
public import Sessions
public import StylusInput
public import TestMaterials

/// How `features` reads its inputs: a results file is read; a recording is replayed in memory
/// through the same engine and options as `replay`; a journal is recovered in memory as
/// `recover` would. No file is written for either.
public struct FeaturesSource: Sendable {
    /// The replay a recording goes through (its `recording` is set per input): nil when no
    /// `--test` was given, and a recording is then refused with what to give.
    public var replay: RecordingReplay?
    /// The mazes of `--maze` or `--battery`, which results files do not carry.
    public var mazes: [AdministeredMaze] = []
    /// `--profile` and `--display-profile` for a journal of the days before journals kept them.
    public var profileFile: String?
    public var displayProfile: String?
    /// What a person should know of an input (a pen display on the reference canvas...).
    public var note: @Sendable (_ input: String, _ note: String) -> Void = { _, _ in }
    /// Whether a results file that `adf validate` rejects is measured anyway (`--allow-invalid`),
    /// its rows marked in the `invalid` column; otherwise it is refused with its first problem.
    public var allowsInvalid = false
    /// How stroke positions are prepared before differentiating (`--filter`; docs/measures.md).
    public var filter: DerivativeFilter = .none
    /// The tablet database (libwacom's on a live machine) a journal of the days before journals kept
    /// their display is recovered with; a recording's is its `replay`'s.
    public var facts: any DeviceFacts

    public init(facts: any DeviceFacts) {
        self.facts = facts
    }

    /// Extensions of the results files a directory given as input contributes.
    public static let resultsExtensions: Set<String> = ["csk", "msk", "ssk", "tsk"]
    /// Extensions of the recordings and journals a directory given as input contributes.
    public static let recordingExtensions: Set<String> = ["evemu", "events", "yaml", "yml"]

    /// Whether a file found in a directory given as input is measured: a results file, a
    /// journal, or a recording when recordings are replayed (`--test`). A journal in a visit
    /// folder whose test has its results file there is not: the test is measured once, from
    /// its results file (its journal only when there is none).
    public func takes(_ path: String) -> Bool {
        let ext = (path as NSString).pathExtension.lowercased()
        if Self.resultsExtensions.contains(ext) { return true }
        guard Self.recordingExtensions.contains(ext) else { return false }
        guard replay != nil || InputFileKind(path: path) == .journal else { return false }
        return !VisitPlaces.isJournalOfMeasuredTest(path)
    }

    /// The test in the input at `path`.
    ///
    /// - Throws: `FeaturesError` for a recording without `--test` or a file of another kind;
    ///   `ADFInvalidFile` for a results file `adf validate` rejects, unless `allowsInvalid`;
    ///   the reader's, the replay's or the recovery's error (each names the file) otherwise.
    public func test(path: String) throws -> InkTest {
        try checkedTest(path: path).test
    }

    /// The test in the input at `path` and what `adf validate` finds wrong with it (a results
    /// file read and checked in one pass; nothing for a recording or journal, which is not ADF).
    public func checkedTest(path: String) throws -> (test: InkTest, problems: [ADFProblem]) {
        if ADFReader.variant(path: path) != nil {
            // A PDF or a table named .csk is named as what it is, not as broken XML.
            try WrongInputError.checkResultsFile(path)
            let read = try ADFReader.readValidated(path: path)
            return (FeaturesInk.test(of: try read.document(allowsInvalid: allowsInvalid), mazes: mazes), read.problems)
        }
        return (FeaturesInk.test(of: try session(path: path)), [])
    }

    /// The session of a recording or journal, replayed or recovered in memory; its warnings (a
    /// truncated or empty recording, a journal that stopped early) go to `note`.
    public func session(path: String) throws -> SessionInMemory {
        let session = try replayedOrRecovered(path: path)
        for warning in session.warnings { note(path, "warning: " + warning) }
        return session
    }

    private func replayedOrRecovered(path: String) throws -> SessionInMemory {
        let note: (String) -> Void = { [note] in note(path, $0) }
        guard FileManager.default.fileExists(atPath: path) else { throw FeaturesError.missing(file: path) }
        let kind = InputFileKind(path: path)
        switch kind {
        case .journal:
            let recovery = JournalRecovery(path: path, lookup: replay?.lookup ?? CalibrationLookup(), facts: facts)
            return try recovery.rebuildInMemory(profileFile: profileFile, displayProfile: displayProfile, note: note)
        case .evemuRecording, .libinputRecording:
            guard var replay else { throw FeaturesError.recordingWithoutTest(file: path) }
            replay.recording = path
            return try replay.runInMemory(note: note)
        case .xml, .other:
            throw FeaturesError.notAnInput(file: path, kind: nil)
        case .pdf, .png, .csv, .tabletProfile, .displayProfile:
            throw FeaturesError.notAnInput(file: path, kind: WrongInputError.whatItIs(kind, path: path))
        }
    }

    /// The rows of `path` at `level`.
    public func rows(path: String, level: MeasureLevel) throws -> [MeasureRow] {
        level.rows(of: try test(path: path), filter: filter)
    }

    /// The input at `path` measured at `level`: its rows, the test it records in a visit
    /// folder, and the problems that mark it invalid (with `allowsInvalid`).
    public func measure(path: String, level: MeasureLevel) throws -> MeasuredInput {
        let (test, problems) = try checkedTest(path: path)
        return MeasuredInput(
            rows: level.rows(of: test, filter: filter), place: VisitPlaces.place(of: path),
            invalid: problems.isEmpty ? nil : ADFInvalidFile(path: path, problems: problems))
    }
}

/// One input measured, as `features` writes its rows.
public struct MeasuredInput: Sendable {
    public var rows: [MeasureRow]
    /// The participant, visit and test it records, when it is in a visit folder.
    public var place: VisitPlace?
    /// What makes it invalid ADF, when it was measured with `allowsInvalid`.
    public var invalid: ADFInvalidFile?

    /// The invalid file's first problem and how many more, nil for a valid input.
    public var invalidSummary: String? { invalid?.summary }
}

/// Why an input could not be measured or the table written; each names the file and what to do.
public enum FeaturesError: Error, CustomStringConvertible {
    case missing(file: String)
    case recordingWithoutTest(file: String)
    /// A file features does not measure; `kind` says what it is, when its first bytes tell.
    case notAnInput(file: String, kind: String?)
    case outputExists(file: String)
    case cannotWrite(file: String, why: String)

    public var description: String {
        switch self {
        case .missing(let file):
            "\(file) does not exist. Check the path."
        case .recordingWithoutTest(let file):
            "\(file) is a recording; give --test clock|maze|sdt (and for a maze --maze FILE or --battery FILE, with any "
                + "other option replay takes) to replay it in memory and measure it."
        case .notAnInput(let file, let kind?):
            "\(file) is \(kind), not a results file (.csk, .msk, .ssk, .tsk), recording or StylusKit journal. Give the "
                + "results file of a session (written by styluskit replay, record or recover), or its recording with --test."
        case .notAnInput(let file, nil):
            "\(file) is neither a results file (.csk, .msk, .ssk, .tsk) nor a recording or StylusKit journal. Give the results "
                + "file of a session (written by styluskit replay, record or recover), or its recording with --test."
        case .outputExists(let file):
            "\(file) exists. Give --force to overwrite it, or another --out directory."
        case .cannotWrite(let file, let why):
            "Cannot write \(file): \(why). Check that the --out directory can be created and written to."
        }
    }
}
