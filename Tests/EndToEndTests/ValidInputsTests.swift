import Foundation
import Testing
import Visits

/// Issue 28, items 4 and 9: only valid inputs are measured, and a visit's test is measured once,
/// with the participant, the visit and the test named in its rows.
@Suite("features, report and exports: valid inputs, one row per test")
struct ValidInputsTests {
    static let golden = Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path

    /// The golden clock file with its line `number` (1-based) replaced, written as `name` in `directory`.
    static func edited(_ number: Int, _ line: String, name: String, in directory: URL) throws -> String {
        var lines = try String(contentsOfFile: golden, encoding: .utf8).components(separatedBy: "\n")
        lines[number - 1] = line
        let path = directory.appendingPathComponent(name).path
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The golden clock file with the second point of its first stroke 100 s before the first
    /// point (line 44), RawData's dt unchanged.
    static func backwards(in directory: URL) throws -> String {
        try edited(
            44,
            #"          <point altitude="1.2100" azimuth="0.6000" pressure="863" timestamp="1673535558700" x="101.2500" y="199.6250"/>"#,
            name: "backwards.csk", in: directory)
    }

    static let backwardsProblem =
        "line 44: timestamp 1673535558700 is earlier than the previous point's 1673535658692 in the same stroke"

    static func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test(
        "features refuses a results file adf validate rejects, naming its problem; --allow-invalid measures it, marked in every row"
    )
    func featuresRefusesInvalid() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let invalid = try Self.backwards(in: directory)
        // A point without altitude: read as 0 before.
        let missing = try Self.edited(
            43,
            #"          <point azimuth="0.5000" pressure="800" timestamp="1673535658692" x="100.0000" y="200.0000"/>"#,
            name: "missing.csk", in: directory)
        #expect(try styluskit(["adf", "validate", invalid]).status == 1)

        let refused = try styluskit(["features", invalid, missing, Self.golden, "--format", "json", "--quiet"])
        #expect(refused.status == 1)
        #expect(
            refused.standardError.contains("\(invalid) is not valid ADF: \(Self.backwardsProblem) (and "),
            "\(refused.standardError)")
        #expect(
            refused.standardError.contains("\(missing) is not valid ADF: line 43: <point> has no altitude attribute"))
        #expect(refused.standardError.contains("or give --allow-invalid to measure it anyway, marked as invalid."))
        let rows = try Self.jsonLines(refused.standardOutput)
        #expect(rows.count == 3, "the golden file's three strokes only")
        #expect(rows.allSatisfy { ($0["file"] as? String) == Self.golden && $0["invalid"] is NSNull })

        let allowed = try styluskit([
            "features", invalid, Self.golden, "--format", "json", "--level", "test", "--allow-invalid", "--quiet",
        ])
        #expect(allowed.status == 0, "\(allowed.standardError)")
        let tests = try Self.jsonLines(allowed.standardOutput)
        #expect(tests.count == 2)
        #expect((tests[0]["invalid"] as? String)?.hasPrefix(Self.backwardsProblem) == true, "\(tests[0])")
        #expect(tests[1]["invalid"] is NSNull)
        #expect(
            allowed.standardError.contains("warning: measured though invalid: \(invalid): \(Self.backwardsProblem)"))
    }

    @Test("report and the exports refuse a visit's invalid results file; --allow-invalid reports and exports it marked")
    func reportAndExportsRefuseInvalid() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try ReportTests.smallVisit(results: try Self.backwards(in: directory), in: directory)
        let results = folder + "/clock-1.csk"
        let pdf = directory.appendingPathComponent("report.pdf").path

        let report = try styluskit(["report", folder, "--out", pdf])
        #expect(report.status == 65)
        #expect(
            report.standardError.contains(
                "The results file of test 1 (clock), \(results), is not valid ADF: \(Self.backwardsProblem)"),
            "\(report.standardError)")
        #expect(!FileManager.default.fileExists(atPath: pdf))
        let reported = try styluskit(["report", folder, "--out", pdf, "--allow-invalid"])
        #expect(reported.status == 0, "\(reported.standardError)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftotext") {
            let text = try ReportTests.text(pdf).replacingOccurrences(of: "\n", with: " ")
            #expect(text.contains("INVALID results file"), "\(text)")
        }

        let csv = directory.appendingPathComponent("visits.csv").path
        let export = try styluskit(["export", "csv", folder, "--out", csv])
        #expect(export.status != 0)
        #expect(
            export.standardError.contains("\(results) is not valid ADF: \(Self.backwardsProblem)"),
            "\(export.standardError)")
        let exported = try styluskit(["export", "csv", folder, "--out", csv, "--allow-invalid"])
        #expect(exported.status == 0, "\(exported.standardError)")
        let lines = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false)
        let column = try #require(header.firstIndex(of: "clock_results_invalid"), "\(header)")
        #expect(header.contains("maze_results_invalid"))
        #expect(lines[1].contains(Self.backwardsProblem) && column > 0)
        let redcap = directory.appendingPathComponent("redcap").path
        #expect(try styluskit(["export", "redcap", folder, "--out", redcap]).status != 0)
        #expect(try styluskit(["export", "redcap", folder, "--out", redcap, "--allow-invalid"]).status == 0)
    }

    @Test(
        "features on a visit folder measures each test once, from its results file (its journal only without one), with participant, visit and test"
    )
    func oneRowPerTest() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try ReportTests.smallVisit(results: Self.golden, in: directory)
        // The test's journal beside its results file, as a visit leaves it.
        let recording = try String(
            contentsOf: Paths.realRecordings.appendingPathComponent("dell_canvas_pen.evemu"), encoding: .utf8)
        let banner = "#      Waiting for events      #\n################################\n"
        let controls = ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001"].map { "# StylusKit control: \($0)\n" }
            .joined()
        try recording.replacingOccurrences(of: banner, with: banner + controls)
            .write(toFile: folder + "/clock-1.evemu", atomically: true, encoding: .utf8)
        let visit = (folder as NSString).lastPathComponent

        for place in [folder, directory.path] {
            let measured = try styluskit(["features", place, "--level", "test", "--format", "json", "--quiet"])
            #expect(measured.status == 0, "\(measured.standardError)")
            let rows = try Self.jsonLines(measured.standardOutput)
            #expect(rows.count == 1, "one test, one row: \(rows.map { $0["file"] ?? "" })")
            #expect((rows.first?["file"] as? String)?.hasSuffix("/clock-1.csk") == true)
            #expect(rows.first?["participant_id"] as? String == "P-7")
            #expect(rows.first?["visit_folder"] as? String == visit)
            #expect(rows.first?["visit_test"] as? Int == 1)
        }
        // The CSV has the same columns, at the end.
        let csv = try styluskit(["features", folder, "--level", "test", "--quiet"])
        let lines = csv.standardOutput.split(separator: "\n")
        #expect(lines[0].hasSuffix(",participant_id,visit_folder,visit_test,invalid"))
        #expect(lines.count == 2 && lines[1].hasSuffix(",P-7,\(visit),1,"))

        // Without its results file, the test is measured from its journal.
        try FileManager.default.removeItem(atPath: folder + "/clock-1.csk")
        let fromJournal = try styluskit(["features", folder, "--level", "test", "--format", "json", "--quiet"])
        #expect(fromJournal.status == 0, "\(fromJournal.standardError)")
        let rows = try Self.jsonLines(fromJournal.standardOutput)
        #expect(rows.count == 1)
        #expect((rows.first?["file"] as? String)?.hasSuffix("/clock-1.evemu") == true)
        #expect(rows.first?["participant_id"] as? String == "P-7" && rows.first?["visit_test"] as? Int == 1)

        // A file outside a visit folder has empty visit columns.
        let alone = try styluskit(["features", Self.golden, "--level", "test", "--format", "json"])
        let row = try #require(try Self.jsonLines(alone.standardOutput).first)
        #expect(row["participant_id"] is NSNull && row["visit_folder"] is NSNull && row["visit_test"] is NSNull)
    }
}
