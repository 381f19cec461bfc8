public import Foundation
public import Recordings
import Sessions
import SystemErrors
public import Visits

/// One test of a visit, as the runner asks the command to administer it.
public struct VisitTestRequest: Sendable {
    /// The test's position in the protocol, from 0.
    public var position: Int
    public var test: ProtocolTest
    /// The test as its journal names it, its maze or battery file an absolute path (so `recover` finds it anywhere).
    public var journaled: JournaledTest
    /// The protocol's settings file, for every test.
    public var settingsFile: String?
    /// The visit folder: the journal and the results file go there.
    public var directory: String
    /// For tests: the recording fed in place of the tablet (the `position`-th `--feed`).
    public var feed: String?
}

/// What the command tells the runner once a test's journal is open, before its first event.
public struct VisitTestOpened: Sendable {
    /// The journal's and the results file's paths.
    public var journal: String
    public var results: String
    public var device: VisitManifest.Device
    /// The tablet and display profile files the session was given or chose, nil for none.
    public var tabletProfile: String?
    public var displayProfile: String?

    public init(journal: String, results: String, device: VisitManifest.Device, tabletProfile: String?, displayProfile: String?) {
        self.journal = journal
        self.results = results
        self.device = device
        self.tabletProfile = tabletProfile
        self.displayProfile = displayProfile
    }
}

/// How an administered test ended.
public enum VisitTestEnd: Equatable, Sendable {
    /// It ran to its end; its results file is written.
    case finished
    /// SIGINT or SIGTERM stopped it safely (its results file is written); the visit stops after it, in progress.
    case stopped
    /// The operator aborted it (Ctrl+Q); its journal is kept, no results file was written.
    case aborted
}

/// What the operator chose before a test.
public enum VisitChoice: Equatable, Sendable {
    case administer
    case skip(reason: String)
    case abort
    /// SIGINT or SIGTERM while waiting: the visit stops where it is, in progress, to be resumed.
    case stop
}

/// Asks the operator what to do before each test (and runs the break); tells them what happened.
public protocol VisitOperator: AnyObject {
    /// The operator's choice before the test at `position` of `count`, after the break of `breakSeconds` if any.
    func choose(before test: ProtocolTest, position: Int, count: Int, breakSeconds: Double?) -> VisitChoice
    /// A line for the operator (standard error), never the participant's screen.
    func note(_ text: String)
}

/// How a visit's run ended.
public enum VisitRunEnd: String, Sendable {
    /// Every test done, incomplete or skipped.
    case complete
    /// The operator aborted it.
    case aborted
    /// A signal stopped it; it stays in progress, to be resumed by running the same command again.
    case stopped
}

/// Runs a visit from its manifest: recovers a test a killed visit left running, then each pending
/// test in order (the operator may skip one or abort), writing the manifest after every change.
///
/// The tests themselves are administered by the caller (`administer`'s window or `record`'s loop),
/// which calls `opened` once the journal exists: the test is `running` from then on.
public struct VisitRunner {
    public let folder: VisitFolder
    public private(set) var manifest: VisitManifest
    /// The protocol, paths resolved against the working directory.
    public let plan: VisitProtocol
    /// True when this run continues a visit begun before.
    public let resumed: Bool
    /// The recordings fed in place of the tablet, one per protocol test in order (tests only).
    public var feeds: [String] = []
    private let now: () -> Date

    /// The participant's visit to run: the latest still in progress under `root` (unless `newVisit`), else a new one.
    ///
    /// The protocol given must be the very file (by SHA-256) an unfinished visit began with.
    public init(
        protocolFile: String, participant: String, root: String, newVisit: Bool, version: String, now: @escaping () -> Date = Date.init
    ) throws {
        try VisitFolder.check(participant: participant)
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: protocolFile))
        } catch {
            throw VisitRunError.protocolUnreadable(file: protocolFile, reason: SystemErrorText.reason(error))
        }
        let written = try VisitProtocol(yaml: String(decoding: bytes, as: UTF8.self), source: protocolFile)
        plan = written.resolved(against: (protocolFile as NSString).deletingLastPathComponent)
        self.now = now
        if !newVisit, let (folder, manifest) = try VisitFolder.latestInProgress(root: root, participant: participant) {
            guard manifest.protocol.sha256 == VisitFolder.sha256(bytes) else { throw VisitError.protocolChanged(folder: folder.path) }
            (self.folder, self.manifest, resumed) = (folder, manifest, true)
            return
        }
        let started = now()
        folder = try VisitFolder.create(root: root, participant: participant, started: started)
        let sha = try folder.copyProtocol(bytes: bytes)
        var calibration = VisitManifest.Calibration()
        if let settings = plan.settings { calibration.settings = try Self.facts(settings) }
        manifest = VisitManifest.begin(
            participant: participant, protocol: written,
            facts: .init(
                name: written.name, title: written.title, schema: VisitProtocol.schemaVersion, file: VisitFolder.protocolName,
                source: URL(fileURLWithPath: protocolFile).standardized.path, sha256: sha),
            software: .init(version: version), calibration: calibration, at: started)
        resumed = false
        try folder.write(manifest)
    }

    /// The request for the test at `position`.
    public func request(_ position: Int) -> VisitTestRequest {
        let test = plan.tests[position]
        return VisitTestRequest(
            position: position, test: test, journaled: Self.journaled(test), settingsFile: plan.settings, directory: folder.path,
            feed: position < feeds.count ? feeds[position] : nil)
    }

    /// Runs the visit to its end, an abort or a signal; `administer` runs one test.
    public mutating func run(
        operator desk: any VisitOperator,
        administer: (VisitTestRequest, _ opened: (VisitTestOpened) throws -> Void) throws -> VisitTestEnd
    ) throws -> VisitRunEnd {
        if resumed, let next = manifest.next {
            desk.note("Resuming the visit in \(folder.path) at test \(next + 1) of \(manifest.tests.count) (\(manifest.tests[next].test)).")
        }
        var firstThisRun = true
        while true {
            switch manifest.step {
            case .over:
                return manifest.status == .aborted ? .aborted : .complete
            case .recover(let position):
                try recover(position, desk: desk)
            case .administer(let position):
                // A break is between two tests of one sitting: a resumed visit starts at the prompt.
                let pause = firstThisRun ? nil : plan.tests[position].breakSeconds
                firstThisRun = false
                switch desk.choose(before: plan.tests[position], position: position, count: plan.tests.count, breakSeconds: pause) {
                case .stop:
                    return .stopped
                case .abort:
                    manifest.abort(during: nil, at: now())
                    try folder.write(manifest)
                case .skip(let reason):
                    manifest.skip(position, at: now(), reason: reason)
                    try folder.write(manifest)
                case .administer:
                    if try administerTest(position, administer: administer) == .stopped { return .stopped }
                }
            }
        }
    }

    private mutating func administerTest(
        _ position: Int, administer: (VisitTestRequest, (VisitTestOpened) throws -> Void) throws -> VisitTestEnd
    ) throws -> VisitTestEnd {
        let end = try administer(request(position)) { opened in
            manifest.start(
                position, at: now(), journal: (opened.journal as NSString).lastPathComponent,
                results: (opened.results as NSString).lastPathComponent)
            if manifest.device == nil { manifest.device = opened.device }
            if manifest.calibration.tabletProfile == nil, let file = opened.tabletProfile {
                manifest.calibration.tabletProfile = try Self.facts(file)
            }
            if manifest.calibration.displayProfile == nil, let file = opened.displayProfile {
                manifest.calibration.displayProfile = try Self.facts(file)
            }
            try folder.write(manifest)
        }
        guard manifest.tests[position].status == .running else { throw VisitRunError.testNeverOpened(position: position + 1) }
        switch end {
        case .aborted:
            manifest.abort(during: position, at: now())
        case .finished, .stopped:
            manifest.finish(
                position, at: now(), outcome: end == .stopped ? VisitManifest.Outcome.stopped : VisitManifest.Outcome.finished,
                checksums: try checksums(position))
            noteUnspoken(position)
        }
        try folder.write(manifest)
        return end
    }

    /// Rebuilds the results of the test a killed visit left running from its journal, as `recover` does, and marks it incomplete.
    private mutating func recover(_ position: Int, desk: any VisitOperator) throws {
        guard let journal = manifest.tests[position].journal else {
            // Killed before its journal was named: nothing of it was recorded, so it is still to take.
            manifest.tests[position].status = .pending
            try folder.write(manifest)
            return
        }
        let path = folder.file(journal)
        desk.note("Test \(position + 1) (\(manifest.tests[position].test)) was cut off; recovering it from \(path).")
        // The results file is named after the journal, as the session named it when it began: the manifest has it already.
        _ = try JournalRecovery(path: path).rebuild(directory: folder.path, force: true, note: { desk.note($0) })
        manifest.finish(position, at: now(), outcome: VisitManifest.Outcome.recovered, checksums: try checksums(position), incomplete: true)
        noteUnspoken(position)
        try folder.write(manifest)
        desk.note("Test \(position + 1) is marked incomplete; its results are \(folder.file(manifest.tests[position].results ?? "?")).")
    }

    /// Puts the steps whose instructions the results file says were shown, not spoken, into the manifest.
    private mutating func noteUnspoken(_ position: Int) {
        guard let results = manifest.tests[position].results else { return }
        let unspoken = unspokenInstructions(inResults: folder.file(results))
        manifest.tests[position].instructionsNotSpoken = unspoken.isEmpty ? nil : unspoken
    }

    private func checksums(_ position: Int) throws -> VisitManifest.Test.Checksums {
        let test = manifest.tests[position]
        func sum(_ name: String?) throws -> String? {
            guard let name, FileManager.default.fileExists(atPath: folder.file(name)) else { return nil }
            return try VisitFolder.sha256(file: folder.file(name))
        }
        return .init(journal: try sum(test.journal), results: try sum(test.results))
    }

    private static func facts(_ file: String) throws -> VisitManifest.FileFacts {
        VisitManifest.FileFacts(file: file, sha256: try VisitFolder.sha256(file: file))
    }

    /// The test as a journal names it, with its maze or battery file made absolute.
    static func journaled(_ test: ProtocolTest) -> JournaledTest {
        switch test.mazes {
        case .battery(let file): JournaledTest(test.test, maze: nil, battery: file).absolute
        case .maze(let file): JournaledTest(test.test, maze: file, battery: nil).absolute
        case .none: JournaledTest(test.test, maze: nil, battery: nil)
        }
    }
}

/// Why a visit could not run, and what to do.
public enum VisitRunError: Error, CustomStringConvertible {
    case protocolUnreadable(file: String, reason: String)
    case testNeverOpened(position: Int)

    public var description: String {
        switch self {
        case let .protocolUnreadable(file, reason):
            return
                "Cannot read the protocol file \(file): \(reason). Give a protocol file such as Fixtures/protocols/standard.yaml (docs/visit.md)."
        case let .testNeverOpened(position):
            return
                "Test \(position) ended without opening its journal; the visit stays in progress: run the same command again to resume it."
        }
    }
}
