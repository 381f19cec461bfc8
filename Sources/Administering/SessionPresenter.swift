internal import FormPrinting
public import PatientWindow
internal import Proctoring
public import Recordings
public import Sessions
public import StylusGeometry
public import StylusInput
import TestMaterials

/// Turns the driver's state into what the patient's screen shows: the step's page, the ink of
/// recorded strokes only, the proctor's cover and the clock's buttons.
public final class SessionPresenter {
    public let test: JournaledTest
    public let driver: any SessionDriver
    public let screen: PatientScreen
    public let form: FormSize
    /// The part on screen, by its page: the clock's step (`command`, `copy`), `maze-N` or the symbol-digit step.
    public private(set) var pageKey: String?
    /// The operator asked for the instructions again (R): shown at the next refresh, the page and its ink kept.
    private var repeatRequested = false
    private var buttons: ClockButtons
    /// The mazes finished so far, each greeted by the screen's check mark.
    private var mazesFinished = 0
    private var clockStep: ClockStep?
    /// The buttons the patient tapped since the loop last looked, for it to journal.
    public var taps: [ButtonTap] = []
    let now: () -> EventTime
    /// The step's instructions: shown, spoken, and timed for the reading measure.
    private let instructions: SpokenInstructions
    public var reading: InstructionReading { instructions.reading }
    /// True while the tablet is unplugged: the patient is asked to wait.
    public var tabletAway = false
    /// Whether the last refresh saw the test paused by the operator.
    private var wasPaused = false
    /// The symbol-digit proctor's delayed-recall reminders spoken so far.
    private var remindersSpoken = 0
    /// The trail making part on screen, and its corrections and prompts spoken so far.
    private var trailsShown: (part: Int, corrections: Int, prompts: Int)?
    /// The trail making layout the next page change shows (nil for the other tests).
    private var trailsPage: TrailLayout?
    /// When the instructions of the trail making part on screen end ("Ready, go"), once known and
    /// not planned yet: the end of their speech, or when they were found unspoken. The loop plans
    /// the part's start then.
    public private(set) var readyDue: (step: String, time: EventTime)?
    /// Whether the ready of the instructions last shown was planned (once per showing).
    private var readyWasPlanned = false

    public init(
        test: JournaledTest, driver: any SessionDriver, screen: PatientScreen, form: FormSize, voice: String,
        clock: @escaping () -> EventTime
    ) {
        self.test = test
        instructions = SpokenInstructions(screen: screen, voice: voice, clock: clock)
        now = clock
        self.driver = driver
        self.screen = screen
        self.form = form
        buttons = screen.buttons
        if let clock = driver as? ClockDriver {
            clock.actionObserver = { [unowned self] action in self.clockAction(action) }
            clock.buttonAt = { [unowned self] sample in
                let pixel = self.screen.layout.pixel(of: sample.formPosition)
                return self.buttons.tap(x: pixel.x, y: pixel.y)
            }
            // The clock's ink comes with its actions; its samples only move the cursor.
            driver.sampleObserver = { [unowned self] sample in self.hover(sample) }
        } else {
            driver.sampleObserver = { [unowned self] sample in
                self.hover(sample)
                self.sample(sample)
            }
        }
    }

    private func clockAction(_ action: ClockAction) {
        switch action {
        case .stepStarted(let step, _):
            clockStep = step
            buttons.withdraw()
        case .offerButtons:
            buttons.offer(at: EventTime(microseconds: 0))
        case .buttonTapped(let button, let time):
            taps.append(ButtonTap(button: button, time: time))
            buttons.withdraw()
            if button == .repeatInstructions, let clock = driver as? ClockDriver {
                let step = clockStep ?? .command
                instructions.show(StepPage.clock(step, of: clock).words, step: step.identifier)
            }
        case .strokeBegan(let sample):
            instructions.touched(at: sample.time)
            buttons.withdraw()
            screen.ink(to: sample.formPosition, force: sample.force, eventTime: sample.time)
        case .strokeContinued(let sample):
            screen.ink(to: sample.formPosition, force: sample.force, eventTime: sample.time)
        case .strokeEnded:
            screen.penUp()
        case .stepEnded, .finished, .armButtonTimer, .cancelButtonTimer:
            break
        }
    }

    private func sample(_ sample: PenSample) {
        let recording =
            (driver as? MazeDriver)?.isRecordingStroke ?? (driver as? SymbolDigitDriver)?.isRecordingStroke
            ?? (driver as? TrailsDriver)?.isRecordingStroke ?? false
        if sample.isInContact { instructions.touched(at: sample.time) }
        if recording && sample.isInContact {
            screen.ink(to: sample.formPosition, force: sample.force, eventTime: sample.time)
        } else {
            screen.penUp()
        }
    }

    /// Every sample the pen sent, for the cursor (a tablet without a display).
    private func hover(_ sample: PenSample) {
        screen.pen(at: sample.inProximity ? sample.formPosition : nil, eventTime: sample.time)
    }

    /// The operator asked for the step's instructions again: they are shown and spoken at the
    /// next refresh, as when the step's page first came up (the reading measure restarts).
    public func repeatInstructions() {
        repeatRequested = true
    }

    /// The loop planned the part's "Ready, go".
    public func readyPlanned() {
        readyDue = nil
        readyWasPlanned = true
    }

    /// Brings the page, the cover and the buttons up to date with the driver.
    public func refresh() {
        let paused = driver.operatorPause.isPaused && !driver.isFinished
        if paused != wasPaused {
            wasPaused = paused
            if paused {
                // The words stop with the test; the ink of the next stroke does not join the last.
                screen.silence()
                screen.penUp()
                // A part not started yet gets its instructions, and its "Ready, go", again at the resume.
                readyDue = nil
            } else if instructions.banner != nil {
                // Paused before the first touch: the instructions are given again, and timed again.
                repeatRequested = true
            }
        }
        // Speech made while paused is not played (a resume gives the instructions again if need be).
        if !paused { instructions.collectSpeech() }
        var key = ""
        var marks: () -> [PageMark] = { [] }
        var view = PatientView()
        switch test {
        case .clock:
            guard let clock = driver as? ClockDriver else { return }
            let step = clockStep ?? .command
            key = step.rawValue
            let form = self.form
            let page = StepPage.clock(step, of: clock)
            marks = { page.form.marks(on: form) }
            if pageKey != key || repeatRequested { instructions.show(page.words, step: step.identifier) }
        case .maze, .battery:
            guard let maze = driver as? MazeDriver else { return }
            let finished = maze.steps.filter(\.finished).count
            if finished > mazesFinished {
                mazesFinished = finished
                screen.mazeFinished(at: now())
            }
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
                if pageKey != key || repeatRequested, let words = StepPage.mazeInstructions(index, of: maze) {
                    instructions.show(words, step: maze.mazes[index].stepIdentifier)
                }
            }
        case .sdt:
            guard let sdt = driver as? SymbolDigitDriver else { return }
            let proctor = sdt.proctorOnScreen
            if let step = proctor.currentStep {
                key = step.identifier
                let form = self.form
                let page = StepPage.symbolDigit(step, of: sdt)
                marks = { page.marks(on: form) }
                view = PatientView.symbolDigit(proctor)
                // The reminder's words are the view's while it is up; they are spoken once, as it comes.
                if proctor.reminders > remindersSpoken {
                    remindersSpoken = proctor.reminders
                    instructions.remind(PatientWords.symbolDigitRecallReminder)
                }
                if pageKey != key || repeatRequested {
                    let laidOut =
                        proctor.form
                        ?? SymbolDigitForm(
                            step: step, displayMode: sdt.settings.displayMode,
                            origin: SymbolDigitForm.origin(centredOn: form))
                    let given = StepPage.symbolDigitInstructions(laidOut, of: sdt)
                    if let script = given.script {
                        instructions.show(script: script, banner: given.banner, step: step.identifier)
                    } else {
                        instructions.show(given.banner, step: step.identifier)
                    }
                }
                if view == PatientView(), let shown = instructions.scriptView(at: now()) { view = shown }
            }
        case .trails:
            guard let trails = driver as? TrailsDriver else { return }
            let index = trails.partIndexOnScreen
            key = "trails-\(index)"
            if index < trails.form.layouts.count {
                let proctor = trails.proctorOnScreen
                trailsPage = proctor.layout
                view = PatientView.trails(proctor)
                // The correction's and the prompt's words are shown by the view and spoken once, as they come.
                var shown = trailsShown ?? (index, 0, 0)
                if shown.part != index { shown = (index, 0, 0) }
                if proctor.corrections.count > shown.corrections, let correction = proctor.corrections.last {
                    instructions.remind(TrailsWords.correction(correction, in: proctor.layout))
                }
                if proctor.prompts.count > shown.prompts, let prompt = proctor.prompts.last {
                    instructions.remind(TrailsWords.prompt(prompt, in: proctor.layout))
                }
                trailsShown = (index, proctor.corrections.count, proctor.prompts.count)
                if trails.waitsForReady { trailsInstructions(proctor, of: trails, key: key, paused: paused) }
            }
        }
        repeatRequested = false
        if driver.isFinished {
            // The last page stays, uncovered, under the closing page fading in (PatientScreen's animation).
            key = pageKey ?? "finished"
            view = PatientView()
            instructions.withdrawBanner()
            screen.testFinished(at: now())
        }
        if paused { view = PatientView.paused }
        if tabletAway && !driver.isFinished { view = PatientView.tabletAway }
        if pageKey != key {
            pageKey = key
            // A trail making part's form, at its printed size where the driver lays it on the page (centred),
            // so the ink falls on the circles the proctor judges.
            if let layout = trailsPage, !driver.isFinished {
                screen.show(trails: layout.moved(by: TrailsDriver.origin(of: layout, on: screen.layout.form)))
            } else {
                screen.show(page: marks())
            }
        }
        if view.message == nil, let banner = instructions.banner { view.message = banner }
        // The cover hides the buttons too while paused (the pen taps nothing then).
        var shown = buttons
        if paused { shown.withdraw() }
        view.showsButtons = shown.isOffered
        screen.setButtons(shown)
        screen.show(view)
    }
}

extension SessionPresenter {
    /// A trail making part's instructions, shown and spoken as its page comes up (or at R), and
    /// their end once known: the part's "Ready, go". Unspoken instructions (no audio, a touch
    /// before their speech was made) end when that is known: nothing more is said.
    ///
    /// Given again (R, a resume before the first touch, a resume after a ready dropped while paused)
    /// they are timed again only while the part waits for a ready: once one is planned (and not
    /// dropped) or the part has started, the words are only spoken again, so the part's start and
    /// the file's speech end stay one instant.
    private func trailsInstructions(_ proctor: TrailsProctor, of trails: TrailsDriver, key: String, paused: Bool) {
        let step = proctor.layout.part.identifier
        let words = TrailsWords.instructions(proctor.layout.part)
        let waiting = proctor.state == .notStarted && !trails.readyPending(for: step)
        // A ready that came due while paused was dropped: the resume gives the instructions again.
        if pageKey != key || (waiting && (repeatRequested || (readyWasPlanned && !paused))) {
            instructions.show(words, step: step)
            readyDue = nil
            readyWasPlanned = false
        } else if repeatRequested {
            instructions.remind(words)
        }
        guard !paused, !readyWasPlanned, proctor.state == .notStarted,
            let latest = instructions.reading.latestSpeech, latest.step == step
        else {
            readyDue = nil
            return
        }
        switch latest.speech {
        case .played(let until): readyDue = (step, until)
        case .notPlayed: readyDue = readyDue ?? (step, now())
        case nil: readyDue = nil
        }
    }
}

extension TrailLayout {
    /// The layout with every circle moved by `offset`: its circles on the tablet's page rather than
    /// on its own form, for a window whose page is the whole screen.
    fileprivate func moved(by offset: FormPosition) -> TrailLayout {
        TrailLayout(
            name: name, part: part, formSize: formSize,
            circles: circles.map { circle in
                TrailCircle(
                    label: circle.label, order: circle.order, kind: circle.kind,
                    centre: FormPosition(
                        xCentimetres: circle.centre.xCentimetres + offset.xCentimetres,
                        yCentimetres: circle.centre.yCentimetres + offset.yCentimetres))
            })
    }
}
