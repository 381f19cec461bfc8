public import StylusInput

/// The pen's tilt in degrees, as Pointer Events' `tiltX`/`tiltY` give it.
///
/// `x` is the angle between the Y-Z plane and the plane holding the pen and the Y axis,
/// positive when the top of the pen leans toward +x; `y` likewise toward +y (down the
/// tablet). evdev's `ABS_TILT_X`/`ABS_TILT_Y` follow the same signs.
public struct TiltDegrees: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The pen's orientation as ADF writes it: altitude and azimuth in radians.
public struct PenOrientation: Hashable, Sendable {
    /// The angle between the pen and the surface: π/2 upright, 0 lying flat.
    public var altitude: Double
    /// The direction the top of the pen leans, in [0, 2π): 0 toward +x, increasing
    /// clockwise with y down (π/2 is toward +y).
    public var azimuth: Double
}

extension PenOrientation {
    /// An upright pen, and the placeholder ADF writes where tilt is absent.
    public static let upright = PenOrientation(altitude: .pi / 2, azimuth: 0)

    /// Converts tilt to altitude and azimuth exactly as the reference function of the
    /// W3C Pointer Events specification does (section "Converting between tiltX/tiltY and
    /// altitudeAngle/azimuthAngle"), including its special cases for 0 and ±90 degrees.
    ///
    /// Two guards the reference does not need: tilts beyond ±90 degrees (a device whose
    /// range overshoots) are clamped to ±90, and an azimuth that rounds up to exactly 2π
    /// is written as 0, so the ADF range [0, 2π) holds.
    public init(tilt: TiltDegrees) {
        let tiltX = PenOrientation.clamped(tilt.x)
        let tiltY = PenOrientation.clamped(tilt.y)
        self.init(
            clampedTiltX: tiltX, clampedTiltY: tiltY,
            tangentX: tangent(tiltX * .pi / 180), tangentY: tangent(tiltY * .pi / 180))
    }

    /// Tilt limited to the ±90 degrees the reference function is defined on.
    @inline(__always)
    static func clamped(_ degrees: Double) -> Double {
        Swift.min(90, Swift.max(-90, degrees))
    }

    /// The reference conversion, given the tangents of the (clamped) tilts in radians, which
    /// `TiltAxisScale` looks up instead of computing for every frame.
    @inline(__always)
    init(clampedTiltX tiltX: Double, clampedTiltY tiltY: Double, tangentX: Double, tangentY: Double) {
        let atBoundary = abs(tiltX) == 90 || abs(tiltY) == 90

        var azimuth = 0.0
        if tiltX == 0 {
            if tiltY > 0 {
                azimuth = .pi / 2
            } else if tiltY < 0 {
                azimuth = 3 * .pi / 2
            }
        } else if tiltY == 0 {
            if tiltX < 0 {
                azimuth = .pi
            }
        } else if atBoundary {
            // The reference leaves the azimuth at 0: a pen lying flat along one axis
            // gives no second angle to take a direction from.
            azimuth = 0
        } else {
            azimuth = arcTangent(y: tangentY, x: tangentX)
            if azimuth < 0 {
                azimuth += 2 * .pi
            }
            if azimuth >= 2 * .pi {
                azimuth = 0
            }
        }

        let altitude: Double
        if atBoundary {
            altitude = 0
        } else if tiltX == 0 {
            altitude = .pi / 2 - abs(tiltY * .pi / 180)
        } else if tiltY == 0 {
            altitude = .pi / 2 - abs(tiltX * .pi / 180)
        } else {
            altitude = arcTangent(1 / (tangentX * tangentX + tangentY * tangentY).squareRoot())
        }
        self.init(altitude: altitude, azimuth: azimuth)
    }

    /// The orientation of a frame's raw tilt values, through the axes' conversions.
    ///
    /// Both axes must have reported: until one has, the orientation is unknown (evdev sends only
    /// changes, and a recording does not carry an axis's starting value), and the normaliser
    /// records it as absent (`AbsentAxes.tilt`) rather than take the other axis as 0°.
    @inline(__always)
    public init(tiltX: Int32, tiltY: Int32, scales: (x: TiltAxisScale, y: TiltAxisScale)) {
        let degreesX = PenOrientation.clamped(scales.x.degrees(tiltX))
        let degreesY = PenOrientation.clamped(scales.y.degrees(tiltY))
        self.init(
            clampedTiltX: degreesX, clampedTiltY: degreesY,
            tangentX: scales.x.tangent(of: tiltX, clampedDegrees: degreesX),
            tangentY: scales.y.tangent(of: tiltY, clampedDegrees: degreesY))
    }
}

/// Converts one evdev tilt axis's device units to degrees, the way libinput's `adjust_tilt` does.
///
/// When the axis has a resolution and a range around zero (minimum < 0 < maximum), the
/// resolution is in units per radian: `degrees = value / resolution * 180/π`. Otherwise the
/// axis is taken to span Wacom's physical ±64 degrees: the range is normalised to (-1, 1) as
/// `(value - minimum) / (maximum - minimum) * 2 - 1` and multiplied by 64. (libinput 1.2x
/// divides by `maximum - minimum + 1`; we keep the older form, whose ends land on exactly ±64.)
public struct TiltAxisScale: Sendable {
    /// How the axis was read, for diagnostics and `styluskit devices`.
    public enum Method: Hashable, Sendable {
        /// The resolution, in units per radian.
        case unitsPerRadian(Double)
        /// The range mapped linearly to ±64 degrees.
        case wacomSixtyFourDegrees(minimum: Int32, maximum: Int32)
    }

    public let method: Method
    let degreesPerUnit: Double
    let degreesOffset: Double
    /// The axis's minimum, the index origin of `tangents`.
    let minimum: Int32
    /// tan of every value's clamped tilt in radians, when the range is small enough to tabulate
    /// (all real devices: at most 18001 values); the tilt conversion would otherwise spend most
    /// of a frame's time in `tan`.
    let tangents: [Double]

    /// The largest range tabulated: 32768 values, 256 KiB.
    static let largestTable = 32768

    /// Decides the conversion of an axis from its absinfo, or returns nil when the range is empty
    /// (maximum ≤ minimum) and no conversion is possible.
    public init?(_ absInfo: AbsInfo) {
        let resolution = absInfo.resolution ?? 0
        if resolution != 0 && absInfo.minimum < 0 && absInfo.maximum > 0 {
            method = .unitsPerRadian(Double(resolution))
            degreesPerUnit = 180 / .pi / Double(resolution)
            degreesOffset = 0
        } else {
            guard absInfo.maximum > absInfo.minimum else { return nil }
            let range = Double(Int64(absInfo.maximum) - Int64(absInfo.minimum))
            method = .wacomSixtyFourDegrees(minimum: absInfo.minimum, maximum: absInfo.maximum)
            // ((v - min) / range * 2 - 1) * 64, as one multiply and one add.
            degreesPerUnit = 128 / range
            degreesOffset = -Double(absInfo.minimum) * 128 / range - 64
        }
        minimum = absInfo.minimum
        let count = Int64(absInfo.maximum) - Int64(absInfo.minimum) + 1
        if count > 0 && count <= Int64(Self.largestTable) {
            let (perUnit, offset, minimum) = (degreesPerUnit, degreesOffset, absInfo.minimum)
            tangents = (0..<Int32(count)).map { index in
                let degrees = PenOrientation.clamped(Double(minimum + index) * perUnit + offset)
                return StylusGeometry.tangent(degrees * .pi / 180)
            }
        } else {
            tangents = []
        }
    }

    /// tan of the tilt in radians of `value`, whose clamped tilt in degrees is `clampedDegrees`.
    @inline(__always)
    func tangent(of value: Int32, clampedDegrees: Double) -> Double {
        let index = Int(value) - Int(minimum)
        if index >= 0 && index < tangents.count {
            return tangents[index]
        }
        return StylusGeometry.tangent(clampedDegrees * .pi / 180)
    }

    /// The tilt in degrees of the device-unit value `value`.
    @inline(__always)
    public func degrees(_ value: Int32) -> Double {
        Double(value) * degreesPerUnit + degreesOffset
    }
}
