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

    /// Shows `text` as the instructions of the step on screen and asks for it to be spoken; the
    /// speech is played, and the end of the reading's speech known, when the speech thread has made it.
    private func instruct(_ text: String, step: String) {
        instructions = text
        screen.silence()
        let shown = now()
        speechRequest = (screen.requestSpeech(text, voice: voice), shown)
        reading.shown(step: step, at: shown)
    }

    /// Starts a script of instructions, each segment's region highlighted while its words are
    /// spoken; every segment's speech is asked for at once. `banner` stays once the script is over.
    /// The reading's speech ends when the script's last segment does (known once every segment's
    /// speech is made), or at the first touch if that comes first: the touch ends the script.
    private func instruct(script segments: [InstructionSegment], banner: String, step: String) {
        instructions = banner
        screen.silence()
        let shown = now()
        speechRequest = nil
        script = InstructionScript(segments: segments, start: shown)
        scriptSpeech = [:]
        for index in segments.indices { scriptSpeech[screen.requestSpeech(segments[index].words, voice: voice)] = index }
        scriptSamples = [:]
        scriptPlayed = nil
        scriptSpoke = false
        reading.shown(step: step, at: shown)
    }

    /// The patient touched the form: the script ends (the form is revealed) and its speech stops there.
    private func endScript(at time: EventTime) {
        guard let script else { return }
        if !reading.awaitsSpeech && script.end > time { reading.speechEnds(at: time) }
        screen.silence()
        self.script = nil
        scriptSpeech = [:]
    }
    private var script: InstructionScript?
    private var scriptSpeech: [SpeechToken: Int] = [:]
    private var scriptSamples: [Int: SynthesisedSpeech] = [:]
    private var scriptPlayed: Int?
    private var scriptSpoke = false

    private func warnOnce(_ error: SpeechError) {
        if !speechWarned { printError("warning: \(error)") }
        speechWarned = true
    }

    /// Plays the instructions' speech once made; speech the patient's first touch came before is dropped.
    private func collectSpeech() {
        let time = now()
        for outcome in screen.synthesisedSpeech() {
            if let index = scriptSpeech.removeValue(forKey: outcome.token), script != nil {
                switch outcome.speech {
                case let .success(speech):
                    if script?.wantsSpeech(index, at: time) == true { scriptSamples[index] = speech }
                    script?.spoken(index, lasting: speech.duration, at: time)
                    scriptSpoke = true
                case let .failure(error):
                    warnOnce(error)
                    script?.unspoken(index)
                }
                if let script, script.isSettled, reading.awaitsSpeech {
                    // Nothing spoken at all: as for one text that could not be spoken, the speech ends as it is shown.
                    reading.speechEnds(at: scriptSpoke ? script.end : script.start)
                }
                continue
            }
            guard let request = speechRequest, outcome.token == request.token else { continue }
            speechRequest = nil
            guard reading.awaitsSpeech else { continue }
            switch outcome.speech {
            case let .success(speech):
                screen.play(speech)
                reading.speechEnds(at: request.shown.advanced(by: speech.duration))
            case let .failure(error):
                warnOnce(error)
                reading.speechEnds(at: request.shown)
            }
        }
        // Each segment's words as it comes up (late, if its speech was made after it began).
        if let script, let current = script.segment(at: time), current != scriptPlayed, let speech = scriptSamples[current] {
            screen.play(speech)
            scriptPlayed = current
        }
    }
    private var speechRequest: (token: SpeechToken, shown: EventTime)?
    /// The mazes finished so far, each greeted by the screen's check mark.
    private var mazesFinished = 0
    private var clockStep: ClockStep?
    /// The buttons the patient tapped since the loop last looked, for it to journal.
    var taps: [ButtonTap] = []
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
            clock.buttonAt = { [unowned self] sample in
                let pixel = self.screen.layout.pixel(of: sample.formPosition)
                return self.buttons.tap(x: pixel.x, y: pixel.y)
            }
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
        case let .buttonTapped(button, time):
            taps.append(ButtonTap(button: button, time: time))
            buttons.withdraw()
            if button == .repeatInstructions {
                let step = clockStep ?? .command
                instruct(step == .copy ? PatientWords.clockCopy : PatientWords.clockCommand, step: step.identifier)
            }
        case let .strokeBegan(sample):
            reading.touched(at: sample.time)
            instructions = nil
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
            endScript(at: sample.time)
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
        collectSpeech()
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
                if pageKey != key {
                    let laidOut = proctor.form
                        ?? SymbolDigitForm(step: step, origin: SymbolDigitForm.origin(centredOn: form))
                    instruct(script: InstructionScript.symbolDigit(laidOut), banner: PatientWords.symbolDigit, step: step.identifier)
                }
                if view == PatientView(), let shown = script?.view(at: now()) { view = shown }
            }
        }
        if driver.isFinished {
            // The last page stays, uncovered, under the closing page fading in (PatientScreen's animation).
            key = pageKey ?? "finished"
            view = PatientView()
            instructions = nil
            screen.testFinished(at: now())
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

