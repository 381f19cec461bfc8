import Foundation
import Proctoring
import Recordings
import Sessions
import StylusInput
import Testing

/// `--events`: one schema for the three tests, on the session clock and in Unix ms.
@Suite("The --events lines")
struct EventLogTests {
    /// Runs `test` on `scenario` with an event log; returns the lines parsed.
    func lines(_ test: JournaledTest, _ scenario: String, plan: SessionPlan = SessionPlan()) throws -> [[String: Any]] {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenario: scenario)
        var written: [String] = []
        _ = try runSession(test, on: recording, plan: plan, into: scratch.path, events: { written.append($0) })
        return try written.map { line in
            try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not a JSON object: \(line)")
        }
    }

    @Test("Every line of every test has the shared keys; the session clock is Unix time less the anchor's offset")
    func sharedKeys() throws {
        let maze = JournaledTest.maze(mazeFile: Fixture.path("Fixtures/synth/detour.maze"))
        for (test, scenario, name) in [
            (JournaledTest.clock, "clock.scenario", "clock"), (maze, "wall-cross-0.6s.scenario", "maze"),
            (JournaledTest.sdt, "sdt-skip.scenario", "sdt"),
        ] {
            let objects = try lines(test, scenario)
            #expect(!objects.isEmpty, "\(name): no lines")
            for object in objects {
                for key in ["test", "time", "sessionMicroseconds", "input", "action"] {
                    #expect(object[key] != nil, "\(name): \(key) missing in \(object)")
                }
                #expect(object["test"] as? String == name)
                let micros = try #require(object["sessionMicroseconds"] as? Int64)
                let time = try #require(object["time"] as? Double)
                // runSession anchors time zero at 1,700,000,000,000 ms (the recording's times are relative).
                #expect(abs(time - (1_700_000_000_000 + Double(micros) / 1_000)) < 0.001, "\(object)")
            }
        }
    }

    @Test("The clock's lines: its steps, its strokes (began and ended, one each per touch-down) and the end")
    func clock() throws {
        let recording = try SynthesizedRecording(scenario: "clock.scenario")
        let objects = try lines(.clock, "clock.scenario")
        let actions = objects.compactMap { $0["action"] as? String }
        #expect(actions.first == "step-started")
        #expect(actions.last == "finished")
        #expect(actions.filter { $0 == "stroke-began" }.count == recording.touchDowns)
        #expect(actions.filter { $0 == "stroke-ended" }.count == recording.touchDowns)
        // In a replay a stroke's middle samples are no decisions worth a line.
        #expect(!actions.contains("stroke-continued"))
        let steps = objects.filter { ($0["action"] as? String) == "step-started" }.compactMap { $0["step"] as? String }
        #expect(steps == ["clockStep-command", "clockStep-copy"])
        let downs = objects.filter { ($0["action"] as? String) == "stroke-began" }
        #expect(downs.allSatisfy { $0["input"] as? String == "down" })
    }

    @Test("A clock boundary is a 'continue' line; each line's step is the one on screen before its input")
    func clockBoundary() throws {
        let recording = try SynthesizedRecording(scenario: "clock.scenario")
        let lastDown = try #require(
            recording.events.last { $0.type == .key && $0.code == KeyCode.touch && $0.value != 0 }?.time)
        let boundary = EventTime(microseconds: lastDown.microseconds - 1)
        let objects = try lines(.clock, "clock.scenario", plan: SessionPlan(boundaries: [boundary]))
        let continues = objects.filter {
            ($0["input"] as? String) == "continue" && ($0["sessionMicroseconds"] as? Int64) == boundary.microseconds
        }
        // The boundary ends one step and starts the next; the button timer the new step arms is
        // the boundary's decision too, on the step on screen before it.
        #expect(continues.compactMap { $0["action"] as? String } == ["step-ended", "step-started", "arm-timer"])
        #expect(
            continues.compactMap { $0["step"] as? String } == [
                "clockStep-command", "clockStep-copy", "clockStep-command",
            ])
        // The last stroke begins after the boundary: on the copy step.
        let lastBegan = try #require(objects.last { ($0["action"] as? String) == "stroke-began" })
        #expect(lastBegan["step"] as? String == "clockStep-copy")
        let firstBegan = try #require(objects.first { ($0["action"] as? String) == "stroke-began" })
        #expect(firstBegan["step"] as? String == "clockStep-command")
    }
}
