import Foundation
import PatientWindow
import Testing

@testable import StylusGeometry

/// Where `monitor --window` draws the pen, worked out by hand on a Cintiq 13HD's numbers: a
/// 293.76 x 165.24 mm active area over a 1920 x 1080 screen at 165.6 ppi (6.5197 pixels per mm).
@Suite("Pen monitor window's marks")
struct PenMarkTests {
    static let tablet = TabletSize(widthMillimetres: 293.76, heightMillimetres: 165.24)
    static let perMillimetre = 165.6 / 25.4

    @Test("The point where the active area's share of the screen puts it; the ring 2 mm, 3 mm touching")
    func point() {
        let mark = PenMark(
            position: TabletPosition(xMillimetres: 146.88, yMillimetres: 41.31), tablet: Self.tablet, width: 1920,
            height: 1080, pixelsPerMillimetre: Self.perMillimetre, altitude: nil, azimuth: nil, touching: false)
        // Half the width: 960; a quarter of the height: 270.
        #expect(abs(mark.x - 960) < 1e-9 && abs(mark.y - 270) < 1e-9)
        #expect(mark.tiltEnd == nil)
        #expect(abs(mark.ringRadius - 2 * 165.6 / 25.4) < 1e-9)
        let touching = PenMark(
            position: TabletPosition(xMillimetres: 0, yMillimetres: 165.24), tablet: Self.tablet, width: 1920,
            height: 1080, pixelsPerMillimetre: Self.perMillimetre, altitude: nil, azimuth: nil, touching: true)
        #expect(touching.x == 0 && abs(touching.y - 1080) < 1e-9)
        #expect(abs(touching.ringRadius - 3 * 165.6 / 25.4) < 1e-9)
    }

    @Test("The tilt line: 10 mm × cos altitude toward the azimuth (0 toward +x, π/2 toward +y, down the screen)")
    func tilt() throws {
        func end(altitude: Double, azimuth: Double) throws -> (x: Double, y: Double) {
            try #require(
                PenMark(
                    position: TabletPosition(xMillimetres: 146.88, yMillimetres: 82.62), tablet: Self.tablet,
                    width: 1920, height: 1080, pixelsPerMillimetre: Self.perMillimetre, altitude: altitude,
                    azimuth: azimuth, touching: true
                ).tiltEnd)
        }
        // Altitude 60°: cos = 0.5, a 5 mm line = 32.598 pixels; toward +x from (960, 540).
        let right = try end(altitude: .pi / 3, azimuth: 0)
        #expect(abs(right.x - (960 + 5 * Self.perMillimetre)) < 1e-9 && abs(right.y - 540) < 1e-9)
        // Toward +y (down): the same length down the screen.
        let down = try end(altitude: .pi / 3, azimuth: .pi / 2)
        #expect(abs(down.x - 960) < 1e-9 && abs(down.y - (540 + 5 * Self.perMillimetre)) < 1e-9)
        // Upright: no length.
        let upright = try end(altitude: .pi / 2, azimuth: 1)
        #expect(abs(upright.x - 960) < 1e-9 && abs(upright.y - 540) < 1e-9)
    }

    @Test("The dots draw a closed ring at the radius and a line to the tilt's end")
    func dots() {
        let mark = PenMark(
            position: TabletPosition(xMillimetres: 146.88, yMillimetres: 82.62), tablet: Self.tablet, width: 1920,
            height: 1080, pixelsPerMillimetre: Self.perMillimetre, altitude: 0, azimuth: .pi, touching: false)
        let dots = mark.dots()
        let ring = dots.filter { abs(hypot($0.x - 960, $0.y - 540) - mark.ringRadius) < 1e-6 }
        // 2π × 13.04 pixels: 81 dots a pixel apart.
        #expect(ring.count >= Int(2 * .pi * mark.ringRadius) - 1)
        // A flat pen leaning toward -x: 10 mm = 65.197 pixels to the left, every pixel on the way.
        let line = dots.filter { abs($0.y - 540) < 1e-9 && $0.x <= 960 - mark.ringRadius }
        #expect(line.map(\.x).min().map { abs($0 - (960 - 10 * Self.perMillimetre)) < 1e-6 } == true)
        #expect(line.count >= 65 - 14)
    }
}
