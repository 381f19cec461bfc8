// Every call into SDL the tests make is in this file.
import CSDL2

/// The operator's keys as the keyboard sends them: SDL key-down events pushed onto SDL's queue,
/// which the patient window polls as it polls a real keyboard (`PatientScreen.operatorCommands`).
enum OperatorKeyboard {
    enum Key: Hashable, CustomStringConvertible {
        case n, pageDown, r, ctrlR, p, escape, q, ctrlQ

        var description: String {
            switch self {
            case .n: "N"
            case .pageDown: "Page Down"
            case .r: "R"
            case .ctrlR: "Ctrl+R"
            case .p: "P"
            case .escape: "Escape"
            case .q: "Q"
            case .ctrlQ: "Ctrl+Q"
            }
        }
    }

    /// Pushes one press of each of `keys`, in order (a key held down is not sent: its repeats are
    /// the window's to ignore). Only while a window is open: SDL's queue goes with its video.
    static func press(_ keys: [Key]) {
        for key in keys {
            var event = SDL_Event()
            event.type = SDL_KEYDOWN.rawValue
            event.key.type = SDL_KEYDOWN.rawValue
            event.key.state = UInt8(SDL_PRESSED)
            event.key.keysym.sym = symbol(key)
            event.key.keysym.mod = key == .ctrlQ || key == .ctrlR ? UInt16(KMOD_LCTRL.rawValue) : 0
            _ = SDL_PushEvent(&event)
        }
    }

    /// SDL closes the window (the window manager's close button): SDL_QUIT.
    static func closeWindow() {
        var event = SDL_Event()
        event.type = SDL_QUIT.rawValue
        _ = SDL_PushEvent(&event)
    }

    private static func symbol(_ key: Key) -> SDL_Keycode {
        switch key {
        case .n: SDL_Keycode(SDLK_n.rawValue)
        case .pageDown: SDL_Keycode(SDLK_PAGEDOWN.rawValue)
        case .r, .ctrlR: SDL_Keycode(SDLK_r.rawValue)
        case .p: SDL_Keycode(SDLK_p.rawValue)
        case .escape: SDL_Keycode(SDLK_ESCAPE.rawValue)
        case .q, .ctrlQ: SDL_Keycode(SDLK_q.rawValue)
        }
    }
}

/// The keys of `calibrate display --ruler`'s window, pushed as the keyboard sends them.
enum RulerKeyboard {
    enum Key: Hashable {
        case right, left, up, down, enter, backspace, escape
        /// A digit, `.` or `,` (their key symbols are their ASCII codes).
        case character(Character)
    }

    /// Pushes one press of each of `keys`, in order, while the window is open.
    static func press(_ keys: [Key]) {
        for key in keys {
            var event = SDL_Event()
            event.type = SDL_KEYDOWN.rawValue
            event.key.type = SDL_KEYDOWN.rawValue
            event.key.state = UInt8(SDL_PRESSED)
            event.key.keysym.sym = symbol(key)
            _ = SDL_PushEvent(&event)
        }
    }

    private static func symbol(_ key: Key) -> SDL_Keycode {
        switch key {
        case .right: SDL_Keycode(SDLK_RIGHT.rawValue)
        case .left: SDL_Keycode(SDLK_LEFT.rawValue)
        case .up: SDL_Keycode(SDLK_UP.rawValue)
        case .down: SDL_Keycode(SDLK_DOWN.rawValue)
        case .enter: SDL_Keycode(SDLK_RETURN.rawValue)
        case .backspace: SDL_Keycode(SDLK_BACKSPACE.rawValue)
        case .escape: SDL_Keycode(SDLK_ESCAPE.rawValue)
        case .character(let character): SDL_Keycode(character.unicodeScalars.first?.value ?? 0)
        }
    }
}

/// SDL's drivers for the tests' windows: offscreen video with software rendering, silent audio,
/// whatever display the machine has. Set as SDL hints that override the environment, so the
/// process's environment (which other tests' child processes inherit) is left as it is.
enum OffscreenSDL {
    /// Before a window opens: SDL reads the hints when its video and audio start.
    static func use() {
        SDL_SetHintWithPriority("SDL_VIDEODRIVER", "offscreen", SDL_HINT_OVERRIDE)
        SDL_SetHintWithPriority("SDL_RENDER_DRIVER", "software", SDL_HINT_OVERRIDE)
        SDL_SetHintWithPriority("SDL_AUDIODRIVER", "dummy", SDL_HINT_OVERRIDE)
    }
}
