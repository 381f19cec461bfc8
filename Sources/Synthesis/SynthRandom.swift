/// The generator behind every random choice of a synthesis: SplitMix64, so that one seed gives
/// the same recording on every machine and Swift version (the standard library's generator is
/// neither seedable nor stable).
public struct SynthRandom: Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number drawn uniformly from `range`.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        // 53 random bits: every double in [0, 1) that the mantissa can hold.
        let unit = Double(next() >> 11) / Double(UInt64(1) << 53)
        return range.lowerBound + (range.upperBound - range.lowerBound) * unit
    }

    /// A number roughly normally distributed around 0 with standard deviation `deviation`
    /// (the sum of four uniforms: no logarithm needed, and tails bounded at ±3.5 deviations).
    public mutating func noise(_ deviation: Double) -> Double {
        var sum = 0.0
        for _ in 0..<4 { sum += uniform(-1...1) }
        // Four uniforms on [-1, 1] have variance 4/3.
        return sum * deviation / (4.0 / 3.0).squareRoot()
    }
}
