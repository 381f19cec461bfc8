import ADF
import Foundation
import Sessions
import TestMaterials
import Testing

/// Maze sessions of synthesized recordings, replayed in-process as `replay --test maze` replays
/// them: what the proctor decides, and what the results hold. The expected outcomes are the
/// scenarios' own (Fixtures/synth/*.scenario); the recording's own facts (`RecordingFacts`) are
/// read from its events, independently of the drivers.
@Suite("Maze sessions of synthesized recordings")
struct MazeSessionTests {
    private let noChoice = "Fixtures/mazes/no-choice.maze"
    private let detour = "Fixtures/synth/detour.maze"

    @Test("Every scenario gives one maze step that finishes, 2 s after the last lift")
    func oneStepThatFinishes() throws {
        let scratch = try Scratch()
        for (scenario, maze) in [
            ("clean-solve", noChoice), ("cut-corner", noChoice), ("wall-cross-0.6s", detour),
            ("wall-cross-0.4s", detour), ("no-drawing", noChoice), ("start-far", noChoice),
        ] {
            let session = try SynthesizedReplay(scenario, test: .maze, maze: maze, into: scratch.path + "/" + scenario)
            guard case .maze(let result) = session.result else {
                Issue.record("not a maze result: \(session.result)")
                continue
            }
            #expect(session.document.steps.count == 1, "\(scenario)")
            #expect(result.steps.map(\.finished) == [true], "\(scenario)")
            // The maze finishes 2 s (finish timeout) after the last lift; the step ends then.
            let facts = RecordingFacts(session.recording.events)
            let end = try #require(session.document.steps.first?.end.unixMilliseconds)
            #expect(abs(end - (facts.lifts.last! + 2_000)) <= 1, "\(scenario): step ends at \(end)")
        }
    }

    @Test("A clean solve and a cut corner: one stroke, no interruption")
    func noInterruption() throws {
        let scratch = try Scratch()
        for scenario in ["clean-solve", "cut-corner"] {
            let session = try SynthesizedReplay(
                scenario, test: .maze, maze: noChoice, into: scratch.path + "/" + scenario)
            #expect(session.interruptions.isEmpty, "\(scenario)")
            #expect(session.strokes.count == 1)
            #expect(session.document.steps.map(\.identifier) == ["mazeStep-no-choice"])
        }
    }

    @Test("The cut corner really leaves the corridor: it passes through row 2 column 1, walled off from it")
    func cutCornerLeavesCorridor() throws {
        let recording = try SynthesizedRecording(scenario: "cut-corner.scenario")
        // no-choice is 6 x 5 cells of 1.5 cm: origin ((29.376 - 9) / 2, (16.524 - 7.5) / 2).
        let origin = ((29.376 - 9) / 2, (16.524 - 7.5) / 2)
        let inRow2Column1 = RecordingFacts(recording.events).contactFrames.filter {
            let (x, y) = RecordingFacts.formCentimetres($0)
            return x >= origin.0 && x < origin.0 + 1.5 && y >= origin.1 + 1.5 && y < origin.1 + 3
        }
        #expect(!inRow2Column1.isEmpty)
        // ...and briefly: well under the 0.5 s wall-cross timeout.
        #expect(inRow2Column1.last!.milliseconds - inRow2Column1.first!.milliseconds < 200)
    }

    @Test(
        "A skip of three cells held 0.6 s: one wall-cross 0.5 s after the cross; the stroke stops being recorded there")
    func wallCross() throws {
        let scratch = try Scratch()
        let session = try SynthesizedReplay("wall-cross-0.6s", test: .maze, maze: detour, into: scratch.path)
        let facts = RecordingFacts(session.recording.events)
        // detour is 3 x 3 cells of 1.5 cm: origin ((29.376 - 4.5) / 2, (16.524 - 4.5) / 2); the pen
        // crosses at its first contact frame inside row 2 column 2.
        let origin = ((29.376 - 4.5) / 2, (16.524 - 4.5) / 2)
        let cross = try #require(
            facts.contactFrames.first {
                let (x, y) = RecordingFacts.formCentimetres($0)
                return x >= origin.0 + 1.5 && x < origin.0 + 3 && y >= origin.1 + 1.5 && y < origin.1 + 3
            })
        let interruptions = session.interruptions
        try #require(interruptions.count == 1)
        #expect(interruptions[0].type == "wall-cross")
        #expect(abs(interruptions[0].unixMilliseconds - (cross.milliseconds + 500)) <= 1)

        // The first stroke has no point after the interruption, though the pen stayed down until its lift.
        #expect(facts.lifts[0] > interruptions[0].unixMilliseconds + 50)
        let lastPoint = try #require(session.strokes.first?.points.last?.unixMilliseconds)
        #expect(lastPoint <= interruptions[0].unixMilliseconds)
        // The patient resumed inside the pause circle: the second stroke is recorded and the maze finishes.
        #expect(session.strokes.count == 2)
        guard case .maze(let result) = session.result else {
            Issue.record("not a maze result: \(session.result)")
            return
        }
        #expect(result.steps.map(\.maze) == ["detour"])
        #expect(result.steps.first?.finished == true)
        #expect(result.steps.first?.strokes == 2)
    }

    @Test(
        "Out of a reduced maze's corridor into a hidden branch for 0.8 s: one wall-cross 0.5 s after entering it; none in the choice maze"
    )
    func reducedMazeBranch() throws {
        let scratch = try Scratch()
        for file in ["reduced-filled.maze", "reduced-blank.maze"] {
            let session = try SynthesizedReplay(
                "reduced-branch", test: .maze, maze: "Fixtures/mazes/" + file, into: scratch.path + "/" + file)
            let facts = RecordingFacts(session.recording.events)
            // The reduced mazes are 6 x 5 cells of 1.5 cm: origin ((29.376 - 9) / 2, (16.524 - 7.5) / 2);
            // the pen enters row 2 column 1 at its first contact frame there.
            let origin = ((29.376 - 9) / 2, (16.524 - 7.5) / 2)
            let entered = try #require(
                facts.contactFrames.first {
                    let (x, y) = RecordingFacts.formCentimetres($0)
                    return x >= origin.0 && x < origin.0 + 1.5 && y >= origin.1 + 1.5 && y < origin.1 + 3
                })
            let interruptions = session.interruptions
            try #require(interruptions.count == 1, "\(file)")
            #expect(interruptions[0].type == "wall-cross")
            #expect(abs(interruptions[0].unixMilliseconds - (entered.milliseconds + 500)) <= 1, "\(file)")
            let interrupt = try #require(session.eventObjects.first { $0["action"] as? String == "interrupt" })
            #expect(interrupt["interruption"] as? String == "wall-cross")
            #expect(interrupt["before"] as? String == "crossedWall" && interrupt["after"] as? String == "paused")
            // The patient resumed near where the path ended, and finished.
            #expect(session.strokes.count == 2, "\(file)")
            guard case .maze(let result) = session.result else {
                Issue.record("not a maze result: \(session.result)")
                continue
            }
            #expect(result.steps.count == 1)
            #expect(result.steps.first?.finished == true, "\(file)")
            #expect(result.steps.first?.strokes == 2, "\(file)")
        }
        // The control: the choice maze leaves the branch open, so the same drawing crosses no wall.
        let control = try SynthesizedReplay(
            "reduced-branch", test: .maze, maze: "Fixtures/mazes/choice.maze", into: scratch.path + "/choice")
        #expect(control.interruptions.isEmpty)
    }

    @Test("The same skip for about 0.4 s: no interruption")
    func briefWallCross() throws {
        let scratch = try Scratch()
        let session = try SynthesizedReplay("wall-cross-0.4s", test: .maze, maze: detour, into: scratch.path)
        #expect(session.interruptions.isEmpty)
        #expect(session.strokes.count == 1)
    }

    @Test("Pen up for 2.1 s: one no-drawing interruption 2 s after the lift, then drawing resumes")
    func noDrawing() throws {
        let scratch = try Scratch()
        let session = try SynthesizedReplay("no-drawing", test: .maze, maze: noChoice, into: scratch.path)
        let facts = RecordingFacts(session.recording.events)
        try #require(facts.lifts.count == 2 && facts.touchDowns.count == 2)
        // The scenario's pause: 2.1 s from lift to touch-down, to within a frame or two.
        #expect(abs(facts.touchDowns[1] - facts.lifts[0] - 2_100) < 16)
        let interruptions = session.interruptions
        try #require(interruptions.count == 1)
        #expect(interruptions[0].type == "no-drawing")
        #expect(abs(interruptions[0].unixMilliseconds - (facts.lifts[0] + 2_000)) <= 1)
        #expect(session.strokes.count == 2)
    }

    @Test("A start far from the arrow: the stroke is refused (absent) with a start-far interruption at its touch-down")
    func startFar() throws {
        let scratch = try Scratch()
        let session = try SynthesizedReplay("start-far", test: .maze, maze: noChoice, into: scratch.path)
        let facts = RecordingFacts(session.recording.events)
        try #require(facts.touchDowns.count == 2)
        let interruptions = session.interruptions
        try #require(interruptions.count == 1)
        #expect(interruptions[0].type == "start-far")
        #expect(abs(interruptions[0].unixMilliseconds - facts.touchDowns[0]) <= 1)
        // Only the second stroke is recorded: its first point is at the second touch-down. (The
        // writer numbers the strokes it is given, so the one stroke is index 1.)
        #expect(session.strokes.count == 1)
        let first = try #require(session.strokes.first?.points.first?.unixMilliseconds)
        #expect(abs(first - facts.touchDowns[1]) <= 1)
        guard case .maze(let result) = session.result else {
            Issue.record("not a maze result: \(session.result)")
            return
        }
        #expect(result.steps.first?.refusedStrokes == 1)
    }

    @Test("A battery: one step per maze, the next maze shown at the previous one's finish")
    func battery() throws {
        let scratch = try Scratch()
        let session = try SynthesizedReplay(
            "calibration", test: .maze, battery: "Fixtures/mazes/standard.battery", into: scratch.path)
        let steps = session.document.steps
        // The recording solves the calibration maze only: the no-choice maze is shown, nothing after it.
        #expect(steps.map(\.identifier) == ["mazeStep-calibration", "mazeStep-no-choice"])
        try #require(steps.count == 2)
        #expect(steps[1].start.unixMilliseconds == steps[0].end.unixMilliseconds)
        let lift = try #require(RecordingFacts(session.recording.events).lifts.last)
        #expect(abs(steps[0].end.unixMilliseconds - (lift + 2_000)) <= 1)
        #expect(steps.map { $0.strokes.count } == [1, 0])
    }
}
