import Foundation
import Testing

private let synthFixtures = Paths.fixtures.appendingPathComponent("synth")

/// `synth` then `replay --test sdt` of one scenario, in a fresh directory.
private struct SymbolDigitSession {
    let directory: URL
    let recording: URL
    let results: URL
    let replay: ProcessResult

    init(_ scenario: String, extra: [String] = [], settings: String? = nil) throws {
        directory = try Paths.temporaryDirectory()
        recording = directory.appendingPathComponent("\(scenario).evemu")
        results = directory.appendingPathComponent("\(scenario).ssk")
        let synth = try styluskit([
            "synth", synthFixtures.appendingPathComponent("\(scenario).scenario").path, "--output", recording.path,
        ])
        try #require(synth.status == 0, "\(synth.standardError)")
        var settingsArguments: [String] = []
        if let settings {
            let file = directory.appendingPathComponent("settings.yaml")
            try settings.write(to: file, atomically: true, encoding: .utf8)
            settingsArguments = ["--settings", file.path]
        }
        replay = try styluskit(
            ["replay", recording.path, "--test", "sdt", "--out", directory.path] + settingsArguments + extra)
        try #require(replay.status == 0, "\(replay.standardError)")
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// The command line of a symbol-digit replay: what the binary writes and prints, and the options
/// it refuses. What the proctor decides, the parts and the settings' effect are tested in-process
/// (SessionsTests' SymbolDigitSessionTests) on the same scenarios.
@Suite("Symbol-digit replay of synthesized recordings")
struct SymbolDigitReplayTests {
    @Test("Every scenario's .ssk passes adf validate, with one SYMBOLDIGIT drawing per part")
    func validates() throws {
        for scenario in ["sdt-in-order", "sdt-skip", "sdt-parts"] {
            let session = try SymbolDigitSession(scenario)
            defer { session.remove() }
            let validation = try styluskit(["adf", "validate", session.results.path])
            #expect(validation.status == 0, "\(scenario): \(validation.standardOutput)\(validation.standardError)")
            #expect(try xpath("name(/*)", in: session.results) == "SymbolDigitSketchXMLFile")
            // Test, copy, delayed recall, and the repeat's three (assessments.md's defaults).
            #expect(
                try xpath("count(//PenData/drawing[@type='SYMBOLDIGIT'])", in: session.results) == "6", "\(scenario)")
        }
    }

    @Test("--events prints one JSON object per proctor decision on standard output, the summary on standard error")
    func events() throws {
        let session = try SymbolDigitSession("sdt-skip", extra: ["--events"])
        defer { session.remove() }
        let lines = session.replay.standardOutput.split(separator: "\n")
        for line in lines {
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any],
                "not a JSON object: \(line)")
        }
        #expect(lines.filter { $0.contains("\"action\":\"interrupt\"") }.count == 1)
        #expect(session.replay.standardError.contains("skip at"))
    }

    @Test("A wrong --step-split for --test sdt is refused, saying what is accepted")
    func badStepSplit() throws {
        let bad = try styluskit(["replay", "x.evemu", "--test", "sdt", "--step-split", "5,2"])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("is not a rule for --test sdt"))
    }

    @Test("--settings reaches the proctor (without the repeat, three parts); an unknown key is refused, naming it")
    func settingsFile() throws {
        let session = try SymbolDigitSession("sdt-skip", settings: "schema: 2\nsymbol-digit:\n  enable-repeat: false\n")
        defer { session.remove() }
        #expect(try xpath("count(//TaskData/Step)", in: session.results) == "3")

        let file = session.directory.appendingPathComponent("bad.yaml")
        try "schema: 2\nsymbol-digit:\n  skip-detection: false\n".write(to: file, atomically: true, encoding: .utf8)
        let out = session.directory.appendingPathComponent("bad")
        let bad = try styluskit([
            "replay", session.recording.path, "--test", "sdt", "--settings", file.path, "--out", out.path,
        ])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("skip-detection"))
    }
}
