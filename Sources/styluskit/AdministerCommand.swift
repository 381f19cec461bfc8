import ADF
import ArgumentParser
import FormPrinting
import Foundation
import Reports
import LinuxInput
import Administering
import PatientWindow
import Proctoring
import Recordings
import Rendering
import Sessions
import StylusGeometry
import StylusInput

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
            results; Ctrl+Q aborts, keeping the journal for `styluskit recover` (exit status 3). When standard error \
            is a terminal, the operator's line there shows the test, the part on screen, the time and the \
            keys (the patient's window never shows it). Ctrl-C \
            (SIGINT) and SIGTERM stop the session safely: the steps left end at once, no other part is \
            shown, the results are written and the summary says so. Without a display (SDL's offscreen \
            driver) administer refuses to start. At the end the \
            delay from the pen's event time to the frame that showed it is printed (p50, p99). If \
            the tablet is unplugged, the session waits for it as `record` does: the patient is asked \
            to wait, the operator keys still work, and the test goes on when the same tablet is back.
            """ + "\n\n" + ExitStatus.help)

    @OptionGroup var session: LiveSessionOptions

    @Option(
        help: ArgumentHelp(
            "The monitor to show the test on: SDL's name, the connector (DP-1) or the EDID's monitor name.",
            discussion: "Default: the connected display the display profile's 'match' names, else the first monitor."))
    var outputDisplay: String?

    @Option(help: "The espeak-ng voice the instructions are spoken with (`espeak-ng --voices` lists them).")
    var voice = "en"

    @Flag(help: "Print the summary as JSON.")
    var json = false

    @Flag(help: "Allow SDL's offscreen video driver (tests only): without a display no one sees the window.")
    var offscreen = false

    @Flag(help: "Go on when the monitor's mode is not the one its display profile was measured at (the form's size is then wrong).")
    var allowDisplayMismatch = false

    /// For tests: a recording fed through the live input path instead of a tablet.
    @Option(help: .hidden)
    var feed: String?

    /// For tests: how much faster than recorded the feed runs.
    @Option(help: .hidden)
    var feedSpeed = 1.0

    /// For the benchmark and the screenshot checks: `full` draws every frame whole, the first way, to compare against.
    @Option(help: .hidden)
    var redraw = "incremental"

    /// For tests: `SECONDS:FILE`, a capture of the X screen (xwd -root) that long after the form is first shown
    /// (a fed recording's first event is due then).
    @Option(help: .hidden)
    var screenshot: [String] = []

    func validate() throws {
        if feed != nil && session.device != nil { throw ValidationError("Give --device or --feed, not both.") }
        if !(feedSpeed > 0) { throw ValidationError("--feed-speed must be greater than 0.") }
        if RedrawMode(rawValue: redraw) == nil { throw ValidationError("--redraw takes incremental or full; got '\(redraw)'.") }
        _ = try screenshots()
    }

    /// The scripted captures, earliest first.
    func screenshots() throws -> [(seconds: Double, file: String)] {
        try screenshot.map { text in
            guard let colon = text.firstIndex(of: ":"), let seconds = Double(text[..<colon]), seconds >= 0,
                text.index(after: colon) < text.endIndex
            else { throw ValidationError("--screenshot takes SECONDS:FILE, e.g. 2.5:shot.xwd; got '\(text)'.") }
            return (seconds, String(text[text.index(after: colon)...]))
        }.sorted { $0.seconds < $1.seconds }
    }

    func run() throws {
        let journaled = session.journaledTest()
        let test = session.test
        let clock = SessionClock()
        let source: PenEventSource
        let node: String
        if let feed {
            source = try RecordingFeed(path: feed, speed: feedSpeed, start: clock.now(), now: clock.now)
            node = "feed:" + feed
        } else {
            node = try session.device ?? Record.onlyPenNode()
            source = try ReconnectingTablet(node: node, grab: session.grab, readAhead: true)
        }
        // As `record`: the session runs on the description as the journal gives it back.
        let (written, header) = try LiveSessionFiles.journalHeader(node: node, device: source.description)
        let sources = try SessionSources.live(
            test: journaled, device: header.device, settingsFile: session.proctoring.settingsFile,
            profileFile: session.profile.profileFile, displayProfile: session.display.displayProfile, lookup: CalibrationLookup(),
            note: { printError($0) })
        let setup = try SessionSetup(
            test: journaled, device: header.device, profile: sources.tabletProfile, results: sources.results,
            settings: sources.settings, mazes: sources.mazes)
        let results = setup.results

        let isPenDisplay = ResultsEnvironment.isPenDisplay(header.device)
        let monitorIndex = try Self.monitor(named: outputDisplay, profile: results.displayProfile)
        let screen = try PatientScreen(
            monitor: nil, monitorIndex: monitorIndex, form: setup.normalizer.formSize,
            pixelsPerInch: results.displayProfile?.pixelsPerInch, showsCursor: !isPenDisplay,
            redraw: RedrawMode(rawValue: redraw) ?? .incremental)
        // Before the journal exists: a session no one can see must not start.
        if screen.videoDriver == "offscreen" && !offscreen { throw AdministerError.noDisplay }
        // The offscreen driver's mode is SDL's invention, not a monitor's.
        if screen.videoDriver != "offscreen", let profile = results.displayProfile, let measured = profile.resolution,
            let mode = screen.mode,
            measured.width != mode.width || measured.height != mode.height
        {
            let mismatch = AdministerError.displayMismatch(
                profile: profile.source, measured: measured, mode: mode, goingOn: allowDisplayMismatch)
            guard allowDisplayMismatch else { throw mismatch }
            printError("warning: \(mismatch)")
        }

        let start = clock.now()
        let files = try LiveSessionFiles(
            options: session, test: journaled, sources: sources, header: written, clockAnchor: source.anchor, start: start)
        let (journal, destination, recorder, anchor) = (files.journal, files.destination, files.recorder, files.anchor)
        let driver = try files.beforeFirstEvent { try setup.driver(device: header.device, anchor: anchor, recorder: recorder) }

        let presenter = SessionPresenter(
            test: journaled, driver: driver, screen: screen, form: setup.normalizer.formSize, voice: voice, clock: clock.now)
        try journal.control(.begin(start), now: start)
        try driver.begin(at: start)
        presenter.refresh()
        screen.frame(now: clock.now)
        // Said once the patient sees the form, so whoever waits for it knows the pen is being read.
        printError("Administering \(test.rawValue) on \(header.device.name) (\(node)); \(Self.operatorKeys)")
        // A fed recording starts once the patient can see the form, as a patient would.
        let shown = clock.now()
        (source as? RecordingFeed)?.begin(at: shown)

        let terminal = OperatorTerminal()
        var loop = AdministerLoop(
            source: source, journal: journal, driver: driver, presenter: presenter, clock: clock,
            screenshots: try screenshots(), sessionStart: shown, pausesForCaptures: feed != nil, note: terminal.note,
            status: terminal.isTTY ? terminal.status : nil)
        let outcome = try files.keepingJournal { try loop.run() }
        terminal.clear()
        if case .ended = outcome { loop.playOut() }
        let latency = screen.latency
        let end: EventTime
        var stoppedBy: String?
        switch outcome {
        case .ended(let time):
            end = time
        case .stopped(let time, let signal):
            end = time
            stoppedBy = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        case .aborted:
            print("Aborted; the journal \(journal.path) is kept: `styluskit recover \(journal.path)` rebuilds the results file.")
            print("  latency   \(latency.summary(refreshRate: screen.refreshRate))")
            throw ExitCode(3)
        }
        let result = try files.keepingJournal {
            try journal.control(.end(end), now: end)
            try InstructionTimesRecording.record(
                presenter.reading.measures.map { ($0.step, $0.shown, $0.spoken, $0.firstTouch) }, anchor: anchor, recorder: recorder,
                warn: { printError($0) })
            return try files.finish(driver: driver, setup: setup, header: header, at: end)
        }
        let lines = result.liveLines
        if json {
            let summary = AdministerSummary(
                journal: journal.path, results: destination, latencyP50Milliseconds: latency.percentile(0.5).map { Double($0) / 1000 },
                latencyP99Milliseconds: latency.percentile(0.99).map { Double($0) / 1000 },
                framesWithPenData: latency.delaysMicroseconds.count,
                screenshots: loop.taken, readingTimes: presenter.reading.readings, gaps: loop.gaps, refreshHz: screen.refreshRate,
                frameCostP50Milliseconds: latency.frameCostPercentile(0.5).map { Double($0) / 1000 }, stoppedBy: stoppedBy,
                frameCostP99Milliseconds: latency.frameCostPercentile(0.99).map { Double($0) / 1000 }, redraw: screen.redraw.rawValue,
                pauses: driver.operatorPause.count,
                pausedSeconds: (driver.operatorPause.pausedDuration(by: end).seconds * 10).rounded() / 10,
                outcome: LiveSessionReport(administered: journal.path, result: result, gaps: loop.gaps))
            print(try JSONLine.encode(summary))
        } else {
            print("Administered \(journal.path)")
            if let stoppedBy {
                print("  stopped   by \(stoppedBy): the steps left ended then, none was shown; the results are written")
            }
            for line in lines.dropLast() { print(line) }
            print("  gaps      \(loop.gaps)")
            if driver.operatorPause.count > 0 {
                let pause = driver.operatorPause
                print(
                    "  paused    \(pause.count) time\(pause.count == 1 ? "" : "s"), \(String(format: "%.1f", pause.pausedDuration(by: end).seconds)) s"
                        + " (the timers stood still; the results file's times are the tablet's)")
            }
            if let last = lines.last { print(last) }
            for reading in presenter.reading.readings {
                print(
                    "  reading   \(reading.step): \(String(format: "%.1f", reading.seconds)) s to the first touch (instructions spoken in \(String(format: "%.1f", reading.spokenSeconds)) s)"
                )
            }
            print("  latency   \(latency.summary(refreshRate: screen.refreshRate))")
        }
    }
}

extension Administer {
    /// SDL's index of the monitor the window goes on: the one `--output-display` names, else the
    /// connected display the display profile matches, else nil (the first).
    static func monitor(named name: String?, profile: DisplayProfile?) throws -> Int? {
        guard name != nil || profile?.match.specificity ?? 0 > 0 else { return nil }
        let sdl = try PatientScreen.monitors()
        let chooser = MonitorChooser(sdlNames: sdl.names, connectors: DRMConnector.scan(), videoDriver: sdl.driver)
        if let name { return try chooser.choose(name) }
        guard let profile else { return nil }
        let (index, note) = chooser.choose(matching: profile)
        if let note { printError("note: \(note)") }
        return index
    }
}

/// What `administer --json` prints.
struct AdministerSummary: Encodable {
    var journal: String
    var results: String
    var latencyP50Milliseconds: Double?
    var latencyP99Milliseconds: Double?
    var framesWithPenData: Int
    var screenshots: [String]
    var readingTimes: [InstructionReading.Reading]
    /// The `SYN_DROPPED`s of the session, as `record`'s summary counts them.
    var gaps: Int
    /// The monitor's refresh rate, when known: one refresh is the latency target.
    var refreshHz: Int?
    /// How long drawing and presenting a frame took (p50): the window's own share of the latency.
    var frameCostP50Milliseconds: Double?
    /// `SIGINT` or `SIGTERM` when a signal stopped the session (the steps left ended then); nil otherwise.
    var stoppedBy: String?
    /// How long drawing and presenting a frame took (p99).
    var frameCostP99Milliseconds: Double?
    /// How frames were drawn: `incremental`, or `full` (asked for, or the fallback when the window's pixels are not XRGB).
    var redraw: String
    /// How many times the operator paused the test (P).
    var pauses: Int
    /// How long the test stood paused, in seconds (one decimal): the timers left it out, the results' times do not.
    var pausedSeconds: Double
    /// The session's steps, strokes, points and interruptions, as `record --json` gives them.
    var outcome: LiveSessionReport
}

extension Administer {
    /// The operator's keys, as the terminal shows them when the window comes up.
    static let operatorKeys =
        "operator keys: N next part, R repeat the instructions, P pauses and resumes, Escape twice ends the test, Ctrl+Q aborts "
        + "(the journal is kept); Ctrl-C or SIGTERM stops the session and writes the results."
}

/// The operator's terminal: messages on lines of their own, and, when it is a TTY, the operator's
/// line rewritten in place under them (the patient's window never shows it).
final class OperatorTerminal {
    let isTTY = isatty(STDERR_FILENO) == 1
    private var statusShown = false

    /// A message on a line of its own (the operator's line comes back at its next update).
    func note(_ text: String) {
        clear()
        printError(text)
    }

    /// The operator's line in place of the last, cut to the terminal's width so it never wraps.
    func status(_ text: String) {
        var size = winsize()
        let columns = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 1 ? Int(size.ws_col) - 1 : 79
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + String(text.prefix(columns))).utf8))
        statusShown = true
    }

    /// Takes the operator's line away.
    func clear() {
        guard statusShown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        statusShown = false
    }
}

/// Why `administer` would not start.
enum AdministerError: Error, CustomStringConvertible {
    case noDisplay
    /// The monitor's mode is not the one the display profile was measured at.
    case displayMismatch(profile: String, measured: (width: Int, height: Int), mode: (width: Int, height: Int), goingOn: Bool)

    var description: String {
        guard case let .displayMismatch(profile, measured, mode, goingOn) = self else { return noDisplayText }
        let problem =
            "The monitor runs at \(mode.width) x \(mode.height) pixels, but its display profile \(profile) was measured at "
            + "\(measured.width) x \(measured.height): the form would not be drawn at its true size."
        return goingOn
            ? problem + " Going on, as --allow-display-mismatch asks; the results file's DisplayData is the profile's."
            : problem + " Set the monitor to \(measured.width) x \(measured.height), measure it again with `styluskit calibrate display`, "
                + "or pass --allow-display-mismatch to go on."
    }

    private var noDisplayText: String {
        "No display: SDL found no X11 or Wayland display (is DISPLAY or WAYLAND_DISPLAY set?) and would run the window "
            + "offscreen, where the patient sees nothing. Run administer in the desktop session of the monitor or pen display, "
            + "or use `styluskit record` for a session without a window."
    }
}
