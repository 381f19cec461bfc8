import Foundation
import StylusGeometry
import Testing

@testable import Proctoring

/// The package's Fixtures/trails folder: the shipped layouts.
let trailFixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/trails")

/// The forms shipped in Fixtures/trails: name prefix, seed, samples or parts.
let shippedTrailForms: [(prefix: String, seed: UInt64, samples: Bool)] = [
    ("sample", 0, true), ("standard", 0, false), ("alternate-1", 1, false), ("alternate-2", 2, false),
]

/// Whether `layout` keeps the spec's three rules: `TrailLayoutValidator` finds nothing.
func keepsTrailRules(_ layout: TrailLayout) -> Bool {
    TrailLayoutValidator.violations(of: layout).isEmpty
}

@Suite("Trail making layout files and the generator of alternate forms")
struct TrailLayoutFileTests {
    private let sampleB = """
        # Sample B, a hand-made layout.
        name: my-sample-B
        part: sampleB
        form: 15 cm x 100 mm
        circles:   # label at x, y from the top-left corner
          - 1 at 2 cm, 2 cm
          - A at 5 cm, 2.5 cm
          - 2 at 8 cm, 2 cm
          - B at 11 cm, 2.5 cm
          - 3 at 13 cm, 5 cm
          - C at 11 cm, 8 cm
          - 4 at 8 cm, 7.5 cm
          - D at 45 mm , 8 cm

        """

    @Test("A layout file reads into the layout it describes: circles in order, kinds from labels, mm and cm")
    func reads() throws {
        let layout = try TrailLayout(parsing: sampleB, source: "sample.yaml")
        #expect(layout.name == "my-sample-B")
        #expect(layout.part == .sampleB)
        #expect(layout.formSize == FormSize(widthCentimetres: 15, heightCentimetres: 10))
        #expect(layout.circles.map(\.label) == ["1", "A", "2", "B", "3", "C", "4", "D"])
        #expect(layout.circles.map(\.order) == Array(1...8))
        #expect(layout.circles.map(\.kind) == [.number, .letter, .number, .letter, .number, .letter, .number, .letter])
        #expect(layout.circles[7].centre == FormPosition(xCentimetres: 4.5, yCentimetres: 8))
        // Written back and read again, the same layout; CR-LF line ends read as LF.
        #expect(try TrailLayout(parsing: layout.fileText(comment: ["again"]), source: "again") == layout)
        #expect(
            try TrailLayout(parsing: sampleB.replacingOccurrences(of: "\n", with: "\r\n"), source: "crlf") == layout)
    }

    @Test(
        "Each mistake is refused with its line, column and what to write",
        arguments: [
            (
                "name: x\npart: C\n",
                "f, line 2, column 7: expected the part: 'sampleA', 'A', 'sampleB', 'B', found 'C'."
            ),
            ("name: x\nname: y\n", "f, line 2, column 1: 'name' is already given on line 1; keep one of the two."),
            (
                "colour: red\n",
                "f, line 1, column 1: unknown key 'colour'; use one of 'name', 'part', 'form', 'circles'."
            ),
            ("name x\n", "f, line 1, column 5: expected ':' after the key 'name', found ' '."),
            (
                "part: A\nform: 25 cm by 18 cm\n",
                "f, line 2, column 13: expected 'x' between the width and the height, as in '25 cm x 18 cm', found 'by'."
            ),
            ("part: A\nform: 25 in x 18 cm\n", "f, line 2, column 10: expected a unit, 'cm' or 'mm', found 'in'."),
            (
                "part: A\nform: 0 cm x 18 cm\n",
                "f, line 2, column 7: expected a side of more than 0 and at most 200 cm, found '0 cm'."
            ),
            (
                "part: A\nform: -5 cm x 18 cm\n",
                "f, line 2, column 7: expected the form's size such as '25 cm x 18 cm', found '-5'."
            ),
            (
                "part: A\nform: nan cm x 18 cm\n",
                "f, line 2, column 7: expected the form's size such as '25 cm x 18 cm', found 'nan'."
            ),
            (
                "circles:\n",
                "f, line 1, column 1: expected 'part:' before the circles (the labels depend on it), found 'circles:'."
            ),
            (
                "  - 1 at 2 cm, 2 cm\n",
                "f, line 1, column 1: expected a key at the start of the line, such as 'name:', found an indented line."
            ),
            (
                "part: B\ncircles:\n  - A at 2 cm, 2 cm\n",
                "f, line 3, column 5: expected the label '1' (circle 1 of part B goes 1, A, 2, B, … 13), found 'A'."
            ),
            (
                "part: A\ncircles:\n  - 1 at 2 cm 2 cm\n",
                "f, line 3, column 15: expected ',' between the two distances, as in '  - 2 at 8.5 cm, 4 cm', found '2'."
            ),
            (
                "part: A\ncircles:\n  * 1 at 2 cm, 2 cm\n",
                "f, line 3, column 3: expected a circle such as '  - 2 at 8.5 cm, 4 cm', found '* 1 at 2 cm, 2 cm'."
            ),
            (
                "part: A\ncircles:\n\t- 1 at 2 cm, 2 cm\n",
                "f, line 3, column 1: expected spaces for indentation (YAML allows no tabs), found a tab."
            ),
            (
                "part: A\ncircles:\n  - 1 at 2 cm, 2 cm\nname: late\n",
                "f, line 4, column 1: expected a circle such as '  - 2 at 8.5 cm, 4 cm' (the list ends the file), found the key 'name'."
            ),
            ("name: a b\n", "f, line 1, column 9: expected the end of the line, found 'b'."),
            (
                "name: <script>\n",
                "f, line 1, column 7: expected a name of letters, digits, '-', '_' and '.' (at most 64), such as 'alternate-1-A', found '<script>'."
            ),
            ("part: A\n", "f: the required key 'name' is missing; add a line such as 'name: standard-A'."),
            (
                "name: x\npart: sampleA\nform: 15 cm x 10 cm\ncircles:\n  - 1 at 2 cm, 2 cm\n",
                "f, line 4: part sampleA has 8 circles (1, 2, 3, 4, … 8), the file lists 1; list one circle per label, in that order."
            ),
        ])
    func refuses(text: String, message: String) {
        #expect(throws: TrailLayoutFileError.self) { try TrailLayout(parsing: text, source: "f") }
        do {
            _ = try TrailLayout(parsing: text, source: "f")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test("Hostile input costs no more than its lines: a huge file, a 10,000-circle list, YAML anchors and aliases")
    func hostile() {
        let huge = String(repeating: "# padding\n", count: 10_000)
        #expect(throws: TrailLayoutFileError.tooLarge(source: "f", bytes: 100_000, limit: 65_536)) {
            try TrailLayout(parsing: huge, source: "f")
        }
        let many =
            "name: x\npart: sampleA\nform: 15 cm x 10 cm\ncircles:\n"
            + (1...5_000).map { "  - \($0) at 2 cm, 2 cm\n" }.joined().prefix(60_000)
        // Refused at the ninth circle, not after reading 5,000.
        do {
            _ = try TrailLayout(parsing: String(many), source: "f")
            Issue.record("a list longer than the part was read")
        } catch {
            #expect(error.line == 13)
        }
        // YAML anchors and aliases are not part of the format: the first is refused as written.
        #expect(throws: TrailLayoutFileError.self) { try TrailLayout(parsing: "name: &a x\n", source: "f") }
        #expect(throws: TrailLayoutFileError.self) {
            try TrailLayout(parsing: "name: x\npart: A\ncircles:\n  - *a\n", source: "f")
        }
    }

    @Test("The shipped layouts read, keep the spec's rules, and parts A and B of each form are within 5 %")
    func shippedLayouts() throws {
        for form in shippedTrailForms {
            let a = try layout(named: "\(form.prefix)-A")
            let b = try layout(named: "\(form.prefix)-B")
            #expect(a.part == (form.samples ? .sampleA : .partA))
            #expect(b.part == (form.samples ? .sampleB : .partB))
            #expect(keepsTrailRules(a), "\(a.name)")
            #expect(keepsTrailRules(b), "\(b.name)")
            #expect(
                TrailLayoutGenerator.pathLengthsMatch(a.straightPathCentimetres, b.straightPathCentimetres),
                "\(form.prefix)")
        }
    }

    @Test("The generator makes the shipped forms again from their seeds, byte for byte")
    func generatorReproducesShippedForms() throws {
        for form in shippedTrailForms {
            let generator = form.samples ? TrailLayoutGenerator.samples : TrailLayoutGenerator()
            let size = form.samples ? TrailLayoutGenerator.sampleFormSize : TrailLayoutGenerator.partFormSize
            let made = try #require(
                generator.form(seed: form.seed, name: form.prefix, formSize: size, samples: form.samples))
            for layout in [made.a, made.b] {
                let text = layout.fileText(comment: Self.comment(layout, seed: form.seed))
                let url = trailFixtures.appendingPathComponent("\(layout.name).yaml")
                if ProcessInfo.processInfo.environment["TRAILS_REGENERATE_LAYOUTS"] == "1" {
                    try text.write(to: url, atomically: true, encoding: .utf8)
                    Issue.record("regenerated \(url.path); review the diff and run the tests again")
                    continue
                }
                #expect(try String(contentsOf: url, encoding: .utf8) == text, "\(layout.name)")
            }
        }
    }

    @Test("Alternate forms from 50 seeds all keep the rules and the 5 % rule; one seed gives one form")
    func generatedForms() throws {
        let generator = TrailLayoutGenerator()
        for seed in UInt64(100)..<150 {
            let form = try #require(generator.form(seed: seed, name: "alternate-\(seed)"))
            #expect(keepsTrailRules(form.a) && keepsTrailRules(form.b), "seed \(seed)")
            #expect(
                TrailLayoutGenerator.pathLengthsMatch(form.a.straightPathCentimetres, form.b.straightPathCentimetres))
            #expect(form.a.circles.map(\.label) == TrailPart.partA.labels)
            #expect(form.b.circles.map(\.label) == TrailPart.partB.labels)
        }
        #expect(generator.form(seed: 7, name: "x")?.a == generator.form(seed: 7, name: "x")?.a)
        #expect(generator.form(seed: 7, name: "x")?.a != generator.form(seed: 8, name: "x")?.a)
        // A form too small for 25 circles gives nil, not a loop without end.
        var small = TrailLayoutGenerator()
        small.layoutTries = 50
        #expect(small.form(seed: 1, name: "x", formSize: FormSize(widthCentimetres: 6, heightCentimetres: 6)) == nil)
    }

    /// The comment a shipped layout file starts with.
    static func comment(_ layout: TrailLayout, seed: UInt64) -> [String] {
        let what =
            switch layout.part {
            case .sampleA: "sample A (practice for part A)"
            case .partA: "part A"
            case .sampleB: "sample B (practice for part B)"
            case .partB: "part B"
            }
        return [
            "Trail Making Test, \(what): the form '\(layout.name)'.",
            "Made by TrailLayoutGenerator from seed \(seed) (docs/trails-layouts.md); straight path "
                + TrailLayout.centimetres(layout.straightPathCentimetres) + ".",
        ]
    }

    private func layout(named name: String) throws -> TrailLayout {
        let url = trailFixtures.appendingPathComponent("\(name).yaml")
        return try TrailLayout(parsing: String(contentsOf: url, encoding: .utf8), source: url.lastPathComponent)
    }
}
