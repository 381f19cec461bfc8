public import Foundation

/// The one place a visit's and its tests' states change (docs/visit.md, "Life cycle"): pure, the
/// caller gives the times and writes the manifest when an event says so.
///
/// A visit is `not-started` (nothing on disk) until its first test's journal exists; then
/// `in-progress` until it ends `complete` (no test left to take), `stopped` (a signal ended the
/// run) or `aborted` (the operator aborted it). A stopped or aborted visit with tests left is
/// resumed by the next run, which takes it back to `in-progress`; one with nothing left is over.
/// Each test goes `pending` → `running` → `done`, `stopped` or `aborted` (or `incomplete` when a
/// killed visit's journal is recovered), or `pending` → `skipped`.
public struct VisitLifeCycle: Equatable, Sendable {
    /// The visit's state: the manifest's `status`, or `not-started` while nothing is on disk.
    public enum State: String, CaseIterable, Sendable {
        case notStarted = "not-started"
        case inProgress = "in-progress"
        case complete
        case stopped
        case aborted
    }

    /// What happens to a visit.
    public enum Event: Equatable, Sendable {
        /// A rerun takes up a stopped or aborted visit with tests left (one in progress goes on as it is).
        case resume
        /// The test's journal exists (named, with its results file's name): it is running.
        case open(Int, journal: String, results: String)
        /// The test ended with its results file written; `endedBy` says who ended it.
        case end(Int, endedBy: VisitManifest.Outcome, checksums: VisitManifest.Test.Checksums)
        /// The operator aborted the visit during the test (Ctrl+Q, confirmed): its journal is kept.
        case abortDuring(Int)
        /// A test a killed visit left running was rebuilt from its journal.
        case recover(Int, checksums: VisitManifest.Test.Checksums)
        /// A test a killed visit left running before its journal was named: nothing of it was recorded.
        case forget(Int)
        /// A test a killed visit left running whose journal holds no pen event (killed before the first one):
        /// nothing of it was recorded, its journal is removed, and it is taken again.
        case retake(Int)
        /// The operator skipped the test, for a reason.
        case skip(Int, reason: String)
        /// The operator aborted the visit between tests (`q`).
        case abortBetween
        /// A signal stopped the visit between tests.
        case stopBetween
    }

    /// What the caller does after an event.
    public enum Action: Equatable, Sendable {
        /// Write the manifest: the visit is on disk.
        case write
        /// Nothing to write: the visit has not started (nothing goes on disk for it).
        case none
    }

    /// What a rerun of the same command does with the participant's latest visit.
    public enum Rerun: Equatable, Sendable {
        /// Take it up again: something is left to take (or to recover).
        case resume
        /// Nothing is left to take in it: the operator must ask for a new visit (`--new-visit`).
        case over(State)
    }

    /// An event that does not apply in the state the visit is in: a mistake of the caller's.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public let event: Event
        public let state: State
        public var description: String {
            "The visit cannot take \(event) while it is \(state.rawValue) (docs/visit.md, \"Life cycle\")."
        }
    }

    public private(set) var manifest: VisitManifest
    public private(set) var state: State

    /// A new visit: nothing on disk yet, every test pending.
    public init(new manifest: VisitManifest) {
        self.manifest = manifest
        state = .notStarted
    }

    /// A visit read from its folder.
    public init(existing manifest: VisitManifest) {
        self.manifest = manifest
        state = State(manifest.status)
    }

    /// What a rerun does with a visit in `manifest`'s state.
    public static func rerun(_ manifest: VisitManifest) -> Rerun {
        let left = manifest.tests.contains { $0.status == .pending || $0.status == .running }
        switch manifest.status {
        case .inProgress, .stopped, .aborted: return left ? .resume : .over(State(manifest.status))
        case .complete: return .over(.complete)
        }
    }

    /// The next thing to do: a test left running is recovered before anything else is administered.
    public var step: VisitStep {
        guard state == .inProgress || state == .notStarted else { return .over }
        if let running = manifest.tests.firstIndex(where: { $0.status == .running }) { return .recover(running) }
        if let next = manifest.tests.firstIndex(where: { $0.status == .pending }) { return .administer(next) }
        return .over
    }

    /// Applies `event` at `at`; throws when it does not apply in this state.
    public mutating func apply(_ event: Event, at date: Date) throws(Refusal) -> Action {
        let at = VisitFolder.isoTime(date)
        let refused = Refusal(event: event, state: state)
        let takes = state == .notStarted || state == .inProgress
        /// The test at `position` is the next to take (tests are taken in order).
        func isNext(_ position: Int) -> Bool {
            takes && step == .administer(position)
        }
        func isRunning(_ position: Int) -> Bool {
            state == .inProgress && manifest.tests.indices.contains(position)
                && manifest.tests[position].status == .running
        }
        switch event {
        case .resume:
            guard state == .stopped || state == .aborted, Self.rerun(manifest) == .resume else { throw refused }
            manifest.status = .inProgress
            manifest.finished = nil
            state = .inProgress
        case .open(let position, let journal, let results):
            guard isNext(position) else { throw refused }
            // The visit starts with its first test's real start, not with the command.
            if state == .notStarted || !manifest.tests.contains(where: { $0.started != nil }) { manifest.started = at }
            manifest.tests[position].status = .running
            manifest.tests[position].started = at
            manifest.tests[position].journal = journal
            manifest.tests[position].results = results
            state = .inProgress
            manifest.status = .inProgress
        case .end(let position, let endedBy, let checksums):
            guard isRunning(position), endedBy != .recovered else { throw refused }
            manifest.tests[position].status = endedBy == .stopped ? .stopped : .done
            manifest.tests[position].finished = at
            manifest.tests[position].outcome = endedBy.rawValue
            manifest.tests[position].sha256 = checksums
            if endedBy == .stopped { close(.stopped, at: at) } else { closeIfOver(at: at) }
        case .abortDuring(let position):
            guard isRunning(position) else { throw refused }
            manifest.tests[position].status = .aborted
            manifest.tests[position].finished = at
            close(.aborted, at: at)
        case .recover(let position, let checksums):
            guard isRunning(position) else { throw refused }
            manifest.tests[position].status = .incomplete
            manifest.tests[position].finished = at
            manifest.tests[position].outcome = VisitManifest.Outcome.recovered.rawValue
            manifest.tests[position].sha256 = checksums
            closeIfOver(at: at)
        case .forget(let position):
            guard isRunning(position), manifest.tests[position].journal == nil else { throw refused }
            manifest.tests[position].status = .pending
            manifest.tests[position].started = nil
        case .retake(let position):
            guard isRunning(position), manifest.tests[position].journal != nil else { throw refused }
            manifest.tests[position].status = .pending
            manifest.tests[position].started = nil
            (manifest.tests[position].journal, manifest.tests[position].results) = (nil, nil)
        case .skip(let position, let reason):
            guard isNext(position) else { throw refused }
            manifest.tests[position].status = .skipped
            manifest.tests[position].finished = at
            manifest.tests[position].skipReason = reason
            // Skips alone do not start a visit, unless they are all of it: then it is over, and on disk.
            if state == .notStarted {
                guard !manifest.tests.contains(where: { $0.status == .pending }) else { return .none }
                manifest.started = manifest.tests.compactMap(\.finished).min() ?? at
                state = .inProgress
            }
            closeIfOver(at: at)
        case .abortBetween, .stopBetween:
            guard takes, !manifest.tests.contains(where: { $0.status == .running }) else { throw refused }
            // A visit that never started leaves nothing behind.
            if state == .notStarted { return .none }
            close(event == .abortBetween ? .aborted : .stopped, at: at)
        }
        return state == .notStarted ? .none : .write
    }

    /// Records the tablet and the files that shaped the form: facts of the visit, not states.
    public mutating func record(device: VisitManifest.Device?, calibration: VisitManifest.Calibration) {
        manifest.device = device
        manifest.calibration = calibration
    }

    /// Records the steps of the test at `position` whose instructions were shown, not spoken, and why: a fact, not a
    /// state.
    public mutating func record(instructionsNotSpoken unspoken: [String: String]?, of position: Int) {
        manifest.tests[position].instructionsNotSpoken = unspoken
    }

    /// Records who or what ended each step of the test at `position` (from its results file): a fact, not a state.
    public mutating func record(steps: [VisitManifest.Test.StepEnd]?, of position: Int) {
        manifest.tests[position].steps = steps
    }

    private mutating func close(_ end: VisitManifest.Status, at: String) {
        manifest.status = end
        manifest.finished = at
        state = State(end)
    }

    private mutating func closeIfOver(at: String) {
        guard !manifest.tests.contains(where: { $0.status == .pending || $0.status == .running }) else { return }
        close(.complete, at: at)
    }
}

extension VisitLifeCycle.State {
    /// The state a manifest's status stands for.
    public init(_ status: VisitManifest.Status) {
        switch status {
        case .inProgress: self = .inProgress
        case .complete: self = .complete
        case .stopped: self = .stopped
        case .aborted: self = .aborted
        }
    }
}
