import Testing

@testable import PatientWindow

@Suite("Layered frame")
struct LayeredFrameTests {
    static let ink: UInt32 = 0xFF14_28A0

    /// A window's pixels kept between frames: only the dirty boxes are composed into it, as SDL's window surface is.
    final class Window {
        var pixels: [UInt32]
        let width: Int
        init(width: Int, height: Int) {
            self.width = width
            pixels = Array(repeating: 0xDEAD_BEEF, count: width * height)
        }
        /// Composes what changed; returns the pixels composed.
        @discardableResult
        func frame(_ layers: LayeredFrame) -> Int {
            let boxes = layers.takeDirty()
            pixels.withUnsafeMutableBufferPointer { buffer in
                for box in boxes { layers.compose(box, into: buffer.baseAddress!, pitch: width) }
            }
            return boxes.reduce(0) { $0 + $1.area }
        }
    }

    /// A page of horizontal grey lines, so that a stale box would show.
    static func page(width: Int, height: Int, shade: UInt32) -> [UInt32] {
        (0..<(width * height)).map { ($0 / width) % 7 == 0 ? 0xFF00_0000 | shade : 0xFFFF_FFFF }
    }

    /// An overlay that covers the left half grey, except a clear hole, with an opaque banner over the top.
    static func overlay(width: Int, height: Int) -> [UInt32] {
        (0..<(width * height)).map { index in
            let (x, y) = (index % width, index / width)
            if y < 6 { return 0xFFFF_F7CC }
            if x < width / 2 && !(x > 10 && x < 20 && y > 20 && y < 30) { return 0xFF8C_8C94 }
            return 0
        }
    }

    @Test("Ink, covers, a cursor, a fade and ink taken back, composed box by box, equal the frame composed whole")
    func incrementalEqualsWhole() {
        let (width, height) = (160, 90)
        let layers = LayeredFrame(width: width, height: height, cursorSize: 5)
        let window = Window(width: width, height: height)
        var generator = SplitMix(seed: 21)
        layers.showPage(Self.page(width: width, height: height, shade: 0x40_4040))
        window.frame(layers)
        #expect(window.pixels == layers.composeAll())
        for step in 0..<400 {
            switch generator.next() % 20 {
            case 0:
                layers.setOverlay(step % 2 == 0 ? Self.overlay(width: width, height: height) : nil)
            case 1:
                layers.redrawInk([PixelDot(x: 30, y: 30, size: 3)], colour: Self.ink)
            case 2:
                layers.setTop(
                    fadeOpacity: [UInt8(generator.next() % 256), 0], checkDots: [], checkColour: 0xFF1E_963C,
                    cursor: nil)
            default:
                let x = Double(generator.next() % 1700) / 10 - 5
                let y = Double(generator.next() % 1000) / 10 - 5
                layers.addInk(
                    [PixelDot(x: x, y: y, size: 2.6), PixelDot(x: x + 1.3, y: y + 0.7, size: 2.6)], colour: Self.ink)
                layers.setTop(fadeOpacity: [0, 0], checkDots: [], checkColour: 0, cursor: (x, y))
            }
            if step == 200 { layers.setFade(0, pixels: Self.overlay(width: width, height: height)) }
            window.frame(layers)
            #expect(window.pixels == layers.composeAll(), "frame \(step)")
            if window.pixels != layers.composeAll() { return }
        }
    }

    @Test("A segment of ink composes a box around it, not the screen")
    func inkIsSmall() {
        let layers = LayeredFrame(width: 1920, height: 1080)
        let window = Window(width: 1920, height: 1080)
        window.frame(layers)
        layers.addInk([PixelDot(x: 500, y: 500, size: 3), PixelDot(x: 502, y: 501, size: 3)], colour: Self.ink)
        #expect(window.frame(layers) <= 8 * 8)
        layers.setOverlay(Self.overlay(width: 1920, height: 1080))
        #expect(window.frame(layers) == 1920 * 1080)
        // The cursor moving composes its old and new place only.
        layers.setTop(fadeOpacity: [0, 0], checkDots: [], checkColour: 0, cursor: (100, 100))
        window.frame(layers)
        layers.setTop(fadeOpacity: [0, 0], checkDots: [], checkColour: 0, cursor: (300, 300))
        #expect(window.frame(layers) <= 2 * 26 * 26)
    }

    @Test("A square is filled where pixel centres fall inside it, left and top edges included")
    func fillRule() {
        // 2 x 2 at (10, 10) covers the centres 10.5 and 11.5: pixels 10 and 11.
        #expect(
            LayeredFrame.fill(PixelDot(x: 11, y: 11, size: 2), width: 100, height: 100)
                == ScreenBox(x0: 10, y0: 10, x1: 12, y1: 12))
        // From 9.5 (a centre: included) to 12.5 (a centre: excluded).
        #expect(
            LayeredFrame.fill(PixelDot(x: 11, y: 11, size: 3), width: 100, height: 100)
                == ScreenBox(x0: 9, y0: 9, x1: 12, y1: 12))
        // Off the screen's edge: clipped.
        #expect(
            LayeredFrame.fill(PixelDot(x: 0, y: 99, size: 4), width: 100, height: 100)
                == ScreenBox(x0: 0, y0: 97, x1: 2, y1: 100))
    }
}

/// A small deterministic generator, so the sequence of changes is the same at every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
