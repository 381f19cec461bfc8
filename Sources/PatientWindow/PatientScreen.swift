public import FormPrinting
import Rendering
public import StylusGeometry
public import StylusInput

/// The keys the operator ends a session with, as the session loop sees them.
public enum OperatorCommand: Hashable, Sendable {
    /// Escape: end the test and keep everything (the results file is written).
    case end
    /// Ctrl+Q, or the window closed: abort; the journal is kept for `recover`.
    case abort
}

/// The patient's full-screen window: the form at physical size (rasterised with cairo), the ink
/// drawn as the pen moves, the proctor's cover and message over both, the clock's buttons, and a
/// cursor for a tablet without a display. It decides nothing: `PatientView` says what to show.
public final class PatientScreen {
    private let sdl: SDLScreen
    public let layout: ScreenLayout
    /// True for a tablet without a display: the pen's position is drawn as a cross-hair.
    public let showsCursor: Bool
    /// The form as drawn, without ink.
    private let base: SDLTexture
    /// The form with the ink drawn onto it: the one full-screen copy a frame needs.
    private let ink: SDLTexture
    private let overlay: SDLTexture
    private var hasOverlay = false
    private var pendingDots: [(x: Double, y: Double, size: Double)] = []
    /// Every dot of ink on the page with the time of the sample that drew it, to take ink back.
    private var inked: [(x: Double, y: Double, size: Double, time: EventTime)] = []
    private var lastInk: (x: Double, y: Double)?
    private var cursor: (x: Double, y: Double)?
    private var needsFrame = true
    public private(set) var view = PatientView()
    public private(set) var buttons: ClockButtons
    public private(set) var latency = LatencyMeter()
    /// The colour of the ink: a dark blue, distinct from the form's black lines.
    public static let inkColour: (UInt8, UInt8, UInt8) = (20, 40, 160)

    /// The monitors the window can go on, by name.
    public static func monitorNames() -> [String] { SDLScreen.monitorNames() }

    /// SDL's video driver (`x11`, `wayland`, `offscreen`) and its monitors by name, in SDL's order
    /// (a monitor's index is its place here), before any window is open.
    public static func monitors() throws(PatientWindowError) -> (driver: String?, names: [String]) { try SDLScreen.monitors() }

    /// Opens the window on SDL's monitor `monitorIndex`, else the one called `monitor` (default:
    /// the first), and places a form of `form` on it at `pixelsPerInch` (default:
    /// what the window system reports, else 96).
    public init(
        monitor: String?, monitorIndex: Int? = nil, form: FormSize, pixelsPerInch: Double?, showsCursor: Bool
    ) throws(PatientWindowError) {
        sdl = try SDLScreen(monitor: monitor, monitorIndex: monitorIndex, title: "StylusKit")
        let density = pixelsPerInch ?? sdl.reportedPixelsPerInch ?? 96
        layout = ScreenLayout(form: form, screenWidth: sdl.width, screenHeight: sdl.height, pixelsPerInch: density)
        self.showsCursor = showsCursor
        base = try sdl.texture(target: false)
        ink = try sdl.texture(target: true)
        overlay = try sdl.texture(target: false)
        buttons = ClockButtons(layout: layout)
        sdl.setBlended(ink, false)
    }

    /// Shows a new page (a step's form) and wipes the ink.
    public func show(page marks: [PageMark]) {
        let page = PageDrawing(size: layout.form, marks: marks)
        let raster = RasterImage(page: page, dotsPerInch: layout.rasterDotsPerInch, region: layout.screenRegion)
        sdl.upload(Self.fitted(raster, width: layout.screenWidth, height: layout.screenHeight), to: base)
        sdl.copy(base, onto: ink)
        pendingDots.removeAll()
        inked.removeAll()
        lastInk = nil
        needsFrame = true
    }

    /// Shows what the proctor's state asks for (redrawn only when it changes).
    public func show(_ newView: PatientView) {
        guard newView != view else { return }
        view = newView
        redrawOverlay()
    }

    /// The clock's buttons offered or withdrawn.
    public func setButtons(_ newButtons: ClockButtons) {
        guard newButtons != buttons else { return }
        buttons = newButtons
        redrawOverlay()
    }

    /// Ink to `position` from the last ink point of the stroke (or a dot to start one).
    public func ink(to position: FormPosition, force: Double, eventTime: EventTime) {
        let point = layout.pixel(of: position)
        let size = max(2, PictureStyle.inkWidth(force: force) * layout.pixelsPerCentimetre)
        let from = lastInk ?? point
        let dx = point.x - from.x
        let dy = point.y - from.y
        let steps = max(1, Int(((dx * dx + dy * dy).squareRoot() / (size / 2)).rounded(.up)))
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            pendingDots.append((from.x + dx * t, from.y + dy * t, size))
            inked.append((from.x + dx * t, from.y + dy * t, size, eventTime))
        }
        lastInk = point
        latency.drawn(eventTime: eventTime)
        needsFrame = true
    }

    /// Takes back the ink of samples after `time` (a maze's path drawn in error, past its resume point).
    public func eraseInk(after time: EventTime) {
        guard inked.contains(where: { $0.time > time }) else { return }
        inked.removeAll { $0.time > time }
        sdl.copy(base, onto: ink)
        pendingDots = inked.map { ($0.x, $0.y, $0.size) }
        lastInk = nil
        needsFrame = true
    }

    /// The stroke ended: the next ink starts a new one.
    public func penUp() { lastInk = nil }

    /// Where the pen hovers or touches (nil out of proximity), for the cursor of a tablet without a display.
    public func pen(at position: FormPosition?, eventTime: EventTime) {
        guard showsCursor else { return }
        cursor = position.map { layout.pixel(of: $0) }
        latency.drawn(eventTime: eventTime)
        needsFrame = true
    }

    /// Presents a frame if anything changed; `now` is read right after the present, for the latency.
    public func frame(now: () -> EventTime) {
        guard needsFrame else { return }
        if !pendingDots.isEmpty {
            sdl.drawDots(pendingDots, colour: Self.inkColour, into: ink)
            pendingDots.removeAll(keepingCapacity: true)
        }
        sdl.present(hasOverlay ? [ink, overlay] : [ink], cursor: cursor, cursorSize: 12)
        latency.presented(at: now())
        needsFrame = false
    }

    private var audio: SDLAudio?

    /// Speaks `text` offline with espeak-ng's `voice` and returns how long the speech lasts; the text
    /// itself is shown by the caller. Without an audio output the speech is made but not heard.
    public func speak(_ text: String, voice: String) throws(SpeechError) -> EventDuration {
        let speech = try Espeak.synthesise(text, voice: voice)
        if audio == nil || audio?.rate != speech.rate { audio = SDLAudio(rate: speech.rate) }
        audio?.play(speech.samples)
        return EventDuration(microseconds: Int64(speech.samples.count) * 1_000_000 / Int64(max(1, speech.rate)))
    }

    /// The operator's keys since the last call.
    public func operatorCommands() -> [OperatorCommand] {
        sdl.operatorKeys().map { $0 == .end ? .end : .abort }
    }

    // MARK: Drawing the overlay

    /// The grey that hides the form.
    static let coverColour = PrintColour(red: 0.55, green: 0.55, blue: 0.58)
    static let bannerColour = PrintColour(red: 1, green: 0.97, blue: 0.8)
    static let arrowColour = PrintColour(red: 0.85, green: 0, blue: 0.85)
    static let buttonColour = PrintColour(red: 0.2, green: 0.45, blue: 0.85)

    /// The strip at the top of the screen that carries the message, in pixels.
    var bannerRect: PixelRect {
        PixelRect(x: 0, y: 0, width: Double(layout.screenWidth), height: 1.6 * layout.pixelsPerInch / 2.54)
    }

    private func redrawOverlay() {
        let screen = layout.screenRegion
        let cm = 1 / layout.pixelsPerCentimetre
        func form(_ x: Double, _ y: Double) -> FormPosition { layout.formPosition(x: x, y: y) }
        func rect(_ r: PixelRect, _ colour: PrintColour) -> PageMark {
            .polygon([form(r.x, r.y), form(r.x + r.width, r.y), form(r.x + r.width, r.y + r.height), form(r.x, r.y + r.height)],
                     colour: colour)
        }
        var marks: [PageMark] = []
        var kept: [PixelRect] = []
        if view.cover != .none {
            marks.append(rect(PixelRect(x: 0, y: 0, width: Double(layout.screenWidth), height: Double(layout.screenHeight)), Self.coverColour))
        }
        if case let .continueBox(box) = view.cover {
            // An arrow from above, its point just over the box's top edge.
            let tip = FormPosition(xCentimetres: box.centre.xCentimetres, yCentimetres: box.minY - 0.15)
            let w = 0.6
            let h = 1.6
            marks.append(.polygon([
                tip,
                FormPosition(xCentimetres: tip.xCentimetres - w, yCentimetres: tip.yCentimetres - w),
                FormPosition(xCentimetres: tip.xCentimetres - w / 3, yCentimetres: tip.yCentimetres - w),
                FormPosition(xCentimetres: tip.xCentimetres - w / 3, yCentimetres: tip.yCentimetres - h),
                FormPosition(xCentimetres: tip.xCentimetres + w / 3, yCentimetres: tip.yCentimetres - h),
                FormPosition(xCentimetres: tip.xCentimetres + w / 3, yCentimetres: tip.yCentimetres - w),
                FormPosition(xCentimetres: tip.xCentimetres + w, yCentimetres: tip.yCentimetres - w),
            ], colour: Self.arrowColour))
        }
        if case let .pauseCircle(centre, radius) = view.cover {
            marks.append(.circle(centre: centre, radiusCentimetres: radius + 0.03, widthCentimetres: 0.06, colour: Self.arrowColour))
        }
        if let message = view.message {
            let banner = bannerRect
            marks.append(rect(banner, Self.bannerColour))
            marks.append(.centredText(
                message, centre: form(banner.width / 2, banner.height / 2), sizeCentimetres: 0.7 * cm * layout.pixelsPerInch / 2.54,
                bold: false, colour: .black))
            kept.append(banner)
        }
        if buttons.isOffered {
            for (r, label) in [(buttons.continueRect, PatientWords.continueButton), (buttons.repeatRect, PatientWords.repeatButton)] {
                marks.append(rect(r, Self.buttonColour))
                marks.append(.centredText(
                    label, centre: form(r.x + r.width / 2, r.y + r.height / 2), sizeCentimetres: 0.32 * cm * layout.pixelsPerInch / 2.54,
                    bold: true, colour: .white))
                kept.append(r)
            }
        }
        hasOverlay = !marks.isEmpty
        needsFrame = true
        guard hasOverlay else { return }
        let raster = RasterImage(page: PageDrawing(size: layout.form, marks: marks), dotsPerInch: layout.rasterDotsPerInch, region: screen)
        let drawn = Self.fitted(raster, width: layout.screenWidth, height: layout.screenHeight)
        var pixels = drawn
        let width = layout.screenWidth
        let covered = view.cover != .none
        // Kept rectangles (banner, buttons) as whole pixel columns and rows: drawn wherever they are.
        let keptSpans = kept.map { rect in
            (rows: max(0, Int(rect.y.rounded()))..<min(layout.screenHeight, Int((rect.y + rect.height).rounded())),
             columns: max(0, Int(rect.x.rounded()))..<min(width, Int((rect.x + rect.width).rounded())))
        }
        pixels.withUnsafeMutableBufferPointer { buffer in
            drawn.withUnsafeBufferPointer { original in
                guard let target = buffer.baseAddress, let source = original.baseAddress else { return }
                for y in 0..<layout.screenHeight {
                    let row = y * width
                    // What the cover leaves visible is transparent in the overlay (memset-speed, as this
                    // runs on every cover change, debug builds included).
                    if let visible = covered ? view.visibleColumns(row: y, on: layout) : 0..<width, !visible.isEmpty {
                        (target + row + visible.lowerBound).update(repeating: 0, count: visible.count)
                    }
                    for span in keptSpans where span.rows.contains(y) && !span.columns.isEmpty {
                        (target + row + span.columns.lowerBound).update(from: source + row + span.columns.lowerBound, count: span.columns.count)
                    }
                }
            }
        }
        sdl.upload(pixels, to: overlay)
    }

    /// The raster cropped or padded (white) to exactly width x height: cairo rounds the region up.
    static func fitted(_ raster: RasterImage, width: Int, height: Int) -> [UInt32] {
        if raster.width == width && raster.height == height { return raster.pixels }
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        let columns = min(width, raster.width)
        // Whole rows at a time: this runs on every page and cover change, so no per-pixel loop.
        for y in 0..<min(height, raster.height) {
            pixels.append(contentsOf: raster.pixels[(y * raster.width)..<(y * raster.width + columns)])
            if columns < width { pixels.append(contentsOf: repeatElement(0xFFFF_FFFF, count: width - columns)) }
        }
        pixels.append(contentsOf: repeatElement(0xFFFF_FFFF, count: width * height - pixels.count))
        return pixels
    }
}
