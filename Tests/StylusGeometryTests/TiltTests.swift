import StylusInput
import Testing

@testable import StylusGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The W3C Pointer Events reference conversion, checked at the vectors its special cases exist for.
/// Expected values are worked out from the spec's definitions, not taken from our output.
@Suite("Tilt to altitude and azimuth (W3C Pointer Events)")
struct W3CTiltTests {
    struct Vector: CustomTestStringConvertible, Sendable {
        var tiltX: Double
        var tiltY: Double
        var altitude: Double
        var azimuth: Double
        var testDescription: String { "tiltX \(tiltX), tiltY \(tiltY)" }
    }

    static let vectors: [Vector] = [
        // Upright pen: azimuth 0 by convention, altitude π/2.
        Vector(tiltX: 0, tiltY: 0, altitude: .pi / 2, azimuth: 0),
        // One axis tilted by 45°: altitude = π/2 - 45° = π/4; the azimuth points along the tilt:
        // +x → 0, -x → π, +y (down) → π/2, -y → 3π/2.
        Vector(tiltX: 45, tiltY: 0, altitude: .pi / 4, azimuth: 0),
        Vector(tiltX: -45, tiltY: 0, altitude: .pi / 4, azimuth: .pi),
        Vector(tiltX: 0, tiltY: 45, altitude: .pi / 4, azimuth: .pi / 2),
        Vector(tiltX: 0, tiltY: -45, altitude: .pi / 4, azimuth: 3 * .pi / 2),
        // Lying flat along one axis: altitude 0 (the |tilt| == 90 rule), azimuth along the axis.
        Vector(tiltX: 90, tiltY: 0, altitude: 0, azimuth: 0),
        Vector(tiltX: -90, tiltY: 0, altitude: 0, azimuth: .pi),
        Vector(tiltX: 0, tiltY: 90, altitude: 0, azimuth: .pi / 2),
        Vector(tiltX: 0, tiltY: -90, altitude: 0, azimuth: 3 * .pi / 2),
        // Both 45°: tan 45° = 1 on each axis, so azimuth = atan2(1, 1) = π/4 and
        // altitude = atan(1 / √(1² + 1²)) = atan(1/√2) ≈ 0.6155 rad (35.26°).
        Vector(tiltX: 45, tiltY: 45, altitude: atan(1 / 2.0.squareRoot()), azimuth: .pi / 4),
        // The other quadrants: atan2(1, -1) = 3π/4; atan2(-1, -1) = -3π/4, +2π = 5π/4;
        // atan2(-1, 1) = -π/4, +2π = 7π/4.
        Vector(tiltX: -45, tiltY: 45, altitude: atan(1 / 2.0.squareRoot()), azimuth: 3 * .pi / 4),
        Vector(tiltX: -45, tiltY: -45, altitude: atan(1 / 2.0.squareRoot()), azimuth: 5 * .pi / 4),
        Vector(tiltX: 45, tiltY: -45, altitude: atan(1 / 2.0.squareRoot()), azimuth: 7 * .pi / 4),
        // One axis at 90 and the other not 0: the spec sets both angles to 0.
        Vector(tiltX: 90, tiltY: 45, altitude: 0, azimuth: 0),
        Vector(tiltX: -30, tiltY: -90, altitude: 0, azimuth: 0),
        // tiltX 30, tiltY 60: tan 30° = 1/√3, tan 60° = √3, so azimuth = atan2(√3, 1/√3) = atan(3)
        // ≈ 1.2490 and altitude = atan(1 / √(1/3 + 3)) = atan(√(3/10)) ≈ 0.5016.
        Vector(tiltX: 30, tiltY: 60, altitude: atan((3.0 / 10).squareRoot()), azimuth: atan(3)),
    ]

    @Test(arguments: vectors)
    func referenceConversion(_ vector: Vector) {
        let orientation = PenOrientation(tilt: TiltDegrees(x: vector.tiltX, y: vector.tiltY))
        #expect(nearly(orientation.altitude, vector.altitude, 1e-12), "altitude \(orientation.altitude)")
        #expect(nearly(orientation.azimuth, vector.azimuth, 1e-12), "azimuth \(orientation.azimuth)")
    }

    @Test func azimuthStaysBelowTwoPi() {
        // A hair below the +x axis: atan2 gives about -1e-17, and -1e-17 + 2π rounds to 2π in
        // doubles; ADF's range is [0, 2π), so it must come out as 0 or just below 2π.
        let orientation = PenOrientation(tilt: TiltDegrees(x: 45, y: -1e-15))
        #expect(orientation.azimuth >= 0 && orientation.azimuth < 2 * .pi)
    }

    @Test func tiltBeyondNinetyDegreesIsClamped() {
        // 95° would put the pen through the surface; taken as 90°: lying flat toward +x.
        let orientation = PenOrientation(tilt: TiltDegrees(x: 95, y: 0))
        #expect(orientation.altitude == 0)
        #expect(orientation.azimuth == 0)
    }
}

/// evdev tilt units to degrees as libinput's adjust_tilt does, on the real devices' tilt axes.
@Suite("evdev tilt to degrees")
struct EvdevTiltTests {
    func scale(_ device: DeviceDescription, _ axis: UInt16 = AbsoluteAxis.tiltX) throws -> TiltAxisScale {
        let info = try #require(device.absInfo[axis])
        return try #require(TiltAxisScale(info))
    }

    @Test func cintiq13HDIsInUnitsPerRadian() throws {
        // -64..63 with resolution 57: around zero with a resolution, so 57 units = 1 radian.
        let tilt = try scale(RealDevices.cintiq13HD)
        #expect(tilt.method == .unitsPerRadian(57))
        #expect(tilt.degrees(0) == 0)
        // 57 units = 1 rad = 180/π = 57.29578°.
        #expect(nearly(tilt.degrees(57), 57.295_779_513_082_32))
        // 63 units = 63/57 rad = 1.105263 rad = 63.3269°; -64 units = -1.122807 rad = -64.3321°.
        #expect(nearly(tilt.degrees(63), 63.0 / 57.0 * 180 / .pi))
        #expect(nearly(tilt.degrees(63), 63.3269, 1e-4))
        #expect(nearly(tilt.degrees(-64), -64.3321, 1e-4))
    }

    @Test func dellCanvasIsInHundredthsOfADegree() throws {
        // -9000..9000 with resolution 5730 units per radian: 1 unit = 1/5730 rad = 0.0099993°.
        let tilt = try scale(RealDevices.dellCanvas, AbsoluteAxis.tiltY)
        #expect(tilt.method == .unitsPerRadian(5730))
        #expect(nearly(tilt.degrees(5730), 180 / .pi))
        // 9000 units = 9000/5730 rad = 1.570681 rad = 89.9934°, just short of 90.
        #expect(nearly(tilt.degrees(9000), 89.9934, 1e-4))
        #expect(nearly(tilt.degrees(-4500), -44.9967, 1e-4))
        #expect(nearly(tilt.degrees(1), 0.0099993, 1e-7))
    }

    @Test func cintiq22HDTMapsItsRangeToSixtyFourDegrees() throws {
        // 0..127 without resolution: (v - 0) / 127 * 2 - 1, times 64.
        let tilt = try scale(RealDevices.cintiq22HDT)
        #expect(tilt.method == .wacomSixtyFourDegrees(minimum: 0, maximum: 127))
        #expect(nearly(tilt.degrees(0), -64))
        #expect(nearly(tilt.degrees(127), 64))
        // 64: (128/127 - 1) * 64 = 64/127 = 0.50394°: the centre is half a step off 0, as in libinput.
        #expect(nearly(tilt.degrees(64), 64.0 / 127.0))
        // 80 (the value in the recording's header): (160/127 - 1) * 64 = 2112/127 = 16.6299°.
        #expect(nearly(tilt.degrees(80), 2112.0 / 127.0))
    }

    @Test func resolutionOnAZeroBasedRangeIsIgnored() throws {
        // libinput takes the resolution as units/radian only when min < 0 < max.
        let tilt = try #require(TiltAxisScale(AbsInfo(minimum: 0, maximum: 127, resolution: 57)))
        #expect(tilt.method == .wacomSixtyFourDegrees(minimum: 0, maximum: 127))
        #expect(nearly(tilt.degrees(127), 64))
    }

    @Test(arguments: [RealDevices.cintiq13HD, RealDevices.dellCanvas, RealDevices.cintiq22HDT])
    func tabulatedTangentsGiveTheReferenceResult(device: DeviceDescription) throws {
        // The per-frame path looks tangents up in a table; it must agree bit for bit with the
        // reference conversion of the same degrees, at every raw value on the diagonal and along
        // each axis (which exercise the 0 special cases).
        let scales = (x: try scale(device), y: try scale(device, AbsoluteAxis.tiltY))
        let info = try #require(device.absInfo[AbsoluteAxis.tiltX])
        for value in info.minimum...info.maximum {
            for (x, y) in [(value, value), (value, 0), (0, value), (value, -value / 2)] {
                let viaTable = PenOrientation(tiltX: x, tiltY: y, scales: scales)
                let reference = PenOrientation(tilt: TiltDegrees(x: scales.x.degrees(x), y: scales.y.degrees(y)))
                #expect(viaTable == reference, "tilt \(x), \(y)")
            }
        }
    }

    @Test func emptyRangeHasNoConversion() {
        #expect(TiltAxisScale(AbsInfo(minimum: 0, maximum: 0, resolution: 0)) == nil)
    }
}
