import Foundation
import SystemErrors
public import TestMaterials
import Yams

/// A visit's protocol: the tests in order, with their mazes, breaks and operator prompts, and the settings for all.
///
/// The file is YAML (docs/visit.md): `schema: 1`, `name`, `title`, `settings`, then `tests`, a
/// list of `test:` entries. Paths are kept as written, relative to the protocol's folder;
/// `resolved(against:)` makes them usable.
public struct VisitProtocol: Hashable, Sendable {
    /// The schema this version reads.
    public static let schemaVersion = 1
    /// The largest protocol file read: a protocol of the most tests, each with a long prompt, is a few tens of
    /// kilobytes; anything far larger is not a protocol, and is refused before it is parsed.
    public static let maximumBytes = 256 * 1024
    /// The most tests a protocol may list: a visit of more than this many tests is not one a participant sits.
    public static let maximumTests = 100

    public var name: String
    public var title: String
    /// The proctoring settings file for every test, as written in the protocol.
    public var settings: String?
    public var tests: [ProtocolTest]

    public init(name: String, title: String? = nil, settings: String? = nil, tests: [ProtocolTest]) {
        self.name = name
        self.title = title ?? name
        self.settings = settings
        self.tests = tests
    }

    /// Reads a protocol file's text; `source` names it in errors.
    public init(yaml: String, source: String) throws(VisitProtocolError) {
        guard yaml.utf8.count <= Self.maximumBytes else {
            throw .tooLarge(
                source: source, detail: "it is \(yaml.utf8.count) bytes; a protocol is at most \(Self.maximumBytes)")
        }
        var reader = ProtocolReader(source: source)
        self = try reader.read(yaml)
    }

    /// The protocol with every path made relative to the working directory instead of to `folder`, the protocol file's
    /// folder.
    public func resolved(against folder: String) -> VisitProtocol {
        func resolve(_ path: String) -> String {
            guard !path.hasPrefix("/"), !folder.isEmpty, folder != "." else { return path }
            return folder.hasSuffix("/") ? folder + path : folder + "/" + path
        }
        var copy = self
        copy.settings = settings.map(resolve)
        copy.tests = tests.map { test in
            var test = test
            switch test.mazes {
            case .battery(let file): test.mazes = .battery(resolve(file))
            case .maze(let file): test.mazes = .maze(resolve(file))
            case .none: break
            }
            test.trailsLayouts = test.trailsLayouts.map(resolve)
            return test
        }
        return copy
    }
}

/// One test of a protocol.
public struct ProtocolTest: Hashable, Sendable {
    /// A maze test's mazes: a battery or one maze.
    public enum Mazes: Hashable, Sendable {
        case none
        case battery(String)
        case maze(String)
    }

    public var test: TestKind
    public var mazes: Mazes = .none
    /// The break before the test, in seconds (none before the first).
    public var breakSeconds: Double?
    /// What the operator is told before the test starts.
    public var prompt: String?
    /// A trail making test's shipped form (`form:`; the standard form without one) and the layout
    /// files replacing its parts (`layouts:`), relative to the protocol's folder.
    public var trailsForm: String?
    public var trailsLayouts: [String] = []
}

/// What is wrong with a protocol file, with its line, and what to write instead.
public enum VisitProtocolError: Error, Equatable, CustomStringConvertible {
    case notYAML(source: String, detail: String)
    case notAMapping(source: String, line: Int?, key: String?)
    case missingKey(source: String, line: Int?, key: String)
    case newerSchema(source: String, line: Int, found: Int)
    case unknownKey(source: String, line: Int, key: String, allowed: [String])
    case invalidValue(source: String, line: Int, key: String, expected: String, found: String)
    case mazesMismatch(source: String, line: Int, test: String)
    case trailsMismatch(source: String, line: Int, test: String)
    case tooLarge(source: String, detail: String)

    public var description: String {
        switch self {
        case .notYAML(let source, let detail):
            return "\(source) is not a YAML protocol file (\(detail)); see docs/visit.md for the format."
        case .notAMapping(let source, let line, let key):
            let place = line.map { " (line \($0))" } ?? ""
            let what = key.map { "'\($0)'" } ?? "The protocol"
            return "\(source)\(place): \(what) must be a mapping of keys to values, as in docs/visit.md."
        case .missingKey(let source, let line, let key):
            let place = line.map { " (line \($0))" } ?? ""
            return "\(source)\(place): '\(key)' is missing; every protocol gives it (docs/visit.md)."
        case .newerSchema(let source, let line, let found):
            return
                "\(source) (line \(line)): schema \(found) is newer than this StylusKit reads (schema \(VisitProtocol.schemaVersion)); "
                + "use a newer StylusKit or a protocol of schema \(VisitProtocol.schemaVersion)."
        // A refused value is never quoted, an unknown key only when it looks like a mistyped key: a file given by
        // mistake (a patient's details instead of the protocol) would be printed, and error text ends up in
        // logs. The line says where to look.
        case .unknownKey(let source, let line, let key, let allowed):
            let named = Self.looksLikeAKey(key) ? "'\(key)'" : "that key"
            return
                "\(source) (line \(line)): \(named) is not a protocol key; the keys here are \(allowed.joined(separator: ", "))."
        case .invalidValue(let source, let line, let key, let expected, _):
            return "\(source) (line \(line)): '\(key)' takes \(expected), not the value written there."
        case .mazesMismatch(let source, let line, let test):
            return test == "maze"
                ? "\(source) (line \(line)): a maze test needs exactly one of 'battery: FILE' and 'maze: FILE'."
                : "\(source) (line \(line)): 'battery' and 'maze' belong to a maze test, not to '\(test)'."
        case .trailsMismatch(let source, let line, let test):
            return "\(source) (line \(line)): 'form' and 'layouts' belong to a trails test, not to '\(test)'."
        case .tooLarge(let source, let detail):
            return "\(source) is not a protocol file: \(detail) (docs/visit.md)."
        }
    }

    /// A short word of letters, digits, `-` and `_`, as keys are: a name or a date with spaces is not one.
    static func looksLikeAKey(_ key: String) -> Bool {
        SystemErrorText.looksLikeAKey(key)
    }
}

/// Reads a protocol's YAML node by node, keeping line numbers for the errors.
private struct ProtocolReader {
    let source: String

    static let topKeys = ["schema", "name", "title", "settings", "tests"]
    static let testKeys = ["test", "battery", "maze", "form", "layouts", "break", "prompt"]

    mutating func read(_ yaml: String) throws(VisitProtocolError) -> VisitProtocol {
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw .notYAML(source: source, detail: SystemErrorText.yamlProblem(error))
        }
        guard let root, case .mapping(let mapping) = root else {
            throw .notAMapping(source: source, line: nil, key: nil)
        }
        var values: [String: (node: Node, line: Int)] = [:]
        for (key, value) in mapping {
            let name = key.scalar?.string ?? "?"
            let line = (key.mark?.line ?? 0)
            guard Self.topKeys.contains(name) else {
                throw .unknownKey(source: source, line: line, key: name, allowed: Self.topKeys)
            }
            values[name] = (value, line)
        }
        guard let schema = values["schema"] else { throw .missingKey(source: source, line: nil, key: "schema") }
        guard let version = schema.node.scalar.flatMap({ Int($0.string) }), version >= 1 else {
            throw .invalidValue(
                source: source, line: schema.line, key: "schema", expected: "a whole number",
                found: schema.node.scalar?.string ?? "?")
        }
        guard version <= VisitProtocol.schemaVersion else {
            throw .newerSchema(source: source, line: schema.line, found: version)
        }
        guard let name = values["name"] else { throw .missingKey(source: source, line: nil, key: "name") }
        let nameText = try text(name.node, key: "name", line: name.line)
        guard !nameText.isEmpty,
            nameText.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            throw .invalidValue(
                source: source, line: name.line, key: "name", expected: "letters, digits, '-' and '_'", found: nameText)
        }
        var title: String?
        if let written = values["title"] { title = try text(written.node, key: "title", line: written.line) }
        var settings: String?
        if let written = values["settings"] { settings = try text(written.node, key: "settings", line: written.line) }
        guard let tests = values["tests"] else { throw .missingKey(source: source, line: nil, key: "tests") }
        guard case .sequence(let entries) = tests.node, !entries.isEmpty else {
            throw .invalidValue(
                source: source, line: tests.line, key: "tests",
                expected: "a list of one or more '- test: NAME' entries",
                found: tests.node.scalar?.string ?? "something else")
        }
        guard entries.count <= VisitProtocol.maximumTests else {
            throw .tooLarge(
                source: source,
                detail: "it lists \(entries.count) tests; a protocol lists at most \(VisitProtocol.maximumTests)")
        }
        var read: [ProtocolTest] = []
        for entry in entries { read.append(try self.test(entry, first: read.isEmpty)) }
        return VisitProtocol(name: nameText, title: title, settings: settings, tests: read)
    }

    private func test(_ node: Node, first: Bool) throws(VisitProtocolError) -> ProtocolTest {
        let entryLine = node.mark?.line ?? 0
        guard case .mapping(let mapping) = node else {
            throw .notAMapping(source: source, line: entryLine, key: "tests")
        }
        var test: (kind: TestKind, line: Int)?
        var battery: String?
        var maze: String?
        var breakSeconds: Double?
        var prompt: String?
        var trailsForm: String?
        var trailsLayouts: [String] = []
        for (keyNode, value) in mapping {
            let key = keyNode.scalar?.string ?? "?"
            let line = keyNode.mark?.line ?? entryLine
            switch key {
            case "test":
                let name = try text(value, key: key, line: line)
                guard let kind = TestKind(rawValue: name) else {
                    throw .invalidValue(
                        source: source, line: line, key: key, expected: "clock, maze, sdt or trails", found: name)
                }
                test = (kind, line)
            case "battery": battery = try text(value, key: key, line: line)
            case "maze": maze = try text(value, key: key, line: line)
            case "form": trailsForm = try text(value, key: key, line: line)
            case "layouts":
                // One file, or a list of files.
                if case .sequence(let files) = value {
                    for file in files { trailsLayouts.append(try text(file, key: key, line: line)) }
                } else {
                    trailsLayouts.append(try text(value, key: key, line: line))
                }
            case "prompt": prompt = try text(value, key: key, line: line)
            case "break":
                let written = try text(value, key: key, line: line)
                guard let seconds = Self.seconds(written), seconds >= 0, seconds <= 3600 else {
                    throw .invalidValue(
                        source: source, line: line, key: key,
                        expected: "a duration such as '30 s' or '2 min' (up to 60 min)",
                        found: written)
                }
                guard !first else {
                    throw .invalidValue(
                        source: source, line: line, key: key, expected: "nothing before the first test", found: written)
                }
                breakSeconds = seconds
            default: throw .unknownKey(source: source, line: line, key: key, allowed: Self.testKeys)
            }
        }
        guard let test else { throw .missingKey(source: source, line: entryLine, key: "test") }
        let mazes: ProtocolTest.Mazes
        switch (test.kind, battery, maze) {
        case (.maze, let battery?, nil): mazes = .battery(battery)
        case (.maze, nil, let maze?): mazes = .maze(maze)
        case (_, nil, nil) where test.kind != .maze: mazes = .none
        default: throw .mazesMismatch(source: source, line: test.line, test: test.kind.rawValue)
        }
        if test.kind != .trails && (trailsForm != nil || !trailsLayouts.isEmpty) {
            throw .trailsMismatch(source: source, line: test.line, test: test.kind.rawValue)
        }
        return ProtocolTest(
            test: test.kind, mazes: mazes, breakSeconds: breakSeconds, prompt: prompt, trailsForm: trailsForm,
            trailsLayouts: trailsLayouts)
    }

    private func text(_ node: Node, key: String, line: Int) throws(VisitProtocolError) -> String {
        guard case .scalar(let scalar) = node else { throw .notAMapping(source: source, line: line, key: key) }
        return scalar.string
    }

    /// `30 s`, `30s`, `1.5 min`, `500 ms`.
    static func seconds(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (unit, scale) in [("ms", 0.001), ("min", 60.0), ("s", 1.0)] where trimmed.hasSuffix(unit) {
            let number = trimmed.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
            return Double(number).map { $0 * scale }
        }
        return nil
    }
}
