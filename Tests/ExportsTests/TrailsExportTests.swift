import TestMaterials
import Testing

@testable import Exports

/// The trail making test's REDCap and CSV fields (issue 30, item 3): its measures and error
/// counts in its own slot, none of them in the other tests' slots.
@Suite("Trail making fields of the exports")
struct TrailsExportTests {
    static let fields = VisitFields(slots: TestKind.allCases.map { TestSlot(kind: $0, occurrence: 1) }).fields

    static func field(_ name: String) -> VisitField? { fields.first { $0.name == name } }

    @Test("A trails slot has the part times, B − A, B / A, circles, errors by part and class, and prompts")
    func trailsSlot() throws {
        for name in [
            "trails_time_a_s", "trails_time_b_s", "trails_b_minus_a_s", "trails_b_over_a",
            "trails_circles_connected_a", "trails_circles_connected_b", "trails_errors_a", "trails_errors_b",
            "trails_sequence_errors_b", "trails_shift_errors_b", "trails_prompts",
        ] {
            #expect(Self.field(name) != nil, "\(name)")
        }
        let difference = try #require(Self.field("trails_b_minus_a_s"))
        #expect(difference.validation == "number")
        #expect(difference.label == "Trail making: B - A (part B's time less part A's)")
        #expect(Self.field("trails_sequence_errors_b")?.label == "Trail making: sequence errors, part B")
        #expect(Self.field("trails_time_a_s")?.label == "Trail making: time, part A")
        #expect(Self.field("trails_prompts")?.label == "Trail making: prompts")
        #expect(
            difference.note == "Unit: s. styluskit features --level test column trails_b_minus_a_s (docs/measures.md)")
        #expect(Self.field("trails_errors_b")?.validation == "integer")
        #expect(Self.field("trails_status")?.section == "Trail making")
    }

    @Test("No other slot has a trails column")
    func otherSlots() {
        for kind in TestKind.allCases where kind != .trails {
            #expect(!Self.fields.contains { $0.name.hasPrefix(kind.rawValue + "_trails") }, "\(kind)")
        }
        #expect(!VisitFields.column("trails_b_over_a", appliesTo: .clock))
        #expect(VisitFields.column("trails_b_over_a", appliesTo: .trails))
        // The step level's trail_ columns are not test columns, so no export has them.
        #expect(!Self.fields.contains { $0.name.contains("trail_") })
    }
}
