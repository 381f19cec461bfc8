import Foundation
import Testing

/// The command line a script can trust: every subcommand has working help and refuses a bad
/// argument with the documented usage status, and every `--json` output is JSON Lines with exactly
/// the keys and types of its schema in docs/json (read from the markdown, not restated here).
@Suite("JSON schemas and the command walk")
struct JSONSchemaTests {
    /// Commands whose `--json` needs a tablet or a window: only their help and a bad argument are
    /// checked here (their output is pinned in-process by ReportsTests and the VM and Xvfb tests).
    /// (`record visit` is docs/json/record-visit.md's name for `record --visit`.)
    static let needHardware: Set<String> = ["record", "record visit", "administer", "visit", "play"]

    /// Commands with `--json` whose keys another page documents; the walk still checks their help and bad
    /// argument. `score`'s JSON is the scoring page's (docs/scoring.md's table and docs/serve.md's
    /// `GET /api/scoring`), nested and blind by rater, pinned by ScoreCommandTests' `--json` test.
    static let documentedElsewhere: Set<String> = ["score items", "score list", "score show"]

    @Test(
        "Every subcommand (found from the help) has help, refuses an unknown option with 64, and has a schema for its --json"
    )
    func walk() throws {
        let commands = try Self.subcommands(of: [])
        // The walk found the commands the README lists, so a broken help parser cannot pass it empty.
        #expect(
            commands.contains("replay") && commands.contains("calibrate print-form")
                && commands.contains("patient decrypt"))
        for command in commands {
            let words = command.split(separator: " ").map(String.init)
            let help = try styluskit(words + ["--help"])
            #expect(help.status == 0, "\(command) --help: \(help.standardError)")
            #expect(help.standardOutput.hasPrefix("OVERVIEW: "), "\(command) --help")
            let helpCommand = try styluskit(["help"] + words)
            #expect(
                helpCommand.status == 0 && helpCommand.standardOutput == help.standardOutput,
                "styluskit help \(command)")
            let bad = try styluskit(words + ["--no-such-option"])
            #expect(bad.status == 64, "\(command) --no-such-option exited \(bad.status)")
            #expect(bad.standardError.hasPrefix("Error: "), "\(command) --no-such-option: \(bad.standardError)")
            #expect(bad.standardOutput.isEmpty, "\(command) --no-such-option")
            guard help.standardOutput.contains("  --json ") else { continue }
            // Under --json the usage error is the documented object too.
            let badJSON = try styluskit(words + ["--no-such-option", "--json"])
            #expect(badJSON.status == 64)
            #expect(
                try Self.problems(badJSON.standardError, schema: Self.schema("error")).isEmpty,
                "\(command): \(badJSON.standardError)")
            if Self.documentedElsewhere.contains(command) { continue }
            #expect(
                FileManager.default.fileExists(atPath: Self.document(command).path),
                "\(command) has --json but no \(Self.document(command).path)")
            if !Self.needHardware.contains(command) {
                #expect(
                    Self.invocations.keys.contains(command), "\(command) has --json but JSONSchemaTests does not run it"
                )
            }
        }
    }

    @Test("Every command's --json output has exactly the keys and types of its document in docs/json")
    func schemas() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = try Scene(directory)
        let documents = try FileManager.default.contentsOfDirectory(atPath: Self.documents.path)
            .filter { $0.hasSuffix(".md") && $0 != "README.md" && $0 != "error.md" }.sorted()
        #expect(documents.count >= 20)
        for name in documents {
            let command = String(name.dropLast(3)).replacingOccurrences(of: "-", with: " ")
            let key =
                Self.invocations.keys.first { $0.replacingOccurrences(of: " ", with: "-") == String(name.dropLast(3)) }
                ?? command
            if Self.needHardware.contains(key) || Self.documentedElsewhere.contains(key) { continue }
            let schema = try Self.schema(String(name.dropLast(3)))
            let runs = try #require(
                Self.invocations[key], "docs/json/\(name) documents a command the test does not run"
            ).build(files)
            for invocation in runs {
                let result = try run(
                    Paths.styluskit, invocation.arguments, in: Paths.packageRoot, input: invocation.input)
                #expect(result.status == invocation.status, "\(invocation.arguments): \(result.standardError)")
                #expect(
                    !result.standardOutput.isEmpty && result.standardOutput.hasSuffix("\n"), "\(invocation.arguments)")
                let problems = try Self.problems(result.standardOutput, schema: schema)
                #expect(problems.isEmpty, "\(invocation.arguments.prefix(2)): \(problems)\n\(result.standardOutput)")
            }
        }
        // A failure under --json: the error object alone, on standard error.
        let failed = try styluskit(["info", "/nowhere/x.evemu", "--json"])
        #expect(failed.status == 66)
        #expect(failed.standardOutput.isEmpty)
        #expect(
            try Self.problems(failed.standardError, schema: Self.schema("error")).isEmpty, "\(failed.standardError)")
    }

    @Test("The checker refuses a missing key, an extra key, a wrong type and a null where none is allowed")
    func checkerCanFail() throws {
        let schema = try Self.schema("convert")
        let good =
            #"{"device":"d","events":1,"format":"evemu 1.3","frames":1,"id":"0003:056a:0001","input":"a","output":"b","truncation":null}"#
        #expect(try Self.problems(good + "\n", schema: schema).isEmpty)
        for bad in [
            good.replacingOccurrences(of: #""events":1,"#, with: ""),
            good.replacingOccurrences(of: #""events":1,"#, with: #""events":1,"more":2,"#),
            good.replacingOccurrences(of: #""events":1,"#, with: #""events":1.5,"#),
            good.replacingOccurrences(of: #""device":"d","#, with: #""device":null,"#),
            good.replacingOccurrences(of: #""truncation":null"#, with: #""truncation":3"#),
            good + " trailing",
        ] {
            #expect(try !Self.problems(bad + "\n", schema: schema).isEmpty, "\(bad)")
        }
        let synth = try Self.schema("synth")
        let line =
            #"{"device":"d","durationSeconds":13.646,"frames":1,"id":"i","output":"o","scenario":"s","seed":1,"strokes":1}"#
        #expect(try Self.problems(line + "\n", schema: synth).isEmpty)
        let noisy = line.replacingOccurrences(of: "13.646", with: "13.645999999999999")
        #expect(try !Self.problems(noisy + "\n", schema: synth).isEmpty)
    }

    // MARK: The commands run

    /// One run of a command: its arguments, its standard input and the status it must end with.
    struct Run {
        var arguments: [String]
        var input: String? = nil
        var status: Int32 = 0
    }

    /// How to run a command with --json, given the files of the scene.
    struct Invocation: Sendable {
        var build: @Sendable (Scene) throws -> [Run]
    }

    static let password = "correct horse battery\n"

    /// The files the runs share, made once by running the commands themselves.
    struct Scene {
        let directory: URL
        let recording = Paths.realRecordings.appendingPathComponent("dell_canvas_pen.evemu").path
        let results: String
        let patientResults: String
        let keyFile: String
        let details: String
        let publicKey: String
        let privateKey: String
        let journal: String
        /// A synthesized maze recording: a wall cross in the detour maze.
        let maze: String
        /// A directory holding one visit folder.
        let visits: String

        init(_ directory: URL) throws {
            self.directory = directory
            keyFile = directory.appendingPathComponent("clinician.key").path
            let made = try run(
                Paths.styluskit, ["keys", "init", "--key-file", keyFile], in: Paths.packageRoot,
                input: password + password)
            try #require(made.status == 0, "\(made.standardError)")
            details = directory.appendingPathComponent("details.txt").path
            try Data(#""Quintero","Evangelina","MR-55821","1941-07-30","Site North","T-9"\#n"#.utf8).write(
                to: URL(fileURLWithPath: details))
            privateKey = directory.appendingPathComponent("server.pem").path
            publicKey = directory.appendingPathComponent("server.pub.pem").path
            let openssl = URL(fileURLWithPath: "/usr/bin/openssl")
            try #require(
                try run(
                    openssl, ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", privateKey]
                )
                .status == 0)
            try #require(try run(openssl, ["pkey", "-in", privateKey, "-pubout", "-out", publicKey]).status == 0)
            let replayed = try styluskit([
                "replay", recording, "--test", "clock", "--out", directory.appendingPathComponent("plain").path,
            ])
            try #require(replayed.status == 0, "\(replayed.standardError)")
            results = directory.appendingPathComponent("plain/dell_canvas_pen.csk").path
            let sealed = try run(
                Paths.styluskit,
                [
                    "replay", recording, "--test", "clock", "--out", directory.appendingPathComponent("patient").path,
                    "--patient", details,
                    "--server-key", publicKey, "--key-file", keyFile,
                ], in: Paths.packageRoot, input: password)
            try #require(sealed.status == 0, "\(sealed.standardError)")
            patientResults = directory.appendingPathComponent("patient/dell_canvas_pen.csk").path
            // A journal: the recording with the control lines a live session writes after its banner.
            let text = try String(contentsOfFile: recording, encoding: .utf8)
            let banner = "#      Waiting for events      #\n################################\n"
            let controls = ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001"].map {
                "# StylusKit control: \($0)\n"
            }.joined()
            journal = directory.appendingPathComponent("journal.evemu").path
            maze = directory.appendingPathComponent("maze.evemu").path
            let synthesized = try styluskit([
                "synth", Paths.fixtures.appendingPathComponent("synth/wall-cross-0.4s.scenario").path, "--output", maze,
            ])
            try #require(synthesized.status == 0, "\(synthesized.standardError)")
            try text.replacingOccurrences(of: banner, with: banner + controls).write(
                toFile: journal, atomically: true, encoding: .utf8)
            visits = directory.appendingPathComponent("visits").path
            _ = try VisitFixture.make(root: visits)
        }

        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    }

    /// Every command with --json that runs without hardware, by its words after `styluskit`.
    static let invocations: [String: Invocation] = [
        "replay": Invocation { s in
            [
                Run(arguments: ["replay", s.recording, "--test", "clock", "--out", s.path("replay"), "--json"]),
                Run(arguments: [
                    "replay",
                    Paths.fixtures.appendingPathComponent("recordings/real/Wacom-Cintiq-13HD-touch-Pen.events").path,
                    "--test",
                    "sdt", "--out", s.path("replay-sdt"), "--json", "--allow-empty",
                ]),
                Run(arguments: [
                    "replay", s.maze, "--test", "maze", "--maze",
                    Paths.fixtures.appendingPathComponent("synth/detour.maze").path, "--out",
                    s.path("replay-maze"), "--json",
                ]),
            ]
        },
        // Without a tablet: an empty list, and the schema's top-level keys.
        "devices": Invocation { _ in [Run(arguments: ["devices", "--json"])] },
        "calibrate display": Invocation { s in
            [
                Run(arguments: [
                    "calibrate", "display", "--edid",
                    Paths.fixtures.appendingPathComponent("edid/wacom-cintiq-13hd.edid").path, "--out",
                    s.path("display.yaml"), "--json",
                ])
            ]
        },
        "info": Invocation { s in [Run(arguments: ["info", s.recording, "--json"])] },
        "monitor": Invocation { s in [Run(arguments: ["monitor", "--recording", s.recording, "--json"])] },
        "convert": Invocation { s in [Run(arguments: ["convert", s.recording, s.path("converted.yml"), "--json"])] },
        "synth": Invocation { s in
            [
                Run(arguments: [
                    "synth", Paths.fixtures.appendingPathComponent("synth/wall-cross-0.4s.scenario").path, "--output",
                    s.path("synth.evemu"), "--json",
                ])
            ]
        },
        "adf validate": Invocation { s in
            [
                Run(arguments: ["adf", "validate", s.results, "--json"]),
                Run(arguments: ["adf", "validate", s.results, s.recording, "--json"], status: 1),
            ]
        },
        "adf show": Invocation { s in [Run(arguments: ["adf", "show", s.results, "--json"])] },
        "export redcap": Invocation { s in
            [
                Run(arguments: ["export", "redcap", s.visits, "--out", s.path("redcap"), "--json"]),
                Run(arguments: [
                    "export", "redcap", s.visits, "--out", s.path("redcap-event"), "--event", "baseline_arm_1",
                    "--json",
                ]),
            ]
        },
        "results": Invocation { s in
            [
                Run(arguments: ["results", (s.results as NSString).deletingLastPathComponent, "--json"]),
                Run(arguments: ["results", s.visits, "--json"]),
            ]
        },
        "calibrate tablet": Invocation { s in
            let taps = s.path("taps.events")
            try CalibrateTests.tapRecording().write(toFile: taps, atomically: true, encoding: .utf8)
            return [
                Run(arguments: ["calibrate", "tablet", "--recording", taps, "--out", s.path("fitted.yaml"), "--json"])
            ]
        },
        "calibrate pressure": Invocation { s in
            [Run(arguments: ["calibrate", "pressure", "--recording", s.recording, "--json"])]
        },
        "calibrate print-sheet": Invocation { s in
            [Run(arguments: ["calibrate", "print-sheet", "--out", s.path("sheet.pdf"), "--json"])]
        },
        "calibrate print-mazes": Invocation { s in
            [
                Run(arguments: [
                    "calibrate", "print-mazes", "--battery",
                    Paths.fixtures.appendingPathComponent("mazes/standard.battery").path, "--out",
                    s.path("mazes.pdf"), "--json",
                ])
            ]
        },
        "calibrate print-form": Invocation { s in
            [Run(arguments: ["calibrate", "print-form", "--test", "sdt", "--out", s.path("form.pdf"), "--json"])]
        },
        "calibrate print-trails": Invocation { s in
            [
                Run(arguments: [
                    "calibrate", "print-trails", Paths.fixtures.appendingPathComponent("trails/standard-A.yaml").path,
                    Paths.fixtures.appendingPathComponent("trails/standard-B.yaml").path, "--out", s.path("trails.pdf"),
                    "--json",
                ])
            ]
        },
        "trails generate": Invocation { s in
            [Run(arguments: ["trails", "generate", "--seed", "7", "--out", s.path(""), "--json"])]
        },
        "keys init": Invocation { s in
            [Run(arguments: ["keys", "init", "--key-file", s.path("other.key"), "--json"], input: password + password)]
        },
        "keys change-password": Invocation { s in
            [
                Run(
                    arguments: ["keys", "change-password", "--key-file", s.keyFile, "--json"],
                    input: password + password + password)
            ]
        },
        "patient encode": Invocation { s in
            [
                Run(
                    arguments: [
                        "patient", "encode", "--from", s.details, "--results-name", "x.csk", "--start-time", "0",
                        "--key-file", s.keyFile,
                        "--json",
                    ], input: password),
                Run(
                    arguments: [
                        "patient", "encode", "--from", s.details, "--results-name", "x.csk", "--start-time", "0",
                        "--key-file", s.keyFile,
                        "--server-key", s.publicKey, "--json",
                    ], input: password),
            ]
        },
        "patient show": Invocation { s in
            [Run(arguments: ["patient", "show", s.patientResults, "--key-file", s.keyFile, "--json"], input: password)]
        },
        "patient decrypt": Invocation { s in
            [Run(arguments: ["patient", "decrypt", "--private-key", s.privateKey, s.patientResults, "--json"])]
        },
        "recover": Invocation { s in [Run(arguments: ["recover", s.journal, "--out", s.path("recovered"), "--json"])] },
        "render": Invocation { s in
            [
                Run(arguments: ["render", s.results, "--out", s.path("render.png"), "--json"]),
                Run(arguments: [
                    "render", s.recording, "--test", "clock", "--out", s.path("render.svg"), "--animate",
                    s.path("frames"), "--fps", "2",
                    "--speed", "20", "--json",
                ]),
            ]
        },
        "report": Invocation { s in
            [
                Run(arguments: [
                    "report", try ReportTests.smallVisit(results: s.results, in: s.directory), "--out",
                    s.path("report.pdf"), "--json",
                ])
            ]
        },
        "plot": Invocation { s in [Run(arguments: ["plot", s.results, "--out", s.path("plot.png"), "--json"])] },
        "features": Invocation { s in
            ["stroke", "step", "test"].map {
                Run(arguments: ["features", s.results, "--format", "json", "--level", $0])
            }
        },
    ]

    // MARK: Discovering the commands

    /// Every command under `words`, found from the SUBCOMMANDS section of each group's help.
    static func subcommands(of words: [String]) throws -> [String] {
        let help = try styluskit(words + ["--help"])
        try #require(help.status == 0, "\(words) --help")
        var found: [String] = []
        var inSection = false
        for line in help.standardOutput.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "SUBCOMMANDS:" {
                inSection = true
                continue
            }
            guard inSection else { continue }
            // A command's line starts with two spaces and its name; its abstract's next lines are indented further.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first,
                name != "See"
            else { continue }
            let command = words + [String(name)]
            found.append(command.joined(separator: " "))
            found += try subcommands(of: command)
        }
        return found
    }

    // MARK: The schemas

    static let documents = Paths.packageRoot.appendingPathComponent("docs/json")

    static func document(_ command: String) -> URL {
        documents.appendingPathComponent(command.replacingOccurrences(of: " ", with: "-") + ".md")
    }

    /// One key table: each key path (`a`, `a.b`, `a[].b`) and its type cell.
    typealias Table = [(path: String, type: String)]

    /// A document's key tables; a document with several (features' levels) takes an object that matches any one.
    struct Schema {
        var tables: [Table]
        /// features.md's rule: a value may be null unless its type says "never null".
        var nullUnlessNeverNull: Bool
    }

    /// The key tables of docs/json/NAME.md: rows `| `KEY` | TYPE |` under a `| key | type |` header.
    static func schema(_ name: String) throws -> Schema {
        let text = try String(contentsOf: document(name), encoding: .utf8)
        var tables: [Table] = []
        var current: Table?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| key | type |") {
                current = []
            } else if current != nil, line.hasPrefix("| `") {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                current!.append(
                    (path: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), type: cells[1]))
            } else if current != nil, !line.hasPrefix("|") {
                tables.append(current!)
                current = nil
            }
        }
        if let current { tables.append(current) }
        try #require(!tables.isEmpty, "docs/json/\(name).md has no key table")
        return Schema(tables: tables, nullUnlessNeverNull: text.contains("*never null*"))
    }

    /// What is wrong with `output` as JSON Lines of `schema`'s objects; empty when nothing is.
    static func problems(_ output: String, schema: Schema) throws -> [String] {
        guard output.hasSuffix("\n") else { return ["the output does not end with a newline"] }
        var problems: [String] = []
        for (number, line) in output.dropLast().split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)),
                case .object(let object) = value
            else {
                problems.append("line \(number + 1) is not one JSON object: \(line)")
                continue
            }
            let keys = Set(object.keys)
            guard
                let table = schema.tables.first(where: {
                    Set($0.filter { !$0.path.contains(".") && !$0.path.contains("[]") }.map(\.path)) == keys
                })
            else {
                let closest = schema.tables.min {
                    Set($0.map(\.path)).symmetricDifference(keys).count
                        < Set($1.map(\.path)).symmetricDifference(keys).count
                }!
                let documented = Set(closest.filter { !$0.path.contains(".") && !$0.path.contains("[]") }.map(\.path))
                problems.append(
                    "line \(number + 1): undocumented keys \(keys.subtracting(documented).sorted()), missing keys \(documented.subtracting(keys).sorted())"
                )
                continue
            }
            problems += check(value, at: "", table: table, nullable: schema.nullUnlessNeverNull).map {
                "line \(number + 1): \($0)"
            }
        }
        return problems
    }

    /// Checks the object `value` at key path `prefix` against the rows of `table` under it.
    static func check(_ value: JSONValue, at prefix: String, table: Table, nullable: Bool) -> [String] {
        guard case .object(let object) = value else { return ["\(prefix) is not an object"] }
        let rows = table.filter { row in
            let rest =
                prefix.isEmpty
                ? row.path : row.path.hasPrefix(prefix + ".") ? String(row.path.dropFirst(prefix.count + 1)) : ""
            return !rest.isEmpty && !rest.contains(".") && !rest.contains("[]")
        }
        let name = { (row: (path: String, type: String)) in String(row.path.split(separator: ".").last!) }
        var problems: [String] = []
        let documented = Set(rows.map(name))
        for key in Set(object.keys).subtracting(documented) {
            problems.append("undocumented key \(prefix.isEmpty ? key : prefix + "." + key)")
        }
        for row in rows {
            guard let member = object[name(row)] else {
                problems.append("missing key \(row.path)")
                continue
            }
            problems += check(member, path: row.path, type: row.type, table: table, nullable: nullable)
        }
        return problems
    }

    /// Checks one value against a type cell: `integer or null`, `array of object`, `map of string or number`,
    /// `string, never null`; a trailing `or null` is the value's, the rest of the cell its elements'.
    static func check(_ value: JSONValue, path: String, type: String, table: Table, nullable: Bool) -> [String] {
        var base = type.replacingOccurrences(of: ", never null", with: "")
        let allowsNull = base.hasSuffix(" or null") || (nullable && !type.contains("never null"))
        if base.hasSuffix(" or null") { base.removeLast(" or null".count) }
        if case .null = value { return allowsNull ? [] : ["\(path) is null, documented as \(type)"] }
        switch value {
        case .array(let elements) where base.hasPrefix("array of "):
            let element = String(base.dropFirst("array of ".count))
            return elements.flatMap { check($0, path: path + "[]", type: element, table: table, nullable: false) }
        case .object(let members) where base.hasPrefix("map of "):
            let element = String(base.dropFirst("map of ".count))
            return members.flatMap {
                check($0.value, path: path + "." + $0.key, type: element, table: table, nullable: false)
            }
        case .object where base == "object":
            return check(value, at: path, table: table, nullable: nullable)
        default:
            let alternatives = base.components(separatedBy: " or ")
            let kind = value.kind
            let fits = alternatives.contains(kind) || (kind == "integer" && alternatives.contains("number"))
            guard fits else { return ["\(path) is \(kind), documented as \(type)"] }
            // Binary noise (13.645999999999999) shows as 15 or more significant digits; measures have 6, lengths a few
            // decimals.
            if case .number(let number) = value,
                number.description.filter(\.isNumber).drop(while: { $0 == "0" }).count >= 15
            {
                return ["\(path) is \(number), a number with binary noise; round it to the decimals the text shows"]
            }
            return []
        }
    }

    /// A JSON value as decoded, keeping integers apart from other numbers.
    enum JSONValue: Decodable {
        case null
        case boolean(Bool)
        case integer(Int64)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([String: JSONValue])

        init(from decoder: any Decoder) throws {
            if var array = try? decoder.unkeyedContainer() {
                var elements: [JSONValue] = []
                while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
                self = .array(elements)
                return
            }
            if let object = try? decoder.container(keyedBy: AnyKey.self) {
                var members: [String: JSONValue] = [:]
                for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
                self = .object(members)
                return
            }
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let value = try? single.decode(Bool.self) {
                self = .boolean(value)
            } else if let value = try? single.decode(Int64.self) {
                self = .integer(value)
            } else if let value = try? single.decode(Double.self) {
                self = .number(value)
            } else {
                self = .string(try single.decode(String.self))
            }
        }

        var kind: String {
            switch self {
            case .null: "null"
            case .boolean: "boolean"
            case .integer: "integer"
            case .number: "number"
            case .string: "string"
            case .array: "array"
            case .object: "object"
            }
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
