import Measures
import Proctoring
import StylusGeometry
import Testing

/// The trail making measures as `features`' columns (docs/measures.md, "Trail making"): each part's
/// at the step level, parts A and B and B − A, B / A at the test level, empty for the other tests.
@Suite("Trail making columns")
struct TrailColumnsTests {
    /// A step of `part` on `TrailMeasuresTests.row`'s three circles with its ink, started at `start`
    /// with its arrivals and errors.
    static func step(
        _ part: TrailPart, start: Double, arrivals: [Double], errors: [InkTrail.Error] = [], prompts: [Double] = []
    ) -> InkStep {
        var layout = TrailMeasuresTests.row
        layout.part = part
        let shifted = TrailMeasuresTests.strokes.map { stroke in
            InkStroke(
                points: stroke.points.map {
                    InkPoint(time: $0.time + start, xMillimetres: $0.xMillimetres, yMillimetres: $0.yMillimetres)
                })
        }
        return InkStep(
            identifier: part.identifier, start: start, end: start + 10, strokes: shifted,
            trail: InkTrail(
                layout: layout, start: start + 0.5, arrivals: arrivals.map { $0 + start },
                errors: errors.map { InkTrail.Error(time: $0.time + start, isShift: $0.isShift) },
                prompts: prompts.map { $0 + start }))
    }

    /// Sample A, part A finished in 5.1 s (one sequence error), part B finished in 7.6 s (a shift and
    /// a sequence error, a prompt).
    static let test = InkTest(
        assessment: .trails,
        steps: [
            step(.sampleA, start: 0, arrivals: [1, 1.5, 5.6]),
            step(.partA, start: 20, arrivals: [1, 1.5, 5.6], errors: [InkTrail.Error(time: 2, isShift: false)]),
            step(
                .partB, start: 40, arrivals: [1, 1.5, 8.1],
                errors: [InkTrail.Error(time: 2, isShift: true), InkTrail.Error(time: 3, isShift: false)],
                prompts: [4]),
        ])

    static func number(_ value: MeasureValue?) -> Double? { value?.text.flatMap(Double.init) }

    @Test("Each part's step row has its time, circles, errors by class, prompts and line")
    func stepRows() throws {
        let rows = MeasureLevel.step.rows(of: Self.test)
        let partB = try #require(rows.first { $0["step"]?.text == "trailsStep-B" })
        #expect(partB["trail_completion_time_s"]?.text == "7.6")
        #expect(partB["trail_circles_connected"]?.text == "3")
        #expect(partB["trail_shift_errors"]?.text == "1")
        #expect(partB["trail_sequence_errors"]?.text == "1")
        #expect(partB["trail_prompts"]?.text == "1")
        #expect(partB["trail_time_inside_circles_s"]?.text == "0.4")
        #expect(partB["trail_time_between_circles_s"]?.text == "2.2")
        #expect(partB["trail_pen_lifts"]?.text == "1")
        #expect(partB["trail_pauses_over_1_s"]?.text == "1")
        #expect(partB["trail_straight_path_mm"]?.text == "60")
        #expect(partB["trail_path_ratio"]?.text == "1")
        // After every column the other tests have, so theirs keep their places.
        let columns = rows[0].columns
        let lastOther = try #require(columns.firstIndex(of: "inter_stroke_intersections_per_s"))
        #expect(columns.firstIndex(of: "trail_completion_time_s") == lastOther + 1)
    }

    @Test("The test row has parts A and B (not the sample), their errors, and B − A and B / A")
    func testRow() {
        let row = MeasureLevel.test.rows(of: Self.test)[0]
        #expect(row["trails_time_a_s"]?.text == "5.1")
        #expect(row["trails_time_b_s"]?.text == "7.6")
        #expect(row["trails_b_minus_a_s"]?.text == "2.5")
        #expect(row["trails_b_over_a"]?.text == MeasureValue.decimalText(7.6 / 5.1))
        #expect(row["trails_errors_a"]?.text == "1")
        #expect(row["trails_errors_b"]?.text == "2")
        #expect(row["trails_shift_errors_b"]?.text == "1")
        #expect(row["trails_sequence_errors_b"]?.text == "1")
        #expect(row["trails_circles_connected_a"]?.text == "3")
        #expect(row["trails_prompts"]?.text == "1")
    }

    @Test("A discontinued part B has no time, so no B − A or B / A; its circles and errors still count")
    func discontinued() {
        var test = Self.test
        test.steps[2].trail?.arrivals.removeLast()
        let row = MeasureLevel.test.rows(of: test)[0]
        #expect(row["trails_time_b_s"]?.text == nil)
        #expect(row["trails_b_minus_a_s"]?.text == nil)
        #expect(row["trails_b_over_a"]?.text == nil)
        #expect(row["trails_circles_connected_b"]?.text == "2")
        #expect(row["trails_errors_b"]?.text == "2")
    }

    @Test("The other tests leave the trail making columns empty")
    func otherTests() {
        var clock = Self.test
        clock.assessment = .clock
        let row = MeasureLevel.test.rows(of: clock)[0]
        for column in row.columns where column.hasPrefix("trails_") { #expect(row[column]?.text == nil, "\(column)") }
        let step = MeasureLevel.step.rows(of: clock)[2]
        for column in step.columns where column.hasPrefix("trail_") { #expect(step[column]?.text == nil, "\(column)") }
    }
}
