import StylusGeometry
import StylusInput
import Testing

@testable import Proctoring

/// A sample at `milliseconds` on a virtual clock, touching or hovering.
private func sample(_ milliseconds: Int64, down: Bool, inProximity: Bool = true, x: Double = 0) -> PenSample {
    PenSample(
        time: EventTime(microseconds: milliseconds * 1_000), tool: .pen, inProximity: inProximity, tipDown: down,
        tabletPosition: TabletPosition(xMillimetres: x, yMillimetres: 0),
        formPosition: FormPosition(xCentimetres: x / 10, yCentimetres: 0),
        canvasPosition: CanvasPosition(xPoints: x, yPoints: 0), altitude: .pi / 2, azimuth: 0,
        force: down ? 1 : 0, adfPressure: down ? 1000 : 0)
}

private func at(_ milliseconds: Int64) -> EventTime { EventTime(microseconds: milliseconds * 1_000) }

@Suite("Clock session")
struct ClockSessionTests {
    @Test("Begin shows the command step and arms the button timer after the button delay")
    func begin() {
        var session = ClockSession()
        #expect(
            session.begin(at: at(1_000)) == [
                .stepStarted(.command, at: at(1_000)), .armButtonTimer(deadline: at(3_500)),
            ])
        #expect(session.currentStep == .command)
        #expect(ClockStep.command.identifier == "clockStep-command")
        #expect(ClockStep.copy.identifier == "clockStep-copy")
    }

    @Test("A stroke pauses the button timer; lifting restarts it")
    func strokeAndTimer() {
        var session = ClockSession()
        _ = session.begin(at: at(0))
        #expect(session.sample(sample(100, down: false)) == [])
        let first = sample(200, down: true, x: 1)
        #expect(session.sample(first) == [.cancelButtonTimer, .strokeBegan(first)])
        let second = sample(210, down: true, x: 2)
        #expect(session.sample(second) == [.strokeContinued(second)])
        // The lift frame is not part of the stroke: the stroke ends with the last sample in contact.
        #expect(
            session.sample(sample(220, down: false, x: 3)) == [
                .strokeEnded(second), .armButtonTimer(deadline: at(2_720)),
            ])
        #expect(session.buttonTimerFired(at: at(2_720)) == [.offerButtons])
    }

    @Test(
        "The operator's pause takes the pen off: the stroke ends at its last sample in contact, the timer restarts then"
    )
    func penLifted() {
        var session = ClockSession()
        _ = session.begin(at: at(0))
        let down = sample(10, down: true)
        _ = session.sample(down)
        #expect(session.penLifted(at: at(50)) == [.strokeEnded(down), .armButtonTimer(deadline: at(2_550))])
        #expect(session.isPenUp)
        #expect(session.penLifted(at: at(60)) == [], "with the pen up there is nothing to end")
        // The pen still on the surface after the resume begins a new stroke.
        let again = sample(70, down: true)
        #expect(session.sample(again) == [.cancelButtonTimer, .strokeBegan(again)])
    }

    @Test("Leaving proximity with the tip down ends the stroke")
    func proximityOutEndsStroke() {
        var session = ClockSession()
        _ = session.begin(at: at(0))
        let down = sample(10, down: true)
        _ = session.sample(down)
        #expect(
            session.sample(sample(20, down: true, inProximity: false)) == [
                .strokeEnded(down), .armButtonTimer(deadline: at(2_520)),
            ])
    }

    @Test("The timer does not offer buttons while a stroke is drawn")
    func noButtonsWhileDrawing() {
        var session = ClockSession()
        _ = session.begin(at: at(0))
        _ = session.sample(sample(10, down: true))
        #expect(session.buttonTimerFired(at: at(2_500)) == [])
    }

    @Test("Continue ends a stroke under way, then moves to the copy step, then finishes")
    func continueThroughSteps() {
        var session = ClockSession()
        _ = session.begin(at: at(0))
        let down = sample(10, down: true)
        _ = session.sample(down)
        #expect(
            session.continuePressed(at: at(50)) == [
                .strokeEnded(down), .stepEnded(.command, at: at(50)), .stepStarted(.copy, at: at(50)),
                .armButtonTimer(deadline: at(2_550)),
            ])
        #expect(session.currentStep == .copy)
        // The pen was still down: the copy step's first stroke starts only at the next touch.
        let next = sample(60, down: true)
        #expect(session.sample(next) == [.cancelButtonTimer, .strokeBegan(next)])
        _ = session.sample(sample(70, down: false))
        #expect(
            session.continuePressed(at: at(90)) == [
                .stepEnded(.copy, at: at(90)), .cancelButtonTimer, .finished(at: at(90)),
            ])
        #expect(session.isFinished)
        #expect(session.sample(sample(100, down: true)) == [])
    }

    @Test("A continue tap ends the step at its touch-down and its samples, up to the lift, make no stroke")
    func continueTap() {
        var session = ClockSession()
        _ = session.begin(at: at(0))
        #expect(session.buttonTimerFired(at: at(2_500)) == [.offerButtons])
        let touch = sample(3_000, down: true, x: 250)
        #expect(
            session.buttonTapped(.continueTest, by: touch) == [
                .cancelButtonTimer, .buttonTapped(.continueTest, at: at(3_000)), .stepEnded(.command, at: at(3_000)),
                .stepStarted(.copy, at: at(3_000)), .cancelButtonTimer,
            ])
        #expect(session.currentStep == .copy)
        #expect(!session.isPenUp)
        // The pen rests on the button into the copy step: nothing is drawn.
        #expect(session.sample(sample(3_010, down: true, x: 251)) == [])
        #expect(session.sample(sample(3_020, down: true, x: 252)) == [])
        // The lift starts the copy step's wait for the buttons.
        #expect(session.sample(sample(3_030, down: false, x: 252)) == [.armButtonTimer(deadline: at(5_530))])
        #expect(session.isPenUp)
        let stroke = sample(4_000, down: true, x: 10)
        #expect(session.sample(stroke) == [.cancelButtonTimer, .strokeBegan(stroke)])
    }

    @Test("A repeat-instructions tap keeps the step and draws nothing; the copy step's continue tap finishes the test")
    func repeatTapThenFinish() {
        var session = ClockSession()
        _ = session.begin(at: at(0))
        _ = session.continuePressed(at: at(100))
        let touch = sample(3_000, down: true, x: 200)
        #expect(
            session.buttonTapped(.repeatInstructions, by: touch) == [
                .cancelButtonTimer, .buttonTapped(.repeatInstructions, at: at(3_000)),
            ])
        #expect(session.currentStep == .copy)
        #expect(session.sample(sample(3_010, down: true, x: 201)) == [])
        #expect(session.buttonTimerFired(at: at(3_015)) == [], "no buttons while the pen rests on one")
        #expect(session.sample(sample(3_020, down: false)) == [.armButtonTimer(deadline: at(5_520))])
        let last = sample(6_000, down: true, x: 250)
        #expect(
            session.buttonTapped(.continueTest, by: last) == [
                .cancelButtonTimer, .buttonTapped(.continueTest, at: at(6_000)), .stepEnded(.copy, at: at(6_000)),
                .cancelButtonTimer,
                .finished(at: at(6_000)),
            ])
        #expect(session.isFinished)
    }

    @Test("A continue press while the pen rests on a button carries the tap into the next step")
    func continuePressDuringTap() {
        var session = ClockSession()
        _ = session.begin(at: at(0))
        _ = session.buttonTapped(.repeatInstructions, by: sample(3_000, down: true))
        #expect(
            session.continuePressed(at: at(3_010)) == [
                .stepEnded(.command, at: at(3_010)), .stepStarted(.copy, at: at(3_010)), .cancelButtonTimer,
            ])
        #expect(session.sample(sample(3_020, down: true)) == [])
        #expect(session.sample(sample(3_030, down: false)) == [.armButtonTimer(deadline: at(5_530))])
    }

    @Test("A tap is an ordinary sample while a stroke is under way, and a lifted pen taps nothing")
    func tapOnlyFromPenUp() {
        var session = ClockSession()
        _ = session.begin(at: at(0))
        let down = sample(10, down: true)
        _ = session.sample(down)
        let moved = sample(20, down: true, x: 1)
        #expect(session.buttonTapped(.continueTest, by: moved) == [.strokeContinued(moved)])
        #expect(session.currentStep == .command)
        _ = session.sample(sample(30, down: false))
        #expect(session.buttonTapped(.continueTest, by: sample(40, down: false)) == [])
        #expect(session.currentStep == .command)
    }
}
