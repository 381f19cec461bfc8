/// Converts raw pressure to force on the ADF scale.
///
/// ADF records force, not device units: force 1.0 is an average touch, and the original
/// stylus the format was designed with peaked around 4.3. The `pressure` attribute of a point
/// is `round(force * 1000)`. We map the pen's usable range linearly onto
/// `0 ... maximumForce`:
///
///     force = (pressure - offset) / (maximum - offset) * maximumForce, never below 0
///
/// where `offset` is the raw value the pen reports when resting on nothing (the pressure
/// axis minimum, or the higher value a worn nib reports, as the frame assembler detects it).
/// With the default maximum force of 25/6, full scale writes `4167`, close to the original
/// stylus's peak, so analysis code sees familiar magnitudes.
public struct ForceScale: Hashable, Sendable {
    /// The force full-scale pressure maps to unless a profile says otherwise: 25/6, so that
    /// full scale is written as 4167.
    public static let defaultMaximumForce: Double = 25.0 / 6.0

    /// The force of a tip-down frame on a device without a pressure axis: an average touch.
    public static let forceWithoutPressureAxis: Double = 1.0

    /// The raw value of no pressure when no worn-nib offset is known.
    public let minimum: Int32
    /// The raw value of full pressure.
    public let maximum: Int32
    /// The force full-scale pressure maps to.
    public let maximumForce: Double

    public init(minimum: Int32, maximum: Int32, maximumForce: Double = ForceScale.defaultMaximumForce) {
        self.minimum = minimum
        self.maximum = maximum
        self.maximumForce = maximumForce
    }

    /// The force of the raw pressure `pressure`.
    ///
    /// - Parameters:
    ///   - pressure: the raw `ABS_PRESSURE` value.
    ///   - offset: the raw value of a resting nib, when the frame assembler has detected one;
    ///     nil (or a value below the minimum) means the axis minimum.
    /// - Returns: the force, 0 at or below the offset, `maximumForce` at the maximum.
    @inline(__always)
    public func force(pressure: Int32, offset: Int32? = nil) -> Double {
        let base = Swift.max(offset ?? minimum, minimum)
        let span = Double(Int64(maximum) - Int64(base))
        // A nib worn down to full scale leaves no usable range: report no force rather than divide by 0.
        guard span > 0 else { return 0 }
        let force = Double(Int64(pressure) - Int64(base)) / span * maximumForce
        return Swift.max(0, force)
    }

    /// The integer ADF writes in a point's `pressure` attribute: `round(force * 1000)`.
    @inline(__always)
    public static func adfPressure(force: Double) -> Int {
        Int((force * 1000).rounded())
    }
}
