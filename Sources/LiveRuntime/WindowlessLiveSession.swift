public import ADF
public import LinuxInput
public import Recordings
public import Sessions
public import StylusInput

/// A live session recorded from a tablet without a window, the one path of `record` and of each
/// test of `record --visit`: the tablet read by `LiveSessionLoop`, the journal and the results file by
/// `LiveSessionFiles`. Ctrl-C ends the step on screen; SIGTERM ends the test, its results written.
public struct WindowlessLiveSession {
    public var test: JournaledTest
    /// The pen node; nil for the only pen tablet connected.
    public var node: String?
    /// Grabs the tablet, so the pen does not move the desktop cursor.
    public var grab = false
    /// The folder the journal and the results file go in.
    public var directory: String
    public var settingsFile: String?
    public var profileFile: String?
    public var displayProfile: String?
    /// Seals the patient's fields for the results file at its path and start (see `LiveSessionFiles`).
    public var seal: (_ resultsFile: String, _ startUnixMilliseconds: Double) throws -> SealedPatient? = { _, _ in nil }
    /// Writes the proctor's decisions as `--events` JSON lines, each with the instant it was decided; nil for none.
    public var eventLines: ((String) -> Void)?
    /// Told once the journal exists, before the first event: the session's files, the pen's node, the device as
    /// journaled and what the session was given (a visit marks its test running then; a failure removes the journal).
    public var opened:
        (_ files: LiveSessionFiles, _ node: String, _ device: DeviceDescription, _ sources: SessionMaterials) throws ->
            Void =
            { _, _, _, _ in }
    /// Told just before the first step, with the driver to watch (a status line subscribes to its samples and
    /// decisions).
    public var beginning:
        (_ files: LiveSessionFiles, _ node: String, _ device: DeviceDescription, _ driver: any SessionDriver) -> Void =
            { _, _, _, _ in }
    /// Told of drops, unplugs and returns as they happen.
    public var happened: (LiveSessionInput.Happening) -> Void = { _ in }
    /// Told the time after each turn of the loop (for a status line).
    public var turned: (EventTime) -> Void = { _ in }

    public init(test: JournaledTest, node: String?, directory: String) {
        (self.test, self.node, self.directory) = (test, node, directory)
    }

    /// What one recorded session did.
    public struct Recorded {
        public var journal: String
        /// The results file's path.
        public var results: String
        public var result: SessionResult
        /// The `SYN_DROPPED`s of the session.
        public var gaps: Int
        /// True when SIGTERM ended the test (Ctrl-C only ends a step): a visit stops after such a test.
        public var terminated: Bool
        /// How many steps the operator ended with Ctrl-C.
        public var stepsEndedByOperator = 0
        /// The journal's scan: what the pen did not measure, the eraser's touches (the summary says them).
        public var scan: RecordingScan?
    }

    /// Records the session to its end and writes its results file; `note` is told what the
    /// operator should know before the first step (the profiles chosen, their warnings).
    public func run(note: (String) -> Void) throws -> Recorded {
        let node = try self.node ?? TabletDiscovery.scan().onlyPenNode()
        let tablet = try ReconnectingTablet(node: node, grab: grab)
        let prepared = try LiveSessionStart(
            test: test, node: node, device: tablet.description, settingsFile: settingsFile, profileFile: profileFile,
            displayProfile: displayProfile, note: note)
        let (header, setup) = (prepared.header, prepared.setup)
        let start = monotonicClockNow()
        let files = try LiveSessionFiles(
            directory: directory, test: test, sources: prepared.sources, header: prepared.written,
            clockAnchor: tablet.anchor,
            start: start, seal: seal)
        let driver = try files.beforeFirstEvent {
            try opened(files, node, header.device, prepared.sources)
            let events = eventLines.map {
                ProctorEventLog(
                    unixMilliseconds: files.anchor.unixMilliseconds, decidedAt: monotonicClockNow, write: $0)
            }
            return try setup.driver(
                device: header.device, anchor: files.anchor, recorder: files.recorder, events: events)
        }
        // From here on the journal holds the session: whatever stops the results file, recover can write it.
        return try files.keepingJournal {
            beginning(files, node, header.device, driver)
            try files.journal.control(.begin(start), now: start)
            try driver.begin(at: start)
            var live = LiveSessionLoop(tablet: tablet, journal: files.journal, driver: driver)
            let end = try live.run(happened: happened, turned: turned)
            try files.journal.control(.end(end), now: end)
            let (result, scan) = try files.finishScanning(driver: driver, setup: setup, header: header, at: end)
            var recorded = Recorded(
                journal: files.journal.path, results: files.destination, result: result, gaps: live.gaps,
                terminated: live.terminated)
            recorded.stepsEndedByOperator = live.stepsEndedByOperator
            recorded.scan = scan
            return recorded
        }
    }
}

extension LiveSessionInput.Happening {
    /// What a live session without a window tells the operator of a drop, an unplug or the tablet's return.
    public var recordMessage: String {
        switch self {
        case .dropped(let drop): drop.warning
        case .unplugged: "The tablet was unplugged; plug it in again to continue (Ctrl-C ends the step)."
        case .back(let node, let moved):
            moved
                ? "The tablet is back, at \(node); the session continues."
                : "The tablet is back; the session continues."
        }
    }
}
