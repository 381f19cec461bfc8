import Foundation
import StylusInput
import TestSupport
import Testing

@testable import Recordings

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

/// What this target counts beyond the shared table (`RealRecordingFacts.all`, whose SYN_REPORT
/// counts are the frames here): the `E:` lines and the `# EVEMU x.y` version of each file.
let eventsAndVersions: [String: (events: Int, version: EvemuVersion)] = [
    "UC-LOGIC-Tablet-WP5540U-Pen.events": (1458, EvemuVersion(major: 1, minor: 2)),
    "Wacom-Cintiq-13HD-touch-Pen.events": (425, EvemuVersion(major: 1, minor: 3)),
    "Wacom-Cintiq-22HDT-Pen.events": (28518, EvemuVersion(major: 1, minor: 1)),
    "Wacom-DTH2242-Pen.events": (5292, EvemuVersion(major: 1, minor: 1)),
    "Wacom-Intuos4-6x9.stylus-move.events": (2181, EvemuVersion(major: 1, minor: 2)),
    "Wacom-Intuos4-6x9.stylus-tap.events": (396, EvemuVersion(major: 1, minor: 2)),
    "dell_canvas_pen.evemu": (2839, EvemuVersion(major: 1, minor: 3)),
]

/// Every bundled real recording, from the shared table, and the Intuos4's `.desc` read on its own
/// (a description with no events), which only this target reads as a recording.
let realRecordings: [RealRecording] =
    RealRecordingFacts.all.map { facts in
        RealRecording(
            file: facts.file, descriptionFile: facts.desc, events: eventsAndVersions[facts.file]!.events,
            frames: facts.synReports,
            version: eventsAndVersions[facts.file]!.version)
    } + [
        RealRecording(
            file: "Wacom-Intuos4-6x9.desc", descriptionFile: nil, events: 0, frames: 0,
            version: EvemuVersion(major: 1, minor: 2))
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
