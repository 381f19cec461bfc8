import ADF
import ArgumentParser
import FormPrinting
import Foundation
import LinuxInput
import PatientWindow
import Proctoring
import Recordings
import Rendering
import StylusGeometry
import StylusInput

/// `styluskit administer --test clock|maze|sdt`: a live session shown to the patient in a full-screen window.
struct Administer: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Administers a test on a pen display (or a tablet and a monitor): the patient sees the form at its true size and the ink under the pen.",
        discussion: """
            The window fills the monitor named by --output-display (default: the first). The form is \
            drawn at physical size from the display profile's density; for a tablet without a display \
            the pen's position is shown as a cross-hair. Pen data comes from evdev exactly as for \
            `record`, and the journal and the results file are written as `record` writes them. The \
            proctor's actions are shown: refused strokes are not drawn, a maze interruption hides the \
            maze except the circle to resume in, a symbol-digit skip points at the box to continue in, \
            and the clock's continue and repeat-instructions buttons appear after the button delay, \
            to be tapped with the pen. Operator keys: Escape ends the test and writes the results; \
            Ctrl+Q aborts, keeping the journal for `styluskit recover` (exit status 3). At the end the \
            delay from the pen's event time to the frame that showed it is printed (p50, p99).
            """)

    @Option(help: "The test to administer.")
    var test: Record.TestKind

    @Option(help: "The monitor to show the test on, by its window-system name (default: the first).")
    var outputDisplay: String?

    @Option(help: "The tablet's pen node (default: the only pen tablet connected).")
    var device: String?

    @Option(help: "The maze file of a one-maze maze test (--test maze).")
    var maze: String?

    @Option(help: "The battery file listing the mazes of a maze test (--test maze).")
    var battery: String?

    @OptionGroup var profile: ProfileOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var patient: PatientOptions

    @Option(help: "The directory to write the journal and the results file into.")
    var out = "."

    @Flag(help: "Grab the tablet exclusively, so the pen does not move the desktop cursor during the test.")
    var grab = false

    @Option(help: "The espeak-ng voice the instructions are spoken with (`espeak-ng --voices` lists them).")
    var voice = "en"

    @Flag(help: "Print the summary as JSON.")
    var json = false

    /// For tests: a recording fed through the live input path instead of a tablet.
    @Option(help: .hidden)
    var feed: String?

    /// For tests: how much faster than recorded the feed runs.
    @Option(help: .hidden)
    var feedSpeed = 1.0

    /// For tests: `SECONDS:FILE`, a capture of the X screen (xwd -root) that long after the form is first shown
    /// (a fed recording's first event is due then).
    @Option(help: .hidden)
    var screenshot: [String] = []

    func validate() throws {
        switch test {
        case .maze:
            if (maze == nil) == (battery == nil) {
                throw ValidationError("--test maze needs exactly one of --maze FILE or --battery FILE.")
            }
        case .clock, .sdt:
            if maze != nil || battery != nil {
                throw ValidationError("--maze and --battery belong to --test maze; leave them out for --test \(test.rawValue).")
            }
        }
        if feed != nil && device != nil { throw ValidationError("Give --device or --feed, not both.") }
        if !(feedSpeed > 0) { throw ValidationError("--feed-speed must be greater than 0.") }
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
        let record = try Record.parse(
            ["--test", test.rawValue] + (maze.map { ["--maze", $0] } ?? []) + (battery.map { ["--battery", $0] } ?? []))
        let journaled = record.journaledTest()
        let clock = SessionClock()
        let source: PenEventSource
        let node: String
        if let feed {
            source = try RecordingFeed(path: feed, speed: feedSpeed, start: clock.now(), now: clock.now)
            node = "feed:" + feed
        } else {
            node = try device ?? Record.onlyPenNode()
            source = try LiveTablet(node: node, grab: grab)
        }
        var uts = utsname()
        uname(&uts)
        let kernel = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let written = RecordingHeader(format: .evemu(.current), kernel: kernel, deviceNode: node, device: source.description)
        // As `record`: the session runs on the description as the journal gives it back.
        let header = try RecordingReader(bytes: Array(EvemuWriter().header(written).utf8), name: "journal header").header
        let match = try profile.profile(for: header.device)
        let setup = try SessionSetup(test: journaled, device: header.device, profile: match, display: display)
        let results = try ResultsEnvironment(device: header.device, tabletProfile: match, options: display)

        let isPenDisplay = header.device.has(property: InputProperty.direct)
        let screen = try PatientScreen(
            monitor: outputDisplay, form: setup.normalizer.formSize,
            pixelsPerInch: results.displayProfile?.pixelsPerInch, showsCursor: !isPenDisplay)

        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let stem = journaled.name + "-" + Record.utcStamp(source.anchor.realtimeMicroseconds)
        let destination = ADFRecorder.resultsPath(directory: out, name: stem, variant: journaled.variant)
        let recorder = try ADFRecorder(destination: destination, variant: journaled.variant)
        let start = clock.now()
        let journal = try Journal(directory: out, name: stem, header: written, now: start)
        try journal.control(
            .anchor(realtimeMicroseconds: source.anchor.realtimeMicroseconds, monotonicMicroseconds: source.anchor.monotonicMicroseconds),
            now: start)
        if journaled != .clock { try journal.control(.test(journaled), now: start) }
        let anchor = WallClockAnchor(offsetMicroseconds: source.anchor.offsetMicroseconds)
        let sealed = try patient.seal(resultsFile: destination, startUnixMilliseconds: anchor.unixMilliseconds(start))
        if let sealed { try journal.control(.patient(sealed), now: start) }
        let driver = try setup.driver(device: header.device, anchor: anchor, recorder: recorder)

        let presenter = SessionPresenter(
            test: journaled, driver: driver, screen: screen, form: setup.normalizer.formSize, voice: voice, clock: clock.now)
        printError("Administering \(test.rawValue) on \(header.device.name) (\(node)); Escape ends, Ctrl+Q aborts.")
        try journal.control(.begin(start), now: start)
        try driver.begin(at: start)
        presenter.refresh()
        screen.frame(now: clock.now)
        // A fed recording starts once the patient can see the form, as a patient would.
        let shown = clock.now()
        (source as? RecordingFeed)?.begin(at: shown)

        var loop = AdministerLoop(
            source: source, journal: journal, driver: driver, presenter: presenter, clock: clock,
            screenshots: try screenshots(), sessionStart: shown, pausesForCaptures: feed != nil)
        let outcome = try loop.run()
        let latency = screen.latency
        guard case .ended(let end) = outcome else {
            print("Aborted; the journal \(journal.path) is kept: `styluskit recover \(journal.path)` rebuilds the results file.")
            print("  latency   \(latency.summary)")
            throw ExitCode(3)
        }
        try InstructionTimesRecording.record(
            presenter.reading.measures.map { ($0.step, $0.shown, $0.spoken, $0.firstTouch) }, anchor: anchor, recorder: recorder)
        let scan = try RecordingScan(try RecordingOptions.parse([journal.path, "--allow-truncated"]))
        var environment = setup.environment(header: header, penID: scan.penID)
        sealed?.fill(&environment)
        let lines = try driver.finishSession(at: end, environment: environment, display: setup.display)
        if json {
            let summary = AdministerSummary(
                journal: journal.path, results: destination, latencyP50Milliseconds: latency.percentile(0.5).map { Double($0) / 1000 },
                latencyP99Milliseconds: latency.percentile(0.99).map { Double($0) / 1000 }, framesWithPenData: latency.delaysMicroseconds.count,
                screenshots: loop.taken, readingTimes: presenter.reading.readings)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(summary), as: UTF8.self))
        } else {
            print("Administered \(journal.path)")
            for line in lines { print(line) }
            for reading in presenter.reading.readings {
                print("  reading   \(reading.step): \(String(format: "%.1f", reading.seconds)) s to the first touch (instructions spoken in \(String(format: "%.1f", reading.spokenSeconds)) s)")
            }
            print("  latency   \(latency.summary)")
        }
    }
}

/// What `administer --json` prints.
struct AdministerSummary: Codable {
    var journal: String
    var results: String
    var latencyP50Milliseconds: Double?
    var latencyP99Milliseconds: Double?
    var framesWithPenData: Int
    var screenshots: [String]
    var readingTimes: [InstructionReading.Reading]
}

/// The session's clock: CLOCK_MONOTONIC, less the time spent capturing screenshots of a fed session
/// (so a capture does not age the proctor's timers).
final class SessionClock {
    private(set) var pausedMicroseconds: Int64 = 0

    func now() -> EventTime {
        EventTime(microseconds: monotonicClockNow().microseconds - pausedMicroseconds)
    }

    /// Runs `body` with the clock stopped.
    func paused<T>(_ body: () throws -> T) rethrows -> T {
        let before = monotonicClockNow()
        defer { pausedMicroseconds += monotonicClockNow().microseconds - before.microseconds }
        return try body()
    }
}

/// Turns the driver's state into what the patient's screen shows: the step's page, the ink of
/// recorded strokes only, the proctor's cover and the clock's buttons.
final class SessionPresenter {
    let test: JournaledTest
    let driver: SessionDriver
    let screen: PatientScreen
    let form: FormSize
    private var pageKey: String?
    private var buttons: ClockButtons
    private var instructions: String?

    /// Shows and speaks `text` as the instructions of the step on screen.
    private func instruct(_ text: String, step: String) {
        instructions = text
        var spoken = EventDuration(microseconds: 0)
        do {
            spoken = try screen.speak(text, voice: voice)
        } catch {
            if !speechWarned { printError("warning: \(error)") }
            speechWarned = true
        }
        reading.shown(step: step, at: now(), spoken: spoken)
    }
    private var clockStep: ClockStep?
    /// A continue press the patient tapped, for the loop to carry out (journal, driver).
    var tappedContinue: EventTime?
    let voice: String
    let now: () -> EventTime
    private(set) var reading = InstructionReading()
    private var speechWarned = false

    init(test: JournaledTest, driver: SessionDriver, screen: PatientScreen, form: FormSize, voice: String, clock: @escaping () -> EventTime) {
        self.test = test
        self.voice = voice
        now = clock
        self.driver = driver
        self.screen = screen
        self.form = form
        buttons = screen.buttons
        if let clock = driver as? ClockDriver {
            clock.onAction = { [unowned self] action in self.clockAction(action) }
        } else {
            driver.sampleObserver = { [unowned self] sample in self.sample(sample) }
        }
    }

    private func clockAction(_ action: ClockAction) {
        switch action {
        case let .stepStarted(step, _):
            clockStep = step
            buttons.withdraw()
        case .offerButtons:
            buttons.offer(at: EventTime(microseconds: 0))
        case let .strokeBegan(sample):
            let pixel = screen.layout.pixel(of: sample.formPosition)
            switch buttons.tap(x: pixel.x, y: pixel.y) {
            case .continue:
                tappedContinue = sample.time
            case .repeatInstructions:
                let step = clockStep ?? .command
                instruct(step == .copy ? PatientWords.clockCopy : PatientWords.clockCommand, step: step.identifier)
            case .none:
                reading.touched(at: sample.time)
                instructions = nil
            }
            buttons.withdraw()
            screen.ink(to: sample.formPosition, force: sample.force, eventTime: sample.time)
        case let .strokeContinued(sample):
            screen.ink(to: sample.formPosition, force: sample.force, eventTime: sample.time)
        case .strokeEnded:
            screen.penUp()
        case .stepEnded, .finished, .armButtonTimer, .cancelButtonTimer:
            break
        }
    }

    private func sample(_ sample: PenSample) {
        let recording = (driver as? MazeDriver)?.isRecordingStroke ?? (driver as? SymbolDigitDriver)?.isRecordingStroke ?? false
        if sample.isInContact {
            reading.touched(at: sample.time)
            instructions = nil
        }
        if recording && sample.isInContact {
            screen.ink(to: sample.formPosition, force: sample.force, eventTime: sample.time)
        } else {
            screen.penUp()
        }
    }

    /// Every sample the pen sent, for the cursor (a tablet without a display).
    func hover(_ sample: PenSample) {
        screen.pen(at: sample.inProximity ? sample.formPosition : nil, eventTime: sample.time)
    }

    /// Brings the page, the cover and the buttons up to date with the driver.
    func refresh() {
        var key = ""
        var marks: () -> [PageMark] = { [] }
        var view = PatientView()
        switch test {
        case .clock:
            let step = clockStep ?? .command
            key = step.rawValue
            let form = self.form
            marks = {
                step == .copy ? StepForm.clockToCopy(hours: 11, minutes: 10).marks(on: form) : StepForm.blank.marks(on: form)
            }
            if pageKey != key { instruct(step == .copy ? PatientWords.clockCopy : PatientWords.clockCommand, step: step.identifier) }
        case .maze, .battery:
            guard let maze = driver as? MazeDriver else { return }
            let index = maze.mazeIndexOnScreen
            key = "maze-\(index)"
            if index < maze.mazes.count {
                let shown = maze.mazes[index].maze
                let form = self.form
                marks = { StepForm.maze(shown).marks(on: form) }
                let proctor = maze.proctorOnScreen
                view = PatientView.maze(proctor)
                // The path past the resume point was drawn in error: the proctor dropped it, so does the screen.
                if proctor.state == .paused, let resume = proctor.resumePoint { screen.eraseInk(after: resume.time) }
                if pageKey != key { instruct(PatientWords.maze, step: maze.mazes[index].stepIdentifier) }
            }
        case .sdt:
            guard let sdt = driver as? SymbolDigitDriver else { return }
            let proctor = sdt.proctorOnScreen
            if let step = proctor.currentStep {
                key = step.identifier
                let form = self.form
                marks = { StepForm.symbolDigit(step, displayMode: false).marks(on: form) }
                view = PatientView.symbolDigit(proctor)
                if pageKey != key { instruct(PatientWords.symbolDigit, step: step.identifier) }
            }
        }
        if driver.isFinished {
            key = "finished"
            marks = { [] }
            view = PatientView(message: PatientWords.finished)
        }
        if pageKey != key {
            pageKey = key
            screen.show(page: marks())
        }
        if view.message == nil, let instructions { view.message = instructions }
        view.showsButtons = buttons.isOffered
        screen.setButtons(buttons)
        screen.show(view)
    }
}

/// The administer event loop: pen events in (journal first, then the driver), timers, the
/// operator's keys, the patient's taps, a frame after every change, and scripted captures.
struct AdministerLoop {
    enum Outcome {
        case ended(EventTime)
        case aborted
    }

    let source: PenEventSource
    let journal: Journal
    let driver: SessionDriver
    let presenter: SessionPresenter
    let clock: SessionClock
    var screenshots: [(seconds: Double, file: String)]
    let sessionStart: EventTime
    /// A fed session stops its clock while the X server is captured; a live one cannot.
    let pausesForCaptures: Bool
    private(set) var taken: [String] = []
    private(set) var gaps = 0

    init(
        source: PenEventSource, journal: Journal, driver: SessionDriver, presenter: SessionPresenter, clock: SessionClock,
        screenshots: [(seconds: Double, file: String)], sessionStart: EventTime, pausesForCaptures: Bool
    ) {
        self.source = source
        self.journal = journal
        self.driver = driver
        self.presenter = presenter
        self.clock = clock
        self.screenshots = screenshots
        self.sessionStart = sessionStart
        self.pausesForCaptures = pausesForCaptures
    }

    /// How long after a feed's last event (and its last timer) a fed session ends by itself.
    static let feedLinger = EventDuration.milliseconds(300)

    mutating func run() throws -> Outcome {
        let signals = SignalPipe.install()
        let screen = presenter.screen
        var batch: [InputEvent] = []
        var dropsJournaled = 0
        var measuresJournaled = 0
        var quietSince: EventTime?
        // A frame's events go to the cursor too; the driver's observer sees only pen samples it used.
        let normalizer = (driver as? MazeDriver)?.normalizer ?? (driver as? SymbolDigitDriver)?.normalizer
            ?? (driver as? ClockDriver)?.normalizer
        var hoverAssembler = try FrameAssembler(device: source.description)
        while true {
            var now = clock.now()
            // Short sleeps: a frame should follow an event within a refresh, and SDL's keys are polled, not waited on.
            var timeout: Int64 = 4_000
            if let deadline = driver.nextDeadline { timeout = min(timeout, deadline.duration(since: now).microseconds) }
            if let due = source.nextDue { timeout = min(timeout, due.duration(since: now).microseconds) }
            if let shot = screenshots.first {
                let at = sessionStart.microseconds + Int64(shot.seconds * 1_000_000)
                timeout = min(timeout, at - now.microseconds)
            }
            var fds = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0), pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, nfds_t(fds.count), Int32(max(0, (timeout + 999) / 1_000)))
            if ready < 0 && errno != EINTR { throw LiveInputError.readFailed(node: "pen", reason: String(cString: strerror(errno))) }
            now = clock.now()
            batch.removeAll(keepingCapacity: true)
            let status = try source.read(into: &batch, limit: 4096)
            try journal.append(batch, now: now)
            for drop in source.drops.dropFirst(dropsJournaled) {
                try journal.control(.gap(droppedAt: drop.droppedAt, resyncEvents: drop.resyncEvents), now: now)
                try driver.interrupt(SessionInterruption(kind: .eventsDropped, time: drop.droppedAt))
                gaps += 1
            }
            dropsJournaled = source.drops.count
            for event in batch {
                try driver.process(event)
                // A reading time is journaled as it completes, so `recover` writes it as this session does.
                for measure in presenter.reading.measures.dropFirst(measuresJournaled) {
                    try journal.control(
                        .instructions(step: measure.step, shown: measure.shown, spoken: measure.spoken, firstTouch: measure.firstTouch),
                        now: now)
                }
                measuresJournaled = presenter.reading.measures.count
                if let normalizer, let frame = hoverAssembler.process(event), case .pen(let pen) = frame {
                    presenter.hover(normalizer.sample(pen))
                }
                if let tapped = presenter.tappedContinue {
                    presenter.tappedContinue = nil
                    try journal.control(.continue(tapped), now: now)
                    try driver.continuePressed(at: tapped)
                }
            }
            if status == .removed {
                try journal.control(.removed(now), now: now)
                try driver.interrupt(SessionInterruption(kind: .deviceRemoved, time: now))
                printError("The tablet was unplugged; the session ends here (plug it in and use `record` to wait for it).")
                return .ended(now)
            }
            try driver.advance(to: now)
            presenter.refresh()
            screen.frame(now: clock.now)
            if driver.isFinished { return .ended(now) }

            while let shot = screenshots.first, now.microseconds >= sessionStart.microseconds + Int64(shot.seconds * 1_000_000) {
                screenshots.removeFirst()
                let capture = { Self.captureScreen(to: shot.file) }
                if pausesForCaptures { clock.paused(capture) } else { capture() }
                taken.append(shot.file)
            }
            for command in screen.operatorCommands() {
                let pressed = clock.now()
                switch command {
                case .abort:
                    return .aborted
                case .end:
                    try endEverything(at: pressed)
                    return .ended(pressed)
                }
            }
            var signal: UInt8 = 0
            while read(signals, &signal, 1) == 1 {
                let pressed = clock.now()
                if Int32(signal) == SIGTERM {
                    try endEverything(at: pressed)
                } else {
                    try journal.control(.continue(pressed), now: pressed)
                    try driver.continuePressed(at: pressed)
                }
                if driver.isFinished { return .ended(pressed) }
            }
            // A feed that is over ends the session once nothing more is due and every capture is taken.
            if source.isExhausted && driver.nextDeadline == nil && screenshots.isEmpty {
                let since = quietSince ?? now
                quietSince = since
                if now.duration(since: since) >= Self.feedLinger {
                    try endEverything(at: now)
                    return .ended(now)
                }
            } else {
                quietSince = nil
            }
            try journal.syncIfDue(now: now)
        }
    }

    /// Ends every step left, as SIGTERM does for `record`: one continue press per step, journaled.
    private func endEverything(at time: EventTime) throws {
        while !driver.isFinished {
            try journal.control(.continue(time), now: time)
            try driver.continuePressed(at: time)
        }
    }

    /// Captures what the X server shows (the whole root window) with xwd: the pixels the patient saw,
    /// not the app's idea of them.
    static func captureScreen(to file: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xwd")
        process.arguments = ["-root", "-silent", "-out", file]
        do {
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { printError("warning: xwd could not capture the screen into \(file)") }
        } catch {
            printError("warning: cannot run /usr/bin/xwd to capture the screen (\(error)); install x11-apps")
        }
    }
}
