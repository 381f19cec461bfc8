import StylusGeometry

/// How a stroke's positions are prepared before they are differentiated (docs/measures.md,
/// "Derivative filter"): as recorded, or resampled to a uniform rate and low-pass filtered.
///
/// Differentiating amplifies noise in proportion to frequency, and a tablet's timestamps are
/// noisy (whole milliseconds in ADF, jittered or repeated by some tablets), so jerk, normalised
/// jerk, NCV and NCA on the recorded samples measure the timestamps as much as the hand. The
/// handwriting literature resamples and low-pass filters first (Teulings & Maarse 1984); the
/// filter is opt-in so the columns keep the values they always had.
public enum DerivativeFilter: Hashable, Sendable {
    /// The samples as recorded (samples sharing a time merged): the default.
    case none
    /// Linear interpolation to a uniform `rate` (Hz), then a second-order Butterworth low-pass
    /// at `cutoff` (Hz) run forward and backward (zero phase).
    case lowPass(cutoff: Double, rate: Double)

    /// The low-pass filter's defaults: 10 Hz, above handwriting's movement frequencies (below
    /// about 5–7 Hz, Teulings & Maarse 1984), at 200 Hz, at or above the tablets' rates.
    public static let defaultCutoff = 10.0
    public static let defaultRate = 200.0

    /// The filter as the `derivative_filter` column and `--filter` name it: `none`, `lowpass-10hz`.
    public var name: String {
        switch self {
        case .none: "none"
        case .lowPass(let cutoff, _): "lowpass-\(MeasureValue.decimalText(cutoff) ?? "\(cutoff)")hz"
        }
    }

    /// The filter `--filter` names: `none`, `lowpass` (10 Hz) or `lowpass-HZ`; nil for anything
    /// else, or a cut-off not below half the resampling rate.
    public init?(name: String) {
        if name == "none" {
            self = .none
            return
        }
        guard name.hasPrefix("lowpass") else { return nil }
        var rest = name.dropFirst("lowpass".count)
        var cutoff = Self.defaultCutoff
        if !rest.isEmpty {
            guard rest.hasPrefix("-") else { return nil }
            rest = rest.dropFirst()
            if rest.lowercased().hasSuffix("hz") { rest = rest.dropLast(2) }
            guard let value = Double(rest), value.isFinite, value > 0 else { return nil }
            cutoff = value
        }
        guard cutoff < Self.defaultRate / 2 else { return nil }
        self = .lowPass(cutoff: cutoff, rate: Self.defaultRate)
    }

    /// `samples` (time order, distinct times) as this filter prepares them for differentiating.
    func prepared(_ samples: [InkPoint]) -> [InkPoint] {
        guard case .lowPass(let cutoff, let rate) = self, samples.count >= 2 else { return samples }
        let resampled = Self.resampled(samples, rate: rate)
        guard resampled.count >= 2 else { return samples }
        let xs = Self.zeroPhase(resampled.map(\.xMillimetres), cutoff: cutoff, rate: rate)
        let ys = Self.zeroPhase(resampled.map(\.yMillimetres), cutoff: cutoff, rate: rate)
        return resampled.indices.map { k in
            var point = resampled[k]
            point.xMillimetres = xs[k]
            point.yMillimetres = ys[k]
            return point
        }
    }

    /// Positions at t₀, t₀ + 1/rate, ... up to the last sample's time, linearly interpolated.
    static func resampled(_ samples: [InkPoint], rate: Double) -> [InkPoint] {
        let start = samples[0].time
        let span = samples[samples.count - 1].time - start
        let count = Int((span * rate).rounded(.down)) + 1
        var result: [InkPoint] = []
        result.reserveCapacity(count)
        var segment = 0
        for k in 0..<count {
            let time = start + Double(k) / rate
            while segment < samples.count - 2, samples[segment + 1].time < time { segment += 1 }
            let (a, b) = (samples[segment], samples[segment + 1])
            let fraction = max(0, min(1, (time - a.time) / (b.time - a.time)))
            var point = a
            point.time = time
            point.xMillimetres = a.xMillimetres + fraction * (b.xMillimetres - a.xMillimetres)
            point.yMillimetres = a.yMillimetres + fraction * (b.yMillimetres - a.yMillimetres)
            result.append(point)
        }
        return result
    }

    /// The coefficients of a second-order Butterworth low-pass (bilinear transform, cut-off
    /// prewarped so the gain at `cutoff` is exactly 1/√2 per pass).
    static func butterworth(cutoff: Double, rate: Double) -> (b: [Double], a: [Double]) {
        let angle = Double.pi * cutoff / rate
        let k = sine(angle) / cosine(angle)
        let root2 = 2.0.squareRoot()
        let norm = 1 / (1 + root2 * k + k * k)
        let b0 = k * k * norm
        return ([b0, 2 * b0, b0], [1, 2 * (k * k - 1) * norm, (1 - root2 * k + k * k) * norm])
    }

    /// The filter run forward, then backward over the result (scipy's `filtfilt`): zero phase,
    /// gain squared. The signal is extended at each end by its odd reflection about the end
    /// sample (up to nine samples, as `filtfilt` pads a second-order filter), and each pass starts
    /// in the steady state of its first value, so a straight line comes through straight.
    static func zeroPhase(_ signal: [Double], cutoff: Double, rate: Double) -> [Double] {
        let (b, a) = butterworth(cutoff: cutoff, rate: rate)
        let n = signal.count
        let pad = min(9, n - 1)
        var extended: [Double] = []
        extended.reserveCapacity(n + 2 * pad)
        for k in stride(from: pad, through: 1, by: -1) { extended.append(2 * signal[0] - signal[k]) }
        extended += signal
        for k in stride(from: n - 2, through: n - 1 - pad, by: -1) { extended.append(2 * signal[n - 1] - signal[k]) }
        var forward = Self.run(extended, b: b, a: a)
        forward.reverse()
        var backward = Self.run(forward, b: b, a: a)
        backward.reverse()
        return Array(backward[pad..<(pad + n)])
    }

    /// One pass of the biquad (direct form II transposed) from the steady state of its first value.
    static func run(_ x: [Double], b: [Double], a: [Double]) -> [Double] {
        guard let first = x.first else { return [] }
        // The state a constant input `first` holds the filter in (unit gain at 0 Hz).
        var z2 = (b[2] - a[2]) * first
        var z1 = (b[1] - a[1]) * first + z2
        var y: [Double] = []
        y.reserveCapacity(x.count)
        for value in x {
            let out = b[0] * value + z1
            z1 = b[1] * value - a[1] * out + z2
            z2 = b[2] * value - a[2] * out
            y.append(out)
        }
        return y
    }
}
