public import FormPrinting
public import Proctoring
public import StylusGeometry
public import StylusInput

/// How the patient's window draws a frame.
public enum RedrawMode: String, CaseIterable, Sendable {
    /// The layers kept in memory, only the boxes that changed composed and shown (the window's own
    /// pixels, no renderer): ink costs what its segment covers.
    case incremental
    /// Every frame the whole screen copied from full-screen textures by SDL's renderer and presented
    /// (the first way, kept to compare against).
    case full
}

/// The keys the operator ends a session with, as the session loop sees them.
public enum OperatorCommand: Hashable, Sendable {
    /// N or Page Down: the next part (a continue press, journaled as one).
    case nextPart
    /// R: the step's instructions shown and spoken again.
    case repeatInstructions
    /// P or Pause: the test paused (the patient sees a neutral cover, the timers stand still), or
    /// resumed when it is paused.
    case pause
    /// Escape: end the test and keep everything (the results file is written); the loop asks for
    /// a second press to confirm.
    case end
    /// Ctrl+Q, or the window closed: abort; the journal is kept for `recover`.
    case abort
}

/// The patient's full-screen window: the form at physical size (rasterised with cairo), the ink
/// drawn as the pen moves, the proctor's cover and message over both, the clock's buttons, and a
/// cursor for a tablet without a display. It decides nothing: `PatientView` says what to show.
public final class PatientScreen {
    private let sdl: SDLScreen
    /// The operator's line on another monitor, when there is one and the patient's is a pen display.
    private var operatorWindow: OperatorWindow?
    public let layout: ScreenLayout
    /// True for a tablet without a display: the pen's position is drawn as a cross-hair.
    public let showsCursor: Bool
    /// How frames reach the screen: layered by default; the full redraw is kept to compare against.
    public let redraw: RedrawMode
    /// The layers of the incremental path (nil for the full redraw).
    private let layers: LayeredFrame?
    /// The textures of the full redraw (nil for the incremental path).
    private let textures: FullRedrawTextures?
    private var hasOverlay = false
    private var pendingDots: [PixelDot] = []
    /// Every dot of ink on the page with the time of the sample that drew it, to take ink back.
    private var inked: [(dot: PixelDot, time: EventTime)] = []
    private var lastInk: (x: Double, y: Double)?
    private var cursor: (x: Double, y: Double)?
    private var needsFrame = true
    public private(set) var view = PatientView()
    public private(set) var buttons: ClockButtons
    public private(set) var latency = LatencyMeter()
    /// The colour of the ink: a dark blue, distinct from the form's black lines.
    public static let inkColour: (UInt8, UInt8, UInt8) = (20, 40, 160)
    /// The cursor's arm, in pixels.
    static let cursorSize = 12.0

    /// The three textures the full redraw copies onto the screen every frame.
    private struct FullRedrawTextures {
        /// The form as drawn, without ink.
        let base: SDLTexture
        /// The form with the ink drawn onto it: the one full-screen copy a frame needs.
        let ink: SDLTexture
        let overlay: SDLTexture
    }

    /// The monitor's current mode in pixels, when the window system says: a display profile
    /// measured at another mode would not draw the form at its true size.
    public var mode: (width: Int, height: Int)? { sdl.mode }

    /// The monitor's refresh rate in Hz, when the window system says: one refresh is the latency target.
    public var refreshRate: Int? { sdl.refreshRate }

    /// The monitors the window can go on, by name.
    public static func monitorNames() -> [String] { SDLScreen.monitorNames() }

    /// SDL's video driver (`x11`, `wayland`, `offscreen`) and its monitors by name, in SDL's order
    /// (a monitor's index is its place here), before any window is open.
    public static func monitors() throws(PatientWindowError) -> (driver: String?, names: [String]) {
        try SDLScreen.monitors()
    }

    /// Opens the window on SDL's monitor `monitorIndex`, else the one called `monitor` (default:
    /// the first), and places a form of `form` on it at `pixelsPerInch` (default:
    /// what the window system reports, else 96).
    /// `redraw` chooses how frames are drawn (see `RedrawMode`); the incremental path falls back to
    /// the full redraw when the window's pixels are not 32-bit XRGB. `speaks: false` opens no audio output.
    /// `content`, when given, is the part of the form that must be seen (`ScreenLayout.init(…keeping:)`):
    /// the form stays at physical size while it fits, as a trail making form's circles (`TrailsScreen.content`).
    public init(
        monitor: String?, monitorIndex: Int? = nil, form: FormSize, keeping content: FormRectangle? = nil,
        pixelsPerInch: Double?,
        showsCursor: Bool,
        redraw: RedrawMode = .incremental, synthesiser: some SpeechSynthesiser = EspeakSynthesiser(),
        speaks: Bool = true
    ) throws(PatientWindowError) {
        sdl = try SDLScreen(
            monitor: monitor, monitorIndex: monitorIndex, title: "StylusKit", layered: redraw == .incremental)
        speech = SpeechWorker(synthesiser: synthesiser)
        let density = pixelsPerInch ?? sdl.reportedPixelsPerInch ?? 96
        layout =
            if let content {
                ScreenLayout(
                    form: form, screenWidth: sdl.width, screenHeight: sdl.height, pixelsPerInch: density,
                    keeping: content)
            } else {
                ScreenLayout(form: form, screenWidth: sdl.width, screenHeight: sdl.height, pixelsPerInch: density)
            }
        self.showsCursor = showsCursor
        if sdl.isLayered {
            self.redraw = .incremental
            layers = LayeredFrame(width: sdl.width, height: sdl.height, cursorSize: Self.cursorSize)
            textures = nil
        } else {
            self.redraw = .full
            layers = nil
            let textures = FullRedrawTextures(
                base: try sdl.texture(target: false), ink: try sdl.texture(target: true),
                overlay: try sdl.texture(target: false))
            sdl.setBlended(textures.ink, false)
            self.textures = textures
        }
        buttons = ClockButtons(layout: layout)
        // A window that never speaks (a visit's cover) leaves the audio output to the test's window.
        audio = speaks ? SDLAudio(rate: Self.speechRate) : nil
        audioRate = Self.speechRate
    }

    deinit {
        // Before the patient's window, whose end shuts SDL's video down.
        operatorWindow = nil
    }

    /// SDL's index of the monitor the patient's window is on.
    public var monitorIndex: Int { sdl.monitorIndex }

    /// Opens the operator's line in a small window on another monitor than the patient's (the
    /// first other one, `OperatorMonitor`); returns SDL's index of that monitor, or nil when the
    /// patient's is the only one.
    public func openOperatorWindow() throws(PatientWindowError) -> Int? {
        guard operatorWindow == nil else { return operatorWindow?.monitorIndex }
        guard let other = OperatorMonitor.choose(patient: sdl.monitorIndex, monitors: SDLScreen.monitorNames().count)
        else {
            return nil
        }
        let window = try OperatorWindow(monitorIndex: other)
        operatorWindow = window
        return other
    }

    /// Whether the operator's line has a window of its own.
    public var hasOperatorWindow: Bool { operatorWindow != nil }

    /// Shows the operator's line in its window, if one is open (never in the patient's window).
    public func showOperatorLine(_ text: String) {
        operatorWindow?.show(text)
    }

    /// Shows a new page (a step's form) and wipes the ink.
    public func show(page marks: [PageMark]) {
        trailLayout = nil
        let page = PageDrawing(size: layout.form, marks: marks)
        let raster = RasterImage(page: page, dotsPerInch: layout.rasterDotsPerInch, region: layout.screenRegion)
        let pixels = Self.fitted(raster, width: layout.screenWidth, height: layout.screenHeight)
        if let layers {
            layers.showPage(pixels)
        } else if let textures {
            sdl.upload(pixels, to: textures.base)
            sdl.copy(textures.base, onto: textures.ink)
        }
        pendingDots.removeAll()
        inked.removeAll()
        lastInk = nil
        needsFrame = true
    }

    /// The trail making layout on the screen, whose circles a view's `trailMarks` name.
    public private(set) var trailLayout: TrailLayout?

    /// Shows a trail making part's form (`TrailsScreen.page`) and wipes the ink; the view's
    /// `trailMarks` are drawn on this layout's circles until another page is shown.
    public func show(trails layout: TrailLayout) {
        show(page: TrailsScreen.page(layout))
        trailLayout = layout
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
        let size = max(2, InkWidth.centimetres(force: force) * layout.pixelsPerCentimetre)
        let from = lastInk ?? point
        let dx = point.x - from.x
        let dy = point.y - from.y
        let steps = max(1, Int(((dx * dx + dy * dy).squareRoot() / (size / 2)).rounded(.up)))
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            let dot = PixelDot(x: from.x + dx * t, y: from.y + dy * t, size: size)
            pendingDots.append(dot)
            inked.append((dot, eventTime))
        }
        lastInk = point
        latency.drawn(eventTime: eventTime)
        needsFrame = true
    }

    /// Takes back the ink of samples after `time` (a maze's path drawn in error, past its resume point).
    public func eraseInk(after time: EventTime) {
        guard inked.contains(where: { $0.time > time }) else { return }
        inked.removeAll { $0.time > time }
        if let layers {
            layers.redrawInk([], colour: Self.packed(Self.inkColour))
        } else if let textures {
            sdl.copy(textures.base, onto: textures.ink)
        }
        pendingDots = inked.map(\.dot)
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

    /// Presents a frame if anything changed; `now` gives the frame's time (for the finish
    /// animations) and is read again right after the present, for the latency.
    public func frame(now: () -> EventTime) {
        let started = now()
        let shown = animation.frame(at: started)
        if shown != animationFrame {
            animationFrame = shown
            needsFrame = true
        }
        // An exposed window is painted again even when nothing in it changed.
        if sdl.windowChanged { needsFrame = true }
        guard needsFrame else { return }
        var check: [PixelDot] = []
        if shown.cardOpacity > 0 { check = checkDots(drawn: shown.checkDrawn) }
        if let layers {
            layers.addInk(pendingDots, colour: Self.packed(Self.inkColour))
            pendingDots.removeAll(keepingCapacity: true)
            var opacity: [UInt8] = [0, 0]
            for (slot, fade) in [shown.cardOpacity, shown.closingOpacity].enumerated() where fade > 0 {
                if !layers.hasFade(slot) { layers.setFade(slot, pixels: animationPixels(card: slot == 0)) }
                opacity[slot] = UInt8((fade * 255).rounded())
            }
            layers.setTop(
                fadeOpacity: opacity, checkDots: check, checkColour: Self.packed(Self.checkColour), cursor: cursor)
            sdl.paint(layers.takeDirty(), whole: layers.whole) { box, pixels, pitch in
                layers.compose(box, into: pixels, pitch: pitch)
            }
        } else if let textures {
            if !pendingDots.isEmpty {
                sdl.drawDots(pendingDots, colour: Self.inkColour, into: textures.ink)
                pendingDots.removeAll(keepingCapacity: true)
            }
            var shownLayers = hasOverlay ? [textures.ink, textures.overlay] : [textures.ink]
            if shown.cardOpacity > 0, let card = animationTexture(card: true) {
                sdl.setOpacity(card, UInt8((shown.cardOpacity * 255).rounded()))
                shownLayers.append(card)
            }
            if shown.closingOpacity > 0, let closing = animationTexture(card: false) {
                sdl.setOpacity(closing, UInt8((shown.closingOpacity * 255).rounded()))
                shownLayers.append(closing)
            }
            sdl.present(
                shownLayers, dots: check, dotColour: Self.checkColour, cursor: cursor, cursorSize: Self.cursorSize)
        }
        latency.presented(at: now(), drawingSince: started)
        needsFrame = false
    }

    /// An opaque colour as a pixel of cairo's ARGB32.
    static func packed(_ colour: (UInt8, UInt8, UInt8)) -> UInt32 {
        0xFF00_0000 | UInt32(colour.0) << 16 | UInt32(colour.1) << 8 | UInt32(colour.2)
    }

    // MARK: Finish animations

    /// The finish animations' state; the frames follow from it and the frame time alone.
    public private(set) var animation = FinishAnimation()
    private var animationFrame = FinishAnimation.Frame.none
    /// The card and the closing page, rasterised the first time they are needed.
    private var animationTextures: (card: SDLTexture?, closing: SDLTexture?) = (nil, nil)
    /// The green of the check mark.
    public static let checkColour: (UInt8, UInt8, UInt8) = (30, 150, 60)

    /// A maze was finished at `time` (the frame time): the check mark and "Well done" show for about a second.
    public func mazeFinished(at time: EventTime) {
        animation.mazeFinished(at: time)
    }

    /// The test ended at `time` (the frame time): the closing page fades in.
    public func testFinished(at time: EventTime) {
        animation.testFinished(at: time)
    }

    /// Whether an animation still changes the screen after `time`.
    public func isAnimating(at time: EventTime) -> Bool { animation.isRunning(at: time) }

    /// The card: 8 x 5.5 cm, white, centred, with "Well done" in its lower part; clear around it.
    var cardRect: PixelRect {
        let perCm = layout.pixelsPerInch / 2.54
        let w = 8 * perCm
        let h = 5.5 * perCm
        return PixelRect(
            x: (Double(layout.screenWidth) - w) / 2, y: (Double(layout.screenHeight) - h) / 2, width: w, height: h)
    }

    /// The check mark's three corners on the screen, in pixels: short stroke down, long stroke up.
    var checkCorners: [(x: Double, y: Double)] {
        let card = cardRect
        let perCm = layout.pixelsPerInch / 2.54
        let cx = card.x + card.width / 2
        let cy = card.y + 2.2 * perCm
        return [(cx - 1.4 * perCm, cy), (cx - 0.4 * perCm, cy + 1.0 * perCm), (cx + 1.6 * perCm, cy - 1.2 * perCm)]
    }

    /// The dots of the part `drawn` (0...1) of the check mark, along its length.
    private func checkDots(drawn: Double) -> [PixelDot] {
        let corners = checkCorners
        let size = 0.35 * layout.pixelsPerInch / 2.54
        let legs = zip(corners, corners.dropFirst()).map { a, b in
            ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        }
        var left = legs.reduce(0, +) * drawn
        var dots: [PixelDot] = []
        for (index, (a, b)) in zip(corners, corners.dropFirst()).enumerated() where left > 0 {
            let part = min(1, left / legs[index])
            let steps = max(1, Int((legs[index] * part / (size / 3)).rounded(.up)))
            for step in 0...steps {
                let t = part * Double(step) / Double(steps)
                dots.append(PixelDot(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, size: size))
            }
            left -= legs[index]
        }
        return dots
    }

    /// The card or the closing page as a texture of the full redraw, rasterised once (nil if SDL has
    /// no texture for it: then it is not drawn).
    private func animationTexture(card isCard: Bool) -> SDLTexture? {
        if let texture = isCard ? animationTextures.card : animationTextures.closing { return texture }
        guard let texture = try? sdl.texture(target: false) else { return nil }
        sdl.upload(animationPixels(card: isCard), to: texture)
        if isCard { animationTextures.card = texture } else { animationTextures.closing = texture }
        return texture
    }

    /// The card or the closing page: opaque where it shows, clear elsewhere.
    private func animationPixels(card isCard: Bool) -> [UInt32] {
        let cm = 1 / layout.pixelsPerCentimetre
        let perCm = layout.pixelsPerInch / 2.54
        func form(_ x: Double, _ y: Double) -> FormPosition { layout.formPosition(x: x, y: y) }
        var marks: [PageMark] = []
        let opaque: PixelRect
        if isCard {
            let r = cardRect
            opaque = r
            marks.append(
                .polygon(
                    [
                        form(r.x, r.y), form(r.x + r.width, r.y), form(r.x + r.width, r.y + r.height),
                        form(r.x, r.y + r.height),
                    ],
                    colour: .white))
            marks.append(
                .polyline(
                    [
                        form(r.x, r.y), form(r.x + r.width, r.y), form(r.x + r.width, r.y + r.height),
                        form(r.x, r.y + r.height),
                    ],
                    closed: true, widthCentimetres: 0.06 * perCm * cm, colour: Self.checkPrintColour))
            marks.append(
                .centredText(
                    PatientWords.wellDone, centre: form(r.x + r.width / 2, r.y + 4.4 * perCm),
                    sizeCentimetres: 0.9 * perCm * cm,
                    bold: true, colour: Self.checkPrintColour))
        } else {
            opaque = PixelRect(x: 0, y: 0, width: Double(layout.screenWidth), height: Double(layout.screenHeight))
            marks.append(
                .centredText(
                    PatientWords.finished,
                    centre: form(Double(layout.screenWidth) / 2, Double(layout.screenHeight) / 2),
                    sizeCentimetres: 0.8 * perCm * cm, bold: false, colour: .black))
        }
        let raster = RasterImage(
            page: PageDrawing(size: layout.form, marks: marks), dotsPerInch: layout.rasterDotsPerInch,
            region: layout.screenRegion)
        var pixels = Self.fitted(raster, width: layout.screenWidth, height: layout.screenHeight)
        // Outside the card the texture is clear (the page shows through); the closing page is opaque white.
        let rows = max(0, Int(opaque.y.rounded()))..<min(layout.screenHeight, Int((opaque.y + opaque.height).rounded()))
        let columns =
            max(0, Int(opaque.x.rounded()))..<min(layout.screenWidth, Int((opaque.x + opaque.width).rounded()))
        let width = layout.screenWidth
        pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<layout.screenHeight {
                let row = base + y * width
                if rows.contains(y) && !columns.isEmpty {
                    row.update(repeating: 0, count: columns.lowerBound)
                    (row + columns.upperBound).update(repeating: 0, count: width - columns.upperBound)
                } else {
                    row.update(repeating: 0, count: width)
                }
            }
        }
        return pixels
    }

    private var audio: SDLAudio?
    /// Makes the instructions' speech on a thread of its own: synthesis takes about half a second,
    /// which the event loop (ink, proctor decisions) must not wait for.
    private let speech: SpeechWorker

    /// Asks for `text` to be spoken with espeak-ng's `voice`; returns at once. The speech comes back
    /// from `synthesisedSpeech()` and is heard only when passed to `play(_:)`.
    public func requestSpeech(_ text: String, voice: String) -> SpeechToken {
        speech.queue.request(text, voice: voice)
    }

    /// The speech made since the last call, oldest first; never waits for the speech thread.
    public func synthesisedSpeech() -> [SpeechOutcome] {
        speech.queue.collect()
    }

    /// True when there is an audio output to speak the instructions on.
    public var canPlay: Bool { audio != nil }

    /// Plays `samples` from now, replacing whatever still plays; returns true only when an audio
    /// output is open and took the samples (false: the speech is made but no one hears it).
    @discardableResult
    public func play(_ samples: SynthesisedSpeech) -> Bool {
        if audioRate != samples.rate {
            audio = nil
            audio = SDLAudio(rate: samples.rate)
            audioRate = samples.rate
        }
        guard let audio else { return false }
        return audio.play(samples.samples)
    }

    /// espeak-ng's output rate: the audio output is opened at it with the window, not on the event loop.
    static let speechRate = 22_050
    /// The rate the output was opened (or tried) at; a failed open is not retried at every text.
    private var audioRate: Int?

    /// Drops the speech not yet made or not yet collected, and silences what plays.
    public func silence() {
        speech.queue.cancelAll()
        audio?.stop()
    }

    /// The operator's keys since the last call.
    /// SDL's video driver for the window: `offscreen` means no one can see it.
    public var videoDriver: String? { sdl.videoDriver }

    public func operatorCommands() -> [OperatorCommand] {
        sdl.operatorKeys().map { key in
            switch key {
            case .nextPart: .nextPart
            case .repeatInstructions: .repeatInstructions
            case .pause: .pause
            case .end: .end
            case .abort: .abort
            }
        }
    }

    // MARK: Drawing the overlay

    /// The check mark's green, for cairo.
    static let checkPrintColour = PrintColour(red: 30 / 255, green: 150 / 255, blue: 60 / 255)

    /// The grey that hides the form.
    static let coverColour = PrintColour(red: 0.55, green: 0.55, blue: 0.58)
    static let bannerColour = PrintColour(red: 1, green: 0.97, blue: 0.8)
    static let arrowColour = PrintColour(red: 0.85, green: 0, blue: 0.85)
    static let buttonColour = PrintColour(red: 0.2, green: 0.45, blue: 0.85)
    /// The frame around the region instructions are about: an orange that stands out on the grey and the form.
    static let highlightColour = PrintColour(red: 1, green: 0.6, blue: 0)

    /// The four strips of screen a frame `width` cm wide, `margin` cm outside `box`, covers (drawn over the cover).
    static func frameStrips(around box: FormRectangle, margin: Double, width: Double, on layout: ScreenLayout)
        -> [PixelRect]
    {
        let outer = margin + width / 2 + 0.02
        let (x0, y0) = layout.pixel(of: FormPosition(xCentimetres: box.minX - outer, yCentimetres: box.minY - outer))
        let (x1, y1) = layout.pixel(of: FormPosition(xCentimetres: box.maxX + outer, yCentimetres: box.maxY + outer))
        let thick = (2 * 0.02 + width) * layout.pixelsPerCentimetre + 1
        return [
            PixelRect(x: x0, y: y0, width: x1 - x0, height: thick),
            PixelRect(x: x0, y: y1 - thick, width: x1 - x0, height: thick),
            PixelRect(x: x0, y: y0, width: thick, height: y1 - y0),
            PixelRect(x: x1 - thick, y: y0, width: thick, height: y1 - y0),
        ]
    }

    /// The banner text's size: 0.7 cm on the screen, in pixels.
    static func bannerTextPixels(on layout: ScreenLayout) -> Double { BannerLines.textPixels(on: layout) }

    /// The lines `message` is drawn in: as many as keep each inside the screen's width less a margin at
    /// each end (issue 28: the clock command was one line wider than a 1920 x 1080 pen display).
    static func bannerLines(_ message: String, on layout: ScreenLayout) -> [String] {
        let size = bannerTextPixels(on: layout)
        return BannerLines.lines(of: message, width: BannerLines.lineWidth(on: layout)) {
            TextMeasure.inkWidth(of: $0, size: size, bold: false)
        }
    }

    /// The strip at the top of the screen that carries `lineCount` lines of the message, in pixels:
    /// 1.6 cm for one line, a line spacing more for each further line.
    static func bannerRect(lineCount: Int, on layout: ScreenLayout) -> PixelRect {
        let height = BannerLines.bannerHeight(
            lineCount: lineCount, singleLineHeight: 1.6 * layout.pixelsPerInch / 2.54,
            textSize: bannerTextPixels(on: layout))
        return PixelRect(x: 0, y: 0, width: Double(layout.screenWidth), height: height)
    }

    private func redrawOverlay() {
        let pixels = Self.overlay(view, buttons: buttons, trailLayout: trailLayout, on: layout)
        hasOverlay = pixels != nil
        needsFrame = true
        if let layers {
            layers.setOverlay(pixels)
        } else if let textures, let pixels {
            sdl.upload(pixels, to: textures.overlay)
        }
    }

    /// The overlay of `view` (with the clock's `buttons` and a trail making correction's marks on
    /// `trailLayout`'s circles) on the screen of `layout`, as cairo's ARGB32 pixels, clear (0) where
    /// the page and the ink show through; nil when there is nothing over them.
    static func overlay(_ view: PatientView, buttons: ClockButtons, trailLayout: TrailLayout?, on layout: ScreenLayout)
        -> [UInt32]?
    {
        let screen = layout.screenRegion
        let cm = 1 / layout.pixelsPerCentimetre
        func form(_ x: Double, _ y: Double) -> FormPosition { layout.formPosition(x: x, y: y) }
        func rect(_ r: PixelRect, _ colour: PrintColour) -> PageMark {
            .polygon(
                [
                    form(r.x, r.y), form(r.x + r.width, r.y), form(r.x + r.width, r.y + r.height),
                    form(r.x, r.y + r.height),
                ],
                colour: colour)
        }
        var marks: [PageMark] = []
        var kept: [PixelRect] = []
        // Boxes of which only the drawn (not white) pixels are kept: marks over the form's circles
        // and the patient's ink, which must stay visible around and under them.
        var keptMarks: [PixelRect] = []
        if let trailMarks = view.trailMarks, let trailLayout {
            marks.append(contentsOf: TrailsScreen.correctionMarks(trailMarks, in: trailLayout))
            keptMarks.append(contentsOf: TrailsScreen.correctionBoxes(trailMarks, in: trailLayout, on: layout))
        }
        if view.cover != .none {
            marks.append(
                rect(
                    PixelRect(x: 0, y: 0, width: Double(layout.screenWidth), height: Double(layout.screenHeight)),
                    Self.coverColour))
        }
        if !view.announcement.isEmpty {
            // Centred, the middle line (a countdown) largest; each line made small enough to fit the screen's width.
            let screenWidthCentimetres = Double(layout.screenWidth) * cm
            let sizes = view.announcement.indices.map { index in
                let wanted = view.announcement.count == 3 && index == 1 ? 3.0 : 1.4
                return min(
                    wanted, 0.9 * screenWidthCentimetres / (0.6 * Double(max(1, view.announcement[index].count))))
            }
            let total = sizes.reduce(0) { $0 + $1 * 1.5 }
            var top = Double(layout.screenHeight) / 2 - total / 2 / cm
            for (line, size) in zip(view.announcement, sizes) {
                let middle = top + size * 0.75 / cm
                marks.append(
                    .centredText(
                        line, centre: form(Double(layout.screenWidth) / 2, middle), sizeCentimetres: size, bold: false,
                        colour: .black))
                top += size * 1.5 / cm
            }
        }
        if case .continueBox(let box) = view.cover {
            // An arrow from above, its point just over the box's top edge.
            let tip = FormPosition(xCentimetres: box.centre.xCentimetres, yCentimetres: box.minY - 0.15)
            let w = 0.6
            let h = 1.6
            marks.append(
                .polygon(
                    [
                        tip,
                        FormPosition(xCentimetres: tip.xCentimetres - w, yCentimetres: tip.yCentimetres - w),
                        FormPosition(xCentimetres: tip.xCentimetres - w / 3, yCentimetres: tip.yCentimetres - w),
                        FormPosition(xCentimetres: tip.xCentimetres - w / 3, yCentimetres: tip.yCentimetres - h),
                        FormPosition(xCentimetres: tip.xCentimetres + w / 3, yCentimetres: tip.yCentimetres - h),
                        FormPosition(xCentimetres: tip.xCentimetres + w / 3, yCentimetres: tip.yCentimetres - w),
                        FormPosition(xCentimetres: tip.xCentimetres + w, yCentimetres: tip.yCentimetres - w),
                    ], colour: Self.arrowColour))
        }
        if case .pauseCircle(let centre, let radius) = view.cover {
            marks.append(
                .circle(
                    centre: centre, radiusCentimetres: radius + 0.03, widthCentimetres: 0.06, colour: Self.arrowColour))
        }
        if case .highlight(let box) = view.cover {
            // A frame just outside the region, so it does not hide the region's own lines.
            let m = 0.08
            marks.append(
                .polyline(
                    [
                        FormPosition(xCentimetres: box.minX - m, yCentimetres: box.minY - m),
                        FormPosition(xCentimetres: box.maxX + m, yCentimetres: box.minY - m),
                        FormPosition(xCentimetres: box.maxX + m, yCentimetres: box.maxY + m),
                        FormPosition(xCentimetres: box.minX - m, yCentimetres: box.maxY + m),
                    ],
                    closed: true, widthCentimetres: 0.1, colour: Self.highlightColour))
            kept.append(contentsOf: Self.frameStrips(around: box, margin: m, width: 0.1, on: layout))
        }
        if let message = view.message {
            let lines = bannerLines(message, on: layout)
            var banner = bannerRect(lineCount: lines.count, on: layout)
            // A trail making form can fill the screen's height: the words go to the edge that hides fewer circles.
            if let trailLayout, TrailsScreen.bannerAtBottom(height: banner.height, layout: trailLayout, on: layout) {
                banner.y = Double(layout.screenHeight) - banner.height
            }
            marks.append(rect(banner, Self.bannerColour))
            for (index, line) in lines.enumerated() {
                let y =
                    banner.y
                    + BannerLines.lineCentre(
                        index, of: lines.count, bannerHeight: banner.height, textSize: bannerTextPixels(on: layout))
                marks.append(
                    .centredText(
                        line, centre: form(banner.width / 2, y),
                        sizeCentimetres: 0.7 * cm * layout.pixelsPerInch / 2.54, bold: false,
                        colour: .black))
            }
            kept.append(banner)
        }
        if buttons.isOffered {
            for (r, label) in [
                (buttons.continueRect, PatientWords.continueButton), (buttons.repeatRect, PatientWords.repeatButton),
            ] {
                marks.append(rect(r, Self.buttonColour))
                marks.append(
                    .centredText(
                        label, centre: form(r.x + r.width / 2, r.y + r.height / 2),
                        sizeCentimetres: 0.32 * cm * layout.pixelsPerInch / 2.54,
                        bold: true, colour: .white))
                kept.append(r)
            }
        }
        guard !marks.isEmpty else { return nil }
        let raster = RasterImage(
            page: PageDrawing(size: layout.form, marks: marks), dotsPerInch: layout.rasterDotsPerInch, region: screen)
        let drawn = Self.fitted(raster, width: layout.screenWidth, height: layout.screenHeight)
        var pixels = drawn
        let width = layout.screenWidth
        let covered = view.cover != .none
        // Kept rectangles (banner, buttons) as whole pixel columns and rows: drawn wherever they are.
        let keptSpans = kept.map { rect in
            (
                rows: max(0, Int(rect.y.rounded()))..<min(layout.screenHeight, Int((rect.y + rect.height).rounded())),
                columns: max(0, Int(rect.x.rounded()))..<min(width, Int((rect.x + rect.width).rounded()))
            )
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
                        (target + row + span.columns.lowerBound).update(
                            from: source + row + span.columns.lowerBound, count: span.columns.count)
                    }
                }
            }
        }
        Self.keepDrawn(keptMarks, from: drawn, into: &pixels, width: width, height: layout.screenHeight)
        return pixels
    }

    /// Copies into `pixels` the pixels of `drawn` inside `boxes` that are not the page's white: marks
    /// drawn over the form without hiding it (the overlay is clear elsewhere).
    static func keepDrawn(
        _ boxes: [PixelRect], from drawn: [UInt32], into pixels: inout [UInt32], width: Int, height: Int
    ) {
        for box in boxes {
            let rows = max(0, Int(box.y.rounded()))..<min(height, Int((box.y + box.height).rounded()))
            let columns = max(0, Int(box.x.rounded()))..<min(width, Int((box.x + box.width).rounded()))
            guard !rows.isEmpty, !columns.isEmpty else { continue }
            for y in rows {
                for x in columns where drawn[y * width + x] != Self.white {
                    pixels[y * width + x] = drawn[y * width + x]
                }
            }
        }
    }

    /// The page's opaque white, as cairo's ARGB32.
    static let white: UInt32 = 0xFFFF_FFFF

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
