import FileLocations
import Foundation
import LinuxInput
import Sessions
import TestMaterials
import Testing

@testable import Reports

/// The live summaries of `record` and `administer` say which axes the pen did not measure, as
/// replay's summary does (issue 28, item 3's live half).
@Suite("Live summaries list absent axes")
struct LiveAbsenceTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        "A pen without tilt: record's text ends with replay's absent line, its JSON has replay's absentAxes; a full pen has neither"
    )
    func absentTilt() throws {
        let directory = NSTemporaryDirectory() + "live-absence-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (recording, absent) in [
            ("UC-LOGIC-Tablet-WP5540U-Pen.events", true), ("Wacom-Cintiq-13HD-touch-Pen.events", false),
        ] {
            var replay = RecordingReplay(
                recording: Self.root.appendingPathComponent("Fixtures/recordings/real/" + recording).path, test: .clock,
                facts: LibwacomDatabase.installedFacts)
            replay.lookup = CalibrationLookup(projectDirectory: Self.root.path, environment: ["HOME": "/nonexistent"])
            replay.directory = directory
            let outcome = try replay.run()
            let replayed = replaySummary(of: replay, outcome: outcome).closingLines.filter { $0.hasPrefix("absent: ") }
            #expect(replayed.isEmpty != absent, "\(recording): \(replayed)")
            var live = LiveSessionReport(recorded: "j.evemu", result: outcome.result, gaps: 0)
            live.note(scan: outcome.scan)
            #expect(
                Array(live.text.split(separator: "\n").map(String.init).suffix(replayed.count)) == replayed,
                "\(live.text)")
            #expect(live.absenceLines == replayed)
            let json = try JSONLine.encode(live)
            #expect(json.contains(#""absentAxes":[{"#) == absent, "\(json)")
        }
    }
}
