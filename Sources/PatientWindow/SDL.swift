import CSDL2

/// What went wrong with the patient window.
public enum PatientWindowError: Error, Hashable, Sendable, CustomStringConvertible {
    case videoUnavailable(reason: String)
    case noSuchDisplay(name: String, known: [String])
    case cannotCreate(what: String, reason: String)

    public var description: String {
        switch self {
        case .videoUnavailable(let reason):
            "Cannot open the patient window: \(reason). Run administer in a graphical session (DISPLAY or WAYLAND_DISPLAY set)."
        case .noSuchDisplay(let name, let known):
            "No monitor is called '\(name)'; the monitors are: "
                + (known.isEmpty ? "(none)" : known.map { "'\($0)'" }.joined(separator: ", "))
                + ". Pass one of them to --output-display."
        case .cannotCreate(let what, let reason):
            "Cannot create the patient window's \(what): \(reason)."
        }
    }
}

/// The operator's keys in the patient's window.
enum OperatorKey: Hashable, Sendable {
    /// N (or Page Down): the next part, as a continue press.
    case nextPart
    /// R: show (and speak) the step's instructions again.
    case repeatInstructions
    /// P (or Pause): pause the test, or resume it.
    case pause
    /// Escape: end the test and keep everything (results file written), once confirmed.
    case end
    /// Ctrl+Q (or the window closed): abort; the journal is kept for `recover`.
    case abort
}

/// The last SDL error, as text.
private func sdlError() -> String { String(cString: SDL_GetError()) }

/// SDL's video subsystem with one full-screen window and its renderer: the only owner of all three.
///
/// Every SDL call of the package is in this file.
final class SDLScreen {
    private let window: OpaquePointer
    /// The renderer of the full redraw; nil when frames are painted into the window's own pixels.
    private let renderer: OpaquePointer?
    /// The window's pixels (the X server's shared image on X11), for frames painted box by box; nil with a renderer.
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    /// True once the window was exposed or resized since the last look: its pixels must be painted whole.
    private(set) var windowChanged = false
    let width: Int
    let height: Int
    /// The window system's idea of the monitor's density, if it has one.
    let reportedPixelsPerInch: Double?
    /// The monitor's refresh rate in Hz, if the window system reports one.
    let refreshRate: Int?
    /// The monitor's current mode in pixels, when SDL can say.
    let mode: (width: Int, height: Int)?

    /// The monitors SDL sees, by name, in its order.
    static func monitorNames() -> [String] {
        (0..<max(0, SDL_GetNumVideoDisplays())).map { String(cString: SDL_GetDisplayName($0)) }
    }

    /// SDL's video driver and its monitors by name, read with the video subsystem up only for the look.
    static func monitors() throws(PatientWindowError) -> (driver: String?, names: [String]) {
        guard SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0 else { throw .videoUnavailable(reason: sdlError()) }
        defer { SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO)) }
        return (SDL_GetCurrentVideoDriver().map { String(cString: $0) }, monitorNames())
    }

    /// Opens a borderless full-screen window on SDL's monitor `monitorIndex`, else the one called
    /// `monitor`, else the first.
    ///
    /// `layered` asks for the window's own pixels to paint changed boxes into (no renderer); when the
    /// window's pixel format is not 32-bit XRGB it falls back to a renderer (`isLayered` says which).
    init(
        monitor: String?, monitorIndex: Int? = nil, title: String, fullScreen: Bool = true,
        size: (width: Int, height: Int)? = nil,
        layered: Bool = false
    ) throws(PatientWindowError) {
        // The window's pixels must be X's own (shared memory), not a texture SDL would present whole.
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
        // Our own evdev reader has the pen; SDL must not turn its pointer into mouse events we might mistake for it.
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "0")
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "1")
        guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else { throw .videoUnavailable(reason: sdlError()) }
        var index: Int32 = 0
        if let monitorIndex {
            let names = Self.monitorNames()
            guard names.indices.contains(monitorIndex) else {
                SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
                throw .noSuchDisplay(name: "#\(monitorIndex)", known: names)
            }
            index = Int32(monitorIndex)
        } else if let monitor {
            let names = Self.monitorNames()
            guard let found = names.firstIndex(of: monitor) else {
                SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
                throw .noSuchDisplay(name: monitor, known: names)
            }
            index = Int32(found)
        }
        var bounds = SDL_Rect()
        SDL_GetDisplayBounds(index, &bounds)
        var flags = UInt32(SDL_WINDOW_SHOWN.rawValue) | UInt32(SDL_WINDOW_BORDERLESS.rawValue)
        if fullScreen { flags |= UInt32(SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue) }
        let w = Int32(size?.width ?? Int(bounds.w))
        let h = Int32(size?.height ?? Int(bounds.h))
        guard let window = SDL_CreateWindow(title, bounds.x, bounds.y, w, h, flags) else {
            let reason = sdlError()
            SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
            throw .cannotCreate(what: "window", reason: reason)
        }
        var surface: UnsafeMutablePointer<SDL_Surface>?
        if layered, let found = SDL_GetWindowSurface(window), Self.isXRGB(found) { surface = found }
        var renderer: OpaquePointer?
        if surface == nil {
            // Vsync: a presented frame is the one on the glass, which is what the latency measures.
            guard
                let created = SDL_CreateRenderer(window, -1, UInt32(SDL_RENDERER_PRESENTVSYNC.rawValue))
                    ?? SDL_CreateRenderer(window, -1, UInt32(SDL_RENDERER_SOFTWARE.rawValue))
            else {
                let reason = sdlError()
                SDL_DestroyWindow(window)
                SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
                throw .cannotCreate(what: "renderer", reason: reason)
            }
            renderer = created
        }
        self.window = window
        self.renderer = renderer
        self.surface = surface
        var outW: Int32 = 0
        var outH: Int32 = 0
        if let renderer {
            SDL_GetRendererOutputSize(renderer, &outW, &outH)
        } else if let surface {
            outW = surface.pointee.w
            outH = surface.pointee.h
        }
        width = Int(outW)
        height = Int(outH)
        var ddpi: Float = 0
        reportedPixelsPerInch = SDL_GetDisplayDPI(index, &ddpi, nil, nil) == 0 && ddpi > 0 ? Double(ddpi) : nil
        var mode = SDL_DisplayMode()
        let hasMode = SDL_GetCurrentDisplayMode(index, &mode) == 0
        refreshRate = hasMode && mode.refresh_rate > 0 ? Int(mode.refresh_rate) : nil
        self.mode = hasMode && mode.w > 0 && mode.h > 0 ? (Int(mode.w), Int(mode.h)) : nil
        SDL_ShowCursor(SDL_DISABLE)
    }

    deinit {
        if let renderer { SDL_DestroyRenderer(renderer) }
        SDL_DestroyWindow(window)
        // Only this window's share of the video subsystem: a visit's cover window stays open under the tests' windows.
        SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO))
    }

    /// SDL's index of the monitor the window is on.
    var monitorIndex: Int { Int(max(0, SDL_GetWindowDisplayIndex(window))) }

    /// Whether frames are painted box by box into the window's pixels (else through the renderer, whole).
    var isLayered: Bool { surface != nil }

    /// Whether the window's pixels are 32 bits of XRGB, the layout of cairo's ARGB32 (alpha ignored).
    private static func isXRGB(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Bool {
        guard let format = surface.pointee.format?.pointee else { return false }
        return format.BytesPerPixel == 4 && format.Rmask == 0x00FF_0000 && format.Gmask == 0x0000_FF00
            && format.Bmask == 0x0000_00FF
    }

    /// Paints `boxes` of the frame into the window's pixels with `compose` (given the pixels and their
    /// pitch in pixels) and shows those boxes only. Returns the boxes painted: the whole window when it
    /// was exposed or resized since (`wholeBox` then), none without the window's pixels.
    @discardableResult
    func paint(
        _ boxes: [ScreenBox], whole wholeBox: ScreenBox, compose: (ScreenBox, UnsafeMutablePointer<UInt32>, Int) -> Void
    ) -> [ScreenBox] {
        var asked = boxes
        if windowChanged {
            windowChanged = false
            // The window's pixels are new after a resize; SDL hands them out again.
            surface = SDL_GetWindowSurface(window).flatMap { Self.isXRGB($0) ? $0 : nil }
            asked = [wholeBox]
        }
        guard let surface, !asked.isEmpty else { return [] }
        let w = Int(surface.pointee.w)
        let h = Int(surface.pointee.h)
        let pitch = Int(surface.pointee.pitch) / 4
        let clipped = asked.map {
            ScreenBox(x0: max(0, $0.x0), y0: max(0, $0.y0), x1: min(w, $0.x1), y1: min(h, $0.y1))
        }
        let painted = clipped.filter { !$0.isEmpty }
        guard SDL_LockSurface(surface) == 0, let pixels = surface.pointee.pixels else { return [] }
        let target = pixels.bindMemory(to: UInt32.self, capacity: pitch * h)
        for box in painted { compose(box, target, pitch) }
        SDL_UnlockSurface(surface)
        var rects: [SDL_Rect] = painted.map { box in
            SDL_Rect(x: Int32(box.x0), y: Int32(box.y0), w: Int32(box.x1 - box.x0), h: Int32(box.y1 - box.y0))
        }
        SDL_UpdateWindowSurfaceRects(window, &rects, Int32(rects.count))
        return painted
    }

    /// A texture of the screen's size; `target` for one drawn into by the renderer (the ink).
    func texture(target: Bool) throws(PatientWindowError) -> SDLTexture {
        guard let renderer else {
            throw .cannotCreate(what: "texture", reason: "the window is painted without a renderer")
        }
        let access = target ? SDL_TEXTUREACCESS_TARGET : SDL_TEXTUREACCESS_STATIC
        guard
            let texture = SDL_CreateTexture(
                renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(access.rawValue), Int32(width), Int32(height))
        else { throw .cannotCreate(what: "texture", reason: sdlError()) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return SDLTexture(texture: texture, width: width, height: height)
    }

    /// Replaces a static texture's pixels (cairo's ARGB32, one `UInt32` per pixel, row by row).
    func upload(_ pixels: [UInt32], to texture: SDLTexture) {
        precondition(pixels.count == texture.width * texture.height, "a texture upload needs width × height pixels")
        pixels.withUnsafeBytes { bytes in
            _ = SDL_UpdateTexture(texture.texture, nil, bytes.baseAddress, Int32(texture.width * 4))
        }
    }

    /// Copies one texture onto a target texture, replacing its pixels.
    func copy(_ source: SDLTexture, onto target: SDLTexture) {
        SDL_SetRenderTarget(renderer, target.texture)
        SDL_SetTextureBlendMode(source.texture, SDL_BLENDMODE_NONE)
        SDL_RenderCopy(renderer, source.texture, nil, nil)
        SDL_SetTextureBlendMode(source.texture, SDL_BLENDMODE_BLEND)
        SDL_SetRenderTarget(renderer, nil)
    }

    /// Whether a texture is blended over what is under it (an overlay) or replaces it (the canvas).
    func setBlended(_ texture: SDLTexture, _ blended: Bool) {
        SDL_SetTextureBlendMode(texture.texture, blended ? SDL_BLENDMODE_BLEND : SDL_BLENDMODE_NONE)
    }

    /// Clears a target texture to transparent.
    func clear(_ texture: SDLTexture) {
        SDL_SetRenderTarget(renderer, texture.texture)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, 0, 0, 0, 0)
        SDL_RenderClear(renderer)
        SDL_SetRenderTarget(renderer, nil)
    }

    /// Draws square dots (centre and side in pixels) into a target texture (ink segments are dotted densely).
    func drawDots(_ dots: [PixelDot], colour: (UInt8, UInt8, UInt8), into texture: SDLTexture) {
        guard !dots.isEmpty else { return }
        SDL_SetRenderTarget(renderer, texture.texture)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        SDL_SetRenderDrawColor(renderer, colour.0, colour.1, colour.2, 255)
        var rects = dots.map {
            SDL_FRect(x: Float($0.x - $0.size / 2), y: Float($0.y - $0.size / 2), w: Float($0.size), h: Float($0.size))
        }
        SDL_RenderFillRectsF(renderer, &rects, Int32(rects.count))
        SDL_SetRenderTarget(renderer, nil)
    }

    /// How opaque a blended texture is drawn (255: as its pixels say).
    func setOpacity(_ texture: SDLTexture, _ opacity: UInt8) {
        SDL_SetTextureAlphaMod(texture.texture, opacity)
    }

    /// Composes a frame: the textures in order, square dots over them (an animation's strokes), then
    /// a cross-hair cursor, and presents it.
    func present(
        _ layers: [SDLTexture], dots: [PixelDot] = [], dotColour: (UInt8, UInt8, UInt8) = (0, 0, 0),
        cursor: (x: Double, y: Double)?, cursorSize: Double
    ) {
        SDL_SetRenderTarget(renderer, nil)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        for layer in layers { SDL_RenderCopy(renderer, layer.texture, nil, nil) }
        if !dots.isEmpty {
            SDL_SetRenderDrawColor(renderer, dotColour.0, dotColour.1, dotColour.2, 255)
            var rects = dots.map {
                SDL_FRect(
                    x: Float($0.x - $0.size / 2), y: Float($0.y - $0.size / 2), w: Float($0.size), h: Float($0.size))
            }
            SDL_RenderFillRectsF(renderer, &rects, Int32(rects.count))
        }
        if let cursor {
            SDL_SetRenderDrawColor(renderer, 220, 0, 0, 255)
            let x = Float(cursor.x)
            let y = Float(cursor.y)
            let r = Float(cursorSize)
            // Two pixels thick, so it stays visible on a high-density panel.
            var arms = [
                SDL_FRect(x: x - r, y: y - 1, w: 2 * r, h: 2), SDL_FRect(x: x - 1, y: y - r, w: 2, h: 2 * r),
            ]
            SDL_RenderFillRectsF(renderer, &arms, 2)
        }
        SDL_RenderPresent(renderer)
        // The whole frame was presented: an exposure since is repaired.
        windowChanged = false
    }

    /// SDL's video driver for the window (`x11`, `wayland`, or `offscreen` when there is no display).
    var videoDriver: String? { SDL_GetCurrentVideoDriver().map { String(cString: $0) } }

    /// The operator's keys pressed since the last call (the pen never comes through SDL).
    func operatorKeys() -> [OperatorKey] {
        var keys: [OperatorKey] = []
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            switch event.type {
            case SDL_QUIT.rawValue:
                keys.append(.abort)
            case SDL_WINDOWEVENT.rawValue:
                let what = SDL_WindowEventID(UInt32(event.window.event))
                if what == SDL_WINDOWEVENT_EXPOSED || what == SDL_WINDOWEVENT_SIZE_CHANGED
                    || what == SDL_WINDOWEVENT_RESIZED
                {
                    windowChanged = true
                }
                // With a visit's cover open too, closing this window alone sends no SDL_QUIT.
                if what == SDL_WINDOWEVENT_CLOSE && event.window.windowID == SDL_GetWindowID(window) {
                    keys.append(.abort)
                }
            case SDL_KEYDOWN.rawValue:
                let key = event.key.keysym
                // Modifiers other than Ctrl+Q's are not needed; a key held down repeats, which must not
                // skip parts.
                guard event.key.repeat == 0 else { break }
                if key.sym == SDL_Keycode(SDLK_ESCAPE.rawValue) {
                    keys.append(.end)
                } else if key.sym == SDL_Keycode(SDLK_n.rawValue) || key.sym == SDL_Keycode(SDLK_PAGEDOWN.rawValue) {
                    keys.append(.nextPart)
                } else if key.sym == SDL_Keycode(SDLK_r.rawValue), (UInt32(key.mod) & UInt32(KMOD_CTRL.rawValue)) == 0 {
                    keys.append(.repeatInstructions)
                } else if key.sym == SDL_Keycode(SDLK_p.rawValue) || key.sym == SDL_Keycode(SDLK_PAUSE.rawValue) {
                    keys.append(.pause)
                } else if key.sym == SDL_Keycode(SDLK_q.rawValue), (UInt32(key.mod) & UInt32(KMOD_CTRL.rawValue)) != 0 {
                    keys.append(.abort)
                }
            default:
                break
            }
        }
        return keys
    }
}

extension SDLScreen {
    /// The ruler window's keys (`calibrate display --ruler`) since the last call, waiting up to
    /// `milliseconds` for the first. A held arrow or Backspace repeats; Enter and Escape do not.
    func rulerKeys(waitingMilliseconds milliseconds: Int32) -> [RulerKey] {
        var keys: [RulerKey] = []
        var event = SDL_Event()
        var pending = SDL_WaitEventTimeout(&event, milliseconds) != 0
        while pending {
            switch event.type {
            case SDL_QUIT.rawValue:
                keys.append(.close)
            case SDL_WINDOWEVENT.rawValue:
                let what = SDL_WindowEventID(UInt32(event.window.event))
                if what == SDL_WINDOWEVENT_EXPOSED || what == SDL_WINDOWEVENT_SIZE_CHANGED {
                    windowChanged = true
                }
                if what == SDL_WINDOWEVENT_CLOSE { keys.append(.close) }
            case SDL_KEYDOWN.rawValue:
                if let key = Self.rulerKey(event.key.keysym.sym), event.key.repeat == 0 || key.repeats {
                    keys.append(key)
                }
            default:
                break
            }
            pending = SDL_PollEvent(&event) != 0
        }
        return keys
    }

    /// The ruler's key of an SDL key symbol, nil for a key it does not use.
    private static func rulerKey(_ symbol: SDL_Keycode) -> RulerKey? {
        let keypadDigits: [SDL_KeyCode] = [
            SDLK_KP_0, SDLK_KP_1, SDLK_KP_2, SDLK_KP_3, SDLK_KP_4, SDLK_KP_5, SDLK_KP_6, SDLK_KP_7, SDLK_KP_8,
            SDLK_KP_9,
        ]
        if let digit = keypadDigits.firstIndex(where: { SDL_Keycode($0.rawValue) == symbol }) {
            return .character(Character(String(digit)))
        }
        // Digits, `.` and `,` are their ASCII codes.
        if let scalar = Unicode.Scalar(UInt32(max(0, symbol))), "0123456789.,".unicodeScalars.contains(scalar) {
            return .character(Character(scalar))
        }
        switch symbol {
        case SDL_Keycode(SDLK_RIGHT.rawValue): return .longer
        case SDL_Keycode(SDLK_LEFT.rawValue): return .shorter
        case SDL_Keycode(SDLK_UP.rawValue): return .muchLonger
        case SDL_Keycode(SDLK_DOWN.rawValue): return .muchShorter
        case SDL_Keycode(SDLK_KP_PERIOD.rawValue): return .character(".")
        case SDL_Keycode(SDLK_BACKSPACE.rawValue): return .backspace
        case SDL_Keycode(SDLK_RETURN.rawValue), SDL_Keycode(SDLK_KP_ENTER.rawValue): return .enter
        case SDL_Keycode(SDLK_ESCAPE.rawValue): return .escape
        default: return nil
        }
    }
}

extension RulerKey {
    /// Whether a held key repeats: the arrows and Backspace.
    fileprivate var repeats: Bool {
        switch self {
        case .longer, .shorter, .muchLonger, .muchShorter, .backspace: true
        case .character, .enter, .escape, .close: false
        }
    }
}

/// An SDL audio output of 16-bit mono samples, closed with its owner; playback is queued, never waited for.
final class SDLAudio {
    private let device: SDL_AudioDeviceID
    let rate: Int
    /// SDL's audio drivers that play to no one (`SDL_AUDIODRIVER=dummy` under Xvfb, `disk` to a file).
    static let silentDrivers: Set<String> = ["dummy", "disk"]

    /// Opens the default output at `rate` Hz; nil when there is none, or only a driver no one hears
    /// (then instructions are only shown, and recorded as shown, not spoken).
    init?(rate: Int) {
        // ALSA's complaints of a machine without a sound card stay off the operator's terminal (issue 33, item 5):
        // the session says it has no audio output itself.
        styluskit_quiet_alsa()
        guard SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO)) == 0 else { return nil }
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(rate)
        wanted.format = SDL_AudioFormat(AUDIO_S16SYS)
        wanted.channels = 1
        wanted.samples = 1024
        let device = SDL_OpenAudioDevice(nil, 0, &wanted, nil, 0)
        guard device != 0 else {
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            return nil
        }
        // SDL's dummy and disk drivers take the samples but no one hears them: no audio output.
        if let driver = SDL_GetCurrentAudioDriver().map({ String(cString: $0) }), Self.silentDrivers.contains(driver) {
            SDL_CloseAudioDevice(device)
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            return nil
        }
        self.device = device
        self.rate = rate
        SDL_PauseAudioDevice(device, 0)
    }

    deinit {
        SDL_CloseAudioDevice(device)
        SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
    }

    /// Replaces whatever is still playing with `samples`; false when the output would not take them.
    func play(_ samples: [Int16]) -> Bool {
        SDL_ClearQueuedAudio(device)
        return samples.withUnsafeBytes { bytes in SDL_QueueAudio(device, bytes.baseAddress, UInt32(bytes.count)) } == 0
    }

    /// Drops whatever is still queued to play.
    func stop() {
        SDL_ClearQueuedAudio(device)
    }
}

/// One SDL texture, destroyed with its owner.
final class SDLTexture {
    fileprivate let texture: OpaquePointer
    let width: Int
    let height: Int

    fileprivate init(texture: OpaquePointer, width: Int, height: Int) {
        self.texture = texture
        self.width = width
        self.height = height
    }

    deinit { SDL_DestroyTexture(texture) }
}

/// A small ordinary window on one monitor showing a picture (the operator's line), repainted
/// whole: the only other window of the package. SDL's video subsystem must be up (an `SDLScreen`
/// open) for as long as it lives.
final class SDLPictureWindow {
    private let window: OpaquePointer
    let width: Int
    let height: Int

    /// Opens a `width` x `height` window at the top-left corner of SDL's monitor `monitorIndex`.
    init(monitorIndex: Int, width: Int, height: Int, title: String) throws(PatientWindowError) {
        var bounds = SDL_Rect()
        SDL_GetDisplayBounds(Int32(monitorIndex), &bounds)
        let flags = UInt32(SDL_WINDOW_SHOWN.rawValue) | UInt32(SDL_WINDOW_BORDERLESS.rawValue)
        guard let window = SDL_CreateWindow(title, bounds.x, bounds.y, Int32(width), Int32(height), flags) else {
            throw .cannotCreate(what: "operator window", reason: sdlError())
        }
        self.window = window
        self.width = width
        self.height = height
    }

    deinit { SDL_DestroyWindow(window) }

    /// SDL's index of the monitor the window is on.
    var monitorIndex: Int { Int(max(0, SDL_GetWindowDisplayIndex(window))) }

    /// Shows `pixels` (cairo's ARGB32, `width` x `height`, row by row), converted to the window's format.
    func show(_ pixels: [UInt32]) {
        precondition(pixels.count == width * height, "a picture needs width × height pixels")
        guard let target = SDL_GetWindowSurface(window) else { return }
        var copy = pixels
        copy.withUnsafeMutableBytes { bytes in
            guard
                let source = SDL_CreateRGBSurfaceWithFormatFrom(
                    bytes.baseAddress, Int32(width), Int32(height), 32, Int32(width * 4),
                    SDL_PIXELFORMAT_ARGB8888.rawValue)
            else { return }
            SDL_SetSurfaceBlendMode(source, SDL_BLENDMODE_NONE)
            SDL_UpperBlit(source, nil, target, nil)
            SDL_FreeSurface(source)
        }
        SDL_UpdateWindowSurface(window)
    }
}
