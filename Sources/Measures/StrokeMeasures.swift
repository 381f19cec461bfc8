/// The measures of one stroke (docs/measures.md, "Per stroke").
///
/// Times in seconds, lengths in millimetres, angles in radians; a measure a stroke is too short
/// for (a velocity needs two sample times, a jerk four) is nil rather than 0.
public struct StrokeMeasures: Hashable, Sendable {
    /// Where the in-air length before a stroke comes from.
    public enum InAirPath: String, Hashable, Sendable {
        /// The pen's hover samples between the strokes.
        case hover
        /// The straight line from the previous stroke's last point to this one's first (the
        /// input had no hover samples: results files record none).
        case straightLine = "straight-line"
    }

    /// Seconds from the step's start to the first sample.
    public var start: Double?
    /// Last sample time minus first, in seconds.
    public var duration: Double?
    public var points: Int
    /// Samples per second: (points − 1) / duration.
    public var samplingRate: Double?
    /// Sum of the distances between consecutive samples, in mm.
    public var pathLength: Double
    /// Distance from the first sample to the last, in mm.
    public var straightLength: Double?
    /// Speed |v| in mm/s.
    public var velocity: Summary
    /// Acceleration magnitude |a| in mm/s².
    public var acceleration: Summary
    /// Jerk magnitude |j| in mm/s³.
    public var jerk: Summary
    /// T⁵/L² ∫|j|² dt, dimensionless (Hogan & Sternad 2009); 720 for a minimum-jerk reach.
    public var normalisedJerk: Double?
    /// Local extrema of the speed profile (Mergl et al. 1999).
    public var velocityChanges: Int?
    /// Local extrema of the tangential acceleration profile (Mergl et al. 1999).
    public var accelerationChanges: Int?
    /// Normalised force (1.0 an average touch), over the samples that measured it: empty when none did.
    public var force: Summary
    /// Altitude in radians, over the samples that measured tilt.
    public var altitude: Summary
    /// Azimuth in radians, circular statistics, over the samples that measured tilt.
    public var azimuth: CircularSummary
    /// Seconds from the previous stroke's last sample to this one's first; nil for a step's first stroke.
    public var inAirTime: Double?
    /// Length in mm of the pen's way through the air from the previous stroke; nil for a step's first stroke.
    public var inAirLength: Double?
    public var inAirPath: InAirPath?

    /// Measures `stroke`, which began in a step that started at `stepStart`, after `previous`
    /// (the step's stroke before it, if any).
    public init(_ stroke: InkStroke, stepStart: Double, previous: InkStroke? = nil) {
        let samples = stroke.points
        points = samples.count
        pathLength = Self.pathLength(samples)
        if let first = samples.first, let last = samples.last {
            start = first.time - stepStart
            let duration = last.time - first.time
            self.duration = duration
            samplingRate = duration > 0 ? Double(samples.count - 1) / duration : nil
            straightLength = Self.distance(first, last)
        }
        let kinematics = Kinematics(samples)
        velocity = Summary(kinematics.speeds)
        acceleration = Summary(kinematics.accelerations)
        jerk = Summary(kinematics.jerks)
        if let integral = kinematics.squaredJerkIntegral, let duration, duration > 0, pathLength > 0 {
            var t5 = duration
            for _ in 1..<5 { t5 *= duration }
            normalisedJerk = integral * t5 / (pathLength * pathLength)
        }
        velocityChanges = kinematics.velocityChanges
        accelerationChanges = kinematics.accelerationChanges
        // Over the samples that measured them: an absent value is no value, never a constant.
        force = Summary(samples.compactMap(\.force))
        altitude = Summary(samples.compactMap(\.altitude))
        azimuth = CircularSummary(samples.compactMap(\.azimuth))
        if let before = previous?.points.last, let first = samples.first {
            inAirTime = first.time - before.time
            if let hover = stroke.hoverBefore, !hover.isEmpty {
                inAirLength = Self.pathLength([before] + hover + [first])
                inAirPath = .hover
            } else {
                inAirLength = Self.distance(before, first)
                inAirPath = .straightLine
            }
        }
    }

    static func distance(_ a: InkPoint, _ b: InkPoint) -> Double {
        let dx = b.xMillimetres - a.xMillimetres
        let dy = b.yMillimetres - a.yMillimetres
        return (dx * dx + dy * dy).squareRoot()
    }

    static func pathLength(_ points: [InkPoint]) -> Double {
        guard points.count >= 2 else { return 0 }
        var sum = 0.0
        for i in 1..<points.count { sum += distance(points[i - 1], points[i]) }
        return sum
    }

    /// The row of this stroke under the columns of the `stroke` level.
    public var row: MeasureRow {
        var row = MeasureRow()
        row.append("start_s", start)
        row.append("duration_s", duration)
        row.append("points", count: points)
        row.append("sampling_rate_hz", samplingRate)
        row.append("path_length_mm", pathLength)
        row.append("straight_length_mm", straightLength)
        for (name, unit, summary) in [
            ("velocity", "mm_s", velocity), ("acceleration", "mm_s2", acceleration), ("jerk", "mm_s3", jerk),
        ] {
            row.append("\(name)_mean_\(unit)", summary.mean)
            row.append("\(name)_sd_\(unit)", summary.standardDeviation)
            row.append("\(name)_max_\(unit)", summary.maximum)
        }
        row.append("normalised_jerk", normalisedJerk)
        row.append("ncv", count: velocityChanges)
        row.append("nca", count: accelerationChanges)
        // ADF's pressure scale (force × 1000), which existing analysis code knows, beside the force itself.
        row.append("pressure_mean", force.mean.map { $0 * 1000 })
        row.append("pressure_sd", force.standardDeviation.map { $0 * 1000 })
        row.append("pressure_max", force.maximum.map { $0 * 1000 })
        row.append("force_mean", force.mean)
        row.append("force_sd", force.standardDeviation)
        row.append("force_max", force.maximum)
        row.append("altitude_mean_rad", altitude.mean)
        row.append("altitude_sd_rad", altitude.standardDeviation)
        row.append("azimuth_mean_rad", azimuth.mean)
        row.append("azimuth_sd_rad", azimuth.standardDeviation)
        row.append("in_air_time_s", inAirTime)
        row.append("in_air_length_mm", inAirLength)
        row.append("in_air_path", text: inAirPath?.rawValue)
        return row
    }
}
