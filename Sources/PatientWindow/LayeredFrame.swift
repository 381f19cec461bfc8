/// A rectangle of whole screen pixels, columns `x0..<x1` and rows `y0..<y1`.
public struct ScreenBox: Hashable, Sendable {
    public var x0: Int
    public var y0: Int
    public var x1: Int
    public var y1: Int

    public var isEmpty: Bool { x1 <= x0 || y1 <= y0 }
    public var area: Int { isEmpty ? 0 : (x1 - x0) * (y1 - y0) }

    /// The smallest box holding both.
    public func union(_ other: ScreenBox) -> ScreenBox {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return ScreenBox(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }

    /// Whether the two boxes overlap or lie within `margin` pixels of each other.
    func touches(_ other: ScreenBox, margin: Int) -> Bool {
        x0 - margin < other.x1 && other.x0 - margin < x1 && y0 - margin < other.y1 && other.y0 - margin < y1
    }

    /// The part inside a screen of `width` x `height`.
    func clipped(width: Int, height: Int) -> ScreenBox {
        ScreenBox(x0: max(0, x0), y0: max(0, y0), x1: min(width, x1), y1: min(height, y1))
    }
}

/// A filled square or bar in screen pixels (centre or corner and size as Double, as the ink is computed).
public struct PixelDot: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var size: Double
}

/// The patient's frame kept as layers in memory and composed only where something changed.
///
/// The layers, bottom to top: the form with the ink drawn onto it (opaque; the ink is added dot by
/// dot, never redrawn), the proctor's overlay (cover, banner, buttons: each pixel either opaque or
/// clear), the finish animations' card and closing page (faded by an opacity), the check mark's dots,
/// and the cursor of a tablet without a display. Every change notes the screen box it touches; a
/// frame composes those boxes only, into the window's own pixels, which keep the rest.
///
/// Pure Swift: no SDL, no clock, so a frame built incrementally can be checked against one built
/// whole (`composeAll`).
public final class LayeredFrame {
    public let width: Int
    public let height: Int
    /// The form as drawn, without ink (to take ink back).
    private var form: [UInt32]
    /// The form with the ink.
    private var canvas: [UInt32]
    private var overlay = FrameLayer.empty
    /// The card and the closing page, by slot, once drawn.
    private var fades: [FrameLayer?] = [nil, nil]
    /// The opacity each fade was last composed at (0: not shown).
    private var fadeOpacity: [UInt8] = [0, 0]
    private var checkDots: [PixelDot] = []
    private var checkColour: UInt32 = 0xFF00_0000
    private var cursor: (x: Double, y: Double)?
    public let cursorSize: Double
    /// The boxes to compose at the next frame.
    private(set) var dirty: [ScreenBox] = []
    /// The cursor's colour: the red of the full redraw's cross-hair.
    static let cursorColour: UInt32 = 0xFFDC_0000

    /// A frame of `width` x `height`, white, with a cross-hair of arm `cursorSize` pixels.
    public init(width: Int, height: Int, cursorSize: Double = 12) {
        self.width = width
        self.height = height
        self.cursorSize = cursorSize
        form = Array(repeating: 0xFFFF_FFFF, count: width * height)
        canvas = form
        dirty = [whole]
    }

    var whole: ScreenBox { ScreenBox(x0: 0, y0: 0, x1: width, y1: height) }

    /// Notes a box to compose; boxes that meet are merged, and many or large ones become the whole screen.
    func touch(_ box: ScreenBox) {
        var box = box.clipped(width: width, height: height)
        guard !box.isEmpty else { return }
        // Merging neighbours keeps a stroke's segment one box, not one per dot.
        var merged = true
        while merged {
            merged = false
            for (index, other) in dirty.enumerated() where other.touches(box, margin: 8) {
                box = box.union(other)
                dirty.remove(at: index)
                merged = true
                break
            }
        }
        dirty.append(box)
        if dirty.count > 32 || dirty.reduce(0, { $0 + $1.area }) > width * height / 2 { dirty = [whole] }
    }

    /// The whole frame is composed again (a step, a cover, an exposed or resized window).
    public func touchAll() { dirty = [whole] }

    /// A new page: the form's pixels (width x height, ARGB), the ink wiped.
    public func showPage(_ pixels: [UInt32]) {
        precondition(pixels.count == width * height, "a page needs width × height pixels")
        form = pixels
        canvas = pixels
        touchAll()
    }

    /// The ink wiped and `dots` drawn again (ink taken back).
    public func redrawInk(_ dots: [PixelDot], colour: UInt32) {
        canvas = form
        touchAll()
        addInk(dots, colour: colour)
    }

    /// Dots of ink added onto the page.
    public func addInk(_ dots: [PixelDot], colour: UInt32) {
        guard !dots.isEmpty else { return }
        let (width, height) = (self.width, self.height)
        var box = ScreenBox(x0: 0, y0: 0, x1: 0, y1: 0)
        canvas.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for dot in dots {
                let filled = Self.fill(dot, width: width, height: height)
                guard !filled.isEmpty else { continue }
                for y in filled.y0..<filled.y1 {
                    (base + y * width + filled.x0).update(repeating: colour, count: filled.x1 - filled.x0)
                }
                box = box.union(filled)
            }
        }
        touch(box)
    }

    /// The overlay's pixels (each opaque or clear), or nil for none.
    public func setOverlay(_ pixels: [UInt32]?) {
        overlay = pixels.map { FrameLayer(pixels: $0, width: width) } ?? .empty
        // A cover, a banner or the buttons changing is rare: the frame is composed whole.
        touchAll()
    }

    /// Whether the finish layer `slot` (0 the card, 1 the closing page) has been drawn.
    public func hasFade(_ slot: Int) -> Bool { fades[slot] != nil }

    /// The finish layer `slot`'s pixels (clear outside what it shows).
    public func setFade(_ slot: Int, pixels: [UInt32]) {
        let layer = FrameLayer(pixels: pixels, width: width)
        fades[slot] = layer
        if fadeOpacity[slot] > 0 { touch(layer.bounds) }
    }

    /// The finish layers' opacities, the check mark's dots and the cursor for the next frame; the
    /// boxes they change are noted.
    public func setTop(
        fadeOpacity opacity: [UInt8], checkDots dots: [PixelDot], checkColour colour: UInt32,
        cursor newCursor: (x: Double, y: Double)?
    ) {
        for slot in 0..<2 where opacity[slot] != fadeOpacity[slot] {
            if let layer = fades[slot] { touch(layer.bounds) }
            fadeOpacity[slot] = opacity[slot]
        }
        if dots != checkDots {
            touch(Self.bounds(of: checkDots, width: width, height: height))
            touch(Self.bounds(of: dots, width: width, height: height))
            checkDots = dots
            checkColour = colour
        }
        let moved: Bool
        switch (cursor, newCursor) {
        case (nil, nil): moved = false
        case (let old?, let new?): moved = old.x != new.x || old.y != new.y
        default: moved = true
        }
        if moved {
            if let cursor { touch(cursorBox(cursor)) }
            if let newCursor { touch(cursorBox(newCursor)) }
            cursor = newCursor
        }
    }

    /// The boxes changed since the last call, cleared.
    public func takeDirty() -> [ScreenBox] {
        defer { dirty.removeAll(keepingCapacity: true) }
        return dirty
    }

    /// Composes `box` of the frame into `target`, an image of this frame's size `pitch` pixels a row.
    public func compose(_ box: ScreenBox, into target: UnsafeMutablePointer<UInt32>, pitch: Int) {
        let box = box.clipped(width: width, height: height)
        guard !box.isEmpty else { return }
        canvas.withUnsafeBufferPointer { canvasBuffer in
            guard let canvasBase = canvasBuffer.baseAddress else { return }
            for y in box.y0..<box.y1 where !overlay.covers(row: y, from: box.x0, to: box.x1) {
                (target + y * pitch + box.x0).update(from: canvasBase + y * width + box.x0, count: box.x1 - box.x0)
            }
        }
        overlay.copyOpaque(in: box, into: target, pitch: pitch)
        for slot in 0..<2 where fadeOpacity[slot] > 0 {
            fades[slot]?.blend(in: box, opacity: fadeOpacity[slot], into: target, pitch: pitch)
        }
        for dot in checkDots {
            Self.paint(
                Self.fill(dot, width: width, height: height), colour: checkColour, clip: box, into: target, pitch: pitch
            )
        }
        if let cursor {
            for arm in cursorArms(cursor) {
                Self.paint(arm, colour: Self.cursorColour, clip: box, into: target, pitch: pitch)
            }
        }
    }

    /// The whole frame, composed from the layers (what a full redraw shows), as width x height pixels.
    public func composeAll() -> [UInt32] {
        var pixels = Array(repeating: UInt32(0), count: width * height)
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            compose(whole, into: base, pitch: width)
        }
        return pixels
    }

    // MARK: Rasterising

    /// The pixels a filled square covers, as the full redraw's renderer fills it: a pixel whose centre
    /// lies in [x, x + size) on both axes, the edges taken in single precision (SDL's `SDL_FRect`) and
    /// snapped to the rasteriser's 1/256 pixel.
    static func fill(_ dot: PixelDot, width: Int, height: Int) -> ScreenBox {
        let x = Float(dot.x - dot.size / 2)
        let y = Float(dot.y - dot.size / 2)
        let size = Float(dot.size)
        return bar(x: x, y: y, w: size, h: size, width: width, height: height)
    }

    /// The pixels of a filled rectangle at (x, y) of w x h, by the rule of `fill`.
    static func bar(x: Float, y: Float, w: Float, h: Float, width: Int, height: Int) -> ScreenBox {
        func first(_ edge: Float) -> Int {
            let snapped = Double((edge * 256).rounded(.toNearestOrEven)) / 256
            return Int((snapped - 0.5).rounded(.up))
        }
        return ScreenBox(x0: first(x), y0: first(y), x1: first(x + w), y1: first(y + h)).clipped(
            width: width, height: height)
    }

    private static func bounds(of dots: [PixelDot], width: Int, height: Int) -> ScreenBox {
        dots.reduce(ScreenBox(x0: 0, y0: 0, x1: 0, y1: 0)) { $0.union(fill($1, width: width, height: height)) }
    }

    private func cursorArms(_ at: (x: Double, y: Double)) -> [ScreenBox] {
        let x = Float(at.x)
        let y = Float(at.y)
        let r = Float(cursorSize)
        return [
            Self.bar(x: x - r, y: y - 1, w: 2 * r, h: 2, width: width, height: height),
            Self.bar(x: x - 1, y: y - r, w: 2, h: 2 * r, width: width, height: height),
        ]
    }

    private func cursorBox(_ at: (x: Double, y: Double)) -> ScreenBox {
        cursorArms(at).reduce(ScreenBox(x0: 0, y0: 0, x1: 0, y1: 0)) { $0.union($1) }
    }

    private static func paint(
        _ filled: ScreenBox, colour: UInt32, clip: ScreenBox, into target: UnsafeMutablePointer<UInt32>, pitch: Int
    ) {
        let part = ScreenBox(
            x0: max(filled.x0, clip.x0), y0: max(filled.y0, clip.y0), x1: min(filled.x1, clip.x1),
            y1: min(filled.y1, clip.y1))
        guard !part.isEmpty else { return }
        for y in part.y0..<part.y1 {
            (target + y * pitch + part.x0).update(repeating: colour, count: part.x1 - part.x0)
        }
    }
}

/// One layer over the page: its pixels and, per row, the runs of columns it shows (not clear), so
/// composing copies runs instead of testing pixels.
struct FrameLayer {
    let pixels: [UInt32]
    let width: Int
    /// Per row, the column runs whose pixels are not clear.
    let runs: [[Range<Int>]]
    /// The box holding every shown pixel.
    let bounds: ScreenBox

    static let empty = FrameLayer(pixels: [], width: 0, runs: [], bounds: ScreenBox(x0: 0, y0: 0, x1: 0, y1: 0))

    private init(pixels: [UInt32], width: Int, runs: [[Range<Int>]], bounds: ScreenBox) {
        self.pixels = pixels
        self.width = width
        self.runs = runs
        self.bounds = bounds
    }

    init(pixels: [UInt32], width: Int) {
        self.pixels = pixels
        self.width = width
        let height = width == 0 ? 0 : pixels.count / width
        var runs: [[Range<Int>]] = Array(repeating: [], count: height)
        var bounds = ScreenBox(x0: 0, y0: 0, x1: 0, y1: 0)
        pixels.withUnsafeBufferPointer { buffer in
            for y in 0..<height {
                var x = 0
                let row = y * width
                while x < width {
                    while x < width && buffer[row + x] >> 24 == 0 { x += 1 }
                    let start = x
                    while x < width && buffer[row + x] >> 24 != 0 { x += 1 }
                    if x > start {
                        runs[y].append(start..<x)
                        bounds = bounds.union(ScreenBox(x0: start, y0: y, x1: x, y1: y + 1))
                    }
                }
            }
        }
        self.runs = runs
        self.bounds = bounds
    }

    /// Whether the layer shows every pixel of `row` from `x0` to `x1` (then what is under it need not be copied).
    func covers(row: Int, from x0: Int, to x1: Int) -> Bool {
        guard runs.indices.contains(row) else { return false }
        return runs[row].contains { $0.lowerBound <= x0 && $0.upperBound >= x1 }
    }

    /// Copies the shown pixels inside `box` over `target` (each is opaque: the overlay's are).
    func copyOpaque(in box: ScreenBox, into target: UnsafeMutablePointer<UInt32>, pitch: Int) {
        guard !runs.isEmpty else { return }
        pixels.withUnsafeBufferPointer { buffer in
            guard let source = buffer.baseAddress else { return }
            for y in max(box.y0, bounds.y0)..<max(max(box.y0, bounds.y0), min(box.y1, bounds.y1)) {
                for run in runs[y] {
                    let from = max(run.lowerBound, box.x0)
                    let to = min(run.upperBound, box.x1)
                    if to > from {
                        (target + y * pitch + from).update(from: source + y * width + from, count: to - from)
                    }
                }
            }
        }
    }

    /// Blends the shown pixels inside `box` over `target` at `opacity` (the finish animations' fades).
    func blend(in box: ScreenBox, opacity: UInt8, into target: UnsafeMutablePointer<UInt32>, pitch: Int) {
        guard !runs.isEmpty else { return }
        if opacity == 255 { return copyOpaque(in: box, into: target, pitch: pitch) }
        let a = UInt32(opacity)
        pixels.withUnsafeBufferPointer { buffer in
            for y in max(box.y0, bounds.y0)..<max(max(box.y0, bounds.y0), min(box.y1, bounds.y1)) {
                for run in runs[y] {
                    for x in max(run.lowerBound, box.x0)..<max(max(run.lowerBound, box.x0), min(run.upperBound, box.x1))
                    {
                        let s = buffer[y * width + x]
                        let d = target[y * pitch + x]
                        var out: UInt32 = 0xFF00_0000
                        for shift: UInt32 in [0, 8, 16] {
                            let sc = (s >> shift) & 0xFF
                            let dc = (d >> shift) & 0xFF
                            out |= ((sc * a + dc * (255 - a) + 127) / 255) << shift
                        }
                        target[y * pitch + x] = out
                    }
                }
            }
        }
    }
}
