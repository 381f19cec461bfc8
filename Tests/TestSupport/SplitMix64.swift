/// SplitMix64 (Vigna's splitmix64.c): a small seeded generator, so a failing random test can be replayed
/// from its seed. The tests' one copy; the same outputs as the one `Proctoring` and `Synthesis` use.
public struct SplitMix64: RandomNumberGenerator {
    public var state: UInt64

    /// Starts at `state`: the seed.
    public init(state: UInt64) { self.state = state }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
