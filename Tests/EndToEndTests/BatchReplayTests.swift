import Foundation
import Testing

/// `replay` of many recordings (issue 19, item 1): each into its own results file, named so none
/// collide, the same bytes whatever --jobs is, and a failed input reported without stopping the others.
@Suite("Replaying many recordings")
struct BatchReplayTests {
    @Test(
        "Two recordings of one name and a results file: two results files named by their folders, the third reported, exit 1"
    )
    func manyRecordings() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs = directory.appendingPathComponent("in")
        for folder in ["a", "b"] {
            try FileManager.default.createDirectory(
                at: inputs.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(
            at: Paths.realRecordings.appendingPathComponent("Wacom-DTH2242-Pen.events"),
            to: inputs.appendingPathComponent("a/s.events"))
        try FileManager.default.copyItem(
            at: Paths.realRecordings.appendingPathComponent("dell_canvas_pen.evemu"),
            to: inputs.appendingPathComponent("b/s.evemu"))
        try FileManager.default.copyItem(
            at: Paths.fixtures.appendingPathComponent("golden/clock-small.csk"),
            to: inputs.appendingPathComponent("b/x.events"))
        var outputs: [[String: Data]] = []
        for jobs in ["1", "2"] {
            let out = directory.appendingPathComponent("out-\(jobs)")
            let run = try styluskit([
                "replay", inputs.appendingPathComponent("a/s.events").path,
                inputs.appendingPathComponent("b/s.evemu").path,
                inputs.appendingPathComponent("b/x.events").path, "--test", "clock", "--out", out.path, "--jobs", jobs,
            ])
            #expect(run.status == 1)
            #expect(run.standardOutput.contains("  results   \(out.path)/a-s.csk\n"))
            #expect(run.standardOutput.contains("  results   \(out.path)/b-s.csk\n"))
            let lines = run.standardError.split(separator: "\n")
            #expect(lines.first == "styluskit replay: 1 of 3 inputs failed:")
            #expect(lines.contains { $0.contains("b/x.events is a results file (ADF XML), not a recording.") })
            #expect(lines.last?.hasPrefix("styluskit replay: 3 inputs, 2 done, 1 failed, ") == true)
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(names == ["a-s.csk", "b-s.csk"])
            outputs.append(
                Dictionary(
                    uniqueKeysWithValues: try names.map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) }))
        }
        #expect(outputs[0] == outputs[1], "the results files do not depend on --jobs")
        let listed = try styluskit([
            "replay", inputs.path, "--test", "clock", "--out", directory.appendingPathComponent("dir").path, "--json",
        ])
        #expect(listed.status == 0, "a directory gives its recordings only")
        #expect(listed.standardOutput.split(separator: "\n").count == 2)
        let refused = try styluskit(["replay", inputs.path, "--test", "clock", "--events", "--out", directory.path])
        #expect(refused.status == 64)
    }

    @Test(
        "adf validate of a directory checks every results file under it, the same lines in the same order whatever --jobs is"
    )
    func validateDirectory() throws {
        let golden = Paths.fixtures.appendingPathComponent("golden").path
        let one = try styluskit(["adf", "validate", golden, "--jobs", "1"])
        let two = try styluskit(["adf", "validate", golden, "--jobs", "2"])
        #expect(one.status == 0)
        #expect(one.standardOutput == two.standardOutput)
        let names = one.standardOutput.split(separator: "\n").map { String($0.split(separator: ":")[0]) }
        #expect(names == names.sorted() && names.count >= 3, "\(one.standardOutput)")
        #expect(
            one.standardError.hasPrefix("styluskit adf validate: \(names.count) files, \(names.count) valid, 0 not, "))
        let quiet = try styluskit(["adf", "validate", golden, "--quiet"])
        #expect(quiet.standardError.isEmpty)
    }

    @Test(
        "render of a directory draws each results file into --out, one picture each, the same bytes whatever --jobs is")
    func renderDirectory() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = Paths.fixtures.appendingPathComponent("golden").path
        var pictures: [[String: Data]] = []
        for jobs in ["1", "2"] {
            let out = directory.appendingPathComponent("pictures-\(jobs)")
            let run = try styluskit(["render", golden, "--out", out.path, "--jobs", jobs, "--format", "svg"])
            #expect(run.status == 0, "\(run.standardError)")
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            // golden/replayed holds a replayed trail making session: a directory's subfolders are read too.
            #expect(
                names == [
                    "clock-small.svg", "maze-small.svg", "symbol-digit-small.svg", "trails-session.svg",
                    "trails-small.svg",
                ])
            #expect(run.standardOutput.split(separator: "\n").count == 5)
            #expect(run.standardError.contains("styluskit render: 5 inputs, 5 done, 0 failed, "))
            pictures.append(
                Dictionary(
                    uniqueKeysWithValues: try names.map { ($0, try Data(contentsOf: out.appendingPathComponent($0))) }))
        }
        #expect(pictures[0] == pictures[1])
        let noDirectory = try styluskit(["render", golden])
        #expect(noDirectory.status == 64)
        #expect(noDirectory.standardError.hasPrefix("Error: With several inputs give --out DIR"))
    }
}
