public import Foundation
import LinuxInput
public import Recordings
import Sessions
import SystemErrors
import TestMaterials
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
}

/// How an administered test ended.
public enum VisitTestEnd: Equatable, Sendable {
    /// Every step ended by itself (the participant finished it, or its time limit); its results file is written.
    case finished
    /// It ran to its end with the operator moving on from a step or more (N, Escape twice); its results file is
    /// written.
    case movedOn
    /// SIGINT or SIGTERM stopped it safely (its results file is written); the visit stops after it.
    case stopped
    /// The operator aborted it (Ctrl+Q, confirmed); its journal is kept, no results file was written.
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
    /// No test is left to take.
    case complete
    /// The operator aborted it (Ctrl+Q in a test, confirmed, or `q` between tests).
    case aborted
    /// A signal stopped it.
    case stopped
}

/// Runs a visit from its manifest: recovers a test a killed visit left running, then each pending
/// test in order (the operator may skip one or abort), writing the manifest after every change of
/// state. Every change goes through `VisitLifeCycle`.
///
/// The tests themselves are administered by the caller (`administer`'s window or `record`'s loop),
/// which calls `opened` once the journal exists: the test is `running` from then on. A new visit
/// is on disk from that moment only: a start that fails before (no display, no tablet) or an
/// abort before the first test leaves nothing behind.
public struct VisitRunner {
    public private(set) var folder: VisitFolder
    /// The visit's states, and its manifest.
    public private(set) var lifeCycle: VisitLifeCycle
    /// The protocol, paths resolved against the working directory.
    public let plan: VisitProtocol
    /// True when this run continues a visit begun before.
    public let resumed: Bool
    /// The recordings fed in place of the tablet, one per protocol test in order (tests only).
    public var feeds: [String] = []
    private let now: () -> Date
    /// The protocol file's bytes, copied into the folder when the visit starts.
    private let protocolBytes: Data
    private let root: String
    /// This run's hold on the visit folder, from when it is made or resumed to the end of `run`.
    private var lock: VisitFolderLock?
    /// What a run killed while a test was starting left and this one removed (folders and journals), for the
    /// operator's note.
    private var killedStarts: [String] = []

    /// The visit's manifest, as it is (or will be) on disk.
    public var manifest: VisitManifest { lifeCycle.manifest }

    /// The participant's visit to run: the latest one when it has tests left (unless `newVisit`), else a new one.
    ///
    /// The protocol given must be the very file (by SHA-256) an unfinished visit began with. A latest
    /// visit with nothing left to take is refused (`VisitError.visitOver`) rather than followed by a new one unasked.
    public init(
        protocolFile: String, participant: String, root: String, newVisit: Bool, version: String,
        now: @escaping () -> Date = Date.init
    ) throws {
        try VisitFolder.check(participant: participant)
        let bytes: Data
        do {
            // Its kind and size are known before a byte is read: a FIFO would hang the visit, and a huge file (a
            // recording given by mistake) is refused, not read.
            let attributes = try FileManager.default.attributesOfItem(atPath: protocolFile)
            guard attributes[.type] as? FileAttributeType == .typeRegular else {
                throw VisitRunError.protocolUnreadable(
                    file: protocolFile, reason: "it is not a regular file (a FIFO, a device or a folder)")
            }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            guard size <= VisitProtocol.maximumBytes else {
                throw VisitProtocolError.tooLarge(
                    source: protocolFile,
                    detail: "it is \(size) bytes; a protocol is at most \(VisitProtocol.maximumBytes)")
            }
            bytes = try Data(contentsOf: URL(fileURLWithPath: protocolFile))
        } catch let error as VisitProtocolError {
            throw error
        } catch let error as VisitRunError {
            throw error
        } catch {
            throw VisitRunError.protocolUnreadable(file: protocolFile, reason: SystemErrorText.reason(error))
        }
        let written = try VisitProtocol(yaml: String(decoding: bytes, as: UTF8.self), source: protocolFile)
        plan = written.resolved(against: PathText.folder(of: protocolFile))
        self.now = now
        (protocolBytes, self.root) = (bytes, root)
        // A visit killed between its first journal and its first visit.json left a folder that is not a visit.
        killedStarts = VisitFolder.removeKilledStarts(root: root, participant: participant)
        if !newVisit, let (folder, manifest) = try VisitFolder.latest(root: root, participant: participant) {
            if case .over(let state) = VisitLifeCycle.rerun(manifest) {
                throw VisitError.visitOver(folder: folder.path, status: state.rawValue)
            }
            guard manifest.protocol.sha256 == VisitFolder.sha256(bytes) else {
                throw VisitError.protocolChanged(folder: folder.path)
            }
            // Before the manifest is written: a second resume of the visit is refused here.
            lock = try folder.lock()
            // A test killed between its journal's opening and visit.json naming it is still pending; its journal
            // holds no pen event.
            killedStarts += folder.removeJournalsOfKilledStarts(besides: Set(manifest.tests.compactMap(\.journal)))
                .map(folder.file)
            var lifeCycle = VisitLifeCycle(existing: manifest)
            if lifeCycle.state != .inProgress { _ = try lifeCycle.apply(.resume, at: now()) }
            (self.folder, self.lifeCycle, resumed) = (folder, lifeCycle, true)
            try folder.write(lifeCycle.manifest)
            return
        }
        let started = now()
        // Planned, not made: the folder and visit.json appear when the first test opens its journal.
        folder = try VisitFolder.planned(root: root, participant: participant, started: started)
        var calibration = VisitManifest.Calibration()
        if let settings = plan.settings { calibration.settings = try Self.facts(settings) }
        var manifest = VisitManifest.begin(
            participant: participant, protocol: written,
            facts: .init(
                name: written.name, title: written.title, schema: VisitProtocol.schemaVersion,
                file: VisitFolder.protocolName,
                source: URL(fileURLWithPath: protocolFile).standardized.path, sha256: VisitFolder.sha256(bytes)),
            software: .init(version: version), calibration: calibration, at: started)
        // The layout files that replaced a trail making test's parts, as they were when the visit began.
        for (index, test) in plan.tests.enumerated() where test.test == .trails {
            manifest.tests[index].layouts = test.trailsLayouts.isEmpty ? nil : try test.trailsLayouts.map(Self.facts)
        }
        lifeCycle = VisitLifeCycle(new: manifest)
        resumed = false
    }

    /// The request for the test at `position`.
    public func request(_ position: Int) -> VisitTestRequest {
        let test = plan.tests[position]
        return VisitTestRequest(
            position: position, test: test, journaled: Self.journaled(test), settingsFile: plan.settings,
            directory: folder.path,
            feed: position < feeds.count ? feeds[position] : nil)
    }

    /// Runs the visit to its end, an abort or a signal; `administer` runs one test.
    public mutating func run(
        operator desk: any VisitOperator,
        administer: (VisitTestRequest, _ opened: (VisitTestOpened) throws -> Void) throws -> VisitTestEnd
    ) throws -> VisitRunEnd {
        defer { lock = nil }
        for path in killedStarts {
            desk.note(
                "Removed \(path): left by a run killed as a test was starting, before visit.json named it; it held no pen event."
            )
        }
        if resumed, case .administer(let next) = lifeCycle.step {
            desk.note(
                "Resuming the visit in \(folder.path) at test \(next + 1) of \(manifest.tests.count) (\(manifest.tests[next].test))."
            )
        }
        var firstThisRun = true
        while true {
            switch lifeCycle.step {
            case .over:
                return lifeCycle.state == .complete ? .complete : lifeCycle.state == .aborted ? .aborted : .stopped
            case .recover(let position):
                try recover(position, desk: desk)
            case .administer(let position):
                // A break is between two tests of one sitting: a resumed visit starts at the prompt.
                let pause = firstThisRun ? nil : plan.tests[position].breakSeconds
                firstThisRun = false
                switch desk.choose(
                    before: plan.tests[position], position: position, count: plan.tests.count, breakSeconds: pause)
                {
                case .stop:
                    try apply(.stopBetween)
                    return .stopped
                case .abort:
                    try apply(.abortBetween)
                    return .aborted
                case .skip(let reason):
                    try apply(.skip(position, reason: reason))
                case .administer:
                    switch try administerTest(position, administer: administer) {
                    case .stopped: return .stopped
                    case .aborted: return .aborted
                    case .finished, .movedOn: break
                    }
                }
            }
        }
    }

    /// Applies `event` now, and writes the manifest when the visit is on disk.
    private mutating func apply(_ event: VisitLifeCycle.Event) throws {
        if try lifeCycle.apply(event, at: now()) == .write { try writeManifest() }
    }

    /// Writes the manifest, with the protocol's copy beside it the first time.
    private func writeManifest() throws {
        if !FileManager.default.fileExists(atPath: folder.file(VisitFolder.protocolName)) {
            try folder.make()
            _ = try folder.copyProtocol(bytes: protocolBytes)
        }
        try folder.write(manifest)
    }

    private mutating func administerTest(
        _ position: Int, administer: (VisitTestRequest, (VisitTestOpened) throws -> Void) throws -> VisitTestEnd
    ) throws -> VisitTestEnd {
        if lifeCycle.state == .notStarted {
            // The folder is named after the first test's start, made for its journal.
            (folder, lock) = try VisitFolder.makeNew(root: root, participant: manifest.participant, started: now())
        }
        let end: VisitTestEnd
        do {
            end = try administer(request(position)) { opened in
                _ = try lifeCycle.apply(
                    .open(
                        position, journal: (opened.journal as NSString).lastPathComponent,
                        results: (opened.results as NSString).lastPathComponent), at: now())
                try noteFacts(opened)
                try writeManifest()
            }
        } catch {
            // A start that failed before its journal: a visit that never started leaves nothing behind.
            if lifeCycle.state == .notStarted { folder.removeIfEmpty() }
            throw error
        }
        guard manifest.tests[position].status == .running else {
            throw VisitRunError.testNeverOpened(position: position + 1)
        }
        switch end {
        case .aborted: try apply(.abortDuring(position))
        case .finished, .movedOn, .stopped:
            noteUnspoken(position)
            let outcome: VisitManifest.Outcome = end == .finished ? .finished : end == .movedOn ? .movedOn : .stopped
            try apply(.end(position, endedBy: outcome, checksums: try checksums(position)))
        }
        return end
    }

    /// The tablet and the profiles the first test used: the visit's.
    private mutating func noteFacts(_ opened: VisitTestOpened) throws {
        var manifest = lifeCycle.manifest
        if manifest.device == nil { manifest.device = opened.device }
        if manifest.calibration.tabletProfile == nil, let file = opened.tabletProfile {
            manifest.calibration.tabletProfile = try Self.facts(file)
        }
        if manifest.calibration.displayProfile == nil, let file = opened.displayProfile {
            manifest.calibration.displayProfile = try Self.facts(file)
        }
        lifeCycle.record(device: manifest.device, calibration: manifest.calibration)
    }

    /// Rebuilds the results of the test a killed visit left running from its journal, as `recover` does, and marks it
    /// incomplete.
    private mutating func recover(_ position: Int, desk: any VisitOperator) throws {
        guard let journal = manifest.tests[position].journal else {
            // Killed before its journal was named: nothing of it was recorded, so it is still to take.
            try apply(.forget(position))
            return
        }
        let path = folder.file(journal)
        // Killed after visit.json named the journal, before the first pen event: nothing to recover (recover refuses
        // a journal without events, so the visit could never be resumed), nothing the participant did to keep.
        if VisitFolder.journalHoldsNoEvent(path) {
            desk.note(
                "Test \(position + 1) (\(manifest.tests[position].test)) was cut off before its first pen event; its journal \(path) held nothing to recover, so it is removed and the test is taken again."
            )
            // visit.json first: a kill between the two leaves an unnamed journal, which the next run removes.
            try apply(.retake(position))
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        desk.note("Test \(position + 1) (\(manifest.tests[position].test)) was cut off; recovering it from \(path).")
        // The results file is named after the journal, as the session named it when it began: the manifest has it
        // already.
        // A damaged journal keeps its prefix here: the visit goes on, and the note tells the operator what was lost.
        _ = try JournalRecovery(path: path, facts: LibwacomDatabase.installedFacts).rebuild(
            directory: folder.path, force: true, keepsDamagedPrefix: true, note: { desk.note($0) })
        noteUnspoken(position)
        try apply(.recover(position, checksums: try checksums(position)))
        desk.note(
            "Test \(position + 1) is marked incomplete; its results are \(folder.file(manifest.tests[position].results ?? "?"))."
        )
    }

    /// Puts the steps whose instructions the results file says were shown, not spoken, into the manifest.
    private mutating func noteUnspoken(_ position: Int) {
        guard let results = manifest.tests[position].results else { return }
        let unspoken = unspokenInstructions(inResults: folder.file(results))
        lifeCycle.record(instructionsNotSpoken: unspoken.isEmpty ? nil : unspoken, of: position)
        let steps = stepOutcomes(inResults: folder.file(results))
        lifeCycle.record(steps: steps?.map { .init(step: $0.step, outcome: $0.outcome) }, of: position)
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
        case .none:
            JournaledTest(
                test.test, maze: nil, battery: nil, trailsForm: test.trailsForm, trailsLayouts: test.trailsLayouts
            ).absolute
        }
    }
}

/// Why a visit could not run, and what to do.
public enum VisitRunError: Error, CustomStringConvertible {
    case protocolUnreadable(file: String, reason: String)
    case testNeverOpened(position: Int)

    public var description: String {
        switch self {
        case .protocolUnreadable(let file, let reason):
            return
                "Cannot read the protocol file \(file): \(reason). Give a protocol file such as Fixtures/protocols/standard.yaml (docs/visit.md)."
        case .testNeverOpened(let position):
            return
                "Test \(position) ended without opening its journal; the visit stays in progress: run the same command again to resume it."
        }
    }
}
