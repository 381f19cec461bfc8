import Foundation
import Recordings
import StylusInput
import Testing

/// The package root, found from this file's path (Tests/RecordingsTests/Support.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The real tablet recordings, bundled with the package (copies of the project's shared/recordings/real).
let realDirectory = packageRoot.appendingPathComponent("Fixtures/recordings/real").path

/// Our own fixtures.
let fixturesDirectory = packageRoot.appendingPathComponent("Fixtures/recordings").path

/// One real recording, with facts counted independently (awk over the `E:` lines).
struct RealRecording: CustomTestStringConvertible, Sendable {
    /// The events file (or the whole recording).
    let file: String
    /// The `.desc` file of the legacy split form.
    let descriptionFile: String?
    /// `E:` lines: `awk '$1=="E:"' | wc -l`.
    let events: Int
    /// `E:` lines of type 0000 code 0000.
    let frames: Int
    /// The `# EVEMU x.y` line of the file that holds the description.
    let version: EvemuVersion?

    var path: String { realDirectory + "/" + file }
    var descriptionPath: String? { descriptionFile.map { realDirectory + "/" + $0 } }
    var testDescription: String { file }

    func read() throws -> Recording {
        try Recording.read(path: path, descriptionPath: descriptionPath)
    }

    func readWithLibevemu() -> LibevemuReading? {
        if let descriptionPath {
            return Libevemu.read(descriptionPath: descriptionPath, eventPaths: [path])
        }
        return Libevemu.read(descriptionPath: path)
    }
}

let realRecordings: [RealRecording] = [
    RealRecording(
        file: "UC-LOGIC-Tablet-WP5540U-Pen.events", descriptionFile: nil, events: 1458, frames: 506,
        version: EvemuVersion(major: 1, minor: 2)),
    RealRecording(
        file: "Wacom-Cintiq-13HD-touch-Pen.events", descriptionFile: nil, events: 425, frames: 79,
        version: EvemuVersion(major: 1, minor: 3)),
    RealRecording(
        file: "Wacom-Cintiq-22HDT-Pen.events", descriptionFile: nil, events: 28518, frames: 5647,
        version: EvemuVersion(major: 1, minor: 1)),
    RealRecording(
        file: "Wacom-DTH2242-Pen.events", descriptionFile: nil, events: 5292, frames: 1200,
        version: EvemuVersion(major: 1, minor: 1)),
    RealRecording(
        file: "Wacom-Intuos4-6x9.stylus-move.events", descriptionFile: "Wacom-Intuos4-6x9.desc", events: 2181,
        frames: 444, version: EvemuVersion(major: 1, minor: 2)),
    RealRecording(
        file: "Wacom-Intuos4-6x9.stylus-tap.events", descriptionFile: "Wacom-Intuos4-6x9.desc", events: 396,
        frames: 88, version: EvemuVersion(major: 1, minor: 2)),
    RealRecording(
        file: "Wacom-Intuos4-6x9.desc", descriptionFile: nil, events: 0, frames: 0,
        version: EvemuVersion(major: 1, minor: 2)),
    RealRecording(
        file: "dell_canvas_pen.evemu", descriptionFile: nil, events: 2839, frames: 978,
        version: EvemuVersion(major: 1, minor: 3)),
]

/// A description as libevemu can express it: no extras, no current value, absinfo only for
/// axes in the bit mask, and a missing resolution as libevemu's 0.
func asLibevemuSeesIt(_ device: DeviceDescription) -> DeviceDescription {
    var device = device
    device.extras = DeviceExtras()
    device.absInfo = device.absInfo.filter { device.supports(.absolute, $0.key) }.mapValues {
        var info = $0
        info.resolution = info.resolution ?? 0
        info.value = 0
        return info
    }
    return device
}

/// A temporary directory removed when the value is dropped.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "recordings-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The lines of a file as text, for computing expectations independently of the reader.
func textLines(_ path: String) throws -> [Substring] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.split(separator: "\n", omittingEmptySubsequences: false)
}
