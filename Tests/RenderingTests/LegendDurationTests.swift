import ADF
import FormPrinting
import Foundation
import Rendering
import Testing

/// Render's legend names its durations as the report and `adf show` do (issue 28, item 10):
/// "duration" was one word for the wall time here and the time drawing in the report.
@Suite("Render's legend names its durations")
struct LegendDurationTests {
    /// A one-step clock document from 1000 to 11000 ms, paused by the operator from 3000 to 5500 when `paused`.
    func document(paused: Bool) -> ADFDocument {
        var step = ADFDocument.Step(
            identifier: "clockStep-command", start: StepMark(unixMilliseconds: 1_000),
            end: StepMark(unixMilliseconds: 11_000),
            strokes: [
                ADFDocument.Stroke(
                    beginUnixMilliseconds: 2_000, endUnixMilliseconds: 2_100,
                    points: [PenPoint(x: 100, y: 100, altitude: 1, azimuth: 1, force: 500, unixMilliseconds: 2_000)])
            ])
        if paused {
            step.interruptions = [
                .init(type: "operator-paused", unixMilliseconds: 3_000),
                .init(type: "operator-resumed", unixMilliseconds: 5_500),
            ]
        }
        return ADFDocument(variant: .clock, environment: ClockSketchData(), steps: [step], display: .formatDefault)
    }

    func legend(_ document: ADFDocument) -> [String] {
        ResultsPicture(document: document, forms: [.blank], options: PictureOptions()).page(step: 0).marks.compactMap {
            mark -> String? in
            if case .text(let text, _, _, _) = mark { return text }
            return nil
        }
    }

    @Test("The step's span is its wall time; a paused step also has its paused time and time drawing; never 'duration'")
    func named() {
        let plain = legend(document(paused: false))
        #expect(plain.contains("wall time 10.00 s   strokes 1 (1 point)"), "\(plain)")
        let paused = legend(document(paused: true))
        #expect(
            paused.contains("wall time 10.00 s, paused time 2.50 s, time drawing 7.50 s   strokes 1 (1 point)"),
            "\(paused)")
        #expect(!(plain + paused).contains { $0.contains("duration") })
    }
}
