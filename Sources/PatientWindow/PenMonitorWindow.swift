import Foundation
public import StylusGeometry

/// Where `monitor --window` draws the pen on a pen display: under the nib, if the display and the
/// digitiser agree (the active area spans the screen, as X and Wayland map a pen display), with
/// the marks' sizes in millimetres at the display's density, so an offset or parallax is seen and
/// can be measured against them.
///
/// Pure: it is given the pen's position and tilt and gives pixels.
public struct PenMark: Sendable {
    /// The point the pen reports, in screen pixels.
    public var x: Double
    /// The point's row, down the screen.
    public var y: Double
    /// The end of the tilt line: from the point toward where the top of the pen leans, 10 mm long
    /// for a pen lying flat and 0 for an upright one (10 mm × cos altitude); nil without tilt.
    public var tiltEnd: (x: Double, y: Double)?
    /// The radius of the ring drawn around the point: 2 mm, 3 mm while the tip touches.
    public var ringRadius: Double

    /// The length, in millimetres, of a flat pen's tilt line.
    public static let tiltLineMillimetres = 10.0

    /// The mark of a pen at `position` on an active area of `tablet` mm, on a `width` × `height`
    /// pixel screen of `pixelsPerMillimetre`, leaning `altitude` and `azimuth` (radians, ADF's) when known.
    public init(
        position: TabletPosition, tablet: TabletSize, width: Int, height: Int, pixelsPerMillimetre: Double,
        altitude: Double?, azimuth: Double?, touching: Bool
    ) {
        x = position.xMillimetres / tablet.widthMillimetres * Double(width)
        y = position.yMillimetres / tablet.heightMillimetres * Double(height)
        if let altitude, let azimuth {
            let length = Self.tiltLineMillimetres * cos(altitude) * pixelsPerMillimetre
            // Azimuth 0 is toward +x, clockwise with y down: the screen's own axes.
            tiltEnd = (x + length * cos(azimuth), y + length * sin(azimuth))
        } else {
            tiltEnd = nil
        }
        ringRadius = (touching ? 3 : 2) * pixelsPerMillimetre
    }

    /// The dots that draw the ring and the tilt line, one pixel apart, `thickness` pixels square.
    public func dots(thickness: Double = 2) -> [PixelDot] {
        var dots: [PixelDot] = []
        let steps = max(8, Int(2 * .pi * ringRadius))
        for step in 0..<steps {
            let angle = Double(step) / Double(steps) * 2 * .pi
            dots.append(PixelDot(x: x + ringRadius * cos(angle), y: y + ringRadius * sin(angle), size: thickness))
        }
        if let tiltEnd {
            let length = ((tiltEnd.x - x) * (tiltEnd.x - x) + (tiltEnd.y - y) * (tiltEnd.y - y)).squareRoot()
            let count = Int(length)
            for step in 0...max(0, count) {
                let t = count == 0 ? 0 : Double(step) / Double(count)
                dots.append(PixelDot(x: x + t * (tiltEnd.x - x), y: y + t * (tiltEnd.y - y), size: thickness))
            }
        }
        return dots
    }
}

/// `monitor --window`'s window: full screen on the pen display, white, with the pen's point (a red
/// cross) and its ring and tilt line (blue) where the digitiser says the pen is.
public final class PenMonitorWindow {
    private let sdl: SDLScreen
    private let background: SDLTexture
    /// The display's density used for the marks' sizes.
    public let pixelsPerMillimetre: Double

    /// The cross's half length in millimetres.
    public static let crossMillimetres = 4.0

    /// Opens the window on SDL's monitor `monitorIndex` (nil: the first) at `pixelsPerInch` (a
    /// display profile's; nil: what the window system reports, else 96).
    public init(monitorIndex: Int?, pixelsPerInch: Double?) throws(PatientWindowError) {
        sdl = try SDLScreen(monitor: nil, monitorIndex: monitorIndex, title: "StylusKit monitor", layered: false)
        pixelsPerMillimetre = (pixelsPerInch ?? sdl.reportedPixelsPerInch ?? 96) / 25.4
        background = try sdl.texture(target: false)
        sdl.upload(Array(repeating: 0xFFFF_FFFF, count: sdl.width * sdl.height), to: background)
        sdl.setBlended(background, false)
        sdl.present([background], cursor: nil, cursorSize: 0)
    }

    /// SDL's video driver (`offscreen` when no one can see the window).
    public var videoDriver: String? { sdl.videoDriver }

    /// The window's size in pixels.
    public var size: (width: Int, height: Int) { (sdl.width, sdl.height) }

    /// Shows `mark` (nothing but white when the pen is out of proximity).
    public func show(_ mark: PenMark?) {
        sdl.present(
            [background], dots: mark?.dots() ?? [], dotColour: (20, 40, 160),
            cursor: mark.map { ($0.x, $0.y) }, cursorSize: Self.crossMillimetres * pixelsPerMillimetre)
    }

    /// True when Escape, Ctrl+Q or closing the window asked to end since the last look.
    public func endAsked() -> Bool {
        sdl.operatorKeys().contains { $0 == .end || $0 == .abort }
    }
}
