import Foundation
import Proctoring
import StylusGeometry
import Testing

@testable import Measures

/// The per-step and per-test formulas of docs/measures.md.
@Suite("Step and test measures")
struct StepAndTestMeasuresTests {
    /// Strokes of `durations` seconds separated by pen-up `gaps`, the first beginning `lead` after the step's start.
    static func step(
        _ identifier: String, start: Double, lead: Double, durations: [Double], gaps: [Double],
        interruptions: [InkInterruption] = [], end: Double? = nil
    ) -> InkStep {
        var strokes: [InkStroke] = []
        var t = start + lead
        for (index, duration) in durations.enumerated() {
            strokes.append(
                Strokes.line(
                    speed: 20, angle: 0, count: 11, interval: duration / 10, start: t, from: (Double(index) * 10, 0)))
            t += duration + (index < gaps.count ? gaps[index] : 0)
        }
        return InkStep(
            identifier: identifier, start: start, end: end ?? t + 1, strokes: strokes, interruptions: interruptions)
    }

    @Test("Time to first stroke, on-surface and in-air time, their ratio, pauses over 0.5, 1 and 2 s")
    func timing() {
        let durations = [0.4, 0.6, 0.3, 0.2, 0.5]
        let gaps = [0.4, 0.7, 1.5, 2.5]
        let s = Self.step("clockStep-command", start: 10, lead: 1.75, durations: durations, gaps: gaps, end: 30)
        let m = StepMeasures(s, number: 1, assessment: .clock)
        #expect(near(m.timeToFirstStroke, 1.75, absolute: 1e-9))
        #expect(near(m.totalTime, 20, absolute: 1e-9))
        #expect(near(m.onSurfaceTime, durations.reduce(0, +), absolute: 1e-9))
        #expect(near(m.inAirTime, gaps.reduce(0, +), absolute: 1e-9))
        #expect(close(m.inAirRatio, gaps.reduce(0, +) / durations.reduce(0, +), relative: 1e-9))
        #expect(m.strokes == 5 && m.points == 55)
        let expectedPauses: [Int] = StepMeasures.pauseThresholds.map { threshold in gaps.filter { $0 > threshold }.count
        }
        #expect(m.pauses == expectedPauses)
        #expect(m.pauses == [3, 2, 1])
        #expect(close(m.pathLength, durations.map { 20 * $0 }.reduce(0, +), relative: 1e-9))
        #expect(m.completionTime == nil && m.boxesAttempted == nil)
        let row = m.row
        #expect(row["pauses_over_0_5_s"] == .count(3))
        #expect(row["pauses_over_1_s"] == .count(2))
        #expect(row["pauses_over_2_s"] == .count(1))
    }

    @Test("The operator's pauses are left out of every span and are not interruptions of the patient")
    func operatorPauses() {
        let durations = [0.4, 0.6, 0.3]
        let gaps = [0.4, 6.2]
        // Paused 2 s before the first stroke, 5 s inside the second gap, and again to the step's end, never resumed.
        let pausesAndResumes = [
            InkInterruption(type: "operator-paused", time: 10.5), InkInterruption(type: "operator-resumed", time: 12.5),
            InkInterruption(type: "operator-paused", time: 15), InkInterruption(type: "operator-resumed", time: 20),
            InkInterruption(type: "no-drawing", time: 15.8), InkInterruption(type: "operator-paused", time: 25),
        ]
        let s = Self.step(
            "mazeStep-choice", start: 10, lead: 3, durations: durations, gaps: gaps, interruptions: pausesAndResumes,
            end: 30)
        let m = StepMeasures(s, number: 1, assessment: .maze)
        #expect(near(m.timeToFirstStroke, 1, absolute: 1e-9))
        #expect(near(m.totalTime, 20 - 2 - 5 - 5, absolute: 1e-9))
        #expect(near(m.inAirTime, 0.4 + 1.2, absolute: 1e-9))
        #expect(m.pauses == [1, 1, 0])
        // The last sample is at 10 + 3 + 0.4 + 0.4 + 0.6 + 6.2 + 0.3 = 20.9, of which 2 s and 5 s were paused.
        #expect(near(m.completionTime, 20.9 - 10 - 2 - 5, absolute: 1e-9))
        #expect(m.interruptions == 1 && m.otherInterruptions == 0)
        #expect(m.row["interruptions_no_drawing"] == .count(1))
    }

    @Test("Durations named for what they are: wall time, paused time, and the time drawing (total_time_s) between them")
    func durations() {
        let paused = [
            InkInterruption(type: "operator-paused", time: 12), InkInterruption(type: "operator-resumed", time: 15),
        ]
        let command = Self.step(
            "clockStep-command", start: 10, lead: 1, durations: [0.5], gaps: [], interruptions: paused, end: 30)
        let copy = Self.step("clockStep-copy", start: 30, lead: 1, durations: [0.5], gaps: [], end: 42)
        let step = StepMeasures(command, number: 1, assessment: .clock).row
        #expect(
            step["wall_time_s"] == .number(20) && step["paused_time_s"] == .number(3)
                && step["total_time_s"] == .number(17))
        let test = TestMeasures(InkTest(assessment: .clock, steps: [command, copy])).row
        #expect(
            test["wall_time_s"] == .number(32) && test["paused_time_s"] == .number(3)
                && test["total_time_s"] == .number(29))
        // The new columns come after the older ones, which keep their places (the trail making columns
        // come after these, for the same reason).
        let testAt = test.columns.firstIndex(of: "maze_time_across_walls_s")!
        #expect(Array(test.columns[(testAt + 1)...].prefix(2)) == ["wall_time_s", "paused_time_s"])
        let stepAt = step.columns.firstIndex(of: "time_across_walls_s")!
        #expect(Array(step.columns[(stepAt + 1)...].prefix(2)) == ["wall_time_s", "paused_time_s"])
    }

    @Test("Interruptions by type, with the proctors' types in columns and the rest under 'other'")
    func interruptions() {
        let kinds = ["wall-cross", "no-drawing", "wall-cross", "device-removed"]
        let s = Self.step(
            "mazeStep-choice", start: 0, lead: 1, durations: [2], gaps: [],
            interruptions: kinds.enumerated().map { InkInterruption(type: $0.element, time: Double($0.offset)) })
        let m = StepMeasures(s, number: 2, assessment: .maze)
        let row = m.row
        #expect(row["interruptions"] == .count(4))
        #expect(row["interruptions_wall_cross"] == .count(2))
        #expect(row["interruptions_no_drawing"] == .count(1))
        #expect(row["interruptions_skip"] == .count(0))
        #expect(row["interruptions_other"] == .count(1))
        // Maze: from the step's start to the last sample of the last stroke.
        #expect(near(m.completionTime, 3, absolute: 1e-9))
    }

    @Test("Clock: the copy step against the command step")
    func clockRatios() {
        let command = Self.step("clockStep-command", start: 0, lead: 1, durations: [1, 1], gaps: [1], end: 10)
        let copy = Self.step(
            "clockStep-copy", start: 10, lead: 2, durations: [0.5, 0.5, 0.5, 0.5], gaps: [1, 1, 1], end: 25)
        let row = TestMeasures(InkTest(assessment: .clock, steps: [command, copy])).row
        #expect(row["copy_command_total_time_ratio"]?.text == "1.5")
        #expect(row["copy_command_on_surface_time_ratio"]?.text == "1")
        #expect(row["copy_command_strokes_ratio"]?.text == "2")
        #expect(row["copy_command_path_length_ratio"]?.text == "1")
        #expect(row["total_time_s"]?.text == "25")
        // The test's totals are the steps' sums.
        #expect(row["steps"] == .count(2))
        #expect(row["strokes"] == .count(6))
        #expect(row["points"] == .count(66))
        #expect(row["on_surface_time_s"]?.text == "4")
        #expect(row["in_air_time_s"]?.text == "4")
        #expect(row["path_length_mm"]?.text == MeasureValue.decimalText(20 * 4))
        #expect(row["interruptions"] == .count(0))
        #expect(row["maze_completion_time_s"] == .number(nil))
        #expect(row["wall_crosses"] == .count(nil))
    }

    @Test("Maze: completion time summed over the mazes, wall crosses counted")
    func maze() {
        let calibration = Self.step("mazeStep-calibration", start: 0, lead: 0.5, durations: [1.5], gaps: [])
        let choice = Self.step(
            "mazeStep-choice", start: 5, lead: 1, durations: [2, 1], gaps: [0.5],
            interruptions: [InkInterruption(type: "wall-cross", time: 6.5)])
        let row = TestMeasures(InkTest(assessment: .maze, steps: [calibration, choice])).row
        #expect(row["maze_completion_time_s"]?.text == MeasureValue.decimalText(2 + 4.5))
        #expect(row["wall_crosses"] == .count(1))
    }

    @Test("Symbol-digit: boxes attempted are the answer boxes (samples aside) holding most of a stroke's samples")
    func symbolDigitBoxes() throws {
        let formSize = FormSize(widthCentimetres: 30, heightCentimetres: 22)
        let part = SymbolDigitStep(round: 1, part: .copy)
        let form = SymbolDigitForm(step: part, origin: SymbolDigitForm.origin(centredOn: formSize))
        // A short stroke in the middle of the answer cell of each box listed; box 2 is a sample.
        func stroke(inBox index: Int, at start: Double) -> InkStroke {
            let centre = form.boxes[index].answerCell.centre
            return Strokes.line(
                speed: 10, angle: 1.2, count: 6, interval: 0.02, start: start,
                from: (centre.xCentimetres * 10, centre.yCentimetres * 10))
        }
        let boxes = [2, 5, 6, 6, 7, 21]
        let strokes = boxes.enumerated().map { stroke(inBox: $0.element, at: 1 + Double($0.offset)) }
        // And one stroke on the legend's row, in no box.
        let stray = Strokes.line(
            speed: 10, angle: 0, count: 6, interval: 0.02, start: 0.5,
            from: (form.origin.xCentimetres * 10 + 1, form.origin.yCentimetres * 10 + 1))
        let step = InkStep(identifier: part.identifier, start: 0, end: 10, strokes: [stray] + strokes)
        let m = StepMeasures(step, number: 2, assessment: .symbolDigit, formSize: formSize)
        let attempted = Set(boxes).filter { !form.boxes[$0].isSample }.count
        #expect(m.boxesAttempted == attempted)
        #expect(m.boxesAttempted == 4)
        // The ink from the stray stroke's start to the last stroke's end, per box.
        let span = try #require(strokes.last?.points.last?.time) - 0.5
        #expect(close(m.timePerBox, span / Double(attempted), relative: 1e-12))
        let row = TestMeasures(InkTest(assessment: .symbolDigit, steps: [step], formSize: formSize)).row
        #expect(row["boxes_attempted_copy"] == .count(4))
        #expect(row["boxes_attempted_test"] == .count(nil))
        #expect(row["boxes_attempted_copy_2"] == .count(nil))
    }

    @Test(
        "Symbol-digit steps are found by their identifier, also the older generation's structure-id names",
        arguments: [
            ("symbolDigitStep-test", SymbolDigitStep(round: 1, part: .test)),
            ("symbolDigitStep-copy-2", SymbolDigitStep(round: 2, part: .copy)),
            ("symbolDigitStep-delayedRecall", SymbolDigitStep(round: 1, part: .delayedRecall)),
            ("symbolDigitStep-symbol-digit", SymbolDigitStep(round: 1, part: .test)),
            ("symbolDigitStep-digit-digit-2", SymbolDigitStep(round: 2, part: .copy)),
        ])
    func symbolDigitIdentifiers(_ identifier: String, _ step: SymbolDigitStep) {
        #expect(StepMeasures.symbolDigitStep(identifier) == step)
    }

    @Test("A step that is no symbol-digit step has no part")
    func notSymbolDigit() {
        #expect(StepMeasures.symbolDigitStep("clockStep-copy") == nil)
    }

    @Test("Without the form's size no box can be found: boxes attempted is missing, not 0")
    func symbolDigitWithoutForm() {
        let step = Self.step("symbolDigitStep-test", start: 0, lead: 1, durations: [1], gaps: [])
        let m = StepMeasures(step, number: 1, assessment: .symbolDigit)
        #expect(m.boxesAttempted == nil)
        #expect(m.timePerBox == nil)
    }
}
