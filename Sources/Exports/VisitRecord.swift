import Features
internal import Foundation
public import Measures
import Recordings
public import Scoring
public import Sessions
import StylusInput
public import TestMaterials
public import Visits

/// A visit as the exports see it: its manifest, and each test's measures from its results file.
///
/// A measure is the `--level test` value `styluskit features` gives for the test's results file
/// (with the protocol's mazes for a maze test, as `features --battery` or `--maze` would), so a
/// number in an export is always one a study can recompute from the file.
public struct VisitRecord: Sendable {
    public let folder: VisitFolder
    public let manifest: VisitManifest
    public let tests: [TestRecord]

    /// One test of the visit.
    public struct TestRecord: Sendable {
        /// The manifest's entry.
        public let entry: VisitManifest.Test
        /// Its kind; nil for a test name this StylusKit does not know (a newer manifest's).
        public let kind: TestKind?
        /// 1 for the first test of its kind in the visit, 2 for a second...
        public let occurrence: Int
        /// The results file's path, when the test wrote one.
        public let resultsPath: String?
        /// The test's `--level test` row, when it has a results file.
        public let measures: MeasureRow?
        /// What `adf validate` rejects in its results file (the first problem), when it was
        /// measured anyway (`--allow-invalid`); nil for a valid file.
        public var invalid: String? = nil
        /// The double scoring of its results file by trained raters (docs/scoring.md), when its test has a scoring
        /// system and its results file was read; "not scored" when the folder has no scores for it.
        public var scoring: DoubleScoring? = nil
    }

    /// The folder's name under the participant's: the visit's start, `20261125T093012Z`.
    public var name: String { (folder.path as NSString).lastPathComponent }

    /// Reads the visit in `folder` and measures each results file; `note` gets what a person should
    /// know that does not stop the export (mazes that could not be found). A results file that
    /// `adf validate` rejects stops the export, unless `allowsInvalid`: its test is then marked.
    public static func read(
        _ folder: VisitFolder, allowsInvalid: Bool = false, note: (String) -> Void = { _ in }
    ) throws(ExportError) -> VisitRecord {
        let manifest: VisitManifest
        do {
            manifest = try folder.readManifest()
        } catch {
            throw .unreadableVisit(path: folder.path, reason: error.description)
        }
        let mazes = protocolMazes(folder, manifest: manifest, note: note)
        var seen: [String: Int] = [:]
        var tests: [TestRecord] = []
        for entry in manifest.tests {
            seen[entry.test, default: 0] += 1
            let occurrence = seen[entry.test, default: 0]
            let kind = TestKind(rawValue: entry.test)
            var resultsPath: String?
            var measures: MeasureRow?
            var invalid: String?
            var scoring: DoubleScoring?
            // A stopped test's results file is written too: measured, its status saying it was stopped early.
            if entry.status == .done || entry.status == .stopped || entry.status == .incomplete,
                let results = entry.results
            {
                let path = folder.file(results)
                guard FileManager.default.fileExists(atPath: path) else {
                    throw .missingResults(visit: folder.path, test: entry.index, kind: entry.test, file: results)
                }
                // The name was checked to stay in the folder when the manifest was read (issue 34, item 3); a null
                // SHA-256 is refused like a wrong one, since without it a swapped file would pass.
                do {
                    _ = try folder.checkedResults(results, of: entry)
                } catch {
                    if case .changedFile = error {
                        throw .changedResults(visit: folder.path, test: entry.index, kind: entry.test, file: results)
                    }
                    throw .unreadableVisit(path: folder.path, reason: error.description)
                }
                // A results file is read, never replayed: no tablet database is asked.
                var source = FeaturesSource(facts: NoDeviceFacts())
                source.mazes = kind == .maze ? mazes[entry.index] ?? [] : []
                source.allowsInvalid = allowsInvalid
                do {
                    let measured = try source.measure(path: path, level: .test)
                    measures = measured.rows.first
                    invalid = measured.invalidSummary
                } catch {
                    throw .unmeasurable(
                        visit: folder.path, test: entry.index, kind: entry.test, file: results, reason: "\(error)")
                }
                resultsPath = path
                if ScoringSystem.standard(forTest: entry.test) != nil {
                    do {
                        scoring = try ResultsScoring(path: path).scoring().0
                    } catch {
                        throw .unmeasurable(
                            visit: folder.path, test: entry.index, kind: entry.test, file: results,
                            reason: "its scores cannot be read: \(error)")
                    }
                }
            }
            tests.append(
                TestRecord(
                    entry: entry, kind: kind, occurrence: occurrence, resultsPath: resultsPath,
                    measures: measures, invalid: invalid, scoring: scoring)
            )
        }
        return VisitRecord(folder: folder, manifest: manifest, tests: tests)
    }

    /// Every visit at or under each of `paths`, in the order given (each directory's sorted by path), read and
    /// measured.
    public static func readAll(
        _ paths: [String], allowsInvalid: Bool = false, note: (String) -> Void = { _ in }
    ) throws(ExportError) -> [VisitRecord] {
        var records: [VisitRecord] = []
        for path in paths {
            let folders = VisitFolder.all(under: path)
            guard !folders.isEmpty else { throw .noVisits(path: path) }
            for folder in folders { records.append(try read(folder, allowsInvalid: allowsInvalid, note: note)) }
        }
        return records
    }

    /// The mazes of each maze test measured (by its index), as `VisitFolder.mazes(ofTestAt:in:)` finds them.
    static func protocolMazes(_ folder: VisitFolder, manifest: VisitManifest, note: (String) -> Void) -> [Int:
        [AdministeredMaze]]
    {
        var mazes: [Int: [AdministeredMaze]] = [:]
        for position in manifest.tests.indices
        where manifest.tests[position].test == TestKind.maze.rawValue
            && [.done, .stopped, .incomplete].contains(manifest.tests[position].status)
        {
            if let loaded = folder.mazes(ofTestAt: position, in: manifest) {
                mazes[manifest.tests[position].index] = loaded
            } else {
                note(
                    "\(folder.path): the mazes of test \(position + 1) are neither in its journal nor where \(manifest.protocol.source) "
                        + "names them; its measures against the maze's solution are left empty.")
            }
        }
        return mazes
    }
}
