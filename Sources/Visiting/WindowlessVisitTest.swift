public import ADF
import Foundation
public import LinuxInput
public import LiveRuntime
public import Recordings
public import Sessions
public import StylusGeometry
public import StylusInput
public import TestMaterials
public import Visits

/// One test of `record --visit`: `record`'s live path without a window (`WindowlessLiveSession`: the tablet read by
/// `LiveSessionLoop`, the journal and results file by `LiveSessionFiles`, so they are `record`'s own).
/// Ctrl-C ends the step on screen, as in `record`; SIGTERM ends the test, its results written,
/// and stops the visit after it.
public struct WindowlessVisitTest {
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
        // The recording lives only for this one session, so `opened` does not outlive the call.
        try withoutActuallyEscaping(opened) { opened in try record(request, opened: opened) }
    }

    private func record(_ request: VisitTestRequest, opened: @escaping (VisitTestOpened) throws -> Void) throws
        -> VisitTestEnd
    {
        var recording = WindowlessLiveSession(test: request.journaled, node: node, directory: request.directory)
        (recording.grab, recording.seal) = (grab, seal)
        (recording.settingsFile, recording.profileFile, recording.displayProfile) = (
            request.settingsFile, profileFile, displayProfile
        )
        recording.opened = { try opened(VisitTestOpened(sessionOf: $0, node: $1, device: $2, sources: $3)) }
        recording.beginning = { [note] files, node, device, _ in
            note(
                "Recording \(request.test.test.rawValue) on \(device.name) (\(node)) into \(files.journal.path); Ctrl-C ends the step."
            )
        }
        recording.happened = { [note] in note($0.recordMessage) }
        let recorded = try recording.run(note: note)
        note("Recorded \(recorded.results)")
        if recorded.terminated { return .stopped }
        return recorded.stepsEndedByOperator > 0 ? .movedOn : .finished
    }
}

extension VisitTestOpened {
    /// The opened files of a live session at `node`, with its tablet's facts and the profiles it used.
    public init(sessionOf files: LiveSessionFiles, node: String, device: DeviceDescription, sources: SessionMaterials) {
        self.init(
            journal: files.journal.path, results: files.destination,
            device: VisitManifest.Device(node: node, device: device),
            tabletProfile: sources.tabletProfile?.source, displayProfile: sources.results.displayProfile?.source)
    }
}

extension VisitManifest.Device {
    /// The manifest's facts of `device` at `node`: its kernel name, USB ids, libwacom's model and whether it is a pen
    /// display.
    public init(node: String, device: DeviceDescription) {
        func hex(_ value: UInt16) -> String { "0x" + String(format: "%04x", value) }
        let model = LibwacomDatabase.shared?.tablet(for: device.id)
        self.init(
            node: node, name: device.name, vendor: hex(device.id.vendor), product: hex(device.id.product),
            model: model.map { tablet in tablet.modelName.map { "\(tablet.name) (\($0))" } ?? tablet.name },
            penDisplay: ResultsEnvironment.isPenDisplay(device, facts: LibwacomDatabase.installedFacts))
    }
}
