import ADF
import FileLocations
import Foundation
import Proctoring
import Recordings
import Sessions
import StylusGeometry
import Synthesis
import TestMaterials
import Testing

/// The trail making scenarios of Fixtures/synth (`trails: FORM`, circles named `PART:LABEL`),
/// synthesized and replayed as `replay --test trails` replays them: the proctor's decisions and
/// their times, worked out here from the recorded points and circles, not from the proctor.
@Suite("Trail making scenarios of Fixtures/synth")
struct TrailsScenarioTests {
    /// Synthesizes `Fixtures/synth/NAME.scenario` on the Cintiq 13HD and replays it as a trails test.
    static func replay(_ name: String, into directory: String) throws -> ADFDocument {
        let header = try RecordingReader(path: Fixture.path(Fixture.cintiq), descriptionPath: nil).header
        let profile = try Fixture.lookup.tabletProfile(for: header.device, file: nil)?.profile
        let synthesis = try ScenarioSynthesis(path: Fixture.path("Fixtures/synth/\(name).scenario"))
        let events = try synthesis.events(device: header.device, profile: profile, seed: 1)
        let recording = directory + "/\(name).evemu"
        try synthesis.writeRecording(events, device: header.device, seed: 1, to: recording, force: true)
        var replay = RecordingReplay(recording: recording, test: .trails, facts: Fixture.facts)
        replay.lookup = Fixture.lookup
        replay.directory = directory
        replay.force = true
        replay.startTime = 1_700_000_000_000
        let result = try replay.run().result
        return try ADFReader.read(path: result.output).document
    }

    /// The first point of `points` within `reach` canvas units of `circle`'s centre.
    static func firstPoint(_ points: [PenPoint], within reach: Double, of circle: TrailRecord.Circle) -> PenPoint? {
        points.first { hypot($0.x - circle.x, $0.y - circle.y) <= reach }
    }

    @Test(
        "trails-held-wrong: one sequence error (4 while 3 is due) 0.2 s after the pen is 1 mm inside 4, corrected on 2")
    func heldWrongCircle() throws {
        let scratch = try Scratch()
        let document = try Self.replay("trails-held-wrong", into: scratch.path)
        let step = try #require(document.steps.first)
        let trail = try #require(step.trail)
        #expect(trail.layout == "sample-A")
        #expect(trail.outcome == .finished)
        #expect(trail.arrivals.map(\.circle) == Array(1...8))
        try #require(step.strokes.count == 2)
        try #require(trail.errors.count == 1)
        let error = trail.errors[0]
        #expect(error.wrongCircle == 4 && error.expectedCircle == 3 && error.errorClass == .sequence)
        // The canvas's units per centimetre, from the 5 mm radius; the inset is 1 mm, the touch tolerance 1.5 mm.
        let perCentimetre = trail.circleRadius / 0.5
        let four = trail.circles[3]
        let two = trail.circles[1]
        let inside = try #require(
            Self.firstPoint(step.strokes[0].points, within: trail.circleRadius - 0.1 * perCentimetre, of: four))
        #expect(abs(error.unixMilliseconds - (inside.unixMilliseconds + 200)) <= 1)
        // The correction ends at the second stroke's first point, on circle 2 (its centre).
        let back = try #require(
            Self.firstPoint(step.strokes[1].points, within: trail.circleRadius + 0.15 * perCentimetre, of: two))
        #expect(back == step.strokes[1].points[0])
        let corrected = try #require(error.correctedUnixMilliseconds)
        #expect(abs(corrected - back.unixMilliseconds) <= 1)
        #expect(trail.arrivals[2].unixMilliseconds > corrected)
        #expect(step.interruptions.map(\.type) == ["trails-error"])
        // Circle 8 reached, then the finish timeout (1 s): the step ends there.
        #expect(abs(step.end.unixMilliseconds - (trail.arrivals[7].unixMilliseconds + 1_000)) <= 1)
    }

    @Test("trails-clipped: a wrong circle clipped for less than the dwell is no error")
    func clippedWrongCircle() throws {
        let scratch = try Scratch()
        let document = try Self.replay("trails-clipped", into: scratch.path)
        let step = try #require(document.steps.first)
        let trail = try #require(step.trail)
        let four = trail.circles[3]
        let perCentimetre = trail.circleRadius / 0.5
        // The pen was inside the inset of 4 (a wrong circle then), but not for the dwell.
        let inside = step.strokes[0].points.filter {
            hypot($0.x - four.x, $0.y - four.y) <= trail.circleRadius - 0.1 * perCentimetre
                && $0.unixMilliseconds < trail.arrivals[2].unixMilliseconds
        }
        try #require(!inside.isEmpty)
        #expect(inside.last!.unixMilliseconds - inside.first!.unixMilliseconds < 200)
        #expect(trail.errors.isEmpty)
        #expect(trail.arrivals.map(\.circle) == Array(1...8))
        #expect(trail.outcome == .finished)
    }

    @Test("A trails scenario's mistakes say what went wrong and what to do")
    func messages() throws {
        do {
            _ = try Scenario(parsing: "trails: custom\n", source: "s")
            Issue.record("a form there is not was read")
        } catch {
            #expect(
                error.description
                    == "s, line 1, column 9: expected a trail making form: 'standard' or 'alternate-N', such as 'alternate-1', found 'custom'."
            )
        }
        do {
            _ = try Scenario(parsing: "trails: standard\ndown: C:1\nup\n", source: "s")
            Issue.record("a circle of a part there is not was read")
        } catch {
            #expect(
                error.description
                    == "s, line 2, column 7: expected a trail making circle: PART:LABEL with PART sampleA, A, sampleB or B, such as 'A:5', found 'C:1'."
            )
        }
        let unknown = try Scenario(parsing: "trails: standard\ndown: sampleA:9\nup\n", source: "s")
        var random = SynthRandom(seed: 1)
        let page = FormSize(widthCentimetres: 29.376, heightCentimetres: 16.524)
        do {
            _ = try Synthesis.plan(unknown, maze: nil, formSize: page, random: &random)
            Issue.record("a circle sample A does not have was drawn")
        } catch {
            #expect(
                error.description
                    == "s, line 2: 'sampleA:9' names no circle of its part, whose circles are 1 2 3 4 5 6 7 8; give PART:LABEL such as 'A:5' or 'B:C'."
            )
        }
        let noForm = try Scenario(parsing: "sdt:\ndown: A:1\nup\n", source: "s")
        do {
            _ = try Synthesis.plan(noForm, maze: nil, formSize: page, random: &random)
            Issue.record("a circle was drawn without a form")
        } catch {
            #expect(
                error.description
                    == "s, line 2: 'A:1' names a trail making circle, but this scenario draws no trail making form; name one with a 'trails: FORM' line (such as 'trails: standard')."
            )
        }
    }
}
