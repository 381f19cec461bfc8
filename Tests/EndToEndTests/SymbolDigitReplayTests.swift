import Foundation
import Testing

private let synthFixtures = Paths.fixtures.appendingPathComponent("synth")

/// The strokes of a synthesized recording, read with a parser of our own (not the package's
/// reader): touch-down and lift times and each stroke's x positions in contact.
private struct StrokeFacts {
    var touchDowns: [Double] = []
    var lifts: [Double] = []
    /// Per stroke, the X axis values of its frames in contact.
    var xs: [[Int]] = []
    /// Per stroke, the time of its last frame in contact (the frame before the lift).
    var lastContact: [Double] = []

    init(_ file: URL) throws {
        var x = 0
        var touch = 0
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") where line.hasPrefix("E: ") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            let time = fields[1].split(separator: ".")
            let milliseconds = Double(Int(time[0])!) * 1_000 + Double(Int(time[1])!) / 1_000
            let type = Int(fields[2], radix: 16)!
            let code = Int(fields[3], radix: 16)!
            let value = Int(fields[4])!
            switch (type, code) {
            case (3, 0): x = value
            case (1, 0x14a):
                if value == 1 && touch == 0 {
                    touchDowns.append(milliseconds)
                    xs.append([])
                    lastContact.append(milliseconds)
                }
                if value == 0 && touch == 1 { lifts.append(milliseconds) }
                touch = value
            case (0, 0):
                if touch == 1 {
                    xs[xs.count - 1].append(x)
                    lastContact[lastContact.count - 1] = milliseconds
                }
            default:
                break
            }
        }
    }

    /// The mean X of stroke `index`, in centimetres: the Cintiq 13HD (the default --like device)
    /// has 200 units/mm, and the form is its active area at physical size.
    func meanCentimetres(_ index: Int) -> Double {
        Double(xs[index].reduce(0, +)) / Double(xs[index].count) / 2_000
    }
}

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

    func interruptions() throws -> [(type: String, milliseconds: Double)] {
        let count = Int(try xpath("count(//TaskData/Step/Interruptions/Pause)", in: results))!
        return try (0..<count).map { index in
            let pause = "(//TaskData/Step/Interruptions/Pause)[\(index + 1)]"
            return (
                try xpath("string(\(pause)/@type)", in: results),
                Double(try xpath("string(\(pause)/@timestamp)", in: results))!
            )
        }
    }

    func number(_ expression: String) throws -> Double {
        Double(try xpath(expression, in: results))!
    }

    func string(_ expression: String) throws -> String {
        try xpath("string(\(expression))", in: results)
    }
}

@Suite("Symbol-digit replay of synthesized recordings")
struct SymbolDigitReplayTests {
    @Test("Every scenario's .ssk passes adf validate, with one tagged drawing per part")
    func validates() throws {
        for scenario in ["sdt-in-order", "sdt-skip", "sdt-parts"] {
            let session = try SymbolDigitSession(scenario)
            defer { session.remove() }
            let validation = try styluskit(["adf", "validate", session.results.path])
            #expect(validation.status == 0, "\(scenario): \(validation.standardOutput)\(validation.standardError)")
            #expect(try xpath("name(/*)", in: session.results) == "SymbolDigitSketchXMLFile")
            // Test, copy, delayed recall, and the repeat's three (assessments.md's defaults).
            #expect(try session.number("count(//TaskData/Step)") == 6, "\(scenario)")
            #expect(try session.number("count(//PenData/drawing)") == 6, "\(scenario)")
            #expect(try session.number("count(//PenData/drawing[@type='SYMBOLDIGIT'])") == 6, "\(scenario)")
            #expect(try session.string("(//PenData/drawing)[1]/@structureID") == "symbol-digit")
            #expect(try session.string("(//PenData/drawing)[2]/@structureID") == "digit-digit")
            #expect(try session.string("(//PenData/drawing)[1]/@setID") == "styluskit-1")
            #expect(try session.string("(//PenData/drawing)[4]/@setID") == "styluskit-2")
            #expect(try session.string("(//TaskData/Step)[1]/@identifier") == "symbolDigitStep-test")
            #expect(try session.string("(//TaskData/Step)[6]/@identifier") == "symbolDigitStep-delayedRecall-2")
        }
    }

    @Test("Ten boxes in order: no interruption, every stroke in the test part")
    func inOrder() throws {
        let session = try SymbolDigitSession("sdt-in-order")
        defer { session.remove() }
        let facts = try StrokeFacts(session.recording)
        // Digits 4 and 5 take two strokes each: 12 touch-downs for 10 digits.
        #expect(facts.touchDowns.count == 12)
        #expect(try session.interruptions().isEmpty)
        #expect(try session.number("count((//PenData/drawing)[1]/strokes/stroke)") == 12)
        #expect(try session.number("count(//stroke)") == 12)
    }

    @Test("Writing two boxes ahead: one skip, at the lift of the stroke in box 4, pointing at box 3")
    func skip() throws {
        let session = try SymbolDigitSession("sdt-skip", extra: ["--events"])
        defer { session.remove() }
        let facts = try StrokeFacts(session.recording)
        // Strokes: the 4 in box 1 (two), the 7 in box 2, the 5 in box 4 (bowl, then bar), the 2 in box 3.
        try #require(facts.touchDowns.count == 6)
        // Box 4 lies two column pitches (B + D = 1.27 + 0.026 cm) right of box 2.
        #expect(abs(facts.meanCentimetres(3) - facts.meanCentimetres(2) - 2 * 1.296) < 0.3)
        let interruptions = try session.interruptions()
        try #require(interruptions.count == 1)
        #expect(interruptions[0].type == "skip")
        #expect(abs(interruptions[0].milliseconds - facts.lifts[3]) <= 1)
        // Recorded in the test part; every stroke is kept.
        #expect(try session.number("count((//TaskData/Step)[1]/Interruptions/Pause)") == 1)
        #expect(try session.number("count(//stroke)") == 6)

        let lines = session.replay.standardOutput.split(separator: "\n")
        let interrupts = lines.filter { $0.contains("\"action\":\"interrupt\"") }
        try #require(interrupts.count == 1)
        #expect(interrupts[0].contains("\"box\":4"))
        #expect(interrupts[0].contains("\"continueIn\":3"))
        #expect(interrupts[0].contains("\"after\":\"obscured\""))
        // Going back to box 3 shows the form again.
        #expect(lines.contains { $0.contains("\"action\":\"reveal-form\"") })
        #expect(session.replay.standardError.contains("skip at"))
    }

    @Test("Boxes 1, 2, 4, 3, 5, 6: one skip at box 4 pointing at box 3; box 5 after box 3 is in order")
    func outOfOrder() throws {
        let session = try SymbolDigitSession("sdt-out-of-order", extra: ["--events"])
        defer { session.remove() }
        let facts = try StrokeFacts(session.recording)
        // Six single-stroke digits.
        try #require(facts.touchDowns.count == 6)
        let interruptions = try session.interruptions()
        try #require(interruptions.count == 1)
        #expect(interruptions[0].type == "skip")
        #expect(abs(interruptions[0].milliseconds - facts.lifts[2]) <= 1)
        #expect(try session.number("count(//stroke)") == 6)
        let lines = session.replay.standardOutput.split(separator: "\n")
        let interrupts = lines.filter { $0.contains("\"action\":\"interrupt\"") }
        try #require(interrupts.count == 1)
        #expect(interrupts[0].contains("\"box\":4") && interrupts[0].contains("\"continueIn\":3"))
        #expect(lines.contains { $0.contains("\"action\":\"reveal-form\"") })
    }

    @Test("A 6 s pause splits the test and copy parts; each part starts at box 1 again, no interruption")
    func parts() throws {
        let session = try SymbolDigitSession("sdt-parts")
        defer { session.remove() }
        let facts = try StrokeFacts(session.recording)
        try #require(facts.touchDowns.count == 6)
        #expect(try session.interruptions().isEmpty)
        #expect(try session.number("count((//PenData/drawing)[1]/strokes/stroke)") == 3)
        #expect(try session.number("count((//PenData/drawing)[2]/strokes/stroke)") == 3)
        // The boundary is the midpoint of the long pause: from the last frame in contact to the touch-down.
        let end = try session.number("string((//TaskData/Step)[1]/End/@timestamp)")
        #expect(abs(end - (facts.lastContact[2] + facts.touchDowns[3]) / 2) <= 1)
        #expect(facts.touchDowns[3] - facts.lifts[2] > 5_000)
    }

    @Test("--step-split none keeps every stroke in the test part; a list of seconds splits there")
    func stepSplitRules() throws {
        let none = try SymbolDigitSession("sdt-parts", extra: ["--step-split", "none"])
        defer { none.remove() }
        #expect(try none.number("count((//PenData/drawing)[1]/strokes/stroke)") == 6)
        // Box 1 again after box 3 is a correction, not a skip.
        #expect(try none.interruptions().isEmpty)

        let listed = try SymbolDigitSession("sdt-parts", extra: ["--step-split", "0,1000"])
        defer { listed.remove() }
        // The first part ends at the first event, before any stroke (the pen approaches 0.2 s
        // before its first touch-down): empty. The recording is over long before 1000 s: all in part 2.
        #expect(try listed.number("count((//PenData/drawing)[1]/strokes/stroke)") == 0)
        #expect(try listed.number("count((//PenData/drawing)[2]/strokes/stroke)") == 6)

        let bad = try styluskit(["replay", "x.evemu", "--test", "sdt", "--step-split", "5,2"])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("is not a rule for --test sdt"))
    }

    @Test("--settings: skip detection off gives no interruption; without the repeat, three parts")
    func settingsFile() throws {
        let session = try SymbolDigitSession(
            "sdt-skip", settings: "schema: 2\nsymbol-digit:\n  enable-skip-detection: false\n  enable-repeat: false\n")
        defer { session.remove() }
        #expect(try session.interruptions().isEmpty)
        #expect(try session.number("count(//TaskData/Step)") == 3)
        #expect(try session.number("count(//PenData/drawing)") == 3)

        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bad.yaml")
        try "schema: 2\nsymbol-digit:\n  skip-detection: false\n".write(to: file, atomically: true, encoding: .utf8)
        let bad = try styluskit(["replay", session.recording.path, "--test", "sdt", "--settings", file.path, "--out", directory.path])
        #expect(bad.status != 0)
        #expect(bad.standardError.contains("skip-detection"))
    }
}
