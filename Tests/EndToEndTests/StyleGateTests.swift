import Foundation
import Testing

/// `make lint`'s style gate (README, "Style"): swift-format with its default rules, lines held to 120
/// columns but for string literals' contents, and the floors of public doc-comment coverage.
@Suite("make lint: the style gate")
struct StyleGateTests {
    /// An executable on PATH, if there is one.
    static func onPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static let swiftFormat = onPath("swift-format")
    static let python = onPath("python3")

    /// Writes `text` to `name` under a fresh directory; returns the directory and the file.
    static func sample(_ name: String, _ text: String) throws -> (directory: URL, file: URL) {
        let directory = try Paths.temporaryDirectory()
        let file = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (directory, file)
    }

    @Test(
        "The committed .swift-format lints with swift-format's default rules, not whitespace alone",
        .enabled(if: swiftFormat != nil, "swift-format is not installed"))
    func defaultRules() throws {
        // Two default rules' findings in otherwise formatted code: a `rules` block in the configuration
        // replaces the default rule set, and with the one committed before, neither was reported.
        let (directory, file) = try Self.sample(
            "Shape.swift",
            """
            enum Shape {
                case circle(Double)
            }

            func area(_ shape: Shape) -> Double {
                switch shape {
                case let .circle(radius):
                    let half = radius / 2; return 4 * half * half
                }
            }

            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = Paths.packageRoot.appendingPathComponent(".swift-format").path
        let result = try run(try #require(Self.swiftFormat), ["lint", "--configuration", configuration, file.path])
        #expect(result.standardError.contains("Shape.swift:7:10: warning: [UseLetInEveryBoundCaseVariable]"))
        #expect(result.standardError.contains("Shape.swift:8:30: warning: [DoNotUseSemicolons]"))
    }

    @Test(
        "A line over 120 columns fails the gate unless its string literals' contents take it past the limit",
        .enabled(if: python != nil, "python3 is not installed"))
    func lineLength() throws {
        let long = String(repeating: "x", count: 120)
        let lines = [
            "let pinned = \"\(long)\"",
            "// \(long)",
            "let \(long) = 1",
            "let interpolated = \"a \\(\"\(long)\") b\"",
            "let multiline = \"\"\"",
            "    \(long)",
            "    \"\"\"",
            "let message = \"\(long)\"  // a literal, then a short comment",
            "let raw = #\"\\(\(long)\"#, code = \(long)",
        ]
        let (directory, file) = try Self.sample("Long.swift", lines.joined(separator: "\n") + "\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = Paths.packageRoot.appendingPathComponent("scripts/check-line-length.py").path
        let result = try run(try #require(Self.python), [script, "--limit", "120", file.path])
        #expect(result.status == 1)
        let flagged = result.standardOutput.split(separator: "\n").map {
            $0.split(separator: ":").dropFirst().first ?? ""
        }
        #expect(flagged == ["2", "3", "9"], "\(result.standardOutput)")
        #expect(
            result.standardError
                == "3 lines over 120 columns: break them (swift format format breaks code; comments are wrapped by hand)\n"
        )
    }

    @Test(
        "make format wraps a comment over 120 columns at its last space that fits, and no literal",
        .enabled(if: python != nil, "python3 is not installed"))
    func wrapsComments() throws {
        let words = Array(repeating: "word", count: 30).joined(separator: " ")
        let source = [
            "    /// \(words)",
            "    let text = \"\"\"",
            "        // \(words)",
            "        \"\"\"",
            "",
        ]
        let (directory, file) = try Self.sample("Comments.swift", source.joined(separator: "\n"))
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = Paths.packageRoot.appendingPathComponent("scripts/check-line-length.py").path
        let result = try run(try #require(Self.python), [script, "--limit", "120", "--wrap-comments", file.path])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput == "1 comment lines over 120 columns wrapped\n")
        // The prefix and 22 words are 117 columns (a 23rd word would make 122); the literal's line is no comment.
        let first = "    /// " + Array(repeating: "word", count: 22).joined(separator: " ")
        let second = "    /// " + Array(repeating: "word", count: 8).joined(separator: " ")
        #expect(
            try String(contentsOf: file, encoding: .utf8)
                == ([first, second] + source.dropFirst()).joined(separator: "\n"))
    }

    @Test(
        "Doc coverage counts a module's public declarations with a doc comment and fails below a floor",
        .enabled(if: python != nil, "python3 is not installed"))
    func docCoverage() throws {
        let (directory, _) = try Self.sample(
            "Sources/Sample/Sample.swift",
            """
            /// Documented.
            public struct Shape {
                public var undocumented: Int
                /// Documented, with an attribute between.
                @discardableResult
                public func area() -> Int { 0 }
                var notPublic: Int
            }

            public extension Shape {
                /// An extension is not counted; its members are.
                public static let unit = 1
            }

            """)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = Paths.packageRoot.appendingPathComponent("scripts/doc-coverage.py").path
        let sources = directory.appendingPathComponent("Sources").path
        let met = try run(try #require(Self.python), [script, "--require", "Sample=75", sources])
        #expect(met.status == 0)
        #expect(
            met.standardOutput.contains("  Sample              3 / 4     75.0 %  (floor 75 %)\n"),
            "\(met.standardOutput)")
        let missed = try run(try #require(Self.python), [script, "--require", "Sample=80", sources])
        #expect(missed.status == 1)
        #expect(
            missed.standardError
                == "doc coverage below its floor: Sample 75.0 % < 80 %. Give the public declarations a /// summary line "
                + "(what it is, in the domain's words).\n")
    }
}
