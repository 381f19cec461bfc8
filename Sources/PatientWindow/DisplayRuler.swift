public import FormPrinting
public import StylusGeometry

/// A key of `calibrate display`'s ruler window.
public enum RulerKey: Hashable, Sendable {
    /// Right arrow: one pixel longer.
    case longer
    /// Left arrow: one pixel shorter.
    case shorter
    /// Up arrow: ten pixels longer.
    case muchLonger
    /// Down arrow: ten pixels shorter.
    case muchShorter
    /// A character typed (a digit, `.` or `,` of the measured length).
    case character(Character)
    /// Backspace: the last character typed taken back.
    case backspace
    /// Enter (Return or the keypad's): on to typing the length, or done typing it.
    case enter
    /// Escape: back from typing to the line, or, at the line, no measurement.
    case escape
    /// The window closed.
    case close
}

/// `calibrate display`'s ruler (issue 33, item 3): a horizontal line of a chosen number of pixels
/// with a tick at each end, drawn full screen, lengthened and shortened with the arrow keys until it
/// suits the ruler at hand, then its length on the glass typed in centimetres, as PsychoPy's
/// Monitor Center has the experimenter measure a line it draws itself.
///
/// Pure: it is given keys and a screen size, and gives its state and the picture of the screen in
/// pixels (a page whose centimetre is one pixel).
public struct DisplayRuler: Hashable, Sendable {
    /// Where the ruler is.
    public enum Phase: Hashable, Sendable {
        /// The line is being sized with the arrow keys.
        case sizing
        /// The measured length is being typed; `refused` says why the last Enter did not take it.
        case typing(String, refused: String?)
        /// Measured: the line's pixels and their length on the glass.
        case measured(pixels: Int, centimetres: Double)
        /// Left without a measurement (Escape at the line, or the window closed).
        case cancelled
    }

    /// The screen's size in pixels.
    public let width: Int
    /// The screen's height in pixels.
    public let height: Int
    /// The line's length in pixels, from the outer edge of one tick to the outer edge of the other.
    public private(set) var pixels: Int
    /// What the ruler is doing.
    public private(set) var phase: Phase = .sizing

    /// The shortest line: shorter lines measure less exactly than a ruler's millimetre allows.
    public static let shortestPixels = 100
    /// The empty margin kept at each side of the screen, in pixels.
    public static let marginPixels = 20
    /// The ticks' width and the line's thickness, in pixels.
    public static let strokePixels = 2
    /// The ticks' height, in pixels.
    public static let tickPixels = 60
    /// The most characters a typed length takes (`123.45`).
    public static let longestTyped = 7

    /// The ruler on a `width` x `height` screen, its line first the largest whole hundred of pixels
    /// that fits in 80 % of the width (1500 on a 1920-pixel screen), at least `shortestPixels`.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = max(Self.shortestPixels, Int(Double(width) * 0.8) / 100 * 100)
        pixels = min(pixels, longestPixels)
    }

    /// The longest line the screen holds with its margins.
    public var longestPixels: Int { max(Self.shortestPixels, width - 2 * Self.marginPixels) }

    /// The first pixel column of the line (its left tick's outer edge); the line is centred.
    public var left: Int { (width - pixels) / 2 }

    /// The row of the line's top edge; the line is centred vertically.
    public var top: Int { height / 2 - Self.strokePixels / 2 }

    /// True once measured or cancelled: the window closes.
    public var isDone: Bool {
        switch phase {
        case .measured, .cancelled: true
        case .sizing, .typing: false
        }
    }

    /// The screen's density the measurement gives, in pixels per inch; nil until measured.
    public var pixelsPerInch: Double? {
        guard case .measured(let pixels, let centimetres) = phase else { return nil }
        return Double(pixels) / (centimetres / 2.54)
    }

    /// `key` pressed.
    public mutating func press(_ key: RulerKey) {
        switch (phase, key) {
        case (_, .close):
            phase = .cancelled
        case (.sizing, .longer): pixels = min(longestPixels, pixels + 1)
        case (.sizing, .shorter): pixels = max(Self.shortestPixels, pixels - 1)
        case (.sizing, .muchLonger): pixels = min(longestPixels, pixels + 10)
        case (.sizing, .muchShorter): pixels = max(Self.shortestPixels, pixels - 10)
        case (.sizing, .enter): phase = .typing("", refused: nil)
        case (.sizing, .escape): phase = .cancelled
        case (.typing(let typed, _), .character(let character)):
            let digit = character.isASCII && character.isNumber
            let point = character == "." || character == ","
            guard digit || point, typed.count < Self.longestTyped else { return }
            phase = .typing(typed + (point ? "." : String(character)), refused: nil)
        case (.typing(let typed, _), .backspace): phase = .typing(String(typed.dropLast()), refused: nil)
        case (.typing, .escape): phase = .sizing
        case (.typing(let typed, _), .enter):
            if let centimetres = Double(typed), centimetres > 0, centimetres.isFinite {
                phase = .measured(pixels: pixels, centimetres: centimetres)
            } else {
                phase = .typing(typed, refused: "'\(typed)' is not a length: type it in centimetres, e.g. 29.6")
            }
        default:
            break
        }
    }

    /// The words at the top of the screen, a line each.
    public var instructions: [String] {
        switch phase {
        case .sizing:
            [
                "Size the line to your ruler: Right/Left arrow 1 pixel longer/shorter, Up/Down 10 pixels.",
                "Measure it on the glass from the outer edge of one tick to the outer edge of the other.",
                "Enter: type the length measured. Escape: leave without measuring.",
            ]
        case .typing(let typed, let refused):
            [
                "The line is \(pixels) pixels. Type its length measured on the glass, in centimetres:",
                "\(typed)_ cm",
                refused ?? "Enter: done. Backspace: correct. Escape: back to sizing the line.",
            ]
        case .measured(let pixels, let centimetres):
            ["\(pixels) pixels measure \(centimetres) cm."]
        case .cancelled:
            []
        }
    }

    /// The screen: white, the line and its ticks in black, exact to the pixel (filled rectangles on
    /// whole pixels, no line caps), its length in pixels under it and the words above it. A page whose
    /// centimetre is one pixel: rasterise it at 2.54 dots per inch.
    public var page: PageDrawing {
        let x0 = Double(left)
        let x1 = Double(left + pixels)
        let y0 = Double(top)
        let stroke = Double(Self.strokePixels)
        let tickTop = y0 + stroke / 2 - Double(Self.tickPixels) / 2
        let tickBottom = tickTop + Double(Self.tickPixels)
        var marks: [PageMark] = [
            Self.rectangle(x0: 0, y0: 0, x1: Double(width), y1: Double(height), colour: .white),
            Self.rectangle(x0: x0, y0: y0, x1: x1, y1: y0 + stroke, colour: .black),
            Self.rectangle(x0: x0, y0: tickTop, x1: x0 + stroke, y1: tickBottom, colour: .black),
            Self.rectangle(x0: x1 - stroke, y0: tickTop, x1: x1, y1: tickBottom, colour: .black),
            .centredText(
                "\(pixels) pixels",
                centre: FormPosition(xCentimetres: Double(width) / 2, yCentimetres: tickBottom + 40),
                sizeCentimetres: 28, bold: false, colour: .black),
        ]
        for (index, line) in instructions.enumerated() {
            marks.append(
                .text(
                    line, at: FormPosition(xCentimetres: 40, yCentimetres: 60 + Double(index) * 40),
                    sizeCentimetres: 26,
                    colour: index == 2 && isRefused ? .endRed : .black))
        }
        return PageDrawing(
            size: FormSize(widthCentimetres: Double(width), heightCentimetres: Double(height)), marks: marks)
    }

    private var isRefused: Bool {
        if case .typing(_, let refused?) = phase { return !refused.isEmpty }
        return false
    }

    private static func rectangle(x0: Double, y0: Double, x1: Double, y1: Double, colour: PrintColour) -> PageMark {
        .polygon(
            [
                FormPosition(xCentimetres: x0, yCentimetres: y0), FormPosition(xCentimetres: x1, yCentimetres: y0),
                FormPosition(xCentimetres: x1, yCentimetres: y1), FormPosition(xCentimetres: x0, yCentimetres: y1),
            ], colour: colour)
    }
}

/// `calibrate display --ruler`'s window: full screen on the chosen monitor, the `DisplayRuler` drawn
/// at the screen's own pixels, keys read until the length is typed or the ruler left.
public final class RulerWindow {
    private let sdl: SDLScreen
    private let picture: SDLTexture

    /// Opens the window on SDL's monitor `monitorIndex` (nil: the first).
    public init(monitorIndex: Int?) throws(PatientWindowError) {
        sdl = try SDLScreen(monitor: nil, monitorIndex: monitorIndex, title: "StylusKit display ruler", layered: false)
        picture = try sdl.texture(target: false)
        sdl.setBlended(picture, false)
    }

    /// SDL's video driver (`offscreen` when no one can see the window).
    public var videoDriver: String? { sdl.videoDriver }

    /// The window's size in pixels.
    public var size: (width: Int, height: Int) { (sdl.width, sdl.height) }

    /// Shows `ruler`.
    public func show(_ ruler: DisplayRuler) {
        let raster = RasterImage(page: ruler.page, dotsPerInch: 2.54)
        sdl.upload(PatientScreen.fitted(raster, width: sdl.width, height: sdl.height), to: picture)
        sdl.present([picture], cursor: nil, cursorSize: 0)
    }

    /// Shows the ruler and reads keys until it is measured or left; returns it then.
    public func measure() -> DisplayRuler {
        var ruler = DisplayRuler(width: sdl.width, height: sdl.height)
        show(ruler)
        while !ruler.isDone {
            let keys = sdl.rulerKeys(waitingMilliseconds: 100)
            guard !keys.isEmpty else {
                // An exposed window is drawn again whole.
                if sdl.windowChanged { show(ruler) }
                continue
            }
            for key in keys where !ruler.isDone { ruler.press(key) }
            show(ruler)
        }
        return ruler
    }
}
