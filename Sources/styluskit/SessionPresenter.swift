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
    /// True while the tablet is unplugged: the patient is asked to wait.
    var tabletAway = false
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
        if tabletAway && !driver.isFinished { view = PatientView.tabletAway }
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

