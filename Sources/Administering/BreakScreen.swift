import LinuxInput
import PatientWindow
import StylusGeometry

/// The participant's screen during a visit's break: the window covered, the break's words and its countdown.
///
/// Opened on the monitor the tests are shown on (`--output-display`, else the first) when a break
/// begins, closed when it ends; the next test opens its own window as `administer` does.
public final class BreakScreen {
    private let screen: PatientScreen

    /// Opens the window; refused offscreen unless `offscreen` (tests), as `administer` is.
    public init(outputDisplay: String?, offscreen: Bool, note: (String) -> Void) throws {
        let monitorIndex = try AdministerSession.monitor(named: outputDisplay, profile: nil, note: note)
        // No form is shown, only the cover: any size does; this one is a pen display's working area.
        screen = try PatientScreen(
            monitor: nil, monitorIndex: monitorIndex, form: FormSize(widthCentimetres: 25, heightCentimetres: 15), pixelsPerInch: nil,
            showsCursor: false)
        if screen.videoDriver == "offscreen" && !offscreen { throw AdministerError.noDisplay }
    }

    /// Shows the break with `secondsLeft` to go.
    public func show(secondsLeft: Double) {
        screen.show(PatientView(cover: .everything, message: PatientWords.shortBreak(secondsLeft: secondsLeft)))
        // Handles the window system's events too, so the window stays responsive through the break.
        _ = screen.operatorCommands()
        screen.frame(now: monotonicClockNow)
    }
}
