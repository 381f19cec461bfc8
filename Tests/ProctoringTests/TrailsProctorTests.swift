import StylusGeometry
import StylusInput
import Testing

@testable import Proctoring

/// The trail making test's rules (trails.md, "Proctoring rules") on scripted pen input over the
/// serpentine test forms (`gridLayout`): every decision and its time, exactly.
///
/// Timing of the scripts, worked by hand: `trail` samples every 10 ms, 10 steps per 3 cm segment
/// (0.3 cm a step). A circle due is reached within 0.5 + 0.15 = 0.65 cm of its centre: on a 3 cm
/// segment at step 8 (0.6 cm left), so 80 ms into it. A wrong circle is entered within
/// 0.5 − 0.1 = 0.4 cm: on a 3 cm segment at step 9 (0.3 cm left), 90 ms into it. The error dwell
/// is 200 ms, the prompt delay 10 s, the finish timeout 1 s.
@Suite("Trails proctor: the spec's rules on scripted pen input")
struct TrailsProctorTests {
    /// The correction the proctor decided at an error, built the long way for comparison.
    static func correction(
        at time: Int64, wrong: Int, expected: Int, last: Int?, _ errorClass: TrailsErrorClass = .sequence,
        byLift: Bool = false
    ) -> TrailsAction {
        let error = TrailsError(
            time: instant(time), wrongCircle: wrong, expectedCircle: expected, lastCorrectCircle: last,
            errorClass: errorClass, byLift: byLift)
        return .correct(TrailsCorrection(error: error, target: last ?? 1, end: nil))
    }

    static func reached(_ circle: Int, _ time: Int64) -> TrailsAction {
        .reachedCircle(TrailsArrival(circle: circle, time: instant(time)))
    }

    /// Starts the part at 0 and touches down on "Begin" at 1 s.
    static func begun(_ part: TrailPart, settings: TrailsSettings = TrailsSettings()) -> TrailsScript {
        var script = TrailsScript(part, settings: settings)
        script.start(at: instant(0))
        script.down(gridCentre(1, columns: part.isSample ? 4 : 5), at: instant(1_000))
        return script
    }

    @Test("A clean run of sample A: each circle reached in order, End, and the next part 1 s later")
    func cleanSample() {
        var script = Self.begun(.sampleA)
        let last = script.trail((1...8).map { gridCentre($0, columns: 4) }, start: instant(1_000))
        #expect(last == instant(1_700))
        script.up(gridCentre(8, columns: 4), at: instant(1_710))
        script.advance(to: instant(5_000))
        #expect(
            script.decisions
                == [1_000, 1_080, 1_180, 1_280, 1_380, 1_480, 1_580, 1_680].enumerated().map {
                    Self.reached($0 + 1, $1)
                }
                + [.reachedEnd(at: instant(1_680)), .finish(at: instant(2_680))])
        #expect(script.proctor.outcome == .finished && script.proctor.isComplete)
        #expect(script.proctor.completionTime == .milliseconds(1_680))
        #expect(script.proctor.circlesConnected == 8 && script.proctor.errors.isEmpty)
        // The time limit and the prompt were armed at the start and are gone.
        #expect(script.log.first.map { $0.action } == .armTimer(.discontinue, deadline: instant(60_000)))
        #expect(script.armed.isEmpty)
    }

    @Test("A clean run of sample B connects 1 A 2 B 3 C 4 D")
    func cleanSampleB() {
        var script = Self.begun(.sampleB)
        script.trail((1...8).map { gridCentre($0, columns: 4) }, start: instant(1_000))
        #expect(script.proctor.layout.circles.map(\.label) == ["1", "A", "2", "B", "3", "C", "4", "D"])
        #expect(
            script.proctor.layout.circles.map(\.kind) == [
                .number, .letter, .number, .letter, .number, .letter, .number, .letter,
            ])
        #expect(script.arrivals.map { $0[1] } == [1_000, 1_080, 1_180, 1_280, 1_380, 1_480, 1_580, 1_680])
        #expect(script.proctor.outcome == .finished && script.proctor.errors.isEmpty)
        #expect(TrailPart.partB.labels.suffix(3) == ["12", "L", "13"] && TrailPart.partB.labels.count == 25)
        #expect(
            TrailPart.allCases.map(\.identifier) == [
                "trailsStep-sampleA", "trailsStep-A", "trailsStep-sampleB", "trailsStep-B",
            ])
    }

    @Test("A line that clips a wrong circle's edge is not an error: no dwell is even armed")
    func clippedWrongCircle() {
        var script = Self.begun(.partA)
        // Down towards circle 10 (2, 5) to 0.45 cm from its centre: inside its edge, not by the inset.
        script.trail([form(2, 2), form(2, 4.55), form(2, 2), gridCentre(2)], start: instant(1_000))
        #expect(script.decisions == [Self.reached(1, 1_000), Self.reached(2, 1_280)])
        #expect(!script.log.contains { $0.action == .cancelTimer(.errorDwell) })
        #expect(script.proctor.errors.isEmpty)
    }

    @Test("Passing through a wrong circle faster than the dwell is not an error")
    func quickPassThrough() {
        var script = Self.begun(.partA)
        // Through circle 10 and back, 0.4 cm a step: inside (within 0.4 cm) at 1070-1080 and 1120-1130.
        script.trail([form(2, 2), form(2, 6), form(2, 2), gridCentre(2)], start: instant(1_000))
        let dwell = script.log.filter {
            if case .armTimer(.errorDwell, _) = $0.action { return true }
            return $0.action == .cancelTimer(.errorDwell)
        }
        #expect(dwell.map { $0.time } == [instant(1_070), instant(1_090), instant(1_120), instant(1_140)])
        #expect(dwell.first?.action == .armTimer(.errorDwell, deadline: instant(1_270)))
        #expect(script.decisions == [Self.reached(1, 1_000), Self.reached(2, 1_280)])
    }

    @Test("A wrong circle held past the dwell is an error; going back to the last correct circle ends the correction")
    func heldPastDwell() {
        var script = Self.begun(.partA)
        script.trail([gridCentre(1), gridCentre(10)], start: instant(1_000))
        #expect(script.log.last?.action == .armTimer(.errorDwell, deadline: instant(1_290)))
        script.hold(gridCentre(10), after: instant(1_100), for: 300)
        #expect(script.proctor.state == .correcting)
        let back = script.trail([gridCentre(10), gridCentre(1)], start: instant(1_400))
        script.trail([gridCentre(1), gridCentre(2)], start: back)
        #expect(
            script.decisions == [
                Self.reached(1, 1_000), Self.correction(at: 1_290, wrong: 10, expected: 2, last: 1),
                .endCorrection(at: instant(1_480)), Self.reached(2, 1_580),
            ])
        let correction = script.proctor.corrections[0]
        #expect(correction.start == instant(1_290) && correction.end == instant(1_480))
        #expect(TrailsWords.correction(correction, in: script.proctor.layout) == "Go back to 1.")
    }

    @Test("Lifting inside a wrong circle is an error at the lift, before the dwell")
    func liftInWrongCircle() {
        var script = Self.begun(.partA)
        script.trail([gridCentre(1), gridCentre(10)], start: instant(1_000))
        let lift = script.up(gridCentre(10), at: instant(1_150))
        #expect(
            lift == [
                .cancelTimer(.errorDwell), Self.correction(at: 1_150, wrong: 10, expected: 2, last: 1, byLift: true),
            ])
        // No prompt is armed during a correction: its own words are on the screen.
        #expect(script.armed.keys.sorted { $0.rawValue < $1.rawValue } == [.discontinue])
        #expect(script.down(gridCentre(1), at: instant(2_000)) == [.acceptStroke, .endCorrection(at: instant(2_000))])
        #expect(script.proctor.state == .inProgress && script.proctor.errors.count == 1)
    }

    @Test("Skipping a circle is an error: the circle skipped to is a wrong circle")
    func skippedCircle() {
        var script = Self.begun(.partA)
        // 1, 2, then round circle 3 (1.34 cm from its centre at the nearest) into circle 4.
        script.trail([gridCentre(1), gridCentre(2), form(8, 3.5), gridCentre(4)], start: instant(1_000))
        script.hold(gridCentre(4), after: instant(1_300), for: 300)
        #expect(
            script.decisions == [
                Self.reached(1, 1_000), Self.reached(2, 1_080),
                Self.correction(at: 1_490, wrong: 4, expected: 3, last: 2),
            ])
        #expect(TrailsWords.correction(script.proctor.corrections[0], in: script.proctor.layout) == "Go back to 2.")
    }

    @Test("Retracing into earlier circles is never an error")
    func retracing() {
        var script = Self.begun(.partA)
        let path = [1, 2, 3, 2, 1, 2, 3, 4].map { gridCentre($0) }
        script.trail(path, start: instant(1_000))
        #expect(
            script.decisions == [
                Self.reached(1, 1_000), Self.reached(2, 1_080), Self.reached(3, 1_180), Self.reached(4, 1_680),
            ])
        #expect(!script.log.contains { if case .armTimer(.errorDwell, _) = $0.action { true } else { false } })
    }

    @Test("A wrong circle during a correction is not a new error")
    func wrongCircleDuringCorrection() {
        var script = Self.begun(.partA)
        script.trail([gridCentre(1), gridCentre(10)], start: instant(1_000))
        script.hold(gridCentre(10), after: instant(1_100), for: 300)
        // Into circle 9 and held there for 300 ms, then back to circle 1.
        script.trail([gridCentre(10), gridCentre(9)], start: instant(1_400))
        script.hold(gridCentre(9), after: instant(1_500), for: 300)
        script.trail([gridCentre(9), gridCentre(1)], start: instant(1_800))
        #expect(
            script.decisions == [
                Self.reached(1, 1_000), Self.correction(at: 1_290, wrong: 10, expected: 2, last: 1),
                .endCorrection(at: instant(1_890)),
            ])
        #expect(script.proctor.errors.count == 1)
    }

    @Test("Part B: a number where a letter was due is a shift error, another letter a sequence error")
    func shiftAndSequence() {
        var script = Self.begun(.partB)
        let circles = script.proctor.layout.circles
        #expect(circles[1].label == "A" && circles[8].label == "5" && circles[9].label == "E")
        // Circle 9 ("5") while "A" is due: a shift error.
        script.trail([gridCentre(1), gridCentre(9)], start: instant(1_000))
        script.hold(gridCentre(9), after: instant(1_100), for: 300)
        let back = script.trail([gridCentre(9), gridCentre(1)], start: instant(1_400))
        // Circle 10 ("E") while "A" is still due: a sequence error.
        script.trail([gridCentre(1), gridCentre(10)], start: back)
        script.hold(gridCentre(10), after: instant(1_600), for: 300)
        #expect(
            script.decisions == [
                Self.reached(1, 1_000), Self.correction(at: 1_300, wrong: 9, expected: 2, last: 1, .shift),
                .endCorrection(at: instant(1_490)),
                Self.correction(at: 1_790, wrong: 10, expected: 2, last: 1, .sequence),
            ])
        #expect(script.proctor.errors.map(\.errorClass) == [.shift, .sequence])
    }

    @Test("Every part A error is a sequence error")
    func partAErrorsAreSequence() {
        var script = Self.begun(.partA)
        script.trail([gridCentre(1), gridCentre(9)], start: instant(1_000))
        script.hold(gridCentre(9), after: instant(1_100), for: 300)
        #expect(script.proctor.errors.map(\.errorClass) == [.sequence])
    }

    @Test("No ink for the prompt delay: the prompt, once per silence, from the start and from each lift")
    func prompt() {
        var script = TrailsScript(.partA)
        script.start(at: instant(0))
        script.advance(to: instant(12_000))
        script.down(gridCentre(1), at: instant(12_000))
        script.trail([gridCentre(1), gridCentre(2)], start: instant(12_000))
        script.up(gridCentre(2), at: instant(12_100))
        script.advance(to: instant(40_000))
        let prompts = [
            TrailsPrompt(time: instant(10_000), from: nil, to: 1), TrailsPrompt(time: instant(22_100), from: 2, to: 3),
        ]
        #expect(
            script.decisions == [
                .prompt(prompts[0]), Self.reached(1, 12_000), Self.reached(2, 12_080), .prompt(prompts[1]),
            ])
        #expect(script.proctor.prompts == prompts && script.proctor.errors.isEmpty)
        let layout = script.proctor.layout
        #expect(prompts.map { TrailsWords.prompt($0, in: layout) } == ["Start at 1.", "Keep going: from 2 to 3."])
        #expect(
            TrailsWords.prompt(TrailsPrompt(time: instant(0), from: 2, to: 3), in: gridLayout(.partB))
                == "Keep going: from A to 2.")
    }

    @Test("Part A is discontinued at 150 s with the circles connected; later strokes are refused")
    func discontinueA() {
        var script = Self.begun(.partA)
        script.trail([gridCentre(1), gridCentre(2), gridCentre(3)], start: instant(1_000))
        script.up(gridCentre(3), at: instant(1_200))
        script.advance(to: instant(200_000))
        #expect(
            Array(script.decisions.suffix(2)) == [
                .prompt(TrailsPrompt(time: instant(11_200), from: 3, to: 4)),
                .discontinue(at: instant(150_000), circlesConnected: 3),
            ])
        #expect(script.proctor.outcome == .discontinued && script.proctor.isComplete)
        #expect(script.proctor.endTime == instant(150_000) && script.proctor.completionTime == nil)
        #expect(script.down(gridCentre(4), at: instant(201_000)) == [.refuseStroke(.partOver)])
        #expect(script.armed.isEmpty)
    }

    @Test("Part B is discontinued at 300 s, ending the stroke under way")
    func discontinueB() {
        var script = TrailsScript(.partB)
        script.start(at: instant(0))
        script.advance(to: instant(290_000))
        script.down(gridCentre(1), at: instant(299_900))
        script.trail([gridCentre(1), gridCentre(2)], start: instant(299_900))
        script.up(gridCentre(2), at: instant(300_010))
        #expect(
            Array(script.decisions.suffix(4)) == [
                Self.reached(1, 299_900), Self.reached(2, 299_980), .endStroke(at: instant(300_000)),
                .discontinue(at: instant(300_000), circlesConnected: 2),
            ])
    }

    @Test("A sample is discontinued at 60 s; a prompt came once at 10 s")
    func discontinueSample() {
        var script = TrailsScript(.sampleA)
        script.start(at: instant(0))
        script.advance(to: instant(100_000))
        #expect(
            script.decisions == [
                .prompt(TrailsPrompt(time: instant(10_000), from: nil, to: 1)),
                .discontinue(at: instant(60_000), circlesConnected: 0),
            ])
    }

    @Test("After End: the operator's key starts the next part at once; strokes are refused; none before the start")
    func finishAndKey() {
        var script = TrailsScript(.sampleA)
        #expect(script.down(gridCentre(1, columns: 4), at: instant(500)) == [.refuseStroke(.notStarted)])
        script.up(gridCentre(1, columns: 4), at: instant(600))
        script.start(at: instant(700))
        script.down(gridCentre(1, columns: 4), at: instant(1_000))
        script.trail((1...8).map { gridCentre($0, columns: 4) }, start: instant(1_000))
        script.up(gridCentre(8, columns: 4), at: instant(1_710))
        #expect(script.down(gridCentre(8, columns: 4), at: instant(1_800)) == [.refuseStroke(.partOver)])
        script.up(gridCentre(8, columns: 4), at: instant(1_850))
        #expect(script.key(at: instant(2_000)) == [.cancelTimer(.finish), .finish(at: instant(2_000))])
        script.advance(to: instant(5_000))
        #expect(script.decisions.filter { if case .finish = $0 { true } else { false } }.count == 1)
        #expect(script.proctor.completionTime == .milliseconds(980))
    }

    @Test("A timed decision is recorded at its deadline even when a sample comes first")
    func lateTimer() {
        var proctor = TrailsProctor(layout: gridLayout(.partA))
        _ = proctor.start(at: instant(0))
        _ = proctor.penDown(gridCentre(1), at: instant(1_000))
        #expect(
            proctor.penMoved(form(2, 4.7), at: instant(1_090)) == [.armTimer(.errorDwell, deadline: instant(1_290))])
        // No timerFired: the next sample, 60 ms after the deadline and back in circle 1, decides both.
        #expect(
            proctor.penMoved(gridCentre(1), at: instant(1_350)) == [
                Self.correction(at: 1_290, wrong: 10, expected: 2, last: 1), .endCorrection(at: instant(1_350)),
            ])
    }

    @Test("An error before Begin sends the pen to Begin, and reaching it connects it")
    func errorBeforeBegin() {
        var script = TrailsScript(.partA)
        script.start(at: instant(0))
        script.down(gridCentre(3), at: instant(1_000))
        script.hold(gridCentre(3), after: instant(1_000), for: 300)
        let correction = script.proctor.corrections[0]
        #expect(correction.error.lastCorrectCircle == nil && correction.target == 1)
        #expect(TrailsWords.correction(correction, in: script.proctor.layout) == "Start at 1.")
        script.up(gridCentre(3), at: instant(1_400))
        script.down(gridCentre(1), at: instant(2_000))
        #expect(
            script.decisions == [
                Self.correction(at: 1_200, wrong: 3, expected: 1, last: nil), .endCorrection(at: instant(2_000)),
                Self.reached(1, 2_000),
            ])
    }

    @Test("A pause postpones every armed timer; the settings change the rules' lengths and times")
    func pauseAndSettings() {
        var proctor = TrailsProctor(layout: gridLayout(.partA))
        _ = proctor.start(at: instant(0))
        proctor.postponeTimers(by: .seconds(5))
        #expect(proctor.nextDeadline == instant(15_000))
        #expect(abs(proctor.reachRadiusCentimetres - 0.65) < 1e-12 && abs(proctor.wrongRadiusCentimetres - 0.4) < 1e-12)

        // 0.35 cm from circle 10's centre is in it by the default 1 mm inset, not by a 2 mm one.
        let isDwellArmed = { (script: TrailsScript) in
            script.log.contains { if case .armTimer(.errorDwell, _) = $0.action { true } else { false } }
        }
        var script = Self.begun(.partA)
        script.trail([gridCentre(1), form(2, 4.65), gridCentre(1)], start: instant(1_000))
        #expect(isDwellArmed(script))
        var settings = TrailsSettings(wrongCircleInsetMillimetres: 2, errorDwell: .milliseconds(500))
        script = Self.begun(.partA, settings: settings)
        script.trail([gridCentre(1), form(2, 4.65), gridCentre(1)], start: instant(1_000))
        #expect(!isDwellArmed(script))
        // A 0.5 s dwell: 300 ms in circle 10 is no error, 500 ms is.
        settings.wrongCircleInsetMillimetres = 1
        script = Self.begun(.partA, settings: settings)
        script.trail([gridCentre(1), gridCentre(10)], start: instant(1_000))
        script.hold(gridCentre(10), after: instant(1_100), for: 300)
        #expect(script.proctor.errors.isEmpty)
        script.hold(gridCentre(10), after: instant(1_400), for: 300)
        #expect(script.proctor.errors.map(\.time) == [instant(1_590)])
    }
}

/// The words each part's page comes up with in `administer`, shown and spoken; the part's time
/// starts when they end, on "Ready, go." (docs/trails-proctoring.md, "Ready, go" in `administer`).
@Suite("Trails instructions' words")
struct TrailsInstructionWordsTests {
    @Test("Each part's instructions, pinned; every one ends with Ready, go.")
    func words() {
        #expect(
            TrailsWords.instructions(.sampleA)
                == "On this page are numbers. Begin at 1 and draw a line from 1 to 2, 2 to 3, and so on, in order, "
                + "until you reach End. Do not lift the pen. Ready, go.")
        #expect(
            TrailsWords.instructions(.partA)
                == "Now do the same on this page, as fast as you can: from 1 to 2, 2 to 3, and so on, in order, "
                + "until you reach End. Do not lift the pen. Ready, go.")
        #expect(
            TrailsWords.instructions(.sampleB)
                == "On this page are numbers and letters. Begin at 1 and draw a line from 1 to A, A to 2, 2 to B, "
                + "and so on, in order, alternating numbers and letters, until you reach End. Do not lift the pen. "
                + "Ready, go.")
        #expect(
            TrailsWords.instructions(.partB)
                == "Now do the same on this page, as fast as you can: from 1 to A, A to 2, 2 to B, and so on, in "
                + "order, until you reach End. Do not lift the pen. Ready, go.")
        #expect(TrailPart.allCases.allSatisfy { TrailsWords.instructions($0).hasSuffix(" Ready, go.") })
    }
}
