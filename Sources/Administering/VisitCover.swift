import LinuxInput
import PatientWindow
import StylusGeometry

/// The participant's screen between a visit's tests: one window, covered, open from before the first
/// test to after the last, under each test's own window; a break's words and countdown large and
/// centred on it, else "Please wait". So the participant never sees the desktop or the operator's
/// prompts between tests.
///
/// Opened on the monitor the tests are shown on (`--output-display`, else the first). A test's window
/// opens over it and, when it closes, the cover is what is left; `show` keeps it drawn and answering
/// the window system while the operator's terminal waits.
public final class VisitCover {
    private let screen: PatientScreen
    /// True once a test's window closed over the cover: it is composed whole again at the next `show`.
    private var uncovered = false

    /// Opens the window; refused offscreen unless `offscreen` (tests), as `administer` is.
    public init(outputDisplay: String?, offscreen: Bool, note: (String) -> Void) throws {
        let monitorIndex = try WindowedLiveSession.monitor(named: outputDisplay, profile: nil, note: note)
        // No form is shown, only the cover: any size does; this one is a pen display's working area.
        // It never speaks: the audio output is the tests' windows'.
        screen = try PatientScreen(
            monitor: nil, monitorIndex: monitorIndex, form: FormSize(widthCentimetres: 25, heightCentimetres: 15),
            pixelsPerInch: nil,
            showsCursor: false, speaks: false)
        if screen.videoDriver == "offscreen" && !offscreen { throw AdministerError.noDisplay }
        show(breakSecondsLeft: nil)
    }

    /// A test's window closed over the cover (its pixels there are gone): the cover is drawn whole again.
    public func testEnded() { uncovered = true }

    /// Shows the break with `breakSecondsLeft` to go, or (nil) that the next test begins soon.
    public func show(breakSecondsLeft: Double?) {
        let view = breakSecondsLeft.map { PatientView.shortBreak(secondsLeft: $0) } ?? PatientView.betweenTests
        if uncovered {
            screen.show(PatientView())
            uncovered = false
        }
        screen.show(view)
        // Handles the window system's events too, so the window stays responsive between tests.
        _ = screen.operatorCommands()
        screen.frame(now: monotonicClockNow)
    }
}
