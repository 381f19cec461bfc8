import Foundation
import Testing

/// `styluskit trails generate` and `styluskit calibrate print-trails` (docs/trails-layouts.md).
@Suite("Trail making forms on the command line")
struct TrailsCommandTests {
    @Test(
        "generate writes the two layout files of a seed's form, refuses to overwrite them, and print-trails prints them"
    )
    func generateAndPrint() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let made = try styluskit(["trails", "generate", "--seed", "7", "--out", directory.path])
        #expect(made.status == 0, "\(made.standardError)")
        let a = directory.appendingPathComponent("alternate-7-A.yaml")
        let b = directory.appendingPathComponent("alternate-7-B.yaml")
        #expect(
            made.standardOutput.hasPrefix(
                "trail making form from seed 7:\n  \(a.path): alternate-7-A, part A, straight path "))
        let text = try String(contentsOf: a, encoding: .utf8)
        #expect(text.contains("name: alternate-7-A\npart: A\nform: 25 cm x 18 cm\ncircles:\n  - 1 at "))

        let again = try styluskit(["trails", "generate", "--seed", "7", "--out", directory.path])
        #expect(again.status == 73, "\(again.standardError)")
        #expect(again.standardError.contains(a.path))

        let pdf = directory.appendingPathComponent("forms.pdf")
        let printed = try styluskit([
            "calibrate", "print-trails", a.path, b.path, "--paper", "letter", "--out", pdf.path,
        ])
        #expect(printed.status == 0, "\(printed.standardError)")
        // Letter landscape is 27.94 x 21.59 cm: the form's corner at ((27.94 - 25) / 2, (21.59 - 18) / 2)
        // = (1.47, 1.795), whose double (1.79499…) prints as 1.79.
        #expect(
            printed.standardOutput == """
                \(pdf.path): 2 trail making forms on 27.94 x 21.59 cm pages
                  page 1: alternate-7-A (part A, 25 circles), 25.00 x 18.00 cm at (1.47, 1.79) cm
                  page 2: alternate-7-B (part B, 25 circles), 25.00 x 18.00 cm at (1.47, 1.79) cm

                """)
    }

    @Test("print-trails refuses a layout file's mistake and a layout that breaks the spec's rules, in words, with 65")
    func refusals() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let standard = try String(
            contentsOf: Paths.fixtures.appendingPathComponent("trails/sample-A.yaml"), encoding: .utf8)
        let mislabelled = directory.appendingPathComponent("mislabelled.yaml")
        try standard.replacingOccurrences(of: "  - 2 at", with: "  - B at").write(
            to: mislabelled, atomically: true, encoding: .utf8)
        let wrong = try styluskit([
            "calibrate", "print-trails", mislabelled.path, "--out", directory.appendingPathComponent("x.pdf").path,
        ])
        #expect(wrong.status == 65)
        #expect(
            wrong.standardError.contains(
                "expected the label '2' (circle 2 of part sampleA goes 1, 2, 3, 4, … 8), found 'B'."))

        // Circle 2 moved onto circle 1: the rules are broken, and each breach is named.
        let lines = standard.components(separatedBy: "\n")
        let first = try #require(lines.first { $0.hasPrefix("  - 1 at ") })
        let crowded = directory.appendingPathComponent("crowded.yaml")
        try lines.map { $0.hasPrefix("  - 2 at ") ? first.replacingOccurrences(of: "- 1 at", with: "- 2 at") : $0 }
            .joined(separator: "\n").write(to: crowded, atomically: true, encoding: .utf8)
        let invalid = try styluskit([
            "calibrate", "print-trails", crowded.path, "--out", directory.appendingPathComponent("y.pdf").path,
        ])
        #expect(invalid.status == 65)
        #expect(invalid.standardError.contains("sample-A: not a valid trail layout"), "\(invalid.standardError)")
        #expect(invalid.standardError.contains("overlap"), "\(invalid.standardError)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("y.pdf").path))
    }
}
