public import ADF
import Foundation
public import Scoring
import SystemErrors
public import Visits

/// A results file as the raters score it: what the scoring model needs of it (its test, steps, form and SHA-256),
/// read once, and its scoring from the scores file beside it (docs/scoring.md).
///
/// The results file is only read: the scoring's only file is the folder's `scores.jsonl`.
public struct ResultsScoring: Sendable {
    /// The results file's path as given.
    public let path: String
    /// The results file's name in its folder, as the scores file names it.
    public let name: String
    /// The test, as `TestKind` names it (`clock`, `maze`, `sdt`, `trails`).
    public let test: String
    /// Its steps and how its form was drawn.
    public let form: ScoredForm
    /// Its SHA-256 now.
    public let sha256: String
    /// The scores file of its folder.
    public let scoresFile: ScoresFile

    /// Reads what scoring needs of the results file at `path` (its points are streamed past, not kept).
    public init(path: String) throws {
        guard let variant = ADFReader.variant(path: path) else { throw ResultsScoringError.notAResultsFile(path: path) }
        let file = try ADFReader.forEachPoint(path: path) { _ in }
        self.path = path
        name = (path as NSString).lastPathComponent
        test =
            switch variant {
            case .clock: "clock"
            case .maze: "maze"
            case .symbolDigit: "sdt"
            case .trails: "trails"
            }
        let steps = file.document.steps
        let setIDs = steps.compactMap { $0.drawingTags?.setID }
        form = ScoredForm(
            steps: steps.map(\.identifier), displayMode: setIDs.contains { $0.hasSuffix("-display") },
            keyKnown: setIDs.allSatisfy { $0.hasPrefix("styluskit-") })
        do {
            sha256 = try VisitFolder.sha256(file: path)
        } catch {
            throw ResultsScoringError.unreadable(path: path, reason: "\(error)")
        }
        scoresFile = ScoresFile(folder: PathText.folder(of: path))
    }

    /// The system the file is scored under: `system` if given, else the one its records use, else its test's standard
    /// one.
    public func system(_ system: ScoringSystem?, records: [ScoreRecord]) throws -> ScoringSystem {
        if let system {
            guard system.test == test else {
                throw ResultsScoringError.wrongSystem(path: path, system: system.name, test: test)
            }
            return system
        }
        if let used = records.first(where: { $0.results == name && $0.resultsSHA256 == sha256 })?.system {
            return used
        }
        guard let standard = ScoringSystem.standard(forTest: test) else {
            throw ResultsScoringError.noSystem(path: path, test: test)
        }
        return standard
    }

    /// The file's double scoring from the scores file as it is now, and the scores file's lines passed over.
    public func scoring(system: ScoringSystem? = nil) throws -> (DoubleScoring, [ScoresFileProblem]) {
        let contents = try scoresFile.read()
        let chosen = try self.system(system, records: contents.records)
        let scoring = DoubleScoring(
            system: chosen, form: form, results: name, resultsSHA256: sha256, records: contents.records)
        return (scoring, contents.problems)
    }

    /// Appends `record` to the scores file if the double-scoring rules accept it against the file as it is at that
    /// moment (under the file's lock); returns the scoring with it.
    public func save(_ record: ScoreRecord) throws -> DoubleScoring {
        var accepted: DoubleScoring?
        try scoresFile.append(record) { contents throws(ScoringRefusal) in
            var scoring = DoubleScoring(
                system: record.system, form: form, results: name, resultsSHA256: sha256, records: contents.records)
            try scoring.add(record)
            accepted = scoring
        }
        // append throws unless check ran and accepted.
        return accepted!
    }
}

/// Why a file cannot be scored, and what to do.
public enum ResultsScoringError: Error, Equatable, CustomStringConvertible {
    /// The file is not a results file (.csk, .msk, .ssk, .tsk).
    case notAResultsFile(path: String)
    /// The results file cannot be read to take its SHA-256.
    case unreadable(path: String, reason: String)
    /// The system asked for scores another test.
    case wrongSystem(path: String, system: String, test: String)
    /// No scoring system exists for the file's test yet.
    case noSystem(path: String, test: String)

    public var description: String {
        switch self {
        case .notAResultsFile(let path):
            "\(path) is not a results file (.csk, .msk, .ssk, .tsk): give a results file that replay, record or a visit wrote"
        case .unreadable(let path, let reason):
            "cannot read \(path): \(reason); check that the file is there and readable"
        case .wrongSystem(let path, let system, let test):
            "\(system) does not score a \(test) test (\(path)): leave out --system, or give one of "
                + ScoringSystem.allCases.filter { $0.test == test }.map(\.name).joined(separator: ", ")
        case .noSystem(let path, let test):
            "no scoring system scores a \(test) test yet (\(path)): docs/scoring.md lists the systems"
        }
    }
}
