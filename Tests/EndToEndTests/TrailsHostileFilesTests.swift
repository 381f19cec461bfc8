import Foundation
import Testing

/// Hostile and broken trail making results files (`.tsk`), made from the golden by editing its
/// `Trail` elements as a fuzzer or an attacker would: `adf validate` names each problem on its
/// line, and nothing that reads a `.tsk` (adf show, features, render, plot) crashes on them or
/// lets their text drive the terminal.
@Suite("Hostile .tsk files on the command line")
struct TrailsHostileFilesTests {
    static let golden = Paths.fixtures.appendingPathComponent("golden/trails-small.tsk").path

    /// A broken file: the golden with `edits` (each fragment replaced once), and what `adf validate`
    /// says of it on which line (nil where the file stays valid, such as a huge radius).
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var edits: [(String, String)]
        var line: Int?
        var problem: String?
        var testDescription: String { name }
    }

    static let sampleBTrail =
        #"<Trail circleRadius="25.9843" circlesConnected="8" layout="sample-B" outcome="finished">"#
    static let secondArrival = #"<Arrival circle="2" timestamp="1674100002400"/>"#
    static let sampleBError =
        #"<Error class="sequence" corrected="1674100004800" expected="4" timestamp="1674100004300" wrong="6"/>"#
    static let partBError =
        #"<Error class="shift" corrected="1674100016000" expected="4" timestamp="1674100014000" wrong="5"/>"#
    static let circleA = #"<Circle kind="letter" label="A" order="2" x="160.5000" y="300.2500"/>"#
    /// A decimal beyond Double's range (ADF numbers have no exponent): 309 nines.
    static let hugeDecimal = String(repeating: "9", count: 309) + ".5000"

    static let cases: [Case] = [
        Case(
            name: "an arrival 10^23 ms after 1970",
            edits: [(secondArrival, #"<Arrival circle="2" timestamp="1e23"/>"#)],
            line: 29, problem: "timestamp"),
        Case(
            name: "an arrival before 1970",
            edits: [(secondArrival, #"<Arrival circle="2" timestamp="-1674100002400"/>"#)],
            line: 29, problem: "before its step starts"),
        Case(
            name: "a correction at NaN",
            edits: [(sampleBError, sampleBError.replacingOccurrences(of: "1674100004800", with: "nan"))], line: 36,
            problem: "corrected"),
        Case(
            name: "a correction at -10^23",
            edits: [(sampleBError, sampleBError.replacingOccurrences(of: "1674100004800", with: "-1e23"))], line: 36,
            problem: "corrected"),
        Case(
            name: "a prompt naming circle Int64.min",
            edits: [(#"<Prompt circle="3""#, #"<Prompt circle="-9223372036854775808""#)], line: 76,
            problem: "is not a circle of the layout (1 to 25)"),
        Case(
            name: "an error naming circles 0 and 26",
            edits: [
                (
                    partBError,
                    partBError.replacingOccurrences(of: #"expected="4""#, with: #"expected="26""#)
                        .replacingOccurrences(of: #"wrong="5""#, with: #"wrong="0""#)
                )
            ], line: 75,
            problem: "is not a circle of the layout (1 to 25)"),
        Case(
            name: "a circle at NaN, infinity",
            edits: [
                (
                    circleA,
                    circleA.replacingOccurrences(of: "160.5000", with: "nan").replacingOccurrences(
                        of: "300.2500", with: "inf")
                )
            ],
            line: 21, problem: "<Circle>"),
        Case(
            name: "a circle 10^309 points away",
            edits: [
                (
                    circleA,
                    circleA.replacingOccurrences(of: "160.5000", with: "1e308").replacingOccurrences(
                        of: "300.2500", with: "-1e308")
                )
            ],
            line: nil, problem: nil),
        Case(
            name: "a negative radius",
            edits: [(sampleBTrail, sampleBTrail.replacingOccurrences(of: "25.9843", with: "-25.9843"))], line: 19,
            problem: "is not positive"),
        // A radius of 309 digits reads as infinity: it was called valid and hung `render` (100 % CPU for
        // 20 minutes) until the validator refused a non-finite decimal.
        Case(
            name: "a radius of 10^309 points",
            edits: [(sampleBTrail, sampleBTrail.replacingOccurrences(of: "25.9843", with: hugeDecimal))], line: 19,
            problem: "circleRadius has more digits than any number a drawing can use"),
        Case(
            name: "20 digits of circles connected",
            edits: [
                (
                    sampleBTrail,
                    sampleBTrail.replacingOccurrences(
                        of: #"circlesConnected="8""#, with: #"circlesConnected="99999999999999999999""#)
                )
            ],
            line: 19, problem: "circlesConnected"),
        Case(
            name: "a second Trail in a step",
            edits: [
                (
                    "      </Trail>\n",
                    "      </Trail>\n"
                        + #"      <Trail circleRadius="1" circlesConnected="0" layout="x" outcome="skipped"><Circle kind="number" label="1" order="1" x="0" y="0"/></Trail>"#
                        + "\n"
                )
            ],
            line: 38, problem: "a second <Trail> in this step"),
        Case(
            name: "a Trail inside a Trail",
            edits: [
                (
                    circleA,
                    #"<Trail circleRadius="1" circlesConnected="0" layout="x" outcome="skipped"></Trail>"# + circleA
                )
            ],
            line: 21, problem: nil),
        Case(
            name: "an arrival before the circles",
            edits: [
                (
                    #"<Circle kind="number" label="1" order="1" x="100.0000""#,
                    #"<Arrival circle="1" timestamp="1674100002000"/><Circle kind="number" label="1" order="1" x="100.0000""#
                )
            ],
            line: 20, problem: "comes after"),
        Case(
            name: "a bogus kind and class, an empty label",
            edits: [
                (
                    circleA,
                    circleA.replacingOccurrences(of: #"kind="letter" label="A""#, with: #"kind="&#0;" label="""#)
                ),
                (sampleBError, sampleBError.replacingOccurrences(of: "sequence", with: "x")),
            ],
            line: 21, problem: nil),
        Case(
            name: "terminal escapes in the layout and a label",
            edits: [
                (sampleBTrail, sampleBTrail.replacingOccurrences(of: "sample-B", with: "&#27;]0;pwned&#7;&#27;[2J")),
                (circleA, circleA.replacingOccurrences(of: #"label="A""#, with: #"label="&#27;[31mA&#13;""#)),
            ],
            line: nil, problem: nil),
        Case(
            name: "5,000 arrivals at a circle the layout lacks",
            edits: [
                (secondArrival, String(repeating: #"<Arrival circle="9" timestamp="1674100002400"/>"#, count: 5_000))
            ],
            line: 29, problem: "<Arrival> circle=\"9\" is not a circle of the layout (1 to 8)"),
    ]

    /// Writes `hostile` into `directory` as `NAME.tsk`.
    static func write(_ hostile: Case, into directory: URL) throws -> String {
        var text = try String(contentsOfFile: golden, encoding: .utf8)
        for (old, new) in hostile.edits {
            let range = try #require(text.range(of: old), "\(old) is in the golden")
            text.replaceSubrange(range, with: new)
        }
        let path = directory.appendingPathComponent("hostile.tsk").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// True when `result` ended by itself with one of the documented statuses, printing no control
    /// character from the file (escape, bell, carriage return) and no trap of the runtime.
    static func endedInWords(_ result: ProcessResult, _ allowed: Set<Int32>) -> Bool {
        let text = result.standardOutput + result.standardError
        return allowed.contains(result.status) && !text.contains("Fatal error")
            && !text.unicodeScalars.contains { [0x1B, 0x07, 0x0D].contains($0.value) }
    }

    @Test(
        "adf validate names the problem on its line; adf show, features, render and plot neither crash nor echo control characters",
        arguments: cases)
    func hostileFile(_ hostile: Case) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "styluskit-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try Self.write(hostile, into: directory)

        let validate = try styluskit(["adf", "validate", path])
        #expect(Self.endedInWords(validate, [0, 1]), "validate: \(validate.status) \(validate.standardError)")
        if let line = hostile.line {
            #expect(validate.status == 1)
            let lines = validate.standardOutput.split(separator: "\n").filter { $0.hasPrefix("\(path):\(line):") }
            #expect(!lines.isEmpty, "no problem on line \(line): \(validate.standardOutput.prefix(2_000))")
            if let problem = hostile.problem {
                #expect(lines.contains { $0.contains(problem) }, "\(validate.standardOutput.prefix(2_000))")
            }
        } else if hostile.problem == nil && hostile.line == nil {
            // Valid by the format's rules: every reader must cope with it.
            #expect(validate.status == 0 || validate.status == 1)
        }
        for arguments in [
            ["adf", "show", path], ["adf", "show", "--json", path],
            ["features", path, "--allow-invalid", "--level", "step", "--format", "json"],
            ["features", path, "--allow-invalid", "--level", "test", "--format", "json"],
            ["render", path, "--out", directory.appendingPathComponent("picture.png").path, "--force"],
            ["plot", path, "--out", directory.appendingPathComponent("plot.png").path, "--force"],
        ] {
            let result = try styluskit(arguments)
            #expect(
                Self.endedInWords(result, [0, 1, 65]),
                "\(arguments.prefix(2).joined(separator: " ")): \(result.status) \(result.standardError.prefix(2_000))")
        }
    }
}
