import Foundation
import LinuxInput
import StylusGeometry
import Recordings
public import Sessions
public import StylusInput
public import Visits

/// One test of `record --visit`: `record`'s live path without a window (the tablet read by
/// `LiveLoop`, the journal and results file by `LiveSessionFiles`, so they are `record`'s own).
/// Ctrl-C ends the step on screen, as in `record`; SIGTERM ends the test, its results written,
/// and stops the visit after it.
public struct RecordedTest {
    /// The pen node (nil: the only pen tablet connected), the profiles given, and whether to grab the tablet.
    public var node: String?
    public var grab: Bool
    public var profileFile: String?
    public var displayProfile: String?
    /// Seals the patient's fields into the results file, as `record --patient` does.
    public var seal: (_ resultsFile: String, _ startUnixMilliseconds: Double) throws -> SealedPatient?
    /// Told what the operator should know (standard error).
    public var note: (String) -> Void

    public init(
        node: String?, grab: Bool, profileFile: String?, displayProfile: String?,
        seal: @escaping (String, Double) throws -> SealedPatient?, note: @escaping (String) -> Void
    ) {
        (self.node, self.grab, self.profileFile, self.displayProfile, self.seal, self.note) =
            (node, grab, profileFile, displayProfile, seal, note)
    }

    /// Records the test `request` asks for; `opened` is called once the journal exists.
    public func run(_ request: VisitTestRequest, opened: (VisitTestOpened) throws -> Void) throws -> VisitTestEnd {
        let node = try self.node ?? Self.onlyPenNode()
        let tablet = try ReconnectingTablet(node: node, grab: grab)
        let (written, header) = try LiveSessionFiles.journalHeader(node: node, device: tablet.description)
        let sources = try SessionSources.live(
            test: request.journaled, device: header.device, settingsFile: request.settingsFile, profileFile: profileFile,
            displayProfile: displayProfile, lookup: CalibrationLookup(), note: note)
        let setup = try SessionSetup(
            test: request.journaled, device: header.device, profile: sources.tabletProfile, results: sources.results,
            settings: sources.settings, mazes: sources.mazes)
        let start = monotonicClockNow()
        let files = try LiveSessionFiles(
            directory: request.directory, test: request.journaled, sources: sources, header: written, clockAnchor: tablet.anchor,
            start: start, seal: seal)
        let driver = try files.beforeFirstEvent {
            try opened(VisitTestOpened(sessionOf: files, node: node, device: header.device, sources: sources))
            return try setup.driver(device: header.device, anchor: files.anchor, recorder: files.recorder)
        }
        return try files.keepingJournal {
            note(
                "Recording \(request.test.test.rawValue) on \(header.device.name) (\(node)) into \(files.journal.path); Ctrl-C ends the step."
            )
            try files.journal.control(.begin(start), now: start)
            try driver.begin(at: start)
            var live = LiveLoop(tablet: tablet, journal: files.journal, driver: driver)
            let end = try live.run(
                happened: { happening in
                    switch happening {
                    case .dropped(let drop): note(drop.warning)
                    case .unplugged: note("The tablet was unplugged; plug it in again to continue (Ctrl-C ends the step).")
                    case .back: note("The tablet is back; the session continues.")
                    }
                }, turned: { _ in })
            try files.journal.control(.end(end), now: end)
            _ = try files.finish(driver: driver, setup: setup, header: header, at: end)
            note("Recorded \(files.destination)")
            return live.terminated ? .stopped : .finished
        }
    }
}

extension RecordedTest {
    /// The only pen tablet connected, as `record` takes it without --device.
    static func onlyPenNode() throws -> String {
        let pens = TabletDiscovery.scan().penNodes
        guard let first = pens.first else { throw LiveInputError.noTablet }
        guard pens.count == 1 else { throw LiveInputError.severalTablets(nodes: pens.map(\.node)) }
        return first.node
    }
}

extension VisitTestOpened {
    /// The opened files of a live session at `node`, with its tablet's facts and the profiles it used.
    public init(sessionOf files: LiveSessionFiles, node: String, device: DeviceDescription, sources: SessionSources) {
        self.init(
            journal: files.journal.path, results: files.destination, device: VisitManifest.Device(node: node, device: device),
            tabletProfile: sources.tabletProfile?.source, displayProfile: sources.results.displayProfile?.source)
    }
}

extension VisitManifest.Device {
    /// The manifest's facts of `device` at `node`: its kernel name, USB ids, libwacom's model and whether it is a pen display.
    public init(node: String, device: DeviceDescription) {
        func hex(_ value: UInt16) -> String { "0x" + String(format: "%04x", value) }
        let model = LibwacomDatabase.shared?.tablet(for: device.id)
        self.init(
            node: node, name: device.name, vendor: hex(device.id.vendor), product: hex(device.id.product),
            model: model.map { $0.modelName.map { name in "\(model!.name) (\(name))" } ?? $0.name },
            penDisplay: ResultsEnvironment.isPenDisplay(device))
    }
}
