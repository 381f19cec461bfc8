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
        #expect(drain(&plan, before: 200, timer: 40) == [.interruption(dropped), .timer(time(40)), .boundary(time(70))])
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
        #expect(drain(&plan, before: 100) == [.interruption(removed), .interruption(back), .boundary(time(20)), .boundary(time(30))])
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
}
