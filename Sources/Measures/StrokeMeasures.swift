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
    /// How the positions were prepared before differentiating (every derivative measure).
    public var filter: DerivativeFilter
    /// The median, quartiles, percentiles, CV and slope of |v|, |a| and |j|.
    public var velocityDistribution: Distribution
    public var accelerationDistribution: Distribution
    public var jerkDistribution: Distribution
    /// |vₓ|, |v_y|, |aₓ|, |a_y|, |jₓ|, |j_y|: the magnitudes of the derivatives' x and y components.
    public var velocityX: Quantity
    public var velocityY: Quantity
    public var accelerationX: Quantity
    public var accelerationY: Quantity
    public var jerkX: Quantity
    public var jerkY: Quantity
    /// Of the force × 1000 (ADF's pressure scale) and of the altitude, over the samples that measured them.
    public var pressureDistribution: Distribution
    public var altitudeDistribution: Distribution
    /// Largest minus smallest x and y of the samples, in mm.
    public var width: Double?
    public var height: Double?
    /// Crossings of the stroke with itself.
    public var intersections: Int
    /// Vertical turns: peaks (up, then down) and valleys (down, then up).
    public var verticalPeaks: Int
    public var verticalValleys: Int
    /// Local extrema of the x, y, pressure, altitude and azimuth profiles over the samples.
    public var xChanges: Int?
    public var yChanges: Int?
    public var pressureChanges: Int?
    public var altitudeChanges: Int?
    public var azimuthChanges: Int?
    /// Stops inside the stroke (speed ≤ 1 mm/s for ≥ 15 ms) and their summed time in seconds.
    public var stops: Int?
    public var stopTime: Double?
    /// The kinematics of the in-air path before the stroke (the same samples as `inAirLength`).
    public var inAirVelocity: Quantity
    public var inAirAcceleration: Quantity
    public var inAirJerk: Quantity
    /// The tilt of the hover samples before the stroke; empty without hover samples.
    public var inAirAltitude: Summary
    public var inAirAzimuth: CircularSummary

    /// A quantity's mean, sd, maximum and the rest of its statistics.
    public struct Quantity: Hashable, Sendable {
        public var summary: Summary
        public var distribution: Distribution

        init(_ values: [Double], times: [Double]) {
            summary = Summary(values)
            distribution = Distribution(values, times: times)
        }
    }

    /// Measures `stroke`, which began in a step that started at `stepStart`, after `previous`
    /// (the step's stroke before it, if any), its derivatives taken after `filter`.
    public init(_ stroke: InkStroke, stepStart: Double, previous: InkStroke? = nil, filter: DerivativeFilter = .none) {
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
        self.filter = filter
        let kinematics = Kinematics(samples, filter: filter)
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
        velocityDistribution = Distribution(kinematics.speeds, times: kinematics.velocityTimes)
        accelerationDistribution = Distribution(kinematics.accelerations, times: kinematics.accelerationTimes)
        jerkDistribution = Distribution(kinematics.jerks, times: kinematics.jerkTimes)
        velocityX = Quantity(kinematics.velocityVectors.map { abs($0.x) }, times: kinematics.velocityTimes)
        velocityY = Quantity(kinematics.velocityVectors.map { abs($0.y) }, times: kinematics.velocityTimes)
        accelerationX = Quantity(kinematics.accelerationVectors.map { abs($0.x) }, times: kinematics.accelerationTimes)
        accelerationY = Quantity(kinematics.accelerationVectors.map { abs($0.y) }, times: kinematics.accelerationTimes)
        jerkX = Quantity(kinematics.jerkVectors.map { abs($0.x) }, times: kinematics.jerkTimes)
        jerkY = Quantity(kinematics.jerkVectors.map { abs($0.y) }, times: kinematics.jerkTimes)
        let pressed = samples.filter { $0.force != nil }
        pressureDistribution = Distribution(pressed.map { $0.force! * 1000 }, times: pressed.map(\.time))
        let tilted = samples.filter { $0.altitude != nil }
        altitudeDistribution = Distribution(tilted.map { $0.altitude! }, times: tilted.map(\.time))
        let xs = samples.map(\.xMillimetres)
        let ys = samples.map(\.yMillimetres)
        width = StrokeShape.extent(xs)
        height = StrokeShape.extent(ys)
        intersections = StrokeShape.selfIntersections(samples)
        (verticalPeaks, verticalValleys) = StrokeShape.verticalTurns(ys)
        if !samples.isEmpty {
            xChanges = Kinematics.extremaCount(xs, tolerance: 0)
            yChanges = Kinematics.extremaCount(ys, tolerance: 0)
        }
        let pressures = samples.compactMap(\.force)
        if !pressures.isEmpty { pressureChanges = Kinematics.extremaCount(pressures, tolerance: 0) }
        let altitudes = samples.compactMap(\.altitude)
        if !altitudes.isEmpty { altitudeChanges = Kinematics.extremaCount(altitudes, tolerance: 0) }
        let azimuths = samples.compactMap(\.azimuth)
        if !azimuths.isEmpty { azimuthChanges = Kinematics.extremaCount(Self.unwrapped(azimuths), tolerance: 0) }
        if !kinematics.speeds.isEmpty {
            let found = StrokeShape.stops(speeds: kinematics.speeds, intervals: kinematics.intervals)
            (stops, stopTime) = (found.count, found.time)
        }
        var inAirSamples: [InkPoint] = []
        var hoverSamples: [InkPoint] = []
        if let before = previous?.points.last, let first = samples.first {
            inAirTime = first.time - before.time
            if let hover = stroke.hoverBefore, !hover.isEmpty {
                inAirLength = Self.pathLength([before] + hover + [first])
                inAirPath = .hover
                hoverSamples = hover
                inAirSamples = [before] + hover + [first]
            } else {
                inAirLength = Self.distance(before, first)
                inAirPath = .straightLine
                inAirSamples = [before, first]
            }
        }
        let inAir = Kinematics(inAirSamples, filter: filter)
        inAirVelocity = Quantity(inAir.speeds, times: inAir.velocityTimes)
        inAirAcceleration = Quantity(inAir.accelerations, times: inAir.accelerationTimes)
        inAirJerk = Quantity(inAir.jerks, times: inAir.jerkTimes)
        inAirAltitude = Summary(hoverSamples.compactMap(\.altitude))
        inAirAzimuth = CircularSummary(hoverSamples.compactMap(\.azimuth))
    }

    /// Angles with each step between neighbours taken the short way round, so a turn through 0
    /// (2π − 0.1 to 0.1) is a step of 0.2, not a change of direction.
    static func unwrapped(_ angles: [Double]) -> [Double] {
        guard var last = angles.first else { return [] }
        var result = [last]
        for angle in angles.dropFirst() {
            var step = (angle - result[result.count - 1]).truncatingRemainder(dividingBy: 2 * .pi)
            if step > .pi { step -= 2 * .pi }
            if step < -.pi { step += 2 * .pi }
            last += step
            result.append(last)
        }
        return result
    }

    /// count / duration, nil without a count or a duration.
    static func perSecond(_ count: Int?, _ duration: Double?) -> Double? {
        guard let count, let duration, duration > 0 else { return nil }
        return Double(count) / duration
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
        // Issue 32's columns, after every earlier one so those keep their places.
        row.append("derivative_filter", text: filter.name)
        row.append("velocity", unit: "mm_s", velocityDistribution)
        row.append("acceleration", unit: "mm_s2", accelerationDistribution)
        row.append("jerk", unit: "mm_s3", jerkDistribution)
        for (name, unit, quantity) in [
            ("velocity_x", "mm_s", velocityX), ("velocity_y", "mm_s", velocityY),
            ("acceleration_x", "mm_s2", accelerationX), ("acceleration_y", "mm_s2", accelerationY),
            ("jerk_x", "mm_s3", jerkX), ("jerk_y", "mm_s3", jerkY),
        ] {
            row.append(name, unit: unit, quantity.summary, quantity.distribution)
        }
        row.append("pressure", unit: "", pressureDistribution)
        row.append("altitude", unit: "rad", altitudeDistribution)
        row.append("width_mm", width)
        row.append("height_mm", height)
        row.append("intra_stroke_intersections", count: intersections)
        row.append("vertical_peaks", count: verticalPeaks)
        row.append("vertical_valleys", count: verticalValleys)
        row.append("x_changes", count: xChanges)
        row.append("y_changes", count: yChanges)
        row.append("pressure_changes", count: pressureChanges)
        row.append("altitude_changes", count: altitudeChanges)
        row.append("azimuth_changes", count: azimuthChanges)
        row.append("stops", count: stops)
        row.append("stop_time_s", stopTime)
        row.append("ncv_per_s", Self.perSecond(velocityChanges, duration))
        row.append("nca_per_s", Self.perSecond(accelerationChanges, duration))
        row.append("intra_stroke_intersections_per_s", Self.perSecond(intersections, duration))
        row.append("vertical_peaks_per_s", Self.perSecond(verticalPeaks, duration))
        row.append("vertical_valleys_per_s", Self.perSecond(verticalValleys, duration))
        row.append("stops_per_s", Self.perSecond(stops, duration))
        for (name, unit, quantity) in [
            ("in_air_velocity", "mm_s", inAirVelocity), ("in_air_acceleration", "mm_s2", inAirAcceleration),
            ("in_air_jerk", "mm_s3", inAirJerk),
        ] {
            row.append(name, unit: unit, quantity.summary, quantity.distribution)
        }
        row.append("in_air_altitude_mean_rad", inAirAltitude.mean)
        row.append("in_air_altitude_sd_rad", inAirAltitude.standardDeviation)
        row.append("in_air_azimuth_mean_rad", inAirAzimuth.mean)
        row.append("in_air_azimuth_sd_rad", inAirAzimuth.standardDeviation)
        return row
    }
}
