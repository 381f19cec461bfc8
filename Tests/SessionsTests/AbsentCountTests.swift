import ADF
import Foundation
import Sessions
import TestMaterials
import Testing

/// `adf show` counts, per value, the points whose pen did not measure it (issue 28, item 3).
@Suite("adf show counts absent values")
struct AbsentCountTests {
    @Test("A pen without tilt: altitude and azimuth absent on every point, pressure on none; a full pen: nothing said")
    func counts() throws {
        let scratch = try Scratch()
        for (recording, absent) in [
            ("UC-LOGIC-Tablet-WP5540U-Pen.events", true), ("Wacom-Cintiq-13HD-touch-Pen.events", false),
        ] {
            var replay = RecordingReplay(
                recording: Fixture.path("Fixtures/recordings/real/" + recording), test: .clock, facts: Fixture.facts)
            replay.lookup = Fixture.lookup
            replay.directory = scratch.path
            let summary = try ADFSummary(path: try replay.run().result.output)
            if absent {
                #expect(
                    summary.absentPoints == ["altitude": summary.points, "azimuth": summary.points],
                    "\(summary.absentPoints)")
                #expect(
                    summary.text.hasSuffix(
                        "\nabsent (not measured by the pen): altitude on \(summary.points) points, azimuth on \(summary.points) points"
                    )
                        || summary.text.contains(
                            "\nabsent (not measured by the pen): altitude on \(summary.points) points, azimuth on \(summary.points) points\n"
                        ),
                    "\(summary.text)")
                #expect(
                    try summary.json().contains(
                        #""absentPoints":{"altitude":\#(summary.points),"azimuth":\#(summary.points)}"#))
            } else {
                #expect(summary.absentPoints.isEmpty && !summary.text.contains("absent"))
            }
        }
    }
}
