import ADF
import Administering
import Foundation
import LinuxInput
import PatientWindow
import Proctoring
import Recordings
import Sessions
import StylusGeometry
import StylusInput
import Testing

/// One session's driver and presenter on the offscreen window, driven by hand: events, timers and
/// the operator's presses go to the driver as the administer loop sends them, and the test reads
/// what the presenter decided the window shows.
final class PresentedSession {
    let scratch: Scratch
    let driver: any SessionDriver
    let screen: PatientScreen
    let presenter: SessionPresenter
    /// The presenter's clock, moved by the test.
    private final class ManualClock {
        var now = EventTime(microseconds: 1_000_000)
    }

    private let clock = ManualClock()
    var now: EventTime {
        get { clock.now }
        set { clock.now = newValue }
    }

    init(_ test: JournaledTest, beforeBegin: (any SessionDriver) -> Void = { _ in }) throws {
        OffscreenWindow.useOffscreenDriver()
        scratch = try Scratch()
        let header = try RecordingReader(path: Fixture.path(Fixture.cintiq)).header
        let sources = try SessionMaterials.live(
            test: test, device: header.device, settingsFile: nil, profileFile: nil, displayProfile: nil,
            lookup: Fixture.lookup,
            facts: LibwacomDatabase.installedFacts, note: { _ in })
        let setup = try SessionDriverSetup(
            test: test, device: header.device, profile: sources.tabletProfile, results: sources.results,
            settings: sources.settings,
            mazes: sources.mazes, trailsForm: sources.trailsForm)
        let recorder = try ADFRecorder(
            destination: ADFRecorder.resultsPath(directory: scratch.path, name: "session", variant: test.variant),
            variant: test.variant)
        driver = try setup.driver(
            device: header.device,
            anchor: WallClockAnchor(firstEventTime: clock.now, startTimeMilliseconds: 1_700_000_000_000),
            recorder: recorder)
        screen = try PatientScreen(monitor: nil, form: setup.normalizer.formSize, pixelsPerInch: 96, showsCursor: true)
        let clock = self.clock
        presenter = SessionPresenter(
            test: test, driver: driver, screen: screen, form: setup.normalizer.formSize, voice: "en",
            clock: { clock.now })
        beforeBegin(driver)
        try driver.begin(at: clock.now)
        presenter.refresh()
    }

    /// `seconds` later, with the driver's timers due by then fired.
    func wait(_ seconds: Double) throws {
        now = now.advanced(by: .milliseconds(Int64(seconds * 1_000)))
        try driver.advance(to: now)
        presenter.refresh()
    }

    /// A stroke in the middle of the Cintiq 13HD's active area: down, `frames` frames 5 ms apart, up.
    func stroke(frames: Int = 20) throws {
        func frame(_ x: Int32, touching: Bool, first: Bool = false) throws {
            var events = [
                InputEvent(time: now, type: .absolute, code: AbsoluteAxis.x, value: x),
                InputEvent(time: now, type: .absolute, code: AbsoluteAxis.y, value: 17_000),
                InputEvent(time: now, type: .absolute, code: AbsoluteAxis.pressure, value: touching ? 600 : 0),
            ]
            if first { events.append(InputEvent(time: now, type: .key, code: KeyCode.toolPen, value: 1)) }
            events.append(InputEvent(time: now, type: .key, code: KeyCode.touch, value: touching ? 1 : 0))
            events.append(InputEvent(time: now, type: .synchronization, code: SynchronizationCode.report, value: 0))
            for event in events { try driver.process(event) }
            now = now.advanced(by: .milliseconds(5))
        }
        try frame(28_000, touching: false, first: true)
        for index in 0..<frames { try frame(28_000 + Int32(index) * 100, touching: true) }
        try frame(28_000 + Int32(frames) * 100, touching: false)
        presenter.refresh()
    }
}

extension OffscreenWindow {
    /// The presenter's decisions (SessionPresenter.refresh): which page is up, what covers it, the
    /// words over it, the clock's buttons, the finish.
    @Suite("The presenter's decisions")
    struct SessionPresenterTests {
        @Test(
            "The clock: the command page with its words until the first touch, the copy page after N, the last page kept at the end"
        )
        func clockPages() throws {
            let session = try PresentedSession(.clock)
            let clock = try #require(session.driver as? ClockDriver)
            #expect(session.presenter.pageKey == "command")
            #expect(session.screen.view.message == StepPage.clock(.command, of: clock).words)
            #expect(session.screen.view.cover == .none)

            try session.stroke()
            #expect(session.screen.view.message == nil, "the first touch takes the instructions away")

            try session.driver.continuePressed(at: session.now)
            session.presenter.refresh()
            #expect(session.presenter.pageKey == "copy")
            #expect(session.screen.view.message == StepPage.clock(.copy, of: clock).words)

            try session.driver.continuePressed(at: session.now)
            session.presenter.refresh()
            #expect(session.driver.isFinished)
            #expect(session.presenter.pageKey == "copy", "the last page stays under the closing page")
            #expect(session.screen.view == PatientView())
            #expect(session.screen.isAnimating(at: session.now))
        }

        @Test(
            "Paused: the form covered with the pause's words and the clock's buttons withdrawn; resumed: the instructions again"
        )
        func pausedCover() throws {
            let session = try PresentedSession(.clock)
            let clock = try #require(session.driver as? ClockDriver)
            try session.stroke()
            // The buttons come up once the pen has rested long enough after a stroke.
            for _ in 0..<40 where !session.screen.buttons.isOffered { try session.wait(0.25) }
            #expect(session.screen.buttons.isOffered)
            #expect(session.screen.view.showsButtons)

            try session.driver.pausePressed(at: session.now)
            session.presenter.refresh()
            #expect(session.screen.view == PatientView.paused)
            #expect(!session.screen.buttons.isOffered)

            try session.wait(1)
            try session.driver.resumePressed(at: session.now)
            session.presenter.refresh()
            #expect(session.screen.view.cover == .none)
            #expect(session.screen.buttons.isOffered, "the buttons come back with the form")
            _ = clock
        }

        @Test("Paused before the first touch: on resume the instructions are given again, and timed again")
        func pausedBeforeFirstTouch() throws {
            let session = try PresentedSession(.clock)
            let clock = try #require(session.driver as? ClockDriver)
            try session.wait(1)
            try session.driver.pausePressed(at: session.now)
            session.presenter.refresh()
            #expect(session.screen.view.message == PatientWords.paused)
            try session.wait(2)
            try session.driver.resumePressed(at: session.now)
            session.presenter.refresh()
            #expect(session.screen.view.message == StepPage.clock(.command, of: clock).words)
            // The reading restarts at the resume: a touch now measures from there.
            let resumed = session.now
            try session.wait(0.5)
            try session.stroke()
            let measure = try #require(session.presenter.reading.measures.last)
            #expect(measure.shown == resumed)
        }

        @Test("The tablet unplugged: the form covered with the wait words, until it is back")
        func tabletAway() throws {
            let session = try PresentedSession(.clock)
            session.presenter.tabletAway = true
            session.presenter.refresh()
            #expect(session.screen.view == PatientView.tabletAway)
            session.presenter.tabletAway = false
            session.presenter.refresh()
            #expect(session.screen.view.cover == .none)
        }

        @Test("R: the step's instructions shown again at the next refresh, the page kept")
        func repeatInstructions() throws {
            let session = try PresentedSession(.clock)
            let clock = try #require(session.driver as? ClockDriver)
            try session.stroke()
            #expect(session.screen.view.message == nil)
            session.presenter.repeatInstructions()
            session.presenter.refresh()
            #expect(session.presenter.pageKey == "command")
            #expect(session.screen.view.message == StepPage.clock(.command, of: clock).words)
        }

        @Test("The maze test: one page per maze, maze-0 first, with the maze's instructions")
        func mazePage() throws {
            let session = try PresentedSession(.maze(mazeFile: Fixture.path("Fixtures/mazes/choice.maze")))
            #expect(session.presenter.pageKey == "maze-0")
            #expect(session.screen.view.message == PatientWords.maze)
        }

        @Test(
            "The symbol-digit test: the page of the proctor's current step, its interactive instructions from the key on"
        )
        func symbolDigitPage() throws {
            let session = try PresentedSession(.sdt)
            let sdt = try #require(session.driver as? SymbolDigitDriver)
            let step = try #require(sdt.proctorOnScreen.currentStep)
            #expect(session.presenter.pageKey == step.identifier)
            // The script's first region, the key, is shown with its words (enable-instructions is on by default).
            #expect(sdt.settings.enableInstructions)
            #expect(session.screen.view.message == PatientWords.symbolDigitLegend)
            #expect(session.screen.view.cover != .none)
        }
    }
}
