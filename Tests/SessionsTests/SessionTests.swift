import ADF
import Foundation
import Proctoring
import Recordings
import Sessions
import StylusInput
import Testing

/// Whole sessions driven in-process: scenarios synthesized on a real tablet's description go
/// through the setup and drivers that replay, record, administer and recover use. The expected
/// outcomes are the scenarios' own (written from the spec, in each file's comments).
@Suite("Sessions in-process")
struct SessionTests {
    @Test("A wall cross held 0.6 s is interrupted once and the maze still finishes")
    func wallCrossHeld() throws {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenario: "wall-cross-0.6s.scenario")
        let (result, document) = try runSession(
            .maze(mazeFile: Fixture.path("Fixtures/synth/detour.maze")), on: recording, into: scratch.path)
        guard case .maze(let maze) = result else {
            Issue.record("not a maze result: \(result)")
            return
        }
        #expect(maze.steps.count == 1)
        #expect(maze.steps.first?.finished == true)
        #expect(maze.steps.first?.interruptions.map(\.type) == ["wall-cross"])
        #expect(document.steps.first?.interruptions.map(\.type) == ["wall-cross"])
        // The proctor ends the stroke at the interruption; the patient resumes with a second one.
        #expect(maze.steps.first?.strokes == 2)
        #expect(document.steps.first?.strokes.count == 2)
    }

    @Test("A wall cross shorter than the 0.5 s timeout is not interrupted")
    func wallCrossBrief() throws {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenario: "wall-cross-0.4s.scenario")
        let (result, document) = try runSession(
            .maze(mazeFile: Fixture.path("Fixtures/synth/detour.maze")), on: recording, into: scratch.path)
        guard case .maze(let maze) = result else {
            Issue.record("not a maze result: \(result)")
            return
        }
        #expect(maze.steps.first?.finished == true)
        #expect(maze.steps.first?.interruptions.isEmpty == true)
        #expect(document.steps.first?.interruptions.isEmpty == true)
        #expect(document.steps.first?.strokes.count == recording.touchDowns)
    }

    @Test("Settings reach the proctor: with a 0.7 s wall-cross timeout the interruption comes 0.2 s later")
    func settingsReachTheProctor() throws {
        let scratch = try Scratch()
        let settings = scratch.path + "/slow-wall-cross.yaml"
        try "schema: 2\nmaze:\n  wall-cross-timeout: 0.7 s\n".write(toFile: settings, atomically: true, encoding: .utf8)
        let recording = try SynthesizedRecording(scenario: "wall-cross-0.6s.scenario")
        let maze = JournaledTest.maze(mazeFile: Fixture.path("Fixtures/synth/detour.maze"))
        let (defaults, _) = try runSession(maze, on: recording, into: scratch.path + "/defaults")
        let (slower, _) = try runSession(maze, on: recording, settingsFile: settings, into: scratch.path + "/slower")
        guard case .maze(let byDefault) = defaults, case .maze(let bySettings) = slower else {
            Issue.record("not maze results: \(defaults), \(slower)")
            return
        }
        let defaultTime = try #require(byDefault.steps.first?.interruptions.first?.time)
        let settingsTime = try #require(bySettings.steps.first?.interruptions.first?.time)
        #expect(abs(settingsTime - defaultTime - 200) < 0.001, "\(settingsTime) - \(defaultTime)")
    }

    @Test("Writing two boxes ahead is interrupted once as a skip, pointing at the box skipped")
    func symbolDigitSkip() throws {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenario: "sdt-skip.scenario")
        let (result, document) = try runSession(.sdt, on: recording, into: scratch.path)
        guard case .symbolDigit(let sdt) = result else {
            Issue.record("not a symbol-digit result: \(result)")
            return
        }
        let skips = sdt.steps.flatMap(\.interruptions)
        #expect(skips.map(\.type) == ["skip"])
        #expect(skips.first?.writtenIn == 4)
        #expect(skips.first?.continueIn == 3)
        #expect(document.steps.flatMap(\.interruptions).map(\.type) == ["skip"])
    }

    @Test("A clock with no boundary planned keeps every stroke in the command step; one boundary splits them")
    func clockSteps() throws {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenario: "clock.scenario")
        let (whole, wholeDocument) = try runSession(.clock, on: recording, into: scratch.path + "/whole")
        guard case .clock(let clock) = whole else {
            Issue.record("not a clock result: \(whole)")
            return
        }
        #expect(clock.strokes == recording.touchDowns)
        #expect(clock.strokesPerStep.map(\.strokes) == [recording.touchDowns, 0])
        #expect(wholeDocument.steps.map(\.identifier) == ["clockStep-command", "clockStep-copy"])

        // A boundary just before the last touch-down: that stroke alone is the copy step's.
        let lastDown = try #require(lastTouchDown(recording.events))
        let boundary = EventTime(microseconds: lastDown.microseconds - 1)
        let (split, splitDocument) = try runSession(
            .clock, on: recording, plan: SessionPlan(boundaries: [boundary]), into: scratch.path + "/split")
        guard case .clock(let splitClock) = split else {
            Issue.record("not a clock result: \(split)")
            return
        }
        #expect(splitClock.strokesPerStep.map(\.strokes) == [recording.touchDowns - 1, 1])
        #expect(splitDocument.steps.map { $0.strokes.count } == [recording.touchDowns - 1, 1])
        #expect(splitClock.points == clock.points)
    }

    private func lastTouchDown(_ events: [InputEvent]) -> EventTime? {
        events.last { $0.type == .key && $0.code == KeyCode.touch && $0.value != 0 }?.time
    }

    @Test("Drawn with the eraser end (the pen turned over), a clock has no ink: no stroke is recorded")
    func eraserIsNotInk() throws {
        let scratch = try Scratch()
        var recording = try SynthesizedRecording(scenario: "clock.scenario")
        let penTool = recording.events.filter { $0.type == .key && $0.code == KeyCode.toolPen }.count
        try #require(penTool > 0, "the synthesized pen announces its tool")
        for index in recording.events.indices
        where recording.events[index].type == .key
            && recording.events[index].code == KeyCode.toolPen
        {
            recording.events[index].code = KeyCode.toolRubber
        }
        let (result, document) = try runSession(.clock, on: recording, into: scratch.path)
        guard case .clock(let clock) = result else {
            Issue.record("not a clock result: \(result)")
            return
        }
        #expect(clock.strokes == 0)
        #expect(document.steps.allSatisfy { $0.strokes.isEmpty })
    }
}
