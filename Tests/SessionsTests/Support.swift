import ADF
import FileLocations
import Foundation
import LinuxInput
import Proctoring
import Recordings
import Sessions
import StylusGeometry
import StylusInput
import Synthesis
import TestMaterials
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

    /// This machine's tablet database, as the commands give the engine: a recording without `P:` lines is a pen
    /// display when libwacom says its model is.
    static let facts = LibwacomDatabase.installedFacts
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

    /// Synthesizes the scenario `text`, written as a file into `directory`, as `init(scenario:)` does.
    init(scenarioText text: String, in directory: String, seed: UInt64 = 1) throws {
        let path = directory + "/scenario-\(UUID().uuidString).scenario"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        header = try RecordingReader(path: Fixture.path(Fixture.cintiq), descriptionPath: nil).header
        let profile = try Fixture.lookup.tabletProfile(for: header.device, file: nil)?.profile
        events = try ScenarioSynthesis(path: path).events(device: header.device, profile: profile, seed: seed)
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
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("styluskit-sessions-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Runs a whole session in-process on `recording`'s events: the setup a live session and a replay
/// make (`SessionMaterials`, `SessionDriverSetup`), one driver, the results file written into `directory`.
func runSession(
    _ test: JournaledTest, on recording: SynthesizedRecording, plan: SessionPlan = SessionPlan(),
    settingsFile: String? = nil,
    into directory: String, events: ((String) -> Void)? = nil
) throws -> (result: SessionResult, document: ADFDocument) {
    let device = recording.header.device
    let sources = try SessionMaterials.live(
        test: test, device: device, settingsFile: settingsFile, profileFile: nil, displayProfile: nil,
        lookup: Fixture.lookup,
        facts: Fixture.facts, note: { _ in })
    let setup = try SessionDriverSetup(
        test: test, device: device, profile: sources.tabletProfile, results: sources.results,
        settings: sources.settings,
        mazes: sources.mazes)
    let first = try #require(recording.events.first?.time)
    let last = try #require(recording.events.last?.time)
    let anchor = WallClockAnchor(firstEventTime: first, startTimeMilliseconds: 1_700_000_000_000)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let recorder = try ADFRecorder(
        destination: ADFRecorder.resultsPath(directory: directory, name: "session", variant: test.variant),
        variant: test.variant)
    let driver = try setup.driver(
        device: device, anchor: anchor, recorder: recorder, plan: plan,
        events: events.map { ProctorEventLog(unixMilliseconds: anchor.unixMilliseconds, write: $0) })
    var events = recording.events.makeIterator()
    let result = try driver.run(
        from: first, events: { events.next() }, end: last,
        environment: setup.environment(header: recording.header, penID: nil),
        display: setup.display)
    return (result, try ADFReader.read(path: result.output).document)
}

/// What a synthesized recording itself says, read from its events alone (not through frame
/// assembly or the drivers): touch-downs, lifts and the frames in contact, in milliseconds of the
/// recording's clock, which a replay without a start time keeps as the results file's Unix ms.
struct RecordingFacts {
    struct Frame {
        var milliseconds: Double
        var x: Int
        var y: Int
    }

    var touchDowns: [Double] = []
    var lifts: [Double] = []
    /// Per stroke (from touch-down to lift), its frames in contact.
    var strokes: [[Frame]] = []

    /// Every frame in contact, in time order.
    var contactFrames: [Frame] { strokes.flatMap { $0 } }

    init(_ events: [InputEvent]) {
        var (x, y, touching) = (0, 0, false)
        for event in events {
            let milliseconds = Double(event.time.microseconds) / 1_000
            switch (event.type, event.code) {
            case (.absolute, AbsoluteAxis.x): x = Int(event.value)
            case (.absolute, AbsoluteAxis.y): y = Int(event.value)
            case (.key, KeyCode.touch):
                if event.value != 0 && !touching {
                    touchDowns.append(milliseconds)
                    strokes.append([])
                }
                if event.value == 0 && touching { lifts.append(milliseconds) }
                touching = event.value != 0
            case (.synchronization, SynchronizationCode.report):
                if touching { strokes[strokes.count - 1].append(Frame(milliseconds: milliseconds, x: x, y: y)) }
            default:
                break
            }
        }
    }

    /// The time of stroke `index`'s last frame in contact (the frame before the lift).
    func lastContact(_ index: Int) -> Double { strokes[index].last?.milliseconds ?? touchDowns[index] }

    /// The mean X of stroke `index`, in centimetres: the Cintiq 13HD (synth's default device) has
    /// 200 units/mm, and the form is its active area at physical size.
    func meanCentimetres(_ index: Int) -> Double {
        Double(strokes[index].reduce(0) { $0 + $1.x }) / Double(strokes[index].count) / 2_000
    }

    /// The Wacom Cintiq 13HD: X 400...59152 and Y 400...33448 at 200 units/mm (its A: lines). Every
    /// test's form is the whole active area at physical size, so a form centimetre is 2000 units
    /// from the minimum, and a centred maze's origin is ((29.376 - width) / 2, (16.524 - height) / 2) cm.
    static func formCentimetres(_ frame: Frame) -> (x: Double, y: Double) {
        (Double(frame.x - 400) / 2_000, Double(frame.y - 400) / 2_000)
    }
}

/// A scenario synthesized and written to a file as `styluskit synth` writes it, then replayed as
/// `styluskit replay` replays it (`RecordingReplay`: the split rules, no start time, so the results'
/// Unix ms are the recording's own milliseconds), in-process.
struct SynthesizedReplay {
    let recording: SynthesizedRecording
    let result: SessionResult
    /// The results file, read back.
    let document: ADFDocument
    /// The proctor's decisions, one JSON line each, as `replay --events` prints them.
    let events: [String]

    init(
        _ scenario: String, test: TestKind, maze: String? = nil, battery: String? = nil, settings: String? = nil,
        stepSplit: String? = nil, into directory: String
    ) throws {
        recording = try SynthesizedRecording(scenario: scenario + ".scenario")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/" + scenario + ".evemu"
        try ScenarioSynthesis(path: Fixture.path("Fixtures/synth/" + scenario + ".scenario")).writeRecording(
            recording.events, device: recording.header.device, seed: 1, to: file, force: false)
        var replay = RecordingReplay(recording: file, test: test, facts: Fixture.facts)
        replay.lookup = Fixture.lookup
        replay.maze = maze.map(Fixture.path)
        replay.battery = battery.map(Fixture.path)
        replay.directory = directory
        if let settings {
            let settingsFile = directory + "/settings.yaml"
            try settings.write(toFile: settingsFile, atomically: true, encoding: .utf8)
            replay.settings = try ProctoringSettings(file: settingsFile)
        }
        if let stepSplit { try replay.setStepSplit(parsing: stepSplit) }
        var lines: [String] = []
        result = try replay.run(events: { lines.append($0) }).result
        events = lines.flatMap { $0.split(separator: "\n").map(String.init) }
        document = try ADFReader.read(path: result.output).document
    }

    /// The `--events` lines as JSON objects.
    var eventObjects: [[String: Any]] {
        events.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The interruptions of every step, in document order.
    var interruptions: [Interruption] { document.steps.flatMap(\.interruptions) }

    /// The strokes of every step, in document order.
    var strokes: [ADFDocument.Stroke] { document.steps.flatMap(\.strokes) }
}
