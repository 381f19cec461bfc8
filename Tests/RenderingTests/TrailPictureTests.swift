import ADF
import FormPrinting
import Foundation
import Rendering
import StylusGeometry
import Testing

/// A trail making results file drawn (issue 30, item 3): the line over the form's circles, each
/// error's wrong circle marked, and the part's outcome in the legend.
@Suite("Trail making pictures")
struct TrailPictureTests {
    static let golden = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden/trails-small.tsk").path

    static func picture() throws -> ResultsPicture {
        let document = try ADFReader.read(path: golden).document
        return ResultsPicture(document: document, forms: StepForm.forms(of: document))
    }

    @Test("Every circle of the step is drawn at its place and size with its label, Begin and End under the ends")
    func circles() throws {
        let picture = try Self.picture()
        let marks = picture.page(step: 1).marks
        let trail = try #require(picture.document.steps[1].trail)
        let radius = trail.circleRadius * picture.centimetresPerPoint
        #expect(abs(radius - 0.5) < 1e-3, "a circle is 10 mm across")
        for circle in trail.circles {
            let centre = picture.formPosition(x: circle.x, y: circle.y)
            #expect(
                marks.contains {
                    if case .circle(let at, let r, _, let colour) = $0 {
                        return at == centre && r == radius && colour == .black
                    }
                    return false
                }, "circle \(circle.order)")
            #expect(
                marks.contains {
                    if case .centredText(let text, let at, _, _, _) = $0 { return text == circle.label && at == centre }
                    return false
                }, "label \(circle.label)")
        }
        let words = marks.compactMap { mark -> String? in
            if case .centredText(let text, _, _, true, _) = mark { return text }
            return nil
        }
        #expect(words == ["Begin", "End"])
    }

    @Test("The error's wrong circle is ringed in red on the picture, and only from the error's time on")
    func errorMarked() throws {
        let picture = try Self.picture()
        let step = picture.document.steps[1]
        let error = try #require(step.trail?.errors.first)
        let wrong = try #require(step.trail?.circles.first { $0.order == error.wrongCircle })
        let centre = picture.formPosition(x: wrong.x, y: wrong.y)
        func ringed(_ marks: [PageMark]) -> Bool {
            marks.contains {
                if case .circle(let at, _, _, let colour) = $0 {
                    return at == centre && colour == TrailPictureStyle.wrongColour
                }
                return false
            }
        }
        #expect(ringed(picture.page(step: 1).marks))
        #expect(!ringed(picture.page(step: 1, upTo: error.unixMilliseconds - 1).marks))
        #expect(ringed(picture.page(step: 1, upTo: error.unixMilliseconds).marks))

        // In pixels: red on the ring's right, beyond the circle's rim, where no ink passes.
        let dotsPerInch = 100.0
        let image = RasterImage(page: picture.page(step: 1), dotsPerInch: dotsPerInch)
        let ring = 0.5 + TrailPictureStyle.ringGapCentimetres + TrailPictureStyle.ringWidthCentimetres / 2
        let pixel = image.pixel(
            x: Int(((centre.xCentimetres + ring) * dotsPerInch / 2.54).rounded()),
            y: Int((centre.yCentimetres * dotsPerInch / 2.54).rounded()))
        #expect(pixel.red > 150 && pixel.green < 100 && pixel.blue < 100, "\(pixel)")
    }

    @Test("The legend says the part's layout, outcome, circles, errors and prompts")
    func legend() throws {
        let picture = try Self.picture()
        #expect(
            picture.trailLegend(step: 1)
                == "trail standard-B: discontinued, 3 of 25 circles; errors 1 (1 shift, 0 sequence), prompts 1")
        #expect(
            picture.trailLegend(step: 0)
                == "trail sample-B: finished, 8 of 8 circles, time 8.40 s; errors 1 (0 shift, 1 sequence), prompts 0")
        let texts = picture.page(step: 1).marks.compactMap { mark -> String? in
            if case .text(let text, _, _, _) = mark { return text }
            return nil
        }
        #expect(texts.contains(picture.trailLegend(step: 1)!))
        // The band is one line taller than other tests' so the line fits under the six others.
        #expect(
            abs(
                picture.page(step: 1).size.heightCentimetres - picture.formSize.heightCentimetres
                    - PictureStyle.legendHeightCentimetres - TrailPictureStyle.legendLineCentimetres) < 1e-9)
    }

    @Test("The plot ticks each circle's arrival on its time, labelled under the first panel")
    func plot() throws {
        let document = try ADFReader.read(path: Self.golden).document
        let marks = AnalysisPlot(document: document).page().marks
        let labels = marks.compactMap { mark -> String? in
            if case .centredText(let text, _, _, _, _) = mark { return text }
            return nil
        }
        // Sample B's eight arrivals, then part B's three.
        #expect(labels == ["1", "A", "2", "B", "3", "C", "4", "D", "1", "A", "2"])
    }
}
