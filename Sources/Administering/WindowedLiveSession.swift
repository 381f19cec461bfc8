public import ADF
import Foundation
public import LinuxInput
public import LiveRuntime
public import PatientWindow
import Proctoring
public import Recordings
public import Sessions
public import StylusGeometry
public import StylusInput

/// Where the pen of an administered test comes from.
public enum AdministerPen: Sendable {
    /// A tablet at its evdev node (nil: the only pen tablet connected), read ahead on a thread of its own (grabbed when
    /// asked).
    case tablet(node: String?, grab: Bool)
    /// For tests: a recording fed through the live input path, `speed` times faster than recorded.
    case feed(path: String, speed: Double)
}

/// One test to administer in the patient window: everything `administer` is given.
public struct AdministerRequest {
    public var test: JournaledTest
    public var pen: AdministerPen
    public var settingsFile: String?
    public var profileFile: String?
    public var displayProfile: String?
    /// The monitor (`--output-display`): SDL's name, a connector, an EDID name or `#N`.
    public var outputDisplay: String?
    /// The espeak-ng voice of the instructions.
    public var voice = "en"
    /// Allows SDL's offscreen video driver (tests only).
    public var offscreen = false
    /// Goes on, with a warning, when the monitor's mode is not its display profile's.
    public var allowDisplayMismatch = false
    public var redraw = RedrawMode.incremental
    /// For tests: captures of the X screen that long after the form is first shown, earliest first.
    public var screenshots: [(seconds: Double, file: String)] = []
    /// The folder the journal and the results file go in.
    public var directory: String
    /// Seals the patient's fields for the results file at its path and start (see `LiveSessionFiles`).
    public var seal: (_ resultsFile: String, _ startUnixMilliseconds: Double) throws -> SealedPatient?
    /// Told once the journal exists, before the first event: the session's files, the pen's node, the device as
    /// journaled and what the session was given (a visit marks its test running then; a failure removes the journal).
    public var opened:
        (_ files: LiveSessionFiles, _ node: String, _ device: DeviceDescription, _ sources: SessionMaterials) throws ->
            Void =
            { _, _, _, _ in }

    public init(
        test: JournaledTest, pen: AdministerPen, directory: String,
        seal: @escaping (_ resultsFile: String, _ startUnixMilliseconds: Double) throws -> SealedPatient? = { _, _ in
            nil
        }
    ) {
        self.test = test
        self.pen = pen
        self.directory = directory
        self.seal = seal
    }

    /// The scripted captures of `SECONDS:FILE` texts (`administer --screenshot`), earliest first.
    public static func screenshots(parsing texts: [String]) throws(ScreenshotScriptError) -> [(
        seconds: Double, file: String
    )] {
        try texts.map { text throws(ScreenshotScriptError) in
            guard let colon = text.firstIndex(of: ":"), let seconds = Double(text[..<colon]), seconds >= 0,
                text.index(after: colon) < text.endIndex
            else { throw ScreenshotScriptError(text: text) }
            return (seconds, String(text[text.index(after: colon)...]))
        }.sorted { $0.seconds < $1.seconds }
    }
}

/// A scripted capture that is not `SECONDS:FILE`.
public struct ScreenshotScriptError: Error, CustomStringConvertible {
    public let text: String
    public var description: String { "--screenshot takes SECONDS:FILE, e.g. 2.5:shot.xwd; got '\(text)'." }
}

/// What one administered test did: its files and result, how it ended, and the window's figures.
public struct WindowedLiveSessionOutcome {
    public var journal: String
    /// The results file's path (not written when the session was aborted).
    public var results: String
    /// The session's steps and results file; nil when the operator aborted it (the journal is kept).
    public var result: SessionResult?
    /// `SIGINT` or `SIGTERM` when a signal stopped the session; nil otherwise.
    public var stoppedBy: String?
    /// How many steps the operator ended (N, or Escape twice for the steps left); 0 when every step ended by itself.
    public var stepsEndedByOperator = 0
    /// The journal's scan: what the pen did not measure, the eraser's touches (the summary says them); nil when
    /// aborted.
    public var scan: RecordingScan?
    public var latency: LatencyMeter
    public var refreshRate: Int?
    /// How frames were drawn (the fallback to `full` included).
    public var redraw: RedrawMode
    /// The `SYN_DROPPED`s of the session.
    public var gaps: Int
    /// The captures taken, by file.
    public var screenshots: [String]
    public var readings: [InstructionReading.Reading]
    /// How many times the operator paused the test, and how long it stood paused.
    public var pauses: Int
    public var paused: EventDuration

    /// True when the operator aborted the session (Ctrl+Q): no results file, the journal kept for `recover`.
    public var aborted: Bool { result == nil }
}

/// Administers one test in the patient window, the one path of `administer` (and of a visit's
/// tests): the pen opened, the session's files and setup made as `record` makes them, the window
/// opened on its monitor (refused offscreen or at another mode than the display profile's), the
/// loop run until the test ends, is stopped or aborted, and the results file written.
public enum WindowedLiveSession {
    /// The operator's keys, as the terminal shows them when the window comes up.
    public static let operatorKeys =
        "operator keys: N next part, R repeat the instructions, P pauses and resumes, Escape twice ends the test, Ctrl+Q twice aborts "
        + "(the journal is kept); Ctrl-C or SIGTERM stops the session and writes the results."

    /// Runs `request` to its end; `note` is told what the operator should read (notes, warnings,
    /// the line that says the form is up). Throws what stops a session from starting or finishing.
    public static func run(_ request: AdministerRequest, note: @escaping (String) -> Void) throws
        -> WindowedLiveSessionOutcome
    {
        let journaled = request.test
        let clock = SessionClock()
        let source: PenEventSource
        let node: String
        switch request.pen {
        case .feed(let path, let speed):
            source = try RecordingFeed(path: path, speed: speed, start: clock.now(), now: clock.now)
            node = "feed:" + path
        case .tablet(let tabletNode, let grab):
            node = try tabletNode ?? TabletDiscovery.scan().onlyPenNode()
            source = try ReconnectingTablet(node: node, grab: grab, readAhead: true)
        }
        // As `record`: the session runs on the description as the journal gives it back.
        let prepared = try LiveSessionStart(
            test: journaled, node: node, device: source.description, settingsFile: request.settingsFile,
            profileFile: request.profileFile, displayProfile: request.displayProfile, note: note)
        let (written, header, sources, setup) = (prepared.written, prepared.header, prepared.sources, prepared.setup)
        let screen = try openScreen(request, setup: setup, device: header.device, note: note)

        let start = clock.now()
        let files = try LiveSessionFiles(
            directory: request.directory, test: journaled, sources: sources, header: written,
            clockAnchor: source.anchor,
            start: start, seal: request.seal)
        let (journal, recorder, anchor) = (files.journal, files.recorder, files.anchor)
        let driver = try files.beforeFirstEvent {
            try request.opened(files, node, header.device, sources)
            let driver = try setup.driver(device: header.device, anchor: anchor, recorder: recorder)
            // The window speaks each trail making part's instructions: its time starts at their end.
            if let trails = driver as? TrailsDriver {
                trails.waitsForReady = true
                try journal.control(.waitsForReady, now: start)
            }
            return driver
        }

        let presenter = SessionPresenter(
            test: journaled, driver: driver, screen: screen, form: setup.normalizer.formSize, voice: request.voice,
            clock: clock.now)
        try journal.control(.begin(start), now: start)
        try driver.begin(at: start)
        presenter.refresh()
        screen.frame(now: clock.now)
        // Said once the patient sees the form, so whoever waits for it knows the pen is being read.
        note("Administering \(journaled.name) on \(header.device.name) (\(node)); \(operatorKeys)")
        // A fed recording starts once the patient can see the form, as a patient would.
        let shown = clock.now()
        (source as? RecordingFeed)?.begin(at: shown)

        let terminal = OperatorTerminal(note: note)
        // The operator's line: on the terminal when it is a TTY, and in its window on another monitor when open.
        let status: ((String) -> Void)? =
            terminal.isTTY || screen.hasOperatorWindow
            ? { text in
                if terminal.isTTY { terminal.status(text) }
                screen.showOperatorLine(text)
            } : nil
        var loop = AdministerLoop(
            source: source, journal: journal, driver: driver, presenter: presenter, clock: clock,
            screenshots: request.screenshots, sessionStart: shown, pausesForCaptures: source is RecordingFeed,
            note: terminal.note,
            status: status, terminalKeys: terminal.isTTY ? terminal.takeKeys : nil)
        let outcome = try files.keepingJournal {
            defer { terminal.finish() }
            return try loop.run()
        }
        if case .ended = outcome { loop.playOut() }
        var session = WindowedLiveSessionOutcome(
            journal: journal.path, results: files.destination, result: nil, stoppedBy: nil, latency: screen.latency,
            refreshRate: screen.refreshRate, redraw: screen.redraw, gaps: loop.gaps, screenshots: loop.taken,
            readings: presenter.reading.readings, pauses: driver.operatorPause.count, paused: .zero)
        session.stepsEndedByOperator = loop.stepsEndedByOperator
        let end: EventTime
        switch outcome {
        case .ended(let time):
            end = time
        case .stopped(let time, let signal):
            end = time
            session.stoppedBy = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        case .aborted:
            session.paused = driver.operatorPause.pausedDuration(by: clock.now())
            return session
        }
        session.paused = driver.operatorPause.pausedDuration(by: end)
        let (result, scan) = try files.keepingJournal {
            try journal.control(.end(end), now: end)
            try InstructionTimesRecording.record(
                presenter.reading.measures.map { ($0.step, $0.shown, $0.spoken, $0.notSpoken?.code, $0.firstTouch) },
                anchor: anchor,
                recorder: recorder,
                warn: note)
            return try files.finishScanning(driver: driver, setup: setup, header: header, at: end)
        }
        session.result = result
        session.scan = scan
        return session
    }

    /// The patient's window on its monitor; refused (before any journal exists) when no one could
    /// see it or when the monitor's mode would draw the form at the wrong size.
    static func openScreen(
        _ request: AdministerRequest, setup: SessionDriverSetup, device: DeviceDescription, note: (String) -> Void
    ) throws -> PatientScreen {
        let results = setup.results
        let monitorIndex = try monitor(named: request.outputDisplay, profile: results.displayProfile, note: note)
        let screen = try PatientScreen(
            monitor: nil, monitorIndex: monitorIndex, form: setup.normalizer.formSize,
            pixelsPerInch: results.displayProfile?.pixelsPerInch,
            showsCursor: !ResultsEnvironment.isPenDisplay(device, facts: LibwacomDatabase.installedFacts),
            redraw: request.redraw)
        // Before the journal exists: a session no one can see must not start.
        if screen.videoDriver == "offscreen" && !request.offscreen { throw AdministerError.noDisplay }
        // The offscreen driver's mode is SDL's invention, not a monitor's.
        if screen.videoDriver != "offscreen", let profile = results.displayProfile, let measured = profile.resolution,
            let mode = screen.mode,
            measured.width != mode.width || measured.height != mode.height
        {
            let mismatch = AdministerError.displayMismatch(
                profile: profile.source, measured: measured, mode: mode, goingOn: request.allowDisplayMismatch)
            guard request.allowDisplayMismatch else { throw mismatch }
            note("warning: \(mismatch)")
        }
        // A pen display is the patient's screen: the operator's line goes on another monitor, if there is one.
        if ResultsEnvironment.isPenDisplay(device, facts: LibwacomDatabase.installedFacts) {
            do {
                if let other = try screen.openOperatorWindow() {
                    let names = PatientScreen.monitorNames()
                    let name = names.indices.contains(other) ? " '\(names[other])'" : ""
                    note("The operator's line is on monitor #\(other)\(name), not on the patient's pen display.")
                }
            } catch {
                note("warning: the operator's line stays on the terminal: \(error)")
            }
        }
        return screen
    }

    /// SDL's index of the monitor the window goes on: the one `name` names (`--output-display`),
    /// else the connected display the display profile matches, else nil (the first).
    public static func monitor(named name: String?, profile: DisplayProfile?, note: (String) -> Void) throws -> Int? {
        guard name != nil || profile?.match.specificity ?? 0 > 0 else { return nil }
        let sdl = try PatientScreen.monitors()
        let chooser = MonitorChooser(sdlNames: sdl.names, connectors: DRMConnector.scan(), videoDriver: sdl.driver)
        if let name { return try chooser.choose(name) }
        guard let profile else { return nil }
        let (index, text) = chooser.choose(matching: profile)
        if let text { note("note: \(text)") }
        return index
    }
}

/// The operator's terminal during a test: messages on lines of their own, and, when it is a TTY,
/// the operator's line rewritten in place under them (the patient's window never shows it).
///
/// The terminal takes no commands during a test (the window's keys do), but what the operator
/// types there is never erased: while standard input is a terminal too, keys come one by one
/// (`OperatorConsole.showTyping`) and the line shows the text being typed after it, as the
/// break's countdown does; a line ended with Enter, or left unfinished when the test ends, stays
/// on the terminal with a note that it was not read.
public final class OperatorTerminal {
    /// Whether the operator's line is shown: standard error is a terminal.
    public let isTTY: Bool
    private let console: any OperatorConsole
    private let write: (String) -> Void
    private var statusShown = false
    /// The operator's line last shown, redrawn with the typed text at each key.
    private var lastStatus: String?
    private var typing = TypedLine()
    private var typingShown = false

    /// `write` puts a message on a line of its own; `console` is the terminal the keys come from
    /// and the line goes to (`isTTY`: standard error is a terminal, by default).
    public init(
        console: any OperatorConsole = TerminalConsole(), isTTY: Bool? = nil, note write: @escaping (String) -> Void
    ) {
        self.console = console
        self.isTTY = isTTY ?? (isatty(STDERR_FILENO) == 1)
        self.write = write
        if self.isTTY && console.isTTY {
            console.showTyping(true)
            typingShown = true
        }
    }

    deinit { if typingShown { console.showTyping(false) } }

    /// What a line typed during a test gets beside it: it was not taken, and where to type it.
    public static func notRead(_ text: String) -> String {
        "> \(text)  (not read: the terminal takes no commands during a test; the window's keys are N, R, P, "
            + "Escape, Ctrl+Q. A skip reason is typed at the next test's prompt.)"
    }

    /// A message on a line of its own (the operator's line comes back at its next update).
    public func note(_ text: String) {
        clear()
        write(text)
        if let lastStatus, !typing.text.isEmpty { status(lastStatus) }
    }

    /// Takes the keys typed since the last look, without waiting; the line is redrawn with them.
    public func takeKeys() {
        guard typingShown else { return }
        var typed = false
        while case .typed(let bytes) = console.wait(seconds: 0) {
            typed = true
            for byte in bytes {
                if let line = typing.take(byte) {
                    clear()
                    console.write(Self.notRead(line) + "\n")
                }
            }
        }
        if typed, let lastStatus { status(lastStatus) }
    }

    /// The operator's line in place of the last, cut to the terminal's width so it never wraps,
    /// with the text being typed after it (its end kept when the line is too narrow for both).
    public func status(_ text: String) {
        lastStatus = text
        console.write("\r\u{1B}[2K" + Self.line(text, typed: typing.text, columns: console.columns))
        statusShown = true
    }

    /// `clock, part copy, 0:12 | N next part, ... > s feels unwell`; the operator's line alone when nothing is typed.
    public static func line(_ status: String, typed: String, columns: Int) -> String {
        guard !typed.isEmpty else { return String(status.prefix(columns)) }
        let room = max(1, columns - 3)
        let shownTyped = typed.count > room * 2 / 3 ? "<" + String(typed.suffix(room * 2 / 3 - 1)) : typed
        return String(status.prefix(max(0, room - shownTyped.count))) + " > " + shownTyped
    }

    /// Takes the operator's line away.
    public func clear() {
        guard statusShown else { return }
        console.write("\r\u{1B}[2K")
        statusShown = false
    }

    /// The test is over: the line goes, a line left unfinished stays with its note, and the
    /// terminal edits and echoes lines again.
    public func finish() {
        clear()
        takeKeys()
        if !typing.text.isEmpty { console.write(Self.notRead(typing.text) + "\n") }
        typing = TypedLine()
        lastStatus = nil
        if typingShown {
            console.showTyping(false)
            typingShown = false
        }
    }
}

/// Why `administer` would not start.
public enum AdministerError: Error, CustomStringConvertible {
    case noDisplay
    /// The monitor's mode is not the one the display profile was measured at.
    case displayMismatch(
        profile: String, measured: (width: Int, height: Int), mode: (width: Int, height: Int), goingOn: Bool)

    public var description: String {
        guard case .displayMismatch(let profile, let measured, let mode, let goingOn) = self else {
            return noDisplayText
        }
        let problem =
            "The monitor runs at \(mode.width) x \(mode.height) pixels, but its display profile \(profile) was measured at "
            + "\(measured.width) x \(measured.height): the form would not be drawn at its true size."
        return goingOn
            ? problem + " Going on, as --allow-display-mismatch asks; the results file's DisplayData is the profile's."
            : problem
                + " Set the monitor to \(measured.width) x \(measured.height), measure it again with `styluskit calibrate display`, "
                + "or pass --allow-display-mismatch to go on."
    }

    private var noDisplayText: String {
        "No display: SDL found no X11 or Wayland display (is DISPLAY or WAYLAND_DISPLAY set?) and would run the window "
            + "offscreen, where the patient sees nothing. Run administer in the desktop session of the monitor or pen display, "
            + "or use `styluskit record` for a session without a window."
    }
}
