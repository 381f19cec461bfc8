import Foundation
import TestMaterials
import Testing

@testable import Visits

/// A file given by mistake is never printed (issue 34, item 5): a patient's details passed as `--protocol`.
@Suite struct QuotedContentsTests {
    @Test("A patient's details line given as a protocol is refused without a word of it in the message")
    func patientLineNotQuoted() {
        let line = #""Doe","Jane","MRN123","1941-03-07","site","t1""# + "\n"
        do {
            _ = try VisitProtocol(yaml: line, source: "patient.txt")
            Issue.record("a patient line was read as a protocol")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("patient.txt is not a YAML protocol file (1:6: error: parser:"), "\(message)")
            for word in ["Doe", "Jane", "MRN123", "1941"] { #expect(!message.contains(word), "\(message)") }
        }
    }
}

/// Issue 34, item 5's leftovers: a protocol or manifest with no bounds, and parsers that quoted the value they
/// refused. Each was seen to fail on main's code (the commit says how).
@Suite struct ParserLimitsTests {
    static let patient = ["Jane", "Doe", "1941-03-07", "MRN123"]

    static func refusal(_ yaml: String) -> String? {
        do {
            _ = try VisitProtocol(yaml: yaml, source: "p.yaml")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("A patient's details that parse as YAML, given as a protocol, are refused without quoting them")
    func patientValuesNotQuoted() throws {
        let files = [
            // The details under a protocol key: main said "'name' takes ...; found 'Jane Doe 1941-03-07 MRN123'".
            "schema: 1\nname: Jane Doe 1941-03-07 MRN123\ntests:\n  - test: clock\n",
            "schema: 1\nname: a\ntests:\n  - test: Jane Doe 1941-03-07 MRN123\n",
            "schema: 1\nname: a\ntests:\n  - test: clock\n  - test: sdt\n    break: Jane Doe 1941-03-07 MRN123\n",
            // The details as a key: main said "'Jane Doe 1941-03-07 MRN123' is not a protocol key".
            "schema: 1\nJane Doe 1941-03-07 MRN123: x\n",
        ]
        for file in files {
            let message = try #require(Self.refusal(file), "accepted: \(file)")
            for word in Self.patient { #expect(!message.contains(word), "\(message)") }
            #expect(message.hasPrefix("p.yaml (line "), "\(message)")
        }
        // A mistyped key is still named: it is a word, not a sentence of details.
        #expect(
            Self.refusal("schema: 1\nname: a\ntests:\n  - test: clock\n    brake: 30 s\n")?.contains("'brake'") == true)
    }

    @Test("A protocol of more tests or bytes than any visit is refused with both numbers")
    func protocolBounds() throws {
        let tests = String(repeating: "  - test: clock\n", count: VisitProtocol.maximumTests + 1)
        let many = try #require(Self.refusal("schema: 1\nname: a\ntests:\n" + tests), "101 tests were accepted")
        #expect(
            many == "p.yaml is not a protocol file: it lists 101 tests; a protocol lists at most 100 (docs/visit.md).")
        #expect(
            (try? VisitProtocol(yaml: "schema: 1\nname: a\ntests:\n" + String(tests.dropFirst(16)), source: "p"))?
                .tests.count == 100)
        let prompt = String(repeating: "x", count: VisitProtocol.maximumBytes)
        let large = try #require(Self.refusal("schema: 1\nname: a\ntests:\n  - test: clock\n    prompt: \(prompt)\n"))
        #expect(
            large.hasPrefix("p.yaml is not a protocol file: it is 26") && large.contains("a protocol is at most 262144")
        )
    }

    static func manifest(tests: Int) -> VisitManifest {
        let visit = VisitProtocol(name: "p", tests: Array(repeating: ProtocolTest(test: .clock), count: tests))
        return VisitManifest.begin(
            participant: "P-1", protocol: visit,
            facts: .init(name: "p", title: "p", schema: 1, file: "protocol.yaml", source: "p.yaml", sha256: "ab"),
            software: .init(version: "0.1.0"), calibration: .init(), at: Date(timeIntervalSince1970: 1_795_000_000))
    }

    @Test("A manifest of more tests or bytes than a visit has is refused; its format is not quoted")
    func manifestBounds() throws {
        // Issue 34 saw a 60,000-test manifest hang the exports; main read this one.
        let data = try Self.manifest(tests: VisitManifest.maximumTests + 1).jsonData()
        #expect(data.count < VisitManifest.maximumBytes)
        #expect(
            throws: VisitError.notAManifest(
                file: "v.json", detail: "it lists 1001 tests; a manifest lists at most 1000")
        ) {
            try VisitManifest(data: data, source: "v.json")
        }
        #expect(try VisitManifest(data: try Self.manifest(tests: 3).jsonData(), source: "v.json").tests.count == 3)
        let padded = Data(#"{"format": "styluskit-visit", "pad": ""#.utf8) + Data(count: VisitManifest.maximumBytes)
        let detail = "it is \(padded.count) bytes; a manifest is at most 1048576"
        #expect(throws: VisitError.notAManifest(file: "v.json", detail: detail)) {
            try VisitManifest(data: padded, source: "v.json")
        }
        var other = try JSONSerialization.jsonObject(with: try Self.manifest(tests: 1).jsonData()) as! [String: Any]
        other["format"] = "Jane Doe 1941-03-07"
        do {
            _ = try VisitManifest(data: try JSONSerialization.data(withJSONObject: other), source: "v.json")
            Issue.record("a manifest of another format was read")
        } catch {
            #expect(!"\(error)".contains("Jane"), "\(error)")
        }
    }
}
