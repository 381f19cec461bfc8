import ADF
import FileLocations
import Foundation
import Recordings
import Sessions
import StylusGeometry
import Synthesis
import TestMaterials
import Testing

/// A trail making scenario of Fixtures/synth synthesized on the Cintiq 13HD (seed 1) and replayed
/// as `replay --test trails --events` replays it: the results file read back, and the lifts.
struct ReplayedTrailsScenario {
    var document: ADFDocument
    /// When the pen left the surface at each lift of an accepted stroke in a running part, Unix
    /// ms: the first frame out of contact, which the results file does not keep (a stroke ends at
    /// its last point). From the `up` inputs of the event log, so a fact of the recording.
    var lifts: [Double]

    init(_ name: String) throws {
        let scratch = try Scratch()
        let header = try RecordingReader(path: Fixture.path(Fixture.cintiq), descriptionPath: nil).header
        let profile = try Fixture.lookup.tabletProfile(for: header.device, file: nil)?.profile
        let synthesis = try ScenarioSynthesis(path: Fixture.path("Fixtures/synth/\(name).scenario"))
        let events = try synthesis.events(device: header.device, profile: profile, seed: 1)
        let recording = scratch.path + "/\(name).evemu"
        try synthesis.writeRecording(events, device: header.device, seed: 1, to: recording, force: true)
        var replay = RecordingReplay(recording: recording, test: .trails, facts: Fixture.facts)
        replay.lookup = Fixture.lookup
        replay.directory = scratch.path
        replay.force = true
        replay.startTime = 1_700_000_000_000
        var lines: [String] = []
        let result = try replay.run(events: { lines.append($0) }).result
        document = try ADFReader.read(path: result.output).document
        var lifts: [Double] = []
        var seen = Set<Int64>()
        for line in lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "an event line: \(line)")
            guard object["input"] as? String == "up",
                let microseconds = (object["sessionMicroseconds"] as? NSNumber)?.int64Value,
                let time = (object["time"] as? NSNumber)?.doubleValue, seen.insert(microseconds).inserted
            else { continue }
            lifts.append(time)
        }
        self.lifts = lifts
    }

    /// The step of `identifier` (`trailsStep-A`), with its trail.
    func step(_ identifier: String) throws -> (step: ADFDocument.Step, trail: TrailRecord) {
        let step = try #require(document.steps.first { $0.identifier == identifier }, "no step \(identifier)")
        return (step, try #require(step.trail, "\(identifier) has no Trail"))
    }
}

/// The spec's distances (trails.md, "Proctoring rules") on a part's canvas, from its circles' radius.
extension TrailRecord {
    /// Canvas units per centimetre: the circles are 10 mm across.
    var perCentimetre: Double { circleRadius / 0.5 }
    /// A circle is reached within its radius plus the touch tolerance (1.5 mm) of its centre.
    var reach: Double { circleRadius + 0.15 * perCentimetre }
    /// The pen is in a wrong circle at least the inset (1 mm) inside its rim.
    var wrongReach: Double { circleRadius - 0.1 * perCentimetre }

    /// The circle labelled `label`.
    func circle(_ label: String) -> Circle { circles.first { $0.label == label }! }

    /// True when `point` is within `distance` of `circle`'s centre.
    func point(_ point: PenPoint, within distance: Double, of circle: Circle) -> Bool {
        hypot(point.x - circle.x, point.y - circle.y) <= distance
    }

    /// The arrivals the rules give for `points` (a part's recorded ink, in time order), worked out
    /// by hand from the points: each circle in order is reached at the first point within its reach
    /// after the one before it was, no point during a correction (from an error to the pen's
    /// return to the last correct circle) reaching anything.
    func handArrivals(_ points: [PenPoint]) -> [Arrival] {
        var arrivals: [Arrival] = []
        for point in points {
            guard arrivals.count < circles.count else { break }
            let correcting = errors.contains { error in
                point.unixMilliseconds >= error.unixMilliseconds
                    && point.unixMilliseconds <= (error.correctedUnixMilliseconds ?? .infinity)
            }
            if !correcting, self.point(point, within: reach, of: circles[arrivals.count]) {
                arrivals.append(Arrival(circle: arrivals.count + 1, unixMilliseconds: point.unixMilliseconds))
            }
        }
        return arrivals
    }

    /// The first point of `points` at least the inset inside `circle`'s rim after `time`.
    func firstInside(_ points: [PenPoint], of circle: Circle, after time: Double) -> PenPoint? {
        points.first { $0.unixMilliseconds > time && point($0, within: wrongReach, of: circle) }
    }

    /// The first point of `points` within reach of `circle` after `time`.
    func firstReaching(_ points: [PenPoint], of circle: Circle, after time: Double) -> PenPoint? {
        points.first { $0.unixMilliseconds > time && point($0, within: reach, of: circle) }
    }

    /// Each error as (wrong circle's label, expected circle's label, class), for exact comparison.
    var errorLabels: [String] {
        errors.map {
            "\(circles[$0.wrongCircle - 1].label) for \(circles[$0.expectedCircle - 1].label) \($0.errorClass)"
        }
    }
}

extension ADFDocument.Step {
    /// Every recorded point of the step, in time order.
    var points: [PenPoint] { strokes.flatMap(\.points) }
}

/// True when two Unix ms times agree to the results file's millisecond (decisions are written
/// rounded to the millisecond, points to their own millisecond: at most 1 ms apart when equal).
func sameMillisecond(_ first: Double, _ second: Double) -> Bool { abs(first - second) <= 1 }

/// The trail making scenarios of Fixtures/synth for every rule of trails.md, synthesized and
/// replayed through the real pipeline (`synth` → `replay --test trails`): the proctor's decisions
/// exactly, and their times worked out here from the recorded points and lifts by the spec's rules.
@Suite("Trail making rules on synthesized pen input")
struct TrailsRuleScenarioTests {
    static let parts = ["trailsStep-sampleA", "trailsStep-A", "trailsStep-sampleB", "trailsStep-B"]

    /// Checks that every arrival is where and when the hand computation puts it.
    static func expectHandArrivals(
        _ step: ADFDocument.Step, _ trail: TrailRecord, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let hand = trail.handArrivals(step.points)
        #expect(trail.arrivals.map(\.circle) == hand.map(\.circle), sourceLocation: sourceLocation)
        for (arrival, expected) in zip(trail.arrivals, hand) {
            #expect(
                sameMillisecond(arrival.unixMilliseconds, expected.unixMilliseconds),
                "circle \(arrival.circle) at \(arrival.unixMilliseconds), by hand \(expected.unixMilliseconds)",
                sourceLocation: sourceLocation)
        }
    }

    /// Checks that a finished part ended 1 s (the finish timeout) after End was reached.
    static func expectFinished(
        _ step: ADFDocument.Step, _ trail: TrailRecord, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(trail.outcome == .finished, sourceLocation: sourceLocation)
        #expect(trail.arrivals.map(\.circle) == Array(1...trail.circles.count), sourceLocation: sourceLocation)
        #expect(step.end.outcome == .finished, sourceLocation: sourceLocation)
        if let end = trail.arrivals.last {
            #expect(step.end.unixMilliseconds == end.unixMilliseconds + 1_000, sourceLocation: sourceLocation)
        }
    }

    /// Checks that each part starts when the one before it ended.
    static func expectChained(_ document: ADFDocument, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(document.steps.map(\.identifier) == parts, sourceLocation: sourceLocation)
        for (before, after) in zip(document.steps, document.steps.dropFirst()) {
            #expect(
                after.start.unixMilliseconds == before.end.unixMilliseconds, "\(after.identifier) starts late",
                sourceLocation: sourceLocation)
        }
    }

    @Test("A clean run: all four parts finished, circles in order, no error or prompt, each part 1 s after its End")
    func cleanRun() throws {
        let run = try ReplayedTrailsScenario("trails-clean")
        Self.expectChained(run.document)
        for step in run.document.steps {
            let trail = try #require(step.trail)
            Self.expectFinished(step, trail)
            Self.expectHandArrivals(step, trail)
            #expect(trail.errors.isEmpty && trail.prompts.isEmpty && step.interruptions.isEmpty)
            #expect(step.strokes.count == 1, "\(step.identifier): one stroke from Begin to End")
        }
    }

    @Test(
        "A lift inside a wrong circle (before the dwell) is an error at the lift, corrected on the last correct circle")
    func liftInWrongCircle() throws {
        let run = try ReplayedTrailsScenario("trails-lift-wrong")
        let (step, trail) = try run.step("trailsStep-sampleA")
        #expect(trail.errorLabels == ["4 for 3 sequence"])
        try #require(step.strokes.count == 2 && trail.errors.count == 1)
        let error = trail.errors[0]
        // The pen was in 4 for less than the dwell before it lifted: the lift decided.
        let inside = try #require(trail.firstInside(step.strokes[0].points, of: trail.circle("4"), after: 0))
        let lift = run.lifts[0]
        #expect(lift > step.strokes[0].points.last!.unixMilliseconds)
        #expect(lift - inside.unixMilliseconds < 200)
        #expect(abs(error.unixMilliseconds - lift) <= 0.5)
        // Corrected where the second stroke touches down, on 2.
        let back = step.strokes[1].points[0]
        #expect(trail.point(back, within: trail.reach, of: trail.circle("2")))
        #expect(sameMillisecond(try #require(error.correctedUnixMilliseconds), back.unixMilliseconds))
        #expect(step.interruptions.map(\.type) == ["trails-error"])
        #expect(step.interruptions[0].unixMilliseconds == error.unixMilliseconds)
        Self.expectHandArrivals(step, trail)
        Self.expectFinished(step, trail)
    }

    @Test("A skipped circle: the circle skipped to is a wrong circle, an error 0.2 s after the pen is 1 mm inside it")
    func skippedCircle() throws {
        let run = try ReplayedTrailsScenario("trails-skipped")
        let (step, trail) = try run.step("trailsStep-sampleA")
        #expect(trail.errorLabels == ["4 for 3 sequence"])
        try #require(step.strokes.count == 2 && trail.errors.count == 1)
        let error = trail.errors[0]
        let two = try #require(trail.arrivals.first { $0.circle == 2 })
        let inside = try #require(trail.firstInside(step.points, of: trail.circle("4"), after: two.unixMilliseconds))
        #expect(sameMillisecond(error.unixMilliseconds, inside.unixMilliseconds + 200))
        // The same stroke went on through 5 and lifted on 6, both wrong circles, during the correction.
        let corrected = try #require(error.correctedUnixMilliseconds)
        for label in ["5", "6"] {
            let through = try #require(
                trail.firstInside(step.strokes[0].points, of: trail.circle(label), after: error.unixMilliseconds))
            #expect(through.unixMilliseconds < corrected, "\(label) during the correction")
        }
        #expect(trail.point(step.strokes[0].points.last!, within: trail.wrongReach, of: trail.circle("6")))
        #expect(sameMillisecond(corrected, step.strokes[1].points[0].unixMilliseconds))
        Self.expectHandArrivals(step, trail)
        #expect(trail.arrivals[2].unixMilliseconds > corrected)
        Self.expectFinished(step, trail)
    }

    @Test("Retracing into correct circles, resting and lifting in them, is never an error")
    func retracing() throws {
        let run = try ReplayedTrailsScenario("trails-retrace")
        let (step, trail) = try run.step("trailsStep-sampleA")
        try #require(step.strokes.count == 2)
        let three = try #require(trail.arrivals.first { $0.circle == 3 })
        // The pen went back: more than the dwell in 2 and in 1 after 3 was reached, lifted in 1.
        for label in ["2", "1"] {
            let back = step.strokes[0].points.filter {
                $0.unixMilliseconds > three.unixMilliseconds
                    && trail.point($0, within: trail.wrongReach, of: trail.circle(label))
            }
            #expect(
                back.count > 1 && back.last!.unixMilliseconds - back.first!.unixMilliseconds > 200, "back in \(label)")
        }
        #expect(trail.point(step.strokes[0].points.last!, within: trail.wrongReach, of: trail.circle("1")))
        #expect(trail.errors.isEmpty && step.interruptions.isEmpty)
        Self.expectHandArrivals(step, trail)
        Self.expectFinished(step, trail)
    }

    @Test(
        "A wrong circle during a correction, held past the dwell and lifted in, is no new error; touching the circle due does not end it"
    )
    func wrongCircleDuringCorrection() throws {
        let run = try ReplayedTrailsScenario("trails-wrong-in-correction")
        let (step, trail) = try run.step("trailsStep-sampleA")
        #expect(trail.errorLabels == ["4 for 3 sequence"])
        try #require(step.strokes.count == 3 && trail.errors.count == 1)
        let error = trail.errors[0]
        let two = try #require(trail.arrivals.first { $0.circle == 2 })
        let inside = try #require(trail.firstInside(step.points, of: trail.circle("4"), after: two.unixMilliseconds))
        #expect(sameMillisecond(error.unixMilliseconds, inside.unixMilliseconds + 200))
        let corrected = try #require(error.correctedUnixMilliseconds)
        // In 5 for more than the dwell and lifted there, during the correction.
        let inFive = step.strokes[0].points.filter { trail.point($0, within: trail.wrongReach, of: trail.circle("5")) }
        #expect(inFive.count > 1 && inFive.last!.unixMilliseconds - inFive.first!.unixMilliseconds > 200)
        #expect(inFive.last! == step.strokes[0].points.last!)
        // The touch on 3 (the circle due) during the correction: no arrival, no end of it.
        #expect(step.strokes[1].points.allSatisfy { trail.point($0, within: trail.reach, of: trail.circle("3")) })
        #expect(step.strokes[1].points.last!.unixMilliseconds < corrected)
        #expect(sameMillisecond(corrected, step.strokes[2].points[0].unixMilliseconds))
        #expect(step.interruptions.map(\.type) == ["trails-error"])
        Self.expectHandArrivals(step, trail)
        Self.expectFinished(step, trail)
    }

    @Test("Part B: a sequence error (a letter for the letter due) and a shift error (a number for a letter)")
    func shiftAndSequenceInB() throws {
        let run = try ReplayedTrailsScenario("trails-b-errors")
        Self.expectChained(run.document)
        let (step, trail) = try run.step("trailsStep-B")
        #expect(trail.errorLabels == ["C for B sequence", "5 for C shift"])
        try #require(trail.errors.count == 2)
        let arrivedTwo = try #require(trail.arrivals.first { $0.circle == 3 })  // "2"
        let inC = try #require(
            trail.firstInside(step.points, of: trail.circle("C"), after: arrivedTwo.unixMilliseconds))
        #expect(sameMillisecond(trail.errors[0].unixMilliseconds, inC.unixMilliseconds + 200))
        let backOnTwo = try #require(
            trail.firstReaching(step.points, of: trail.circle("2"), after: trail.errors[0].unixMilliseconds))
        #expect(sameMillisecond(try #require(trail.errors[0].correctedUnixMilliseconds), backOnTwo.unixMilliseconds))
        let arrivedThree = try #require(trail.arrivals.first { $0.circle == 5 })  // "3"
        let inFive = try #require(
            trail.firstInside(step.points, of: trail.circle("5"), after: arrivedThree.unixMilliseconds))
        #expect(sameMillisecond(trail.errors[1].unixMilliseconds, inFive.unixMilliseconds + 200))
        let backOnThree = try #require(
            trail.firstReaching(step.points, of: trail.circle("3"), after: trail.errors[1].unixMilliseconds))
        #expect(sameMillisecond(try #require(trail.errors[1].correctedUnixMilliseconds), backOnThree.unixMilliseconds))
        #expect(step.interruptions.map(\.type) == ["trails-error", "trails-error"])
        #expect(step.interruptions.map(\.unixMilliseconds) == trail.errors.map(\.unixMilliseconds))
        Self.expectHandArrivals(step, trail)
        Self.expectFinished(step, trail)
        for identifier in Self.parts.dropLast() {
            let (other, otherTrail) = try run.step(identifier)
            Self.expectFinished(other, otherTrail)
            #expect(otherTrail.errors.isEmpty)
        }
    }

    @Test("The samples are proctored like the parts: a shift error in sample B, corrected; every part finished")
    func samples() throws {
        let run = try ReplayedTrailsScenario("trails-samples")
        Self.expectChained(run.document)
        let (step, trail) = try run.step("trailsStep-sampleB")
        #expect(trail.layout == "sample-B")
        #expect(trail.errorLabels == ["B for 2 shift"])
        try #require(trail.errors.count == 1)
        let arrivedA = try #require(trail.arrivals.first { $0.circle == 2 })
        let inB = try #require(trail.firstInside(step.points, of: trail.circle("B"), after: arrivedA.unixMilliseconds))
        #expect(sameMillisecond(trail.errors[0].unixMilliseconds, inB.unixMilliseconds + 200))
        let back = try #require(
            trail.firstReaching(step.points, of: trail.circle("A"), after: trail.errors[0].unixMilliseconds))
        #expect(sameMillisecond(try #require(trail.errors[0].correctedUnixMilliseconds), back.unixMilliseconds))
        #expect(step.interruptions.map(\.type) == ["trails-error"])
        for identifier in Self.parts {
            let (part, partTrail) = try run.step(identifier)
            Self.expectFinished(part, partTrail)
            Self.expectHandArrivals(part, partTrail)
            if identifier != "trailsStep-sampleB" { #expect(partTrail.errors.isEmpty) }
        }
    }

    @Test("The prompt: once 10 s after a lift with no ink, and 10 s after a part's start before Begin (from circle 1)")
    func prompt() throws {
        let run = try ReplayedTrailsScenario("trails-prompt")
        Self.expectChained(run.document)
        let (sample, sampleTrail) = try run.step("trailsStep-sampleA")
        // One prompt in a silence of 21 s, from 2 (to 3), 10 s after the lift.
        #expect(sampleTrail.prompts.map(\.fromCircle) == [2])
        #expect(abs(sampleTrail.prompts[0].unixMilliseconds - (run.lifts[0] + 10_000)) <= 0.5)
        #expect(sample.interruptions.map(\.type) == ["trails-prompt"])
        #expect(sample.interruptions[0].unixMilliseconds == sampleTrail.prompts[0].unixMilliseconds)
        #expect(sampleTrail.errors.isEmpty)
        Self.expectHandArrivals(sample, sampleTrail)
        Self.expectFinished(sample, sampleTrail)
        // Part A: no ink for its first 10 s, before Begin: "Start at 1.", recorded as from circle 1.
        let (partA, trailA) = try run.step("trailsStep-A")
        #expect(trailA.prompts.map(\.fromCircle) == [1])
        #expect(trailA.prompts.first?.unixMilliseconds == partA.start.unixMilliseconds + 10_000)
        #expect(partA.interruptions.map(\.type) == ["trails-prompt"])
        Self.expectHandArrivals(partA, trailA)
        #expect(trailA.arrivals.map(\.circle) == [1, 2, 3])
        #expect(trailA.arrivals[0].unixMilliseconds > trailA.prompts[0].unixMilliseconds)
        // The recording ends with part A on screen: skipped, with the circles it reached; the rest never shown.
        #expect(trailA.outcome == .skipped && trailA.circlesConnected == 3)
        for identifier in Self.parts.suffix(2) {
            let (never, neverTrail) = try run.step(identifier)
            #expect(neverTrail.outcome == .skipped && never.end.outcome == .skipped)
            #expect(never.start.unixMilliseconds == never.end.unixMilliseconds && never.strokes.isEmpty)
        }
    }

    @Test("Discontinuation of sample A at 60 s and of part A at 150 s, with the circles connected")
    func discontinuationOfA() throws {
        let run = try ReplayedTrailsScenario("trails-discontinued-a")
        Self.expectChained(run.document)
        let (sample, sampleTrail) = try run.step("trailsStep-sampleA")
        #expect(sampleTrail.outcome == .discontinued && sampleTrail.circlesConnected == 3)
        #expect(sample.end.outcome == .timeLimit)
        #expect(sample.end.unixMilliseconds == sample.start.unixMilliseconds + 60_000)
        #expect(sampleTrail.prompts.map(\.fromCircle) == [3])
        #expect(abs(sampleTrail.prompts[0].unixMilliseconds - (run.lifts[0] + 10_000)) <= 0.5)
        Self.expectHandArrivals(sample, sampleTrail)
        let (partA, trailA) = try run.step("trailsStep-A")
        #expect(trailA.outcome == .discontinued && trailA.circlesConnected == 5)
        #expect(partA.end.outcome == .timeLimit)
        #expect(partA.end.unixMilliseconds == partA.start.unixMilliseconds + 150_000)
        #expect(trailA.prompts.map(\.fromCircle) == [5])
        #expect(abs(trailA.prompts[0].unixMilliseconds - (run.lifts[1] + 10_000)) <= 0.5)
        #expect(trailA.errors.isEmpty)
        Self.expectHandArrivals(partA, trailA)
        // Sample B started at part A's limit: the touch after it reaches its Begin.
        let (sampleB, sampleBTrail) = try run.step("trailsStep-sampleB")
        #expect(sampleB.strokes.count == 1 && sampleBTrail.arrivals.map(\.circle) == [1])
        Self.expectHandArrivals(sampleB, sampleBTrail)
        #expect(sampleBTrail.outcome == .skipped)
    }

    @Test("Discontinuation of part B at 300 s: the stroke under way is recorded only up to the limit")
    func discontinuationOfB() throws {
        let run = try ReplayedTrailsScenario("trails-discontinued-b")
        Self.expectChained(run.document)
        for identifier in Self.parts.dropLast() {
            let (part, partTrail) = try run.step(identifier)
            Self.expectFinished(part, partTrail)
        }
        let (step, trail) = try run.step("trailsStep-B")
        #expect(trail.outcome == .discontinued && trail.circlesConnected == 3)
        #expect(step.end.outcome == .timeLimit)
        let limit = step.start.unixMilliseconds + 300_000
        #expect(step.end.unixMilliseconds == limit)
        #expect(trail.prompts.map(\.fromCircle) == [3])
        #expect(abs(trail.prompts[0].unixMilliseconds - (run.lifts.last! + 10_000)) <= 0.5)
        try #require(step.strokes.count == 2)
        // The resting stroke began before the limit and was cut there: its points stop at it, B never reached.
        let cut = step.strokes[1]
        #expect(cut.points[0].unixMilliseconds < limit - 5_000)
        #expect(cut.points.last!.unixMilliseconds <= limit)
        #expect(limit - cut.points.last!.unixMilliseconds < 10)
        #expect(sameMillisecond(cut.endUnixMilliseconds, limit))
        #expect(cut.points.allSatisfy { trail.point($0, within: trail.reach, of: trail.circle("2")) })
        Self.expectHandArrivals(step, trail)
    }
}
