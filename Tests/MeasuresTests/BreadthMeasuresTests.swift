import Foundation
import Testing

@testable import Measures

/// Issue 32's measures (docs/measures.md, "Statistics", "Per axis", "Shape, stops and profiles",
/// "In the air", "Derivative filter"), each on ink whose answer is known by hand.
@Suite("Measures at BDALab's breadth")
struct BreadthMeasuresTests {
    /// The number in `row` under `column`.
    func value(_ row: MeasureRow, _ column: String) -> Double? {
        row[column]?.text.flatMap(Double.init)
    }

    @Test(
        "Median, quartiles, percentiles and IQR interpolate as numpy's quantile does; CV is sd / mean; slope per second"
    )
    func statistics() {
        // numpy.quantile([1, 2, 3, 4], [0.05, 0.25, 0.5, 0.75, 0.95]) = 1.15, 1.75, 2.5, 3.25, 3.85.
        let d = Distribution([4, 1, 3, 2], times: [3, 0, 2, 1])
        #expect(near(d.percentile5, 1.15, absolute: 1e-12))
        #expect(near(d.firstQuartile, 1.75, absolute: 1e-12))
        #expect(near(d.median, 2.5, absolute: 1e-12))
        #expect(near(d.thirdQuartile, 3.25, absolute: 1e-12))
        #expect(near(d.percentile95, 3.85, absolute: 1e-12))
        #expect(near(d.interquartileRange, 1.5, absolute: 1e-12))
        // Population sd √1.25 over the mean 2.5.
        #expect(near(d.coefficientOfVariation, 1.25.squareRoot() / 2.5, absolute: 1e-12))
        // The values are their times plus one: a slope of 1 per second.
        #expect(near(d.slope, 1, absolute: 1e-12))
        #expect(Distribution([], times: []).median == nil)
        #expect(Distribution([5], times: [1]).slope == nil)
        #expect(Distribution([0, 0], times: [0, 1]).coefficientOfVariation == nil)
    }

    @Test("Per-axis velocity of a line is the speed's x and y parts; a straight line has no per-axis acceleration")
    func perAxisLine() {
        let angle = 0.6
        let row = StrokeMeasures(
            Strokes.line(speed: 40, angle: angle, count: 50, interval: 0.005), stepStart: 0
        ).row
        #expect(close(value(row, "velocity_x_mean_mm_s"), 40 * cos(angle), relative: 1e-5))
        #expect(close(value(row, "velocity_y_median_mm_s"), 40 * sin(angle), relative: 1e-5))
        #expect(near(value(row, "acceleration_x_max_mm_s2"), 0, absolute: 1e-6))
        #expect(near(value(row, "velocity_iqr_mm_s"), 0, absolute: 1e-6))
        #expect(near(value(row, "velocity_slope_mm_s_per_s"), 0, absolute: 1e-6))
    }

    @Test(
        "A circle: |vx| averages 2rω/π over a turn, its width and height are its diameter, its jerk rω³ on each axis at most"
    )
    func perAxisCircle() {
        let (r, w) = (20.0, 2 * Double.pi)
        let stroke = Strokes.circle(radius: r, angularSpeed: w, count: 1001, interval: 0.001)
        let row = StrokeMeasures(stroke, stepStart: 0).row
        #expect(close(value(row, "velocity_x_mean_mm_s"), 2 * r * w / .pi, relative: 1e-3))
        #expect(close(value(row, "velocity_y_max_mm_s"), r * w, relative: 1e-3))
        #expect(close(value(row, "jerk_x_max_mm_s3"), r * w * w * w, relative: 1e-3))
        #expect(close(value(row, "width_mm"), 2 * r, relative: 1e-4))
        #expect(close(value(row, "height_mm"), 2 * r, relative: 1e-4))
        // Speed is constant: its median is rω and its spread none.
        #expect(close(value(row, "velocity_median_mm_s"), r * w, relative: 1e-4))
        #expect(near(value(row, "velocity_cv"), 0, absolute: 1e-4))
    }

    /// Ink through the given positions, 10 ms apart from `start`.
    func ink(_ positions: [(Double, Double)], start: Double = 0) -> InkStroke {
        InkStroke(
            points: positions.enumerated().map { k, p in
                InkPoint(time: start + Double(k) * 0.01, xMillimetres: p.0, yMillimetres: p.1)
            })
    }

    @Test("Crossings: a stroke over itself once, two strokes in a cross once; touching ends and repeated samples never")
    func intersections() {
        let loop = ink([(0, 0), (10, 10), (10, 0), (0, 10)])
        #expect(StrokeMeasures(loop, stepStart: 0).row["intra_stroke_intersections"] == .count(1))
        // Back along itself through a repeated sample: no crossing.
        let back = ink([(0, 0), (5, 0), (5, 0), (0, 0)])
        #expect(StrokeMeasures(back, stepStart: 0).row["intra_stroke_intersections"] == .count(0))
        let across = InkStep(
            identifier: "clockStep-copy", start: 0, end: 2,
            strokes: [
                ink([(0, 5), (10, 5)]), ink([(5, 0), (5, 10)], start: 0.5),
                // Starts where the first ended: a touch, not a crossing.
                ink([(10, 5), (20, 5)], start: 1), loop,
            ])
        let row = StepMeasures(across, number: 1, assessment: .clock).row
        // The step's self-crossings are its strokes' (the loop's one); its extent spans every stroke.
        #expect(row["intra_stroke_intersections"] == .count(1))
        #expect(row["writing_width_mm"] == .number(20))
        #expect(row["writing_height_mm"] == .number(10))
        let pair = InkStep(
            identifier: "clockStep-copy", start: 0, end: 2,
            strokes: [ink([(0, 5), (10, 5)]), ink([(5, 0), (5, 10)], start: 0.5), ink([(10, 5), (20, 5)], start: 1)])
        let pairRow = StepMeasures(pair, number: 1, assessment: .clock).row
        #expect(pairRow["inter_stroke_intersections"] == .count(1))
        // One crossing over the ink's span, 0 to 1.01 s.
        #expect(close(value(pairRow, "inter_stroke_intersections_per_s"), 1 / 1.01, relative: 1e-5))
    }

    @Test("Vertical peaks and valleys of a wave (y grows downwards), and the changes of its x and y profiles")
    func peaksAndValleys() {
        // y = 10 + 5 sin(2πt) for two seconds: down first, so valleys (lowest on the page) at 0.25 and 1.25 s,
        // peaks at 0.75 and 1.75 s.
        let wave = Strokes.sampled(count: 200, interval: 0.01) { t in (5 + 10 * t, 10 + 5 * sin(2 * .pi * t)) }
        let row = StrokeMeasures(wave, stepStart: 0).row
        #expect(row["vertical_peaks"] == .count(2))
        #expect(row["vertical_valleys"] == .count(2))
        #expect(row["y_changes"] == .count(4))
        #expect(row["x_changes"] == .count(0))
        #expect(close(value(row, "vertical_peaks_per_s"), 2 / 1.99, relative: 1e-5))
    }

    @Test("A stop is speed at or below 1 mm/s for 15 ms or more; a shorter rest is none")
    func stops() {
        // 10 mm/s for 100 ms, still for 20 ms (three samples 10 ms apart at one place), 10 mm/s again.
        func halting(rest: Int) -> InkStroke {
            var points: [InkPoint] = []
            var (t, x) = (0.0, 0.0)
            for _ in 0..<10 {
                points.append(InkPoint(time: t, xMillimetres: x, yMillimetres: 0))
                (t, x) = (t + 0.01, x + 0.1)
            }
            for _ in 0..<rest {
                points.append(InkPoint(time: t, xMillimetres: x, yMillimetres: 0))
                t += 0.005
            }
            for _ in 0..<10 {
                points.append(InkPoint(time: t, xMillimetres: x, yMillimetres: 0))
                (t, x) = (t + 0.01, x + 0.1)
            }
            return InkStroke(points: points)
        }
        let long = StrokeMeasures(halting(rest: 4), stepStart: 0).row
        #expect(long["stops"] == .count(1))
        #expect(near(value(long, "stop_time_s"), 0.02, absolute: 1e-9))
        let short = StrokeMeasures(halting(rest: 2), stepStart: 0).row
        #expect(short["stops"] == .count(0))
    }

    @Test("Azimuth changes are counted the short way round: turning through 0 is no change of direction")
    func azimuthChanges() {
        let points = [6.2, 6.25, 0.02, 0.05, 0.1].enumerated().map { k, azimuth in
            InkPoint(time: Double(k) * 0.01, xMillimetres: Double(k), yMillimetres: 0, azimuth: azimuth)
        }
        let row = StrokeMeasures(InkStroke(points: points), stepStart: 0).row
        #expect(row["azimuth_changes"] == .count(0))
    }

    @Test("In the air: a gap without hover samples moves at its chord over its time; hover samples give tilt")
    func inAir() {
        let first = Strokes.line(speed: 10, angle: 0, count: 5, interval: 0.01)
        var second = Strokes.line(speed: 10, angle: 0, count: 5, interval: 0.01, start: 0.54, from: (13.4, 20))
        let straight = StrokeMeasures(second, stepStart: 0, previous: first).row
        // From (10.4, 20) at 0.04 s to (13.4, 20) at 0.54 s: 3 mm in 0.5 s.
        #expect(close(value(straight, "in_air_velocity_mean_mm_s"), 6, relative: 1e-9))
        #expect(straight["in_air_acceleration_mean_mm_s2"] == .number(nil))
        #expect(straight["in_air_altitude_mean_rad"] == .number(nil))
        second.hoverBefore = [
            InkPoint(time: 0.2, xMillimetres: 11.4, yMillimetres: 21, altitude: 1, azimuth: 2),
            InkPoint(time: 0.4, xMillimetres: 12.4, yMillimetres: 21, altitude: 0.8, azimuth: 2),
        ]
        let hover = StrokeMeasures(second, stepStart: 0, previous: first).row
        #expect(close(value(hover, "in_air_altitude_mean_rad"), 0.9, relative: 1e-9))
        #expect(close(value(hover, "in_air_azimuth_mean_rad"), 2, relative: 1e-9))
        #expect(hover["in_air_velocity_max_mm_s"]?.text != nil)
        #expect(hover["in_air_acceleration_mean_mm_s2"]?.text != nil)
    }

    @Test("--filter names: none, lowpass (10 Hz), lowpass-HZ; nothing else, and no cut-off at or over 100 Hz")
    func filterNames() {
        #expect(DerivativeFilter(name: "none") == DerivativeFilter.none)
        #expect(DerivativeFilter(name: "lowpass") == .lowPass(cutoff: 10, rate: 200))
        #expect(DerivativeFilter(name: "lowpass-8") == .lowPass(cutoff: 8, rate: 200))
        #expect(DerivativeFilter(name: "lowpass-12.5hz") == .lowPass(cutoff: 12.5, rate: 200))
        #expect(DerivativeFilter(name: "lowpass-100") == nil)
        #expect(DerivativeFilter(name: "lowpass-0") == nil)
        #expect(DerivativeFilter(name: "gauss") == nil)
        #expect(DerivativeFilter.lowPass(cutoff: 10, rate: 200).name == "lowpass-10hz")
        let row = StrokeMeasures(Strokes.line(speed: 1, angle: 0, count: 3, interval: 0.01), stepStart: 0).row
        #expect(row["derivative_filter"] == .text("none"))
    }

    @Test("The low-pass filter keeps a 1 Hz circle's speed (Butterworth gain 0.9999 at a tenth of the cut-off)")
    func filterKeepsSlowMovement() {
        let (r, w) = (20.0, 2 * Double.pi)
        let stroke = Strokes.circle(radius: r, angularSpeed: w, count: 133, interval: 1 / 133.0)
        let filtered = StrokeMeasures(stroke, stepStart: 0, filter: .lowPass(cutoff: 10, rate: 200)).row
        #expect(close(value(filtered, "velocity_median_mm_s"), r * w, relative: 1e-3))
        #expect(close(value(filtered, "acceleration_median_mm_s2"), r * w * w, relative: 1e-2))
        #expect(filtered["derivative_filter"] == .text("lowpass-10hz"))
    }

    @Test("The low-pass filter takes timestamp jitter out of jerk: a minimum-jerk reach with ±1 ms times")
    func filterRemovesTimestampNoise() {
        // Sampled at 200 Hz, each sample's time recorded up to 1 ms off (a fixed pattern, so the test is repeatable).
        let (distance, duration, count) = (50.0, 0.6, 121)
        let jitter = [0, 0.001, -0.001, 0.0005, -0.0005, 0.001, 0, -0.001]
        let exact = Strokes.minimumJerk(distance: distance, duration: duration, count: count)
        let jittered = InkStroke(
            points: exact.points.enumerated().map { k, point in
                var point = point
                if k > 0, k < count - 1 { point.time += jitter[k % jitter.count] }
                return point
            })
        let raw = StrokeMeasures(jittered, stepStart: 0)
        let filtered = StrokeMeasures(jittered, stepStart: 0, filter: .lowPass(cutoff: 10, rate: 200))
        let rawJerk = try? #require(raw.normalisedJerk)
        let filteredJerk = try? #require(filtered.normalisedJerk)
        // 720 is the reach's normalised jerk (Flash & Hogan 1985); the recorded times make it many times that.
        #expect((rawJerk ?? 0) > 10 * 720, "raw \(String(describing: rawJerk))")
        #expect(close(filteredJerk, 720, relative: 0.15), "filtered \(String(describing: filteredJerk))")
        #expect(filtered.velocityChanges == 1)
    }

    @Test("Every column earlier levels had keeps its place: the new ones come after in_air_path and paused_time_s")
    func newColumnsAppended() {
        let stroke = MeasureLevel.stroke.columns
        let lastOld = stroke.firstIndex(of: "in_air_path")!
        #expect(stroke[lastOld + 1] == "derivative_filter")
        let step = MeasureLevel.step.columns
        #expect(step[step.firstIndex(of: "paused_time_s")! + 1] == "writing_width_mm")
    }
}
