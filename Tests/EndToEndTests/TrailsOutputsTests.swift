import Foundation
import TestMaterials
import TestSupport
import Testing

@testable import Visits

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

    /// The golden's text made into a whole test of parts A and B, both finished: its sample B
    /// becomes part A (8 circles, End at 8.4 s) and part B reaches its last 22 circles one a second
    /// from 17 s, End at 28 s. B − A is 19.6 s and B / A 28 / 8.4.
    static func finishedParts() throws -> String {
        var text = try String(contentsOfFile: golden, encoding: .utf8)
        text = text.replacingOccurrences(of: "trailsStep-sampleB", with: "trailsStep-A")
        text = text.replacingOccurrences(
            of: #"circlesConnected="3" layout="standard-B" outcome="discontinued""#,
            with: #"circlesConnected="25" layout="standard-B" outcome="finished""#)
        let arrivals = (4...25).map {
            #"        <Arrival circle="\#($0)" timestamp="\#(1_674_100_013_000 + 1000 * $0)"/>"#
        }
        let last = #"        <Arrival circle="3" timestamp="1674100013400"/>"#
        try #require(text.contains(last))
        text = text.replacingOccurrences(of: last, with: ([last] + arrivals).joined(separator: "\n"))
        return text
    }

    /// A visit folder under `directory` with one trail making test done, its results `text`.
    static func visit(results text: String, in directory: URL) throws -> String {
        let visitProtocol = VisitProtocol(name: "trails", tests: [ProtocolTest(test: .trails)])
        let started = Date(timeIntervalSince1970: 1_795_000_000)
        let folder = try VisitFolder.create(
            root: directory.appendingPathComponent("visits").path, participant: "P-9", started: started)
        let yaml = "schema: 1\nname: trails\ntests:\n  - test: trails\n"
        let sha = try folder.copyProtocol(bytes: Data(yaml.utf8))
        var manifest = VisitManifest.begin(
            participant: "P-9", protocol: visitProtocol,
            facts: .init(
                name: "trails", title: "trails", schema: 1, file: "protocol.yaml", source: "trails.yaml", sha256: sha),
            software: .init(version: "0.0-test"), calibration: .init(), at: started)
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file("trails-1.tsk")))
        manifest.start(0, at: started, journal: "trails-1.evemu", results: "trails-1.tsk")
        manifest.finish(
            0, at: started, outcome: "finished",
            checksums: .init(journal: nil, results: try VisitFolder.sha256(file: folder.file("trails-1.tsk"))))
        try folder.write(manifest)
        return folder.path
    }

    @Test("The report shows the part times, B − A and B / A; the CSV export has them and the errors")
    func reportAndExport() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try Self.finishedParts()
        let file = directory.appendingPathComponent("finished.tsk").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let valid = try styluskit(["adf", "validate", file])
        try #require(valid.status == 0, "the edited file is valid: \(valid.standardOutput) \(valid.standardError)")
        let visit = try Self.visit(results: text, in: directory)

        let pdf = directory.appendingPathComponent("report.pdf").path
        let report = try styluskit(["report", visit, "--out", pdf])
        #expect(report.status == 0, "\(report.standardError)")
        let words = try ReportTests.text(pdf)
        for expected in [
            "Trail making", "Part A time", "8.40 s", "Part B time", "28.00 s", "19.60 s", "3.33", "Step 1: part A",
            "Step 2: part B", "error 1 (shift)",
        ] {
            #expect(words.contains(expected), "\(expected) in the report")
        }

        let csv = directory.appendingPathComponent("visits.csv").path
        let export = try styluskit(["export", "csv", directory.appendingPathComponent("visits").path, "--out", csv])
        #expect(export.status == 0, "\(export.standardError)")
        let lines = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        try #require(lines.count == 2)
        let row = Dictionary(zip(lines[0], lines[1]), uniquingKeysWith: { first, _ in first })
        #expect(row["trails_status"] == "done")
        #expect(row["trails_time_a_s"] == "8.4")
        #expect(row["trails_time_b_s"] == "28")
        #expect(row["trails_b_minus_a_s"] == "19.6")
        #expect(row["trails_b_over_a"] == "3.33333")
        #expect(row["trails_errors_a"] == "1" && row["trails_errors_b"] == "1")
        #expect(row["trails_shift_errors_b"] == "1" && row["trails_sequence_errors_b"] == "0")
    }
}
