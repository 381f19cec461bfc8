import Foundation
import Testing

/// Everything that reads a trail making results file (issue 30, item 3), run as a user runs it on
/// the golden `.tsk`: features, adf show, results, render and plot.
@Suite("Trail making results files on the command line")
struct TrailsOutputsTests {
    static let golden = Paths.fixtures.appendingPathComponent("golden/trails-small.tsk").path

    /// JSON Lines as dictionaries.
    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("features measures a .tsk file: each part's trail columns, and the test's")
    func features() throws {
        let steps = try styluskit(["features", Self.golden, "--level", "step", "--format", "json"])
        #expect(steps.status == 0, "\(steps.standardError)")
        let rows = try Self.objects(steps.standardOutput)
        try #require(rows.count == 2)
        #expect(rows[0]["test"] as? String == "trails")
        #expect(rows[1]["step"] as? String == "trailsStep-B")
        #expect(rows[1]["trail_circles_connected"] as? Int == 3)
        #expect(rows[1]["trail_shift_errors"] as? Int == 1)
        #expect(rows[1]["trail_sequence_errors"] as? Int == 0)
        #expect(rows[1]["trail_prompts"] as? Int == 1)
        #expect(rows[1]["trail_completion_time_s"] is NSNull, "part B was discontinued")
        // The sample starts with the step (its instructions were not timed) and reaches End at 8.4 s.
        #expect(rows[0]["trail_completion_time_s"] as? Double == 8.4)

        let test = try styluskit(["features", Self.golden, "--level", "test", "--format", "json"])
        #expect(test.status == 0, "\(test.standardError)")
        let row = try #require(try Self.objects(test.standardOutput).first)
        #expect(row["trails_circles_connected_b"] as? Int == 3)
        #expect(row["trails_errors_b"] as? Int == 1)
        #expect(row["trails_shift_errors_b"] as? Int == 1)
        #expect(row["trails_b_minus_a_s"] is NSNull, "no part A, and part B discontinued")
    }

    @Test("adf show, results and render read a .tsk file")
    func showListRender() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let show = try styluskit(["adf", "show", Self.golden])
        #expect(show.status == 0, "\(show.standardError)")
        #expect(show.standardOutput.contains("\n  trail standard-B: discontinued, 3 of 25 circles; errors: shift at "))

        let copy = directory.appendingPathComponent("session.tsk")
        try FileManager.default.copyItem(atPath: Self.golden, toPath: copy.path)
        let list = try styluskit(["results", directory.path])
        #expect(list.status == 0, "\(list.standardError)")
        #expect(list.standardOutput.contains("trails"), "\(list.standardOutput)")
        #expect(list.standardOutput.contains("session.tsk"), "\(list.standardOutput)")

        let png = directory.appendingPathComponent("trails.png")
        let render = try styluskit(["render", copy.path, "--out", png.path])
        #expect(render.status == 0, "\(render.standardError)")
        #expect(FileManager.default.fileExists(atPath: png.path))

        let plot = directory.appendingPathComponent("plot.png")
        let plotted = try styluskit(["plot", copy.path, "--out", plot.path])
        #expect(plotted.status == 0, "\(plotted.standardError)")
        #expect(FileManager.default.fileExists(atPath: plot.path))
    }
}
