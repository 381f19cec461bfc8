import Foundation
import Sessions
import TestMaterials
import Testing

@testable import Visits

@Suite struct VisitProtocolTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../Fixtures/protocols"
    )
    .standardized.path

    func read(_ name: String) throws -> VisitProtocol {
        let path = Self.fixtures + "/" + name
        return try VisitProtocol(yaml: String(contentsOfFile: path, encoding: .utf8), source: path)
    }

    @Test func theStandardProtocolIsClockBatteryThenSymbolDigit() throws {
        let standard = try read("standard.yaml")
        #expect(standard.name == "standard")
        #expect(standard.tests.map(\.test) == [.clock, .maze, .sdt])
        #expect(standard.tests[1].mazes == .battery("../mazes/standard.battery"))
        #expect(standard.tests.map(\.breakSeconds) == [nil, 30, 30])
        #expect(standard.tests[0].prompt?.hasPrefix("Seat the participant") == true)
    }

    @Test func everyShippedProtocolNamesFilesThatExist() throws {
        for name in ["standard.yaml", "short.yaml"] {
            let resolved = try read(name).resolved(against: Self.fixtures)
            var files = [resolved.settings].compactMap { $0 }
            for test in resolved.tests {
                switch test.mazes {
                case .battery(let file), .maze(let file): files.append(file)
                case .none: break
                }
            }
            #expect(!files.isEmpty)
            for file in files { #expect(FileManager.default.fileExists(atPath: file), "\(name): \(file)") }
        }
    }

    @Test func pathsResolveAgainstTheProtocolsFolderUnlessAbsolute() {
        let visit = VisitProtocol(
            name: "x", settings: "/etc/s.yaml",
            tests: [ProtocolTest(test: .maze, mazes: .maze("m.maze")), ProtocolTest(test: .clock)])
        let resolved = visit.resolved(against: "/site/protocols")
        #expect(resolved.settings == "/etc/s.yaml")
        #expect(resolved.tests[0].mazes == .maze("/site/protocols/m.maze"))
    }

    @Test(arguments: [
        (
            "schema: 1\nname: a\ntests:\n  - test: clock\n  - test: maze\n",
            "p.yaml (line 5): a maze test needs exactly one of 'battery: FILE' and 'maze: FILE'."
        ),
        (
            "schema: 1\nname: a\ntests:\n  - test: clock\n    battery: b\n",
            "p.yaml (line 4): 'battery' and 'maze' belong to a maze test, not to 'clock'."
        ),
        (
            "schema: 1\nname: a\ntests:\n  - test: clok\n",
            "p.yaml (line 4): 'test' takes clock, maze, sdt or trails, not the value written there."
        ),
        (
            "schema: 2\nname: a\ntests:\n  - test: clock\n",
            "p.yaml (line 1): schema 2 is newer than this StylusKit reads (schema 1); use a newer StylusKit or a protocol of schema 1."
        ),
        (
            "schema: 1\nname: a\ntest:\n  - test: clock\n",
            "p.yaml (line 3): 'test' is not a protocol key; the keys here are schema, name, title, settings, tests."
        ),
        (
            "schema: 1\nname: a\ntests:\n  - test: clock\n    brake: 30 s\n",
            "p.yaml (line 5): 'brake' is not a protocol key; the keys here are test, battery, maze, form, layouts, break, prompt."
        ),
        (
            "schema: 1\nname: a\ntests:\n  - test: clock\n  - test: sdt\n    break: soon\n",
            "p.yaml (line 6): 'break' takes a duration such as '30 s' or '2 min' (up to 60 min), not the value written there."
        ),
        (
            "schema: 1\nname: a\ntests:\n  - test: clock\n    break: 5 s\n",
            "p.yaml (line 5): 'break' takes nothing before the first test, not the value written there."
        ),
        (
            "schema: 1\nname: my visit\ntests:\n  - test: clock\n",
            "p.yaml (line 2): 'name' takes letters, digits, '-' and '_', not the value written there."
        ),
        ("schema: 1\nname: a\n", "p.yaml: 'tests' is missing; every protocol gives it (docs/visit.md)."),
        (
            "schema: 1\nname: a\ntests: []\n",
            "p.yaml (line 3): 'tests' takes a list of one or more '- test: NAME' entries, not the value written there."
        ),
        ("- just\n- a list\n", "p.yaml: The protocol must be a mapping of keys to values, as in docs/visit.md."),
    ])
    func mistakesAreNamedWithTheirLine(yaml: String, message: String) {
        #expect(throws: (any Error).self) { try VisitProtocol(yaml: yaml, source: "p.yaml") }
        do {
            _ = try VisitProtocol(yaml: yaml, source: "p.yaml")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func breaksTakeSecondsMinutesOrMilliseconds() throws {
        let visit = try VisitProtocol(
            yaml:
                "schema: 1\nname: a\ntests:\n  - test: clock\n  - test: sdt\n    break: 1.5 min\n  - test: clock\n    break: 500ms\n",
            source: "p")
        #expect(visit.tests.map(\.breakSeconds) == [nil, 90, 0.5])
        #expect(visit.title == "a")
    }

    @Test func aTrailsTestNamesItsFormAndLayoutsRelativeToTheProtocol() throws {
        let visit = try VisitProtocol(
            yaml: """
                schema: 1
                name: a
                tests:
                  - test: trails
                  - test: trails
                    form: alternate-2
                    layouts: [forms/my-sample-A.yaml, /srv/B.yaml]
                  - test: trails
                    layouts: one.yaml
                """,
            source: "p")
        #expect(visit.tests.map(\.test) == [.trails, .trails, .trails])
        #expect(visit.tests.map(\.trailsForm) == [nil, "alternate-2", nil])
        let resolved = visit.resolved(against: "/visits/protocols")
        #expect(resolved.tests[1].trailsLayouts == ["/visits/protocols/forms/my-sample-A.yaml", "/srv/B.yaml"])
        #expect(resolved.tests[2].trailsLayouts == ["/visits/protocols/one.yaml"])
    }

    @Test func formAndLayoutsBelongToATrailsTest() {
        #expect(
            throws: VisitProtocolError.trailsMismatch(source: "p", line: 4, test: "clock"),
            performing: {
                _ = try VisitProtocol(
                    yaml: "schema: 1\nname: a\ntests:\n  - test: clock\n    form: standard\n", source: "p")
            })
        #expect(
            VisitProtocolError.trailsMismatch(source: "p", line: 4, test: "clock").description
                == "p (line 4): 'form' and 'layouts' belong to a trails test, not to 'clock'.")
    }
}
