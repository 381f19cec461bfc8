import Administering
import ArgumentParser
import PatientWindow
import Reports
import SystemErrors

/// `styluskit administer --test clock|maze|sdt`: a live session shown to the patient in a full-screen window.
struct Administer: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Administers a test on a pen display (or a tablet and a monitor): the patient sees the form at its true size and the ink under the pen.",
        discussion: """
            The window fills the monitor named by --output-display (its window-system name, connector, \
            EDID monitor name or #N); without it, the monitor the display profile matches, else the \
            first. The form is drawn at physical size from the display profile's density; for a tablet without a display \
            the pen's position is shown as a cross-hair. Pen data comes from evdev exactly as for \
            `record`, and the journal and the results file are written as `record` writes them (the \
            journal keeps the --settings file, the profiles and the mazes for `recover`). The \
            proctor's actions are shown: refused strokes are not drawn, a maze interruption hides the \
            maze except the circle to resume in, a symbol-digit skip points at the box to continue in, \
            the symbol-digit instructions highlight one region of the form at a time while they are \
            spoken, and the clock's continue and repeat-instructions buttons appear after the button \
            delay, to be tapped with the pen. A finished maze is greeted with a check mark and the \
            closing page fades in at the end. Operator keys (in the window; the terminal lists them): N \
            or Page Down ends the part on screen and shows the next (a continue press); R shows and speaks \
            the step's instructions again; P (or Pause) pauses the test: the patient sees a neutral cover, \
            the proctor's timers stand still and the pen draws nothing until P resumes (the results keep the \
            tablet's real times and mark the pause); Escape, pressed twice within 5 s, ends the test and writes the \
            results; Ctrl+Q twice within 5 s aborts, keeping the journal for `styluskit recover` (exit status 3). When standard error \
            is a terminal, the operator's line there shows the test, the part on screen, the time and the \
            keys; on a pen display with another monitor, a small window at the top-left of that monitor shows \
            it too (the patient's window never shows it). Ctrl-C \
            (SIGINT) and SIGTERM stop the session safely: the steps left end at once, no other part is \
            shown, the results are written, the summary says so and the exit status is 4. Without a display (SDL's offscreen \
            driver) administer refuses to start. At the end the \
            delay from the pen's event time to the frame that showed it is printed (p50, p99). If \
            the tablet is unplugged, the session waits for it as `record` does: the patient is asked \
            to wait, the operator keys still work, and the test goes on when the same tablet is back.
            """ + "\n\n" + ExitStatus.help)

    @OptionGroup var session: LiveSessionOptions

    @Option(
        help: ArgumentHelp(
            "The monitor to show the test on: SDL's name, the connector (DP-1) or the EDID's monitor name.",
            discussion: "Default: the connected display the display profile's 'match' names, else the first monitor."),
        completion: ShellCompletions.monitors)
    var outputDisplay: String?

    @Option(help: "The espeak-ng voice the instructions are spoken with (`espeak-ng --voices` lists them).")
    var voice = "en"

    @OptionGroup var output: JSONOutput

    @OptionGroup var screen: WindowScreenOptions

    /// For tests: a recording fed through the live input path instead of a tablet.
    @Option(help: .hidden, completion: .file())
    var feed: String?

    /// For tests: how much faster than recorded the feed runs.
    @Option(help: .hidden)
    var feedSpeed = 1.0

    /// For the benchmark and the screenshot checks: `full` draws every frame whole, the first way, to compare against.
    @Option(help: .hidden)
    var redraw = "incremental"

    /// For tests: `SECONDS:FILE`, a capture of the X screen (xwd -root) that long after the form is first shown
    /// (a fed recording's first event is due then).
    @Option(help: .hidden, completion: .file())
    var screenshot: [String] = []

    func validate() throws {
        if feed != nil && session.device != nil { throw ValidationError("Give --device or --feed, not both.") }
        if !(feedSpeed > 0) { throw ValidationError("--feed-speed must be greater than 0.") }
        if RedrawMode(rawValue: redraw) == nil {
            throw ValidationError("--redraw takes incremental or full; got '\(redraw)'.")
        }
        do { _ = try AdministerRequest.screenshots(parsing: screenshot) } catch { throw ValidationError("\(error)") }
    }

    func run() throws {
        let pen: AdministerPen =
            try feed.map { .feed(path: $0, speed: feedSpeed) } ?? .tablet(node: session.device, grab: session.grab)
        var request = AdministerRequest(
            test: session.journaledTest(), pen: pen, directory: session.out,
            seal: { [patient = session.patient] in try patient.seal(resultsFile: $0, startUnixMilliseconds: $1) })
        request.settingsFile = session.proctoring.settingsFile
        request.profileFile = session.profile.profileFile
        request.displayProfile = session.display.displayProfile
        request.outputDisplay = outputDisplay
        request.voice = voice
        screen.apply(to: &request)
        request.redraw = RedrawMode(rawValue: redraw) ?? .incremental
        request.screenshots = try AdministerRequest.screenshots(parsing: screenshot)
        let administered = try WindowedLiveSession.run(request, note: { printError($0) })
        if output.json, let summary = administered.summary {
            print(try JSONLine.encode(summary))
        } else {
            for line in administered.lines { print(line) }
        }
        let status = Self.exitStatus(aborted: administered.aborted, stoppedBy: administered.stoppedBy)
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// How an administered test ends the command: 3 aborted (no results file), 4 stopped by a
    /// signal (its results are written, but the test did not run to its end, as a visit's run
    /// says with 4), 0 when it ran to its end (README, "Exit status").
    static func exitStatus(aborted: Bool, stoppedBy: String?) -> ExitStatus {
        if aborted { return .aborted }
        return stoppedBy == nil ? .success : .stopped
    }
}

/// Why `administer` would not start (the error's home is Administering; the command's errors are classified by name).
typealias AdministerError = Administering.AdministerError
