import Batch
import Foundation
import Testing

@Suite("Batch: inputs, order, progress and the report")
struct BatchTests {
    /// A directory of files for `expand`, removed by the caller.
    static func tree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("styluskit-batch-\(UUID().uuidString)")
            .path
        for directory in ["b", "a/deeper", ".hidden"] {
            try FileManager.default.createDirectory(atPath: root + "/" + directory, withIntermediateDirectories: true)
        }
        for file in ["b/2.csk", "a/1.csk", "a/deeper/3.msk", "a/notes.txt", ".hidden/4.csk", "a/.5.csk"] {
            try Data().write(to: URL(fileURLWithPath: root + "/" + file))
        }
        return root
    }

    @Test(
        "Files stay as given, directories give their files sorted (hidden ones aside), - gives the lines of standard input"
    )
    func expand() throws {
        let root = try Self.tree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let takes: (String) -> Bool = { $0.hasSuffix(".csk") || $0.hasSuffix(".msk") }
        let inputs = try BatchInputs.expand(
            ["z.csk", root, "-", "missing.msk"], takes: takes, standardInput: { "x.csk\n\n  y.ssk  \n" })
        #expect(
            inputs == [
                "z.csk", root + "/a/1.csk", root + "/a/deeper/3.msk", root + "/b/2.csk", "x.csk", "y.ssk",
                "missing.msk",
            ])
        #expect(throws: BatchInputError.standardInputTwice) {
            try BatchInputs.expand(["-", "-"], takes: takes, standardInput: { "" })
        }
        #expect(throws: BatchInputError.emptyDirectory(root + "/a/deeper")) {
            try BatchInputs.expand([root + "/a/deeper"], takes: { $0.hasSuffix(".csk") })
        }
        #expect(BatchInputs.areSeveral(["a", "b"]) && BatchInputs.areSeveral(["-"]) && BatchInputs.areSeveral([root]))
        #expect(!BatchInputs.areSeveral(["z.csk"]) && !BatchInputs.areSeveral([]))
        #expect(
            BatchInputError.emptyDirectory("d").description
                == "d holds no file this command takes; give a directory of inputs, or the files themselves.")
    }

    @Test("A directory's evemu descriptions (.desc) are not inputs, though they read like recordings")
    func descriptionsAreNotInputs() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("styluskit-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let description = "# EVEMU 1.3\nN: Wacom Intuos Pro M Pen\nI: 0003 056a 0357 0110\n"
        try Data(description.utf8).write(to: root.appendingPathComponent("pen.desc"))
        try Data((description + "E: 0.000001 0003 0000 100\n").utf8).write(to: root.appendingPathComponent("pen.evemu"))
        try Data("E: 0.000001 0003 0000 100\n".utf8).write(to: root.appendingPathComponent("pen.events"))
        let inputs = try BatchInputs.expand([root.path], takes: { _ in true })
        #expect(inputs == [root.path + "/pen.evemu", root.path + "/pen.events"])
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    @Test(
        "Outcomes come in the order of the inputs whatever the jobs; an error stops only its input",
        arguments: [1, 2, 8])
    func order(jobs: Int) {
        let inputs = (0..<50).map { "input-\($0)" }
        let outcomes = BatchRunner.run(inputs, jobs: jobs) { input in
            let number = Int(input.dropFirst(6))!
            // Uneven work, so threads finish out of order.
            var sum = 0
            for k in 0..<((50 - number) * 2000) { sum &+= k }
            if number % 7 == 3 { throw Failure(description: "\(input) is odd") }
            return number + (sum == -1 ? 1 : 0)
        }
        #expect(outcomes.map(\.input) == inputs)
        for (index, outcome) in outcomes.enumerated() {
            switch outcome.result {
            case .success(let value): #expect(value == index && index % 7 != 3)
            case .failure(let error): #expect(index % 7 == 3 && "\(error)" == "input-\(index) is odd")
            }
        }
        let report = BatchReport(outcomes, seconds: 1.26)
        #expect(report.anyFailed)
        #expect(
            report.summaryLine(command: "styluskit features")
                == "styluskit features: 50 inputs, 43 done, 7 failed, 1.3 s")
        let lines = report.errorLines(command: "styluskit features")
        #expect(lines.first == "styluskit features: 7 of 50 inputs failed:")
        #expect(lines.dropFirst().first == "  input-3 is odd")
        #expect(lines.count == 8)
    }

    @Test("An error that does not name its input gets the input's name in front")
    func namesTheInput() {
        let outcomes = BatchRunner.run(["a.csk"], jobs: 1) { _ -> Int in
            throw Failure(description: "not well-formed XML")
        }
        #expect(
            BatchReport(outcomes, seconds: 0).errorLines(command: "c") == [
                "c: 1 of 1 inputs failed:", "  a.csk: not well-formed XML",
            ])
        #expect(BatchReport(BatchRunner.run(["a"], jobs: 1) { $0 }, seconds: 0).errorLines(command: "c").isEmpty)
    }

    @Test("The progress line: done of total, rate, time left, failures; redrawn in place and cleared at the end")
    func progress() {
        #expect(BatchProgress.line(done: 0, failed: 0, total: 40, elapsed: 0) == "0/40 done")
        #expect(
            BatchProgress.line(done: 10, failed: 1, total: 40, elapsed: 4) == "10/40 done, 2.5/s, 12 s left, 1 failed")
        #expect(BatchProgress.line(done: 40, failed: 0, total: 40, elapsed: 8) == "40/40 done, 5.0/s")
        final class Screen: @unchecked Sendable {
            var text = ""
        }
        let screen = Screen()
        let progress = BatchProgress(total: 3) { screen.text += $0 }
        _ = BatchRunner.run(["a", "b", "c"], jobs: 1, progress: progress) { $0 }
        // The last input is always drawn, whatever the time since the last line; then the line is cleared.
        #expect(screen.text.contains("3/3 done"))
        #expect(screen.text.hasSuffix("\r\u{1B}[K"))
        #expect(BatchProgress.onTerminal(total: 3, quiet: true) == nil)
        // A note goes on a line of its own, the progress line drawn again below it.
        let noted = Screen()
        let withNote = BatchProgress(total: 2) { noted.text += $0 }
        _ = BatchRunner.run(["a", "b"], jobs: 1, progress: withNote) { input in
            if input == "b" { withNote.message("b: a note") }
            return input
        }
        #expect(noted.text.hasPrefix("\r\u{1B}[K1/2 done"))
        #expect(noted.text.contains("\r\u{1B}[Kb: a note\n1/2 done"))
        #expect(noted.text.contains("2/2 done"))
    }

    @Test("Output names: the file's stem, with as many parent folders in front as it takes to tell two apart")
    func distinctNames() {
        #expect(BatchInputs.distinctNames(["r/one.evemu", "r/two.events"]) == ["one", "two"])
        #expect(BatchInputs.distinctNames(["x/a/s.events", "x/b/s.evemu", "t.evemu"]) == ["a-s", "b-s", "t"])
        #expect(BatchInputs.distinctNames(["p/a/s.e", "q/a/s.e", "q/b/s.e"]) == ["p-a-s", "q-a-s", "b-s"])
        #expect(BatchInputs.distinctNames(["/abs/dir/name"]) == ["name"])
    }

    @Test(
        "A run: the inputs expanded, outcomes in order, notes and the end on standard error, failed when an input failed"
    )
    func run() throws {
        final class Lines: @unchecked Sendable {
            var lines: [String] = []
        }
        let written = Lines()
        let batch = try BatchRun(
            command: "c", arguments: ["-"], takes: { _ in true }, quiet: false, standardInput: { "a\nx\n" },
            writeError: { written.lines.append($0) })
        #expect(batch.files == ["a", "x"] && batch.names == ["a", "x"])
        let outcomes = batch.run(jobs: 2) { index, input -> String in
            guard input == "a" else { throw Failure(description: "broken") }
            return "\(index) \(input)"
        }
        batch.note("a: a note")
        #expect(try outcomes[0].result.get() == "0 a")
        #expect(batch.finish(outcomes))
        #expect(written.lines.prefix(3) == ["a: a note", "c: 1 of 2 inputs failed:", "  x: broken"])
        #expect(written.lines.last?.hasPrefix("c: 2 inputs, 1 done, 1 failed, ") == true)
        // One input of a command that sums up only several: no summary line.
        let one = try BatchRun(
            command: "c", arguments: ["a"], takes: { _ in true }, quiet: false, onlyForSeveral: true,
            writeError: { _ in })
        #expect(one.quiet && !one.finish(one.run(jobs: nil) { _, input in input }))
        #expect(throws: BatchInputError.standardInputTwice) {
            try BatchRun(command: "c", arguments: ["-", "-"], takes: { _ in true }, quiet: true, standardInput: { "" })
        }
    }
}
