import Proctoring
import Sessions
import StylusInput
import Testing

/// The one due-time queue of the three drivers: what fires before a frame, and in which order.
@Suite("The session plan's tie-break")
struct SessionPlanTests {
    func time(_ milliseconds: Int64) -> EventTime { EventTime(microseconds: milliseconds * 1_000) }

    /// Everything due before a frame at `frame`, in the order it fires, with the proctor's `timer`
    /// (taken once, as a driver clears it when it fires).
    func drain(_ plan: inout SessionPlan, before frame: Int64, timer: Int64? = nil) -> [SessionPlan.Due] {
        var timer = timer.map(time)
        var fired: [SessionPlan.Due] = []
        while let due = plan.nextDue(before: time(frame), timer: timer) {
            if case .timer = due { timer = nil }
            fired.append(due)
        }
        return fired
    }

    @Test("A timer due at the frame's own time fires; a boundary at the frame's time waits for the next frame")
    func strictness() {
        var plan = SessionPlan(boundaries: [time(100)])
        #expect(drain(&plan, before: 100, timer: 100) == [.timer(time(100))])
        #expect(drain(&plan, before: 101) == [.boundary(time(100))])
    }

    @Test("A boundary goes before a timer due after it, and after one due before it or at its instant")
    func boundaryAgainstTimer() {
        var plan = SessionPlan(boundaries: [time(50)])
        #expect(drain(&plan, before: 200, timer: 50) == [.timer(time(50)), .boundary(time(50))])
        var earlier = SessionPlan(boundaries: [time(40)])
        #expect(drain(&earlier, before: 200, timer: 50) == [.boundary(time(40)), .timer(time(50))])
        var later = SessionPlan(boundaries: [time(60)])
        #expect(drain(&later, before: 200, timer: 50) == [.timer(time(50)), .boundary(time(60))])
    }

    @Test("An interruption goes before a boundary at its instant or later, and before the proctor's timer")
    func interruptionFirst() {
        let dropped = SessionInterruption(kind: .eventsDropped, time: time(70))
        var plan = SessionPlan(boundaries: [time(70)], interruptions: [dropped])
        #expect(
            drain(&plan, before: 200, timer: 40) == [.interruption(dropped), .timer(time(40)), .boundary(time(70))])
        let late = SessionInterruption(kind: .deviceRemoved, time: time(90))
        var boundaryFirst = SessionPlan(boundaries: [time(80)], interruptions: [late])
        #expect(drain(&boundaryFirst, before: 200) == [.boundary(time(80)), .interruption(late)])
    }

    @Test("Controls added as a journal is read keep the journal's order among equal times")
    func journalOrder() {
        let removed = SessionInterruption(kind: .deviceRemoved, time: time(10))
        let back = SessionInterruption(kind: .deviceReconnected, time: time(10))
        var plan = SessionPlan()
        plan.add(interruption: removed)
        plan.add(interruption: back)
        plan.add(boundary: time(30))
        plan.add(boundary: time(20))
        #expect(
            drain(&plan, before: 100) == [
                .interruption(removed), .interruption(back), .boundary(time(20)), .boundary(time(30)),
            ])
    }

    @Test("Taps: one at a frame's instant is that frame's; earlier ones were missed")
    func taps() {
        var plan = SessionPlan(taps: [
            ButtonTap(button: .continueTest, time: time(5)), ButtonTap(button: .repeatInstructions, time: time(9)),
        ])
        #expect(plan.tap(at: time(5)) == .continueTest)
        #expect(plan.tap(at: time(8)) == nil)
        #expect(plan.tapsMissed(before: time(20)).map(\.button) == [.repeatInstructions])
        #expect(plan.tapsMissed(before: time(30)).isEmpty)
    }

    @Test(
        "Pause and resume presses: ordered as boundaries, after a timer due at their instant, before a boundary at it")
    func pausePresses() {
        var plan = SessionPlan(boundaries: [time(60)])
        plan.add(pause: time(50))
        plan.add(resume: time(60))
        #expect(
            drain(&plan, before: 200, timer: 50) == [
                .timer(time(50)), .pause(time(50)), .resume(time(60)), .boundary(time(60)),
            ])
        var strict = SessionPlan()
        strict.add(pause: time(100))
        #expect(drain(&strict, before: 100).isEmpty)
        #expect(drain(&strict, before: 101) == [.pause(time(100))])
        let removed = SessionInterruption(kind: .deviceRemoved, time: time(30))
        var withInterruption = SessionPlan(interruptions: [removed])
        withInterruption.add(pause: time(30))
        #expect(drain(&withInterruption, before: 200) == [.interruption(removed), .pause(time(30))])
    }
}

/// The operator's pause on a virtual clock: every input takes its time, nothing reads a clock.
@Suite("The operator's pause")
struct OperatorPauseTests {
    func time(_ milliseconds: Int64) -> EventTime { EventTime(microseconds: milliseconds * 1_000) }

    @Test("Pause and resume: the resume says how long the pause lasted; a second pause or a stray resume does nothing")
    func pauseAndResume() {
        var pause = OperatorPause()
        #expect(pause.resume(at: time(10)).isEmpty)
        #expect(pause.pause(at: time(100)) == [.pause(at: time(100))])
        #expect(pause.isPaused && pause.pausedSince == time(100))
        #expect(pause.pause(at: time(150)).isEmpty, "already paused: the pause keeps its start")
        #expect(pause.resume(at: time(400)) == [.resume(at: time(400), paused: .milliseconds(300))])
        #expect(!pause.isPaused && pause.count == 1)
    }

    @Test("The operator's clock leaves the paused time out, the pause under way included")
    func sessionTime() {
        var pause = OperatorPause()
        let start = time(0)
        _ = pause.pause(at: time(1_000))
        #expect(pause.sessionTime(from: start, to: time(1_000)) == .milliseconds(1_000))
        #expect(
            pause.sessionTime(from: start, to: time(5_000)) == .milliseconds(1_000),
            "the clock stands still while paused")
        _ = pause.resume(at: time(6_000))
        #expect(pause.sessionTime(from: start, to: time(7_500)) == .milliseconds(2_500))
        _ = pause.pause(at: time(8_000))
        _ = pause.resume(at: time(8_250))
        #expect(pause.pausedDuration(by: time(9_000)) == .milliseconds(5_250))
        #expect(pause.count == 2)
    }

    @Test("While paused no timer is due; after the resume it is, as given")
    func deadlines() {
        var pause = OperatorPause()
        #expect(pause.deadline(time(30)) == time(30))
        _ = pause.pause(at: time(10))
        #expect(pause.deadline(time(30)) == nil)
        _ = pause.resume(at: time(20))
        #expect(pause.deadline(time(40)) == time(40))
    }

    @Test("A resume stamped before its pause lasts nothing")
    func backwards() {
        var pause = OperatorPause()
        _ = pause.pause(at: time(100))
        #expect(pause.resume(at: time(90)) == [.resume(at: time(90), paused: .zero)])
    }
}
