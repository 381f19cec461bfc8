import ADF
import Foundation
import Proctoring
import Recordings
import Sessions
import StylusGeometry
import StylusInput
import Synthesis
import Testing

/// The repository's fixtures, and a calibration lookup that reads only its `Calibration/`.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The shipped profiles only: no /etc or user folder can change what a test sees.
    static let lookup = CalibrationLookup(projectDirectory: root.path, environment: ["HOME": "/nonexistent"])

    /// The device `styluskit synth` draws with by default: a real Wacom Cintiq 13HD's description.
    static let cintiq = "Fixtures/recordings/real/Wacom-Cintiq-13HD-touch-Pen.events"
}

/// A recording made in-process: a real tablet's header and a scenario's synthesized events, the
/// pair `styluskit synth` writes to a file.
struct SynthesizedRecording {
    var header: RecordingHeader
    var events: [InputEvent]

    /// Synthesizes `scenario` (a file of Fixtures/synth/) on the Cintiq 13HD, on the form every
    /// test is laid out on (`TabletPage`), with `seed`.
    init(scenario: String, seed: UInt64 = 1) throws {
        header = try RecordingReader(path: Fixture.path(Fixture.cintiq), descriptionPath: nil).header
        let profile = try Fixture.lookup.tabletProfile(for: header.device, file: nil)?.profile
        events = try ScenarioSynthesis(path: Fixture.path("Fixtures/synth/" + scenario)).events(
            device: header.device, profile: profile, seed: seed)
    }

    /// The touch-downs in the events, counted on BTN_TOUCH alone: an account independent of frame
    /// assembly and of the drivers.
    var touchDowns: Int {
        var count = 0
        var touching = false
        for event in events where event.type == .key && event.code == KeyCode.touch {
            if event.value != 0 && !touching { count += 1 }
            touching = event.value != 0
        }
        return count
    }
}

/// A temporary directory, removed with its contents when the test is done with it.
final class Scratch {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("styluskit-sessions-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Runs a whole session in-process on `recording`'s events: the setup a live session and a replay
/// make (`SessionSources`, `SessionSetup`), one driver, the results file written into `directory`.
func runSession(
    _ test: JournaledTest, on recording: SynthesizedRecording, plan: SessionPlan = SessionPlan(), settingsFile: String? = nil,
    into directory: String, events: ((String) -> Void)? = nil
) throws -> (result: SessionResult, document: ADFDocument) {
    let device = recording.header.device
    let sources = try SessionSources.live(
        test: test, device: device, settingsFile: settingsFile, profileFile: nil, displayProfile: nil, lookup: Fixture.lookup,
        note: { _ in })
    let setup = try SessionSetup(
        test: test, device: device, profile: sources.tabletProfile, results: sources.results, settings: sources.settings,
        mazes: sources.mazes)
    let first = try #require(recording.events.first?.time)
    let last = try #require(recording.events.last?.time)
    let anchor = WallClockAnchor(firstEventTime: first, startTimeMilliseconds: 1_700_000_000_000)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let recorder = try ADFRecorder(
        destination: ADFRecorder.resultsPath(directory: directory, name: "session", variant: test.variant), variant: test.variant)
    let driver = try setup.driver(
        device: device, anchor: anchor, recorder: recorder, plan: plan,
        events: events.map { ProctorEventLog(unixMilliseconds: anchor.unixMilliseconds, write: $0) })
    var events = recording.events.makeIterator()
    let result = try driver.run(
        from: first, events: { events.next() }, end: last, environment: setup.environment(header: recording.header, penID: nil),
        display: setup.display)
    return (result, try ADFReader.read(path: result.output).document)
}
