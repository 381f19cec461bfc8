import StylusGeometry

/// The derivatives of a stroke's path: speed, acceleration and jerk magnitudes, and what NCV,
/// NCA and normalised jerk are computed from.
///
/// Each derivative is a divided difference of the one before on the sample times, placed at the
/// midpoint of the two times it spans (a staggered grid): velocity between samples i and i+1 at
/// (t_i + t_{i+1})/2, acceleration between two velocities at the midpoint of their times, and so
/// on. A divided difference is exact at the midpoint for a quadratic and needs no one-sided
/// formula at the ends, so the stroke's ends are not distorted (docs/measures.md). Samples that
/// share a time (ADF times are whole milliseconds) are first merged into one at their mean
/// position, since a difference over no time is undefined.
struct Kinematics {
    /// |v| in mm/s, one per pair of consecutive (merged) samples.
    var speeds: [Double] = []
    /// |a| in mm/s², one per pair of consecutive velocities.
    var accelerations: [Double] = []
    /// d|v|/dt in mm/s², signed, at the same times as `accelerations`: NCV counts its sign changes.
    var tangentialAccelerations: [Double] = []
    /// |j| in mm/s³, one per pair of consecutive accelerations.
    var jerks: [Double] = []
    /// ∫|j|² dt over the stroke in mm²/s⁵, nil with fewer than four distinct times.
    var squaredJerkIntegral: Double?
    /// The (merged) samples' time span over their number of intervals, in seconds.
    var meanInterval = 0.0
    /// The velocity, acceleration and jerk vectors (signed x and y components: the per-axis
    /// measures take their magnitudes), and the midpoint times each is placed at.
    var velocityVectors: [Vector] = []
    var velocityTimes: [Double] = []
    var accelerationVectors: [Vector] = []
    var accelerationTimes: [Double] = []
    var jerkVectors: [Vector] = []
    var jerkTimes: [Double] = []
    /// The time from each (prepared) sample to the next, in seconds: one per speed.
    var intervals: [Double] = []

    /// The derivatives of `points`, prepared by `filter` after the samples sharing a time are merged.
    init(_ points: [InkPoint], filter: DerivativeFilter = .none) {
        let samples = filter.prepared(Self.merged(points))
        guard samples.count >= 2 else { return }
        let times = samples.map(\.time)
        meanInterval = (times[times.count - 1] - times[0]) / Double(times.count - 1)
        let velocity = Self.differences(samples.map { Vector($0.xMillimetres, $0.yMillimetres) }, times)
        speeds = velocity.values.map(\.length)
        let acceleration = Self.differences(velocity.values, velocity.times)
        accelerations = acceleration.values.map(\.length)
        tangentialAccelerations = Self.scalarDifferences(speeds, velocity.times)
        let jerk = Self.differences(acceleration.values, acceleration.times)
        jerks = jerk.values.map(\.length)
        (velocityVectors, velocityTimes) = velocity
        (accelerationVectors, accelerationTimes) = acceleration
        (jerkVectors, jerkTimes) = jerk
        intervals = (1..<times.count).map { times[$0] - times[$0 - 1] }
        if !jerk.values.isEmpty, let first = times.first, let last = times.last {
            squaredJerkIntegral = Self.integral(of: jerks.map { $0 * $0 }, at: jerk.times, from: first, to: last)
        }
    }

    /// The rounding floor of NCV and NCA: a change in speed below 10⁻⁹ of the top speed, or in
    /// tangential acceleration below 10⁻⁹ of the top speed per mean sample interval, is no change.
    static let relativeTolerance = 1e-9

    /// Local extrema of the speed profile (NCV).
    var velocityChanges: Int? {
        guard !speeds.isEmpty else { return nil }
        return Self.extremaCount(speeds, tolerance: Self.relativeTolerance * (speeds.max() ?? 0))
    }

    /// Local extrema of the tangential acceleration profile (NCA).
    var accelerationChanges: Int? {
        guard !tangentialAccelerations.isEmpty, meanInterval > 0 else { return nil }
        return Self.extremaCount(
            tangentialAccelerations, tolerance: Self.relativeTolerance * (speeds.max() ?? 0) / meanInterval)
    }

    /// A plane vector in millimetres (or their derivatives).
    struct Vector {
        var x: Double
        var y: Double
        init(_ x: Double, _ y: Double) {
            self.x = x
            self.y = y
        }
        var length: Double { (x * x + y * y).squareRoot() }
    }

    /// Consecutive samples whose time is not after the previous one's become one sample at their
    /// mean position and the first time.
    static func merged(_ points: [InkPoint]) -> [InkPoint] {
        var result: [InkPoint] = []
        result.reserveCapacity(points.count)
        var groupCount = 0.0
        var sumX = 0.0
        var sumY = 0.0
        for point in points {
            if let last = result.last, point.time <= last.time {
                groupCount += 1
                sumX += point.xMillimetres
                sumY += point.yMillimetres
                result[result.count - 1].xMillimetres = sumX / groupCount
                result[result.count - 1].yMillimetres = sumY / groupCount
            } else {
                result.append(point)
                groupCount = 1
                sumX = point.xMillimetres
                sumY = point.yMillimetres
            }
        }
        return result
    }

    /// (v_{i+1} - v_i) / (t_{i+1} - t_i) at (t_i + t_{i+1}) / 2.
    static func differences(_ values: [Vector], _ times: [Double]) -> (values: [Vector], times: [Double]) {
        guard values.count >= 2 else { return ([], []) }
        var out: [Vector] = []
        var at: [Double] = []
        out.reserveCapacity(values.count - 1)
        at.reserveCapacity(values.count - 1)
        for i in 0..<(values.count - 1) {
            let dt = times[i + 1] - times[i]
            out.append(Vector((values[i + 1].x - values[i].x) / dt, (values[i + 1].y - values[i].y) / dt))
            at.append((times[i] + times[i + 1]) / 2)
        }
        return (out, at)
    }

    static func scalarDifferences(_ values: [Double], _ times: [Double]) -> [Double] {
        guard values.count >= 2 else { return [] }
        var out: [Double] = []
        out.reserveCapacity(values.count - 1)
        for i in 0..<(values.count - 1) {
            let change: Double = values[i + 1] - values[i]
            let dt: Double = times[i + 1] - times[i]
            out.append(change / dt)
        }
        return out
    }

    /// The rectangle rule on the cells of `times`: each value holds from the midpoint with its
    /// left neighbour to the midpoint with its right one, the first from `start` and the last to
    /// `end` (the stroke's first and last sample times, so the whole stroke is covered).
    static func integral(of values: [Double], at times: [Double], from start: Double, to end: Double) -> Double {
        var sum = 0.0
        for i in values.indices {
            let left = i == 0 ? start : (times[i - 1] + times[i]) / 2
            let right = i == values.count - 1 ? end : (times[i] + times[i + 1]) / 2
            sum += values[i] * (right - left)
        }
        return sum
    }

    /// The number of sign changes in the successive differences of `values`: its local extrema.
    ///
    /// A difference no larger than `tolerance` counts as no change (it is rounding, not
    /// movement), and a flat run between two moves in the same direction is no extremum.
    static func extremaCount(_ values: [Double], tolerance: Double) -> Int {
        guard values.count >= 3 else { return 0 }
        var count = 0
        var lastSign = 0
        for i in 0..<(values.count - 1) {
            let difference = values[i + 1] - values[i]
            let sign = difference > tolerance ? 1 : (difference < -tolerance ? -1 : 0)
            guard sign != 0 else { continue }
            if lastSign != 0, sign != lastSign { count += 1 }
            lastSign = sign
        }
        return count
    }
}

/// Mean, standard deviation and maximum of a list of values; nil for an empty list.
public struct Summary: Hashable, Sendable {
    public var mean: Double?
    /// The population standard deviation (divided by n, as numpy's default).
    public var standardDeviation: Double?
    public var maximum: Double?

    public init(_ values: [Double]) {
        guard !values.isEmpty else { return }
        let n = Double(values.count)
        let mean = values.reduce(0, +) / n
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / n
        self.mean = mean
        standardDeviation = variance.squareRoot()
        maximum = values.max()
    }
}

/// The circular mean and standard deviation of angles in radians (Mardia & Jupp 2000): an
/// azimuth of 0.1 and one of 2π − 0.1 average to 0, not π.
public struct CircularSummary: Hashable, Sendable {
    /// In [0, 2π).
    public var mean: Double?
    /// sqrt(−2 ln R), R the mean resultant length; in radians.
    public var standardDeviation: Double?

    public init(_ angles: [Double]) {
        guard !angles.isEmpty else { return }
        let n = Double(angles.count)
        let c = angles.reduce(0) { $0 + cosine($1) } / n
        let s = angles.reduce(0) { $0 + sine($1) } / n
        let resultant = min(1, (c * c + s * s).squareRoot())
        if resultant > 1e-12 {
            let angle = arcTangent(y: s, x: c)
            mean = angle < 0 ? angle + 2 * .pi : angle
        }
        // A resultant within rounding of 1 (identical angles) is no spread: −2 ln R would give 1.5e-8 rad of noise.
        standardDeviation =
            resultant >= 1 - 1e-14 ? 0 : (resultant > 0 ? (-2 * logarithm(resultant)).squareRoot() : .infinity)
    }
}
