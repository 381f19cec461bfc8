import StylusGeometry
import Testing

@testable import Proctoring

/// The layout model and the validator's three rules (trails.md, "Forms"), on the serpentine test
/// forms with one circle moved: each refusal names its rule and its circles, in a pinned message.
@Suite("Trail layouts and their validator")
struct TrailLayoutTests {
    /// `layout` with circle `order` moved to `centre`.
    static func moving(_ order: Int, to centre: FormPosition, in layout: TrailLayout) -> TrailLayout {
        var moved = layout
        moved.circles[order - 1].centre = centre
        return moved
    }

    @Test("The four parts' labels, kinds, circle sizes and straight path", arguments: TrailPart.allCases)
    func model(_ part: TrailPart) {
        let layout = gridLayout(part)
        #expect(layout.circles.count == part.circleCount)
        #expect(layout.begin?.label == "1" && layout.end?.label == part.labels.last)
        #expect(part.labels.last == ["sampleA": "8", "A": "25", "sampleB": "D", "B": "13"][part.rawValue])
        #expect(TrailValidation.isValid(layout))
        // Along the serpentine every step is 3 cm.
        #expect(abs(layout.straightPathCentimetres - 3 * Double(part.circleCount - 1)) < 1e-9)
        #expect(TrailLayout.circleDiameterCentimetres == 1 && TrailLayout.circleRadiusCentimetres == 0.5)
        #expect(TrailCircleKind(label: "12") == .number && TrailCircleKind(label: "L") == .letter)
        #expect("\(layout.circles[1])" == (part.alternates ? #"circle 2 ("A")"# : #"circle 2 ("2")"#))
    }

    @Test("Rule 1: a circle nearer the form's edge than 1 cm")
    func margin() throws {
        let layout = Self.moving(1, to: form(1.2, 2), in: gridLayout(.sampleA))
        let circle = layout.circles[0]
        #expect(TrailLayoutValidator.violations(of: layout) == [.margin(circle, margin: 1.2 - 0.5)])
        #expect(TrailLayoutValidator.violations(of: layout).first?.rule == .margin)
        let error = try #require(TrailValidation.error(layout))
        #expect(
            error.description
                == "grid-sampleA: not a valid trail layout (trails.md, \"Forms\"); correct each of these and check it again:\n"
                + "  - circle 1 (\"1\") at (1.2, 2) cm comes within 0.7 cm of the form's edge; the margin rule asks for "
                + "1 cm: move it inward.")
        // A circle sticking out of the form says by how much.
        let out = Self.moving(1, to: form(0.2, 2), in: gridLayout(.sampleA))
        #expect(
            TrailLayoutValidator.violations(of: out).first?.description
                == "circle 1 (\"1\") at (0.2, 2) cm comes 0.3 cm over the form's edge; the margin rule asks for 1 cm: "
                + "move it inward.")
    }

    @Test("A rim exactly 1 cm from the edge is valid")
    func marginExactly() {
        #expect(TrailValidation.isValid(Self.moving(1, to: form(1.5, 1.5), in: gridLayout(.sampleA))))
    }

    @Test("Rule 2: two circles' edges nearer than 1 cm")
    func spacing() {
        let layout = Self.moving(2, to: form(3.8, 2), in: gridLayout(.sampleA))
        let violations = TrailLayoutValidator.violations(of: layout)
        #expect(violations.map(\.rule) == [.spacing] && violations.map(\.circles) == [[1, 2]])
        #expect(
            violations.first?.description
                == "circle 1 (\"1\") and circle 2 (\"2\") are 0.8 cm apart edge to edge; the spacing rule asks for "
                + "1 cm between edges: move them apart.")
        let overlapping = Self.moving(2, to: form(2.6, 2), in: gridLayout(.sampleA))
        #expect(
            TrailLayoutValidator.violations(of: overlapping).first?.description
                == "circle 1 (\"1\") and circle 2 (\"2\") overlap by 0.4 cm; the spacing rule asks for 1 cm between "
                + "edges: move them apart.")
    }

    @Test("Rule 3: the line from one circle to the next passing within 3 mm of another circle's edge")
    func clearPath() {
        var tall = gridLayout(.sampleA)
        tall.formSize = FormSize(widthCentimetres: 13, heightCentimetres: 11)
        let near = Self.moving(1, to: form(3.5, 8), in: tall)
        let violations = TrailLayoutValidator.violations(of: near)
        #expect(violations.map(\.rule) == [.clearPath] && violations.map(\.circles) == [[1, 2, 7]])
        #expect(
            violations.first?.description
                == "the line from circle 1 (\"1\") to circle 2 (\"2\") passes 0.23 cm from the edge of circle 7 "
                + "(\"7\"); the clear-path rule asks for 0.3 cm, so a careful line never enters a wrong circle: "
                + "move circle 7 (\"7\") or the line's ends.")
        let crossing = Self.moving(1, to: form(5, 8), in: tall)
        #expect(
            TrailLayoutValidator.violations(of: crossing).map(\.description) == [
                "the line from circle 1 (\"1\") to circle 2 (\"2\") crosses circle 7 (\"7\") (0.5 cm inside its edge); "
                    + "the clear-path rule asks for 0.3 cm, so a careful line never enters a wrong circle: move "
                    + "circle 7 (\"7\") or the line's ends."
            ])
    }

    @Test("The structure: one circle per label, numbered in order, labels and kinds of the part")
    func structure() {
        var short = gridLayout(.partA)
        short.circles.removeLast()
        #expect(TrailLayoutValidator.violations(of: short) == [.circleCount(found: 24, expected: 25)])
        #expect(
            "\(TrailLayoutValidator.violations(of: short)[0])"
                == "the layout has 24 circles, the part has 25; give one circle per label of the part.")

        var swapped = gridLayout(.partB)
        swapped.circles[1].label = "2"
        swapped.circles[1].kind = .number
        swapped.circles[2].label = "A"
        swapped.circles[2].kind = .letter
        let violations = TrailLayoutValidator.violations(of: swapped)
        #expect(violations.map(\.circles) == [[2], [3], [2], [3]])
        #expect(
            violations.map(\.description) == [
                "circle 2 (\"2\") is labelled \"2\" where the part's order takes \"A\"; relabel it or put it at its "
                    + "place in the order.",
                "circle 3 (\"A\") is labelled \"A\" where the part's order takes \"2\"; relabel it or put it at its "
                    + "place in the order.",
                "circle 2 (\"2\") is a number where the part's order takes a letter; numbers and letters alternate in "
                    + "part B, part A has numbers only.",
                "circle 3 (\"A\") is a letter where the part's order takes a number; numbers and letters alternate in "
                    + "part B, part A has numbers only.",
            ])

        var gap = gridLayout(.sampleA)
        gap.circles[7].order = 9
        #expect(
            TrailLayoutValidator.violations(of: gap).map(\.description) == [
                "circle 9 (\"8\") is number 8 in the order but says order 9; number the circles 1, 2, 3 … without a "
                    + "gap or a repeat."
            ])
    }

    @Test("Circles given out of order are kept sorted by their order")
    func sorted() {
        let layout = gridLayout(.sampleA)
        let shuffled = TrailLayout(
            name: layout.name, part: layout.part, formSize: layout.formSize, circles: layout.circles.reversed())
        #expect(shuffled == layout)
    }
}

/// The validator's two entry points, as a caller uses them.
enum TrailValidation {
    static func isValid(_ layout: TrailLayout) -> Bool { error(layout) == nil }

    static func error(_ layout: TrailLayout) -> TrailLayoutError? {
        do {
            try TrailLayoutValidator.validate(layout)
            return nil
        } catch {
            return error
        }
    }
}
