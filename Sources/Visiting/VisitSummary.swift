import Foundation
public import Visits

/// What `visit` and `record --visit` print at the end: the folder, how the run ended and each test's state and files.
/// Its JSON is the command line's `JSONLine`, which writes a fact not known yet as null, so every key is there.
public struct VisitSummary: Encodable, Sendable {
    /// One test of the visit, from the manifest.
    public struct Test: Encodable, Sendable {
        public var index: Int
        public var test: String
        public var status: String
        public var journal: String?
        public var results: String?
        public var outcome: String?
        public var skipReason: String?
        /// The steps whose instructions were shown, not spoken, and why (the manifest's `instructionsNotSpoken`).
        public var instructionsNotSpoken: [String: String]?
        /// Each step and who or what ended it (the manifest's `steps`).
        public var steps: [VisitManifest.Test.StepEnd]?
    }

    /// The visit folder and its manifest.
    public var folder: String
    public var manifest: String
    public var participant: String
    public var `protocol`: String
    /// The visit's state (`VisitLifeCycle.State`): `not-started` (nothing was written), `in-progress`, `complete`,
    /// `stopped` or `aborted`.
    public var status: String
    /// How this run ended: `complete`, `aborted` or `stopped` (a signal).
    public var ended: String
    /// The test a rerun of the same command resumes at (1, 2, ...), nil when nothing is left to take.
    public var resumesAt: Int?
    /// True when this run continued a visit begun before.
    public var resumed: Bool
    public var tests: [Test]

    public init(folder: VisitFolder, manifest: VisitManifest, resumed: Bool, ended: VisitRunEnd) {
        self.init(folder: folder, lifeCycle: VisitLifeCycle(existing: manifest), resumed: resumed, ended: ended)
    }

    public init(folder: VisitFolder, lifeCycle: VisitLifeCycle, resumed: Bool, ended: VisitRunEnd) {
        let manifest = lifeCycle.manifest
        self.folder = folder.path
        self.manifest = folder.file(VisitFolder.manifestName)
        participant = manifest.participant
        self.protocol = manifest.protocol.name
        status = lifeCycle.state.rawValue
        self.ended = ended.rawValue
        self.resumed = resumed
        if lifeCycle.state != .notStarted, VisitLifeCycle.rerun(manifest) == .resume {
            let left: Set<VisitManifest.Test.Status> = [.pending, .running]
            resumesAt = manifest.tests.first { left.contains($0.status) }?.index
        }
        tests = manifest.tests.map {
            Test(
                index: $0.index, test: $0.test, status: $0.status.rawValue, journal: $0.journal, results: $0.results,
                outcome: $0.outcome,
                skipReason: $0.skipReason, instructionsNotSpoken: $0.instructionsNotSpoken, steps: $0.steps)
        }
    }

    /// The text summary.
    public var lines: [String] {
        if status == VisitLifeCycle.State.notStarted.rawValue {
            let how = ended == VisitRunEnd.aborted.rawValue ? "aborted by the operator" : "stopped by a signal"
            return [
                "Visit of \(participant) (protocol \(`protocol`)): not started (\(how) before its first test); nothing was written"
            ]
        }
        var lines = ["Visit \(folder) (\(participant), protocol \(`protocol`)): \(status)"]
        let rerun =
            resumesAt.map { "run the same command again to resume it at test \($0)" } ?? "no test is left to take"
        switch ended {
        case VisitRunEnd.stopped.rawValue: lines.append("  stopped   by a signal; \(rerun)")
        case VisitRunEnd.aborted.rawValue:
            lines.append(
                "  aborted   by the operator; \(rerun) (an aborted test's journal is kept for `styluskit recover`)")
        default: break
        }
        for test in tests {
            var line = "  \(test.index). \(test.test.padding(toLength: 6, withPad: " ", startingAt: 0)) \(test.status)"
            if let outcome = test.outcome { line += " (\(outcome))" }
            if let results = test.results, test.status != "aborted" {
                line += "  \(results)"
            } else if let journal = test.journal {
                line += "  \(journal)"
            }
            if let reason = test.skipReason { line += "  (\(reason))" }
            lines.append(line)
            lines += Self.unspokenLines(test.instructionsNotSpoken ?? [:])
            lines += Self.stepOutcomeLines(test.steps ?? [])
        }
        lines.append("  manifest  \(manifest)")
        return lines
    }

    /// `     moved-on: maze-2; skipped: maze-3, maze-4`: the steps the participant did not finish, by
    /// who or what ended them; nothing when they finished every step.
    public static func stepOutcomeLines(_ steps: [VisitManifest.Test.StepEnd]) -> [String] {
        let ended = VisitManifest.Test.StepEnd.outcomeWords.dropFirst().compactMap { word -> String? in
            let names = steps.filter { $0.outcome == word }.map(\.step)
            return names.isEmpty ? nil : "\(word): " + names.joined(separator: ", ")
        }
        return ended.isEmpty ? [] : ["     steps " + ended.joined(separator: "; ")]
    }

    /// `     instructions shown, not spoken (no audio output device): clockStep-command, clockStep-copy`, one line a
    /// reason.
    static func unspokenLines(_ steps: [String: String]) -> [String] {
        Dictionary(grouping: steps.keys.sorted(), by: { steps[$0] ?? "" }).sorted { $0.key < $1.key }.map {
            reason, names in
            "     instructions shown, not spoken (\(reason)): " + names.joined(separator: ", ")
        }
    }
}
