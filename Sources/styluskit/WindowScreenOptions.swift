import Administering
import ArgumentParser

/// What the patient window may open on, declared once for `administer` and `visit`: SDL's
/// offscreen driver (tests only) and a monitor whose mode is not its display profile's.
struct WindowScreenOptions: ParsableArguments {
    @Flag(help: "Allow SDL's offscreen video driver (tests only): without a display no one sees the window.")
    var offscreen = false

    @Flag(
        help:
            "Go on when the monitor's mode is not the one its display profile was measured at (the form's size is then wrong)."
    )
    var allowDisplayMismatch = false

    /// Gives `request` both allowances.
    func apply(to request: inout AdministerRequest) {
        (request.offscreen, request.allowDisplayMismatch) = (offscreen, allowDisplayMismatch)
    }
}
