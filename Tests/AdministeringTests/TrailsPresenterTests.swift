import Administering
import Foundation
import Proctoring
import Recordings
import Sessions
import StylusInput
import Testing

extension OffscreenWindow {
    /// The presenter's side of a trail making part's "Ready, go" (SessionPresenter, docs/trails-proctoring.md):
    /// when the part's instructions end it offers the instant once, for the loop to plan; given
    /// again (R) while that ready is pending, the words are only spoken again, not timed again.
    @Suite("The presenter's Ready, go")
    struct TrailsPresenterTests {
        /// Refreshes (the speech thread answers in real time) until the ready is offered, for at most 10 s.
        static func awaitReady(_ session: PresentedSession) throws -> (step: String, time: EventTime) {
            for _ in 0..<1_000 {
                session.presenter.refresh()
                if let due = session.presenter.readyDue { return due }
                usleep(10_000)
            }
            throw CocoaError(.userCancelled)
        }

        @Test("The ready is offered once for sample A; R before it is taken does not time the instructions again")
        func readyOfferedOnce() throws {
            let session = try PresentedSession(.trails(form: "standard", layouts: [])) { driver in
                (driver as? TrailsDriver)?.waitsForReady = true
            }
            let trails = try #require(session.driver as? TrailsDriver)
            // SDL's dummy audio plays to no one: the instructions are shown, not spoken, and end when that is known.
            let due = try Self.awaitReady(session)
            #expect(due.step == "trailsStep-sampleA")
            #expect(trails.proctorOnScreen.state == .notStarted)
            let at = due.time.advanced(by: .milliseconds(500))
            session.presenter.readyPlanned()
            trails.plan(ready: at, step: due.step)
            #expect(trails.readyPending(for: due.step))
            session.presenter.repeatInstructions()
            session.presenter.refresh()
            usleep(300_000)
            session.presenter.refresh()
            // Not shown again as instructions (their reading would restart): no second ready.
            #expect(session.presenter.readyDue == nil)
            #expect(trails.readyPending(for: due.step))
            session.now = at.advanced(by: .milliseconds(1))
            try trails.advance(to: session.now)
            #expect(trails.proctorOnScreen.state != .notStarted)
            #expect(!trails.readyPending(for: due.step))
        }

        @Test("A ready dropped while paused: the resume gives the instructions again and offers a new ready")
        func droppedReadyOfferedAgain() throws {
            let session = try PresentedSession(.trails(form: "standard", layouts: [])) { driver in
                (driver as? TrailsDriver)?.waitsForReady = true
            }
            let trails = try #require(session.driver as? TrailsDriver)
            let due = try Self.awaitReady(session)
            let at = due.time.advanced(by: .milliseconds(500))
            session.presenter.readyPlanned()
            trails.plan(ready: at, step: due.step)
            session.now = due.time.advanced(by: .milliseconds(100))
            try trails.pausePressed(at: session.now)
            session.presenter.refresh()
            #expect(session.presenter.readyDue == nil)
            session.now = at.advanced(by: .milliseconds(100))
            try trails.advance(to: session.now)
            // Due while paused: dropped, the part not started.
            #expect(!trails.readyPending(for: due.step))
            #expect(trails.proctorOnScreen.state == .notStarted)
            try trails.resumePressed(at: session.now)
            let again = try Self.awaitReady(session)
            #expect(again.step == due.step)
            #expect(again.time > at)
        }
    }
}
