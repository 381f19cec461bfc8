import StylusInput
import Testing

@testable import Proctoring

private func ms(_ value: Int64) -> EventTime { EventTime(microseconds: value * 1_000) }

private func stroke(_ start: Int64, _ end: Int64) -> ContactInterval {
    ContactInterval(start: ms(start), end: ms(end))
}

@Suite("Step split rule")
struct StepSplitTests {
    @Test("The boundary is the midpoint of the longest pen-up pause")
    func longestPause() {
        // Pauses: 200 ms, 3000 ms, 500 ms; the longest runs from 1400 to 4400.
        let strokes = [stroke(0, 1000), stroke(1200, 1400), stroke(4400, 5000), stroke(5500, 6000)]
        #expect(StepSplitRule.longestPause.boundary(strokes: strokes, recordingStart: ms(0)) == ms(2900))
    }

    @Test("Equal pauses: the earliest wins")
    func earliestOfEqualPauses() {
        let strokes = [stroke(0, 100), stroke(600, 700), stroke(1200, 1300)]
        #expect(StepSplitRule.longestPause.boundary(strokes: strokes, recordingStart: ms(0)) == ms(350))
    }

    @Test("Fewer than two strokes: no boundary")
    func tooFewStrokes() {
        #expect(StepSplitRule.longestPause.boundary(strokes: [], recordingStart: ms(0)) == nil)
        #expect(StepSplitRule.longestPause.boundary(strokes: [stroke(0, 10)], recordingStart: ms(0)) == nil)
    }

    @Test("none and a fixed offset")
    func noneAndOffset() {
        let strokes = [stroke(0, 1000), stroke(4000, 5000)]
        #expect(StepSplitRule.none.boundary(strokes: strokes, recordingStart: ms(0)) == nil)
        #expect(StepSplitRule.at(.milliseconds(1500)).boundary(strokes: strokes, recordingStart: ms(7)) == ms(1507))
    }

    @Test("A fixed offset inside a stroke moves to the stroke's end")
    func offsetInsideStroke() {
        let strokes = [stroke(0, 1000), stroke(4000, 5000)]
        #expect(StepSplitRule.at(.milliseconds(4200)).boundary(strokes: strokes, recordingStart: ms(0)) == ms(5000))
        #expect(StepSplitRule.at(.milliseconds(4000)).boundary(strokes: strokes, recordingStart: ms(0)) == ms(5000))
        #expect(StepSplitRule.at(.milliseconds(1000)).boundary(strokes: strokes, recordingStart: ms(0)) == ms(1000))
    }
}
