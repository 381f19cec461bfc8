import Foundation
import Proctoring
import StylusGeometry
import Testing

@testable import FormPrinting

@Suite("Printed trail making forms")
struct TrailPageTests {
    /// Fixtures/trails/standard-A.yaml.
    static func standardA() throws -> TrailLayout {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/trails/standard-A.yaml")
        return try TrailLayout(parsing: String(contentsOf: url, encoding: .utf8), source: "standard-A.yaml")
    }

    @Test("Every circle is 10 mm across at its centre on the form, the form centred on A4 landscape")
    func circlesAtPhysicalSize() throws {
        let layout = try Self.standardA()
        let page = CalibrationSheet.a4Landscape
        let drawing = PageDrawing.trailForm(layout, page: page)
        // The 25 x 18 cm form on 29.7 x 21 cm: its corner at (2.35, 1.5) cm.
        let origin = PageDrawing.trailFormOrigin(layout, page: page)
        #expect(abs(origin.xCentimetres - 2.35) < 1e-9 && abs(origin.yCentimetres - 1.5) < 1e-9)
        let circles = drawing.marks.compactMap { mark -> FormPosition? in
            if case .circle(let centre, let radius, _, _) = mark, radius == 0.5 { return centre }
            return nil
        }
        #expect(circles.count == 25)
        let labels = drawing.marks.compactMap { mark -> String? in
            if case .centredText(let text, _, _, _, _) = mark { return text }
            return nil
        }
        var expected: [String] = []
        for number in 1...25 {
            expected.append("\(number)")
            if number == 1 { expected.append("Begin") }
            if number == 25 { expected.append("End") }
        }
        #expect(labels == expected)
    }

    @Test(
        "The printed PDF's circles are 10 mm across where the form puts them, measured by pdftoppm at 600 dpi",
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pdftoppm"), "needs pdftoppm (poppler-utils)"))
    func printedCircles() throws {
        let layout = try Self.standardA()
        let page = CalibrationSheet.a4Landscape
        let origin = PageDrawing.trailFormOrigin(layout, page: page)
        let pdf = FileManager.default.temporaryDirectory.appendingPathComponent("trails-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: pdf) }
        try PrintedDocument.trailForms([layout], page: page).write(to: pdf.path)
        let raster = try Raster(pdf: pdf, page: 1, dpi: 600)
        for circle in layout.circles.prefix(5) {
            let x = origin.xCentimetres + circle.centre.xCentimetres
            let y = origin.yCentimetres + circle.centre.yCentimetres
            // Down the column through the centre, 0.2 cm left of it (clear of the label): the ring
            // crosses it at y ± sqrt(0.5² - 0.2²).
            let offset = (0.25 - 0.04).squareRoot()
            let runs = raster.runsDownColumn(
                raster.pixel(x - 0.2), from: raster.pixel(y - 0.6), to: raster.pixel(y + 0.6))
            try #require(runs.count == 2, "circle \(circle.label): \(runs)")
            #expect(abs(runs[0].centre - (y - offset)) < 0.01, "circle \(circle.label) top")
            #expect(abs(runs[1].centre - (y + offset)) < 0.01, "circle \(circle.label) bottom")
        }
    }
}
