/// The statistics of a list of values beyond `Summary`'s mean, sd and maximum: median,
/// quartiles, interquartile range, 5th and 95th percentiles, coefficient of variation and the
/// least-squares slope against time (docs/measures.md, "Statistics").
///
/// Quantiles interpolate linearly between order statistics (Hyndman & Fan 1996 type 7, numpy's
/// default), as BDALab's handwriting-features computes them, so the two agree on the same values.
public struct Distribution: Hashable, Sendable {
    public var median: Double?
    public var firstQuartile: Double?
    public var thirdQuartile: Double?
    public var percentile5: Double?
    public var percentile95: Double?
    /// Population standard deviation over the mean; nil when the mean is 0.
    public var coefficientOfVariation: Double?
    /// The least-squares slope of the values against their times, per second; nil with fewer
    /// than two distinct times.
    public var slope: Double?

    /// Third quartile minus first.
    public var interquartileRange: Double? {
        guard let firstQuartile, let thirdQuartile else { return nil }
        return thirdQuartile - firstQuartile
    }

    /// The statistics of `values`, taken at `times` (the same count) for the slope.
    public init(_ values: [Double], times: [Double]) {
        guard !values.isEmpty else { return }
        let sorted = values.sorted()
        median = Self.quantile(sorted, 0.5)
        firstQuartile = Self.quantile(sorted, 0.25)
        thirdQuartile = Self.quantile(sorted, 0.75)
        percentile5 = Self.quantile(sorted, 0.05)
        percentile95 = Self.quantile(sorted, 0.95)
        let summary = Summary(values)
        if let mean = summary.mean, let sd = summary.standardDeviation, mean != 0 {
            coefficientOfVariation = sd / mean
        }
        slope = Self.slope(values, times)
    }

    /// The `p` quantile of sorted values: h = (n − 1)p, interpolated between the order
    /// statistics either side of h.
    static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        let h = Double(sorted.count - 1) * p
        let below = Int(h.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (h - Double(below)) * (sorted[above] - sorted[below])
    }

    /// Σ(t − t̄)(v − v̄) / Σ(t − t̄)², nil when every time is the same.
    static func slope(_ values: [Double], _ times: [Double]) -> Double? {
        guard values.count == times.count, values.count >= 2 else { return nil }
        let n = Double(values.count)
        let meanTime = times.reduce(0, +) / n
        let meanValue = values.reduce(0, +) / n
        var covariance = 0.0
        var variance = 0.0
        for (t, v) in zip(times, values) {
            covariance += (t - meanTime) * (v - meanValue)
            variance += (t - meanTime) * (t - meanTime)
        }
        return variance > 0 ? covariance / variance : nil
    }
}

extension MeasureRow {
    /// The columns of `distribution` of a quantity named `name` in `unit` (`velocity`, `mm_s`):
    /// `velocity_median_mm_s`, `_q1_`, `_q3_`, `_iqr_`, `_p5_`, `_p95_`, then `velocity_cv`
    /// (dimensionless) and `velocity_slope_mm_s_per_s`. A unit-less quantity (`pressure`) drops
    /// the unit: `pressure_median`, `pressure_slope_per_s`.
    mutating func append(_ name: String, unit: String, _ distribution: Distribution) {
        let suffix = unit.isEmpty ? "" : "_" + unit
        append("\(name)_median\(suffix)", distribution.median)
        append("\(name)_q1\(suffix)", distribution.firstQuartile)
        append("\(name)_q3\(suffix)", distribution.thirdQuartile)
        append("\(name)_iqr\(suffix)", distribution.interquartileRange)
        append("\(name)_p5\(suffix)", distribution.percentile5)
        append("\(name)_p95\(suffix)", distribution.percentile95)
        append("\(name)_cv", distribution.coefficientOfVariation)
        append("\(name)_slope\(suffix)_per_s", distribution.slope)
    }

    /// `summary`'s mean, sd and maximum, then `distribution`'s columns, of a quantity named
    /// `name` in `unit`: the full set of a quantity new to the table.
    mutating func append(_ name: String, unit: String, _ summary: Summary, _ distribution: Distribution) {
        let suffix = unit.isEmpty ? "" : "_" + unit
        append("\(name)_mean\(suffix)", summary.mean)
        append("\(name)_sd\(suffix)", summary.standardDeviation)
        append("\(name)_max\(suffix)", summary.maximum)
        append(name, unit: unit, distribution)
    }
}
