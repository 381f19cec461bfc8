import Foundation
import Proctoring
import StylusGeometry
import Testing

@testable import FormPrinting

@Suite("Printed symbol-digit form")
struct SymbolDigitPageTests {
    /// 0.1 mm, the acceptance tolerance.
    static let tolerance = 0.01

    /// The lengths of assessments.md's physical layout, typed in from the spec rather than read
    /// from the code: B = 1.27 cm; A = 1.1161 cm, the 116 px the original app drew at 264 ppi
    /// (116 / 264 × 2.54 = 1.11606; the table truncates it to 1.11); D = 0.026, E = 0.06, F = 2.076.
    static let answerWidth = 1.27
    static let answerHeight = 116.0 / 264 * 2.54
    static let border = 0.026
    static let sampleBorder = 0.06
    static let stopSign = 2.076

    /// The white between the first two dark runs, and the dark runs themselves, as (start, end) in cm.
    static func edges(_ runs: [(centre: Double, width: Double)]) -> [(start: Double, end: Double)] {
        runs.map { ($0.centre - $0.width / 2, $0.centre + $0.width / 2) }
    }

    static func rasterise(_ form: SymbolDigitForm, page: FormSize) throws -> Raster {
        let pdf = try PrintedPageTests.temporaryPDF()
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        try PrintedDocument(pages: [.symbolDigitForm(form, page: page)]).write(to: pdf.path)
        return try Raster(pdf: pdf, page: 1, dpi: 600)
    }

    @Test(
        "An answer box measures 1.27 x 1.1161 cm inside its lines, the lines D and E wide, the stop sign F high (600 dpi)"
    )
    func answerBoxAtPhysicalSize() throws {
        let page = CalibrationSheet.a4Landscape
        let form = SymbolDigitForm(
            step: SymbolDigitStep(round: 1, part: .test), origin: SymbolDigitForm.origin(centredOn: page))
        let raster = try Self.rasterise(form, page: page)

        // Box 21 (row 2, column 6): an ordinary box. Across its answer cell's middle: its left and right lines.
        let box = form.boxes[20]
        #expect(!box.isSample)
        let cell = box.answerCell
        let across = Self.edges(
            raster.runsAlongRow(
                raster.pixel(cell.centre.yCentimetres), from: raster.pixel(cell.minX - 0.15),
                to: raster.pixel(cell.maxX + 0.15)))
        try #require(across.count == 2, "\(across)")
        #expect(
            abs((across[1].start - across[0].end) - Self.answerWidth) < Self.tolerance,
            "width \(across[1].start - across[0].end)")
        #expect(abs((across[0].end - across[0].start) - Self.border) < Self.tolerance)
        // Down its middle, from just above the line under the prompt (below any symbol) to below the box.
        let down = Self.edges(
            raster.runsDownColumn(
                raster.pixel(cell.centre.xCentimetres), from: raster.pixel(cell.minY - Self.border - 0.05),
                to: raster.pixel(cell.maxY + 0.15)))
        try #require(down.count == 2, "\(down)")
        #expect(
            abs((down[1].start - down[0].end) - Self.answerHeight) < Self.tolerance,
            "height \(down[1].start - down[0].end)")
        #expect(abs((down[1].end - down[1].start) - Self.border) < Self.tolerance)

        // Sample box 2: its lines are E wide, centred on the same line, so its white is E - D narrower.
        let sample = form.boxes[1]
        #expect(sample.isSample)
        let sampleRuns = Self.edges(
            raster.runsAlongRow(
                raster.pixel(sample.answerCell.centre.yCentimetres), from: raster.pixel(sample.answerCell.minX - 0.15),
                to: raster.pixel(sample.answerCell.maxX + 0.15)))
        try #require(sampleRuns.count == 2, "\(sampleRuns)")
        #expect(abs((sampleRuns[0].end - sampleRuns[0].start) - Self.sampleBorder) < Self.tolerance)
        #expect(
            abs((sampleRuns[1].start - sampleRuns[0].end) - (Self.answerWidth - (Self.sampleBorder - Self.border)))
                < Self.tolerance)

        // The stop sign, down its middle: from its flat top to its flat bottom (STOP in white between).
        let stop = form.stopSign
        let sign = Self.edges(
            raster.runsDownColumn(
                raster.pixel(stop.centre.xCentimetres), from: raster.pixel(stop.minY - 0.2),
                to: raster.pixel(stop.maxY + 0.2)))
        try #require(sign.count >= 2, "\(sign)")
        #expect(abs((sign.last!.end - sign.first!.start) - Self.stopSign) < Self.tolerance)
    }

    @Test("The legend is drawn in the test part only; display mode draws other symbols")
    func legendAndDisplayMode() {
        let origin = FormPosition(xCentimetres: 3, yCentimetres: 3)
        let page = CalibrationSheet.a4Landscape
        let test = PageDrawing.symbolDigitForm(
            SymbolDigitForm(step: SymbolDigitStep(round: 1, part: .test), origin: origin), page: page)
        let copy = PageDrawing.symbolDigitForm(
            SymbolDigitForm(step: SymbolDigitStep(round: 1, part: .copy), origin: origin), page: page)
        let shown = PageDrawing.symbolDigitForm(
            SymbolDigitForm(step: SymbolDigitStep(round: 1, part: .test), displayMode: true, origin: origin), page: page
        )
        func digits(_ page: PageDrawing) -> [String] {
            page.marks.compactMap {
                if case .centredText(let text, _, _, _, _) = $0, text != "STOP" { text } else { nil }
            }
        }
        // The test part's digits are the legend's nine; the copy part prints one digit per box (60).
        #expect(digits(test).count == 9)
        #expect(digits(copy).count == 60)
        #expect(test.marks != shown.marks)
    }

    @Test(
        "The printed form's caption ('Print at 100 %') is on paper only: not in the patient's screen or a results picture"
    )
    func captionOnPaperOnly() {
        let page = FormSize(widthCentimetres: 29.7, heightCentimetres: 21)
        let step = SymbolDigitStep(round: 1, part: .test)
        let printed = PageDrawing.symbolDigitForm(
            SymbolDigitForm(step: step, origin: SymbolDigitForm.origin(centredOn: page)), page: page)
        func captions(_ marks: [PageMark]) -> [String] {
            marks.compactMap { if case .text(let text, _, _, _) = $0 { text } else { nil } }
        }
        #expect(captions(printed.marks).contains { $0.contains("Print at 100 %") })
        let onScreen = StepForm.symbolDigit(step, displayMode: false).marks(on: page)
        #expect(captions(onScreen).isEmpty)
        #expect(onScreen.count == printed.marks.count - 1)
    }
}
