internal import Foundation
import Proctoring
internal import Recordings
public import StylusGeometry
public import StylusInput
internal import SystemErrors
import TestMaterials

/// A scenario file (`styluskit synth`, Fixtures/synth/README.md) drawn as a device's pen events
/// on the page every test is laid out on (`TabletPage`: the tablet's active area as its profile
/// narrows it, the maze placed as its file says, the symbol-digit form centred), so replaying
/// the events finds the cells and boxes the scenario aimed at. `synth`, the session tests and the
/// features tests all synthesize through it.
public struct ScenarioSynthesis {
    public let scenario: Scenario
    /// Where the scenario file is: its maze file is relative to its folder.
    public let path: String

    /// Reads and parses the scenario at `path`.
    public init(path: String) throws {
        scenario = try Scenario(parsing: try readText(path, purpose: "scenario"), source: path)
        self.path = path
    }

    /// The pen events of `device` (narrowed by `profile`) drawing the scenario, with `seed` fixing
    /// every random choice: the same seed gives the same events.
    public func events(device: DeviceDescription, profile: TabletProfile?, seed: UInt64) throws -> [InputEvent] {
        let form = try TabletPage.size(of: device, profile: profile)
        let normalizer = try Normalizer(device: device, profile: profile, formSize: form)
        var maze: Maze?
        if case .maze(let file) = scenario.drawing {
            let folder = PathText.folder(of: path)
            maze = try MazeTestMazes.readMaze(
                file.hasPrefix("/") ? file : (folder as NSString).appendingPathComponent(file))
        }
        let synthesisDevice = try SynthesisDevice(
            description: device, area: normalizer.area, resolution: normalizer.resolution,
            tabletToForm: normalizer.tabletToForm)
        return try Synthesis.events(scenario, maze: maze, formSize: form, device: synthesisDevice, seed: seed)
    }

    /// Writes `events` of `device` as an evemu recording at `destination` (replacing a file there
    /// only with `force`), named in its comment after the scenario and `seed`. Only the device is
    /// the --like recording's: the machine facts would not be true of this file.
    public func writeRecording(
        _ events: [InputEvent], device: DeviceDescription, seed: UInt64, to destination: String, force: Bool
    )
        throws
    {
        var writer = EvemuWriter()
        let bytes = writer.file(
            header: RecordingHeader(format: .evemu(.current), device: device),
            comment: "Synthesized by styluskit synth from \((path as NSString).lastPathComponent), seed \(seed)",
            events: events)
        let file = try AtomicFileOutput(path: destination, overwrite: force)
        try file.write(bytes)
        try file.commit()
    }
}
