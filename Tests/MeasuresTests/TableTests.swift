import Testing

@testable import Measures

/// The tables' columns and number format: stable, one header, no binary noise.
@Suite("Tables of measures")
struct TableTests {
    @Test(
        "Numbers are written with six significant digits in plain decimals",
        arguments: [
            (0.1 + 0.2, "0.3"),
            (1234567.8, "1234570"),
            (0.000123456789, "0.000123457"),
            (-2.5, "-2.5"),
            (720.0000000001, "720"),
            (47.49999999, "47.5"),
            (1e-14, "0"),
            (-1e-14, "0"),
            (0, "0"),
            (99.99996, "100"),
        ])
    func decimals(_ value: Double, _ text: String) {
        #expect(MeasureValue.decimalText(value) == text)
    }

    @Test("NaN and infinities are missing values, not text")
    func notFinite() {
        #expect(MeasureValue.decimalText(.nan) == nil)
        #expect(MeasureValue.number(.infinity).text == nil)
        #expect(MeasureValue.number(nil).text == nil)
        #expect(MeasureValue.count(3).text == "3")
    }

    @Test(
        "Every level has unique column names, identity first, and each row has them all in order",
        arguments: MeasureLevel.allCases)
    func columns(_ level: MeasureLevel) {
        let columns = level.columns
        #expect(Set(columns).count == columns.count)
        #expect(columns.first == "test")
        let test = InkTest(
            assessment: .maze,
            steps: [
                InkStep(
                    identifier: "mazeStep-choice", start: 0, end: 5,
                    strokes: [
                        Strokes.line(speed: 10, angle: 0, count: 5, interval: 0.01),
                        Strokes.line(speed: 10, angle: 0, count: 5, interval: 0.01, start: 1),
                    ])
            ])
        let rows = level.rows(of: test)
        #expect(rows.count == [MeasureLevel.stroke: 2, .step: 1, .test: 1][level])
        for row in rows { #expect(row.columns == columns) }
    }

    @Test("Units are in the column names")
    func units() {
        let stroke = MeasureLevel.stroke.columns
        for name in [
            "duration_s", "path_length_mm", "velocity_mean_mm_s", "acceleration_max_mm_s2", "jerk_sd_mm_s3",
            "sampling_rate_hz",
            "azimuth_mean_rad",
        ] {
            #expect(stroke.contains(name), "missing \(name)")
        }
        #expect(MeasureLevel.step.columns.contains("time_to_first_stroke_s"))
        #expect(MeasureLevel.test.columns.contains("copy_command_total_time_ratio"))
    }

    @Test("Strokes are numbered across the test, as ADF's index is; each step's first stroke has no in-air gap")
    func strokeNumbers() {
        let a = Strokes.line(speed: 10, angle: 0, count: 5, interval: 0.01)
        let b = Strokes.line(speed: 10, angle: 0, count: 5, interval: 0.01, start: 1)
        let test = InkTest(
            assessment: .clock,
            steps: [
                InkStep(identifier: "clockStep-command", start: 0, end: 2, strokes: [a, b]),
                InkStep(identifier: "clockStep-copy", start: 2, end: 4, strokes: [a]),
            ])
        let rows = MeasureLevel.stroke.rows(of: test)
        #expect(rows.map { $0["stroke"] } == [.count(1), .count(2), .count(3)])
        #expect(rows.map { $0["step_number"] } == [.count(1), .count(1), .count(2)])
        #expect(rows.map { $0["in_air_path"]?.text } == [nil, "straight-line", nil])
    }
}
