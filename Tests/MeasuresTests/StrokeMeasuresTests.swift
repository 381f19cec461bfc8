import Foundation
import Testing

@testable import Measures

/// The per-stroke formulas of docs/measures.md on strokes with closed-form answers.
@Suite("Stroke measures")
struct StrokeMeasuresTests {
    @Test("A constant-speed line: constant velocity, no acceleration, path = straight length, no NCV")
    func constantSpeedLine() {
        let speed = 47.5
        let interval = 0.005
        let count = 240
        let stroke = Strokes.line(speed: speed, angle: 0.7, count: count, interval: interval, start: 3.25)
        let m = StrokeMeasures(stroke, stepStart: 1)
        let duration = Double(count - 1) * interval
        #expect(m.points == count)
        #expect(near(m.start, 2.25, absolute: 1e-12))
        #expect(near(m.duration, duration, absolute: 1e-12))
        #expect(close(m.samplingRate, 1 / interval, relative: 1e-9))
        #expect(close(m.velocity.mean, speed, relative: 1e-9))
        #expect(close(m.velocity.maximum, speed, relative: 1e-9))
        #expect(near(m.velocity.standardDeviation, 0, absolute: 1e-6))
        // Acceleration and jerk are rounding only: far below the speed over one interval.
        #expect(near(m.acceleration.maximum, 0, absolute: 1e-6 * speed / interval))
        #expect(near(m.jerk.maximum, 0, absolute: 1e-6 * speed / (interval * interval)))
        #expect(close(m.pathLength, speed * duration, relative: 1e-12))
        #expect(close(m.straightLength, m.pathLength, relative: 1e-12))
        #expect(m.velocityChanges == 0)
        #expect(m.accelerationChanges == 0)
        #expect(m.inAirTime == nil && m.inAirLength == nil && m.inAirPath == nil)
    }

    @Test("A circle at known angular speed: speed rω, centripetal acceleration rω², jerk rω³")
    func circle() {
        let radius = 31.0
        let omega = 2 * Double.pi * 0.8
        let stroke = Strokes.circle(radius: radius, angularSpeed: omega, count: 1_001, interval: 0.002)
        let m = StrokeMeasures(stroke, stepStart: 0)
        #expect(close(m.velocity.mean, radius * omega, relative: 1e-4))
        #expect(close(m.velocity.maximum, radius * omega, relative: 1e-4))
        #expect(close(m.acceleration.mean, radius * omega * omega, relative: 1e-4))
        #expect(close(m.acceleration.maximum, radius * omega * omega, relative: 1e-4))
        #expect(close(m.jerk.mean, radius * pow(omega, 3), relative: 1e-4))
        #expect(near(m.acceleration.standardDeviation, 0, absolute: 1e-6 * radius * omega * omega))
        // Two seconds at 0.8 turns per second: the arc, and the chord between its ends.
        #expect(close(m.pathLength, radius * omega * 2, relative: 1e-4))
        #expect(close(m.straightLength, 2 * radius * abs(sin(omega * 2 / 2)), relative: 1e-9))
        #expect(m.velocityChanges == 0)
    }

    @Test(
        "A minimum-jerk reach: peak velocity 1.875 D/T, peak acceleration 10/√3 D/T², normalised jerk 720, one NCV, two NCA"
    )
    func minimumJerk() {
        let distance = 83.0
        let duration = 0.9
        let m = StrokeMeasures(Strokes.minimumJerk(distance: distance, duration: duration, count: 601), stepStart: 0)
        #expect(close(m.velocity.maximum, 1.875 * distance / duration, relative: 1e-4))
        #expect(close(m.velocity.mean, distance / duration, relative: 1e-3))
        #expect(close(m.acceleration.maximum, 10 / 3.0.squareRoot() * distance / (duration * duration), relative: 1e-3))
        #expect(close(m.pathLength, distance, relative: 1e-9))
        // ∫ x'''² dt = 720 D²/T⁵ for the minimum-jerk profile, so T⁵/D² times it is 720.
        #expect(close(m.normalisedJerk, 720, relative: 5e-3))
        #expect(m.velocityChanges == 1)
        #expect(m.accelerationChanges == 2)
    }

    @Test("NCV and NCA count the extrema of speed and of tangential acceleration: an oscillating speed")
    func velocityChanges() {
        // x = v t + A sin(2π f t): speed v + 2π f A cos(2π f t) (always positive) has its extrema at
        // t = k / 2f, its tangential acceleration at t = (2k + 1) / 4f; over 0 < t < T that is
        // 2fT − 1 and 2fT of them when 2fT is whole.
        let (speed, amplitude, frequency, duration) = (30.0, 0.4, 3.0, 1.0)
        let stroke = Strokes.sampled(count: 1_001, interval: duration / 1_000) { t in
            (speed * t + amplitude * sin(2 * .pi * frequency * t), 5)
        }
        let m = StrokeMeasures(stroke, stepStart: 0)
        #expect(m.velocityChanges == Int(2 * frequency * duration) - 1)
        #expect(m.accelerationChanges == Int(2 * frequency * duration))
    }

    @Test("Normalised jerk is dimensionless: the same reach scaled in distance and time gives the same value")
    func normalisedJerkScaleFree() throws {
        let small = try #require(
            StrokeMeasures(Strokes.minimumJerk(distance: 12, duration: 0.4, count: 401), stepStart: 0).normalisedJerk)
        let large = try #require(
            StrokeMeasures(Strokes.minimumJerk(distance: 150, duration: 2.5, count: 401), stepStart: 0).normalisedJerk)
        #expect(close(small, large, relative: 1e-9))
        // A wobblier movement is less smooth: a reach with a sinusoidal tremor scores higher.
        let tremor = Strokes.sampled(count: 401, interval: 0.4 / 400) { t in
            let tau = t / 0.4
            return (12 * (10 * pow(tau, 3) - 15 * pow(tau, 4) + 6 * pow(tau, 5)), 0.3 * sin(2 * .pi * 9 * t))
        }
        #expect(try #require(StrokeMeasures(tremor, stepStart: 0).normalisedJerk) > 2 * small)
    }

    @Test("Samples sharing a time are merged at their mean position, so a derivative never divides by zero")
    func duplicateTimestamps() {
        let speed = 40.0
        let line = Strokes.line(speed: speed, angle: 0, count: 50, interval: 0.008)
        // Every sample twice at its time, half a millimetre either side across the line.
        var doubled: [InkPoint] = []
        for point in line.points {
            var a = point
            var b = point
            a.yMillimetres += 0.5
            b.yMillimetres -= 0.5
            doubled += [a, b]
        }
        let m = StrokeMeasures(InkStroke(points: doubled), stepStart: 0)
        #expect(m.points == 100)
        #expect(close(m.velocity.mean, speed, relative: 1e-9))
        #expect(m.velocity.maximum?.isFinite == true)
        #expect(m.jerk.maximum?.isFinite == true)
        // The path length is of the samples as recorded: the zig-zag is part of it.
        #expect(m.pathLength > speed * 49 * 0.008 + 49)
    }

    @Test("Pressure and force: mean, population sd and maximum; pressure is force × 1000")
    func pressureAndForce() throws {
        let forces = [0.5, 1.25, 2.0, 0.75]
        let stroke = InkStroke(
            points: forces.enumerated().map {
                InkPoint(
                    time: Double($0.offset) * 0.01, xMillimetres: Double($0.offset), yMillimetres: 0, force: $0.element)
            })
        let m = StrokeMeasures(stroke, stepStart: 0)
        let mean = forces.reduce(0, +) / Double(forces.count)
        let sd = (forces.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(forces.count)).squareRoot()
        #expect(close(m.force.mean, mean, relative: 1e-12))
        #expect(close(m.force.standardDeviation, sd, relative: 1e-12))
        #expect(m.force.maximum == 2.0)
        let row = m.row
        #expect(row["pressure_mean"]?.text == MeasureValue.decimalText(mean * 1000))
        #expect(row["pressure_max"]?.text == "2000")
        #expect(row["force_sd"]?.text == MeasureValue.decimalText(sd))
    }

    @Test("Altitude: linear mean and sd; azimuth: circular mean and sd, so angles either side of 0 average to 0")
    func tilt() throws {
        let spread = 0.1
        let points = [
            InkPoint(time: 0, xMillimetres: 0, yMillimetres: 0, altitude: 1.0, azimuth: spread),
            InkPoint(time: 0.01, xMillimetres: 1, yMillimetres: 0, altitude: 1.2, azimuth: 2 * .pi - spread),
        ]
        let m = StrokeMeasures(InkStroke(points: points), stepStart: 0)
        #expect(close(m.altitude.mean, 1.1, relative: 1e-12))
        #expect(close(m.altitude.standardDeviation, 0.1, relative: 1e-9))
        let mean = try #require(m.azimuth.mean)
        #expect(min(mean, 2 * .pi - mean) < 1e-12)
        // R = cos(0.1) for two unit vectors at ±0.1 rad; sd = sqrt(−2 ln R).
        #expect(close(m.azimuth.standardDeviation, (-2 * log(cos(spread))).squareRoot(), relative: 1e-9))
        // Identical angles have no spread, not a rounding residue of √(−2 ln R).
        #expect(CircularSummary([4.5, 4.5, 4.5]).standardDeviation == 0)
        let quarter = CircularSummary([0.5, 1.0, 1.5])
        #expect(close(quarter.mean, 1.0, relative: 1e-12))
    }

    @Test("An absent value is no value: its measures are empty, and a partly absent one is measured over the rest")
    func absentValues() throws {
        // A pen without tilt or pressure: every such measure is empty, never the placeholder's constant.
        let without = (0..<4).map {
            InkPoint(
                time: Double($0) * 0.01, xMillimetres: Double($0), yMillimetres: 0, force: nil, altitude: nil,
                azimuth: nil)
        }
        let row = StrokeMeasures(InkStroke(points: without), stepStart: 0).row
        for column in [
            "pressure_mean", "pressure_sd", "pressure_max", "force_mean", "force_sd", "force_max", "altitude_mean_rad",
            "altitude_sd_rad", "azimuth_mean_rad", "azimuth_sd_rad",
        ] {
            #expect(row[column] == .number(nil), "\(column)")
        }
        #expect(row["path_length_mm"]?.text == "3")
        // Tilt not reported on the first two samples (a recording cut mid-stroke): only the last two count.
        var partly = without
        partly[2].altitude = 1.0
        partly[2].azimuth = 2.6
        partly[3].altitude = 1.2
        partly[3].azimuth = 2.6
        let m = StrokeMeasures(InkStroke(points: partly), stepStart: 0)
        #expect(close(m.altitude.mean, 1.1, relative: 1e-12))
        #expect(close(m.azimuth.mean, 2.6, relative: 1e-12))
        #expect(m.azimuth.standardDeviation == 0)
    }

    @Test("In-air time and length: the gap from the previous stroke, straight or along the hover samples")
    func inAir() {
        let first = Strokes.line(speed: 30, angle: 0, count: 11, interval: 0.01, start: 1, from: (0, 0))
        let end = first.points.last!
        var second = Strokes.line(
            speed: 30, angle: 0, count: 11, interval: 0.01, start: end.time + 0.35,
            from: (end.xMillimetres + 3, end.yMillimetres + 4))
        let straight = StrokeMeasures(second, stepStart: 0, previous: first)
        #expect(near(straight.inAirTime, 0.35, absolute: 1e-12))
        #expect(close(straight.inAirLength, 5, relative: 1e-12))
        #expect(straight.inAirPath == .straightLine)
        #expect(straight.row["in_air_path"]?.text == "straight-line")

        // By way of a hover sample 8 mm below the line's end: 8 mm there, then 5 mm on to (3, 4) from the end.
        second.hoverBefore = [
            InkPoint(time: end.time + 0.1, xMillimetres: end.xMillimetres, yMillimetres: end.yMillimetres + 8)
        ]
        let hover = StrokeMeasures(second, stepStart: 0, previous: first)
        #expect(close(hover.inAirLength, 8 + (9.0 + 16).squareRoot(), relative: 1e-12))
        #expect(hover.inAirPath == .hover)
    }

    @Test("A one-sample stroke has no kinematics: nil, not zero")
    func oneSample() {
        let m = StrokeMeasures(InkStroke(points: [InkPoint(time: 2, xMillimetres: 1, yMillimetres: 1)]), stepStart: 0)
        #expect(m.duration == 0)
        #expect(m.samplingRate == nil)
        #expect(m.velocity.mean == nil)
        #expect(m.normalisedJerk == nil)
        #expect(m.velocityChanges == nil)
        #expect(m.row["velocity_mean_mm_s"] == .number(nil))
    }
}
