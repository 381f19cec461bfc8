import StylusGeometry
import Testing

@testable import Proctoring

/// The expected values below were computed by hand (and with a desk calculator) from the spec's
/// lengths, never read back from the code: A = 116 px and C = 36 px at 264 ppi (1.116061 and
/// 0.346364 cm), B = 1.27, D = 0.026.
@Suite("Symbol-digit form")
struct SymbolDigitFormTests {
    typealias L = SymbolDigitForm.Lengths

    @Test("The lengths reproduce the 264 ppi table by the spec's rounding rule")
    func lengths() {
        // The one home of the form's lengths; results files' DisplayData sizes are computed from them.
        #expect(abs(L.innerCellHeight - 1.116_060_6) < 1e-7)
        #expect(abs(L.rowVerticalMargin - 0.346_363_6) < 1e-7)
        #expect(abs(L.sampleLabelRightMargin - 0.134_697) < 1e-6)
        #expect(L.innerCellWidth == 1.27 && L.borderWidth == 0.026 && L.sampleBorderWidth == 0.06)
        #expect(L.stopSignHeight == 2.076)
        func points(_ centimetres: Double) -> Double { (centimetres / 2.54 * 264).rounded() / 2 }
        // assessments.md, "Reference values recorded by the original app", 11" tablet column.
        #expect(points(L.borderWidth) == 1.5)
        #expect(points(L.innerCellHeight) == 58)
        #expect(points(L.innerCellWidth) == 66)
        #expect(points(L.rowVerticalMargin) == 18)
        #expect(points(L.sampleBorderWidth) == 3)
        #expect(points(L.sampleLabelRightMargin) == 7)
        #expect(points(L.stopSignHeight) == 108)
    }

    @Test("Pitches and the form's size; it fits the reference 11-inch tablet and A4 landscape")
    func sizes() {
        #expect(abs(SymbolDigitForm.columnPitch - 1.296) < 1e-9)
        #expect(abs(SymbolDigitForm.itemHeight - 2.310_121) < 1e-6)
        #expect(abs(SymbolDigitForm.rowPitch - 2.656_485) < 1e-6)
        #expect(abs(SymbolDigitForm.rowWidth - 19.466) < 1e-9)
        let size = SymbolDigitForm.size
        #expect(abs(size.widthCentimetres - 21.888_364) < 1e-6)
        #expect(abs(size.heightCentimetres - 13.282_424) < 1e-6)
        // 2388 × 1668 px at 264 ppi.
        #expect(size.widthCentimetres <= 22.975 && size.heightCentimetres <= 16.048)
        #expect(size.widthCentimetres <= 29.7 && size.heightCentimetres <= 21.0)
        #expect(SymbolDigitForm.boxCount == 60 && SymbolDigitForm.sampleCount == 5)
    }

    @Test("Boxes, legend and stop sign sit where the layout puts them")
    func positions() throws {
        let formA = SymbolDigitForm(step: SymbolDigitStep(round: 1, part: .test), origin: form(0, 0))
        #expect(formA.boxes.count == 60)
        // Box 7: row 0, column 7; its answer cell starts at 7 × 1.296 + 0.026 across and at
        // 2.310121 + 2 × 0.346364 + 0.052 + 1.116061 = 4.170909 down.
        let box7 = formA.boxes[7]
        #expect(box7.row == 0 && box7.column == 7 && !box7.isSample)
        #expect(abs(box7.answerCell.minX - 9.098) < 1e-9)
        #expect(abs(box7.answerCell.minY - 4.170_909) < 1e-6)
        #expect(abs(box7.answerCell.size.widthCentimetres - 1.27) < 1e-12)
        #expect(abs(box7.promptCell.minY - (4.170_909 - 1.116_061 - 0.026)) < 1e-6)
        // Box 20: row 1, column 5, one row pitch lower.
        let box20 = formA.boxes[20]
        #expect(box20.row == 1 && box20.column == 5)
        #expect(abs(box20.answerCell.minX - 6.506) < 1e-9)
        #expect(abs(box20.answerCell.minY - 6.827_394) < 1e-6)
        // Samples: the first five, framed with the sample border.
        #expect(formA.boxes.prefix(5).allSatisfy { $0.isSample && $0.borderWidth == 0.06 })
        #expect(formA.boxes.dropFirst(5).allSatisfy { !$0.isSample && $0.borderWidth == 0.026 })
        // Legend: nine pairs centred over the rows ((19.466 − 11.69) / 2 = 3.888), digits 1 to 9.
        #expect(formA.legend.map(\.digit) == Array(1...9))
        #expect(formA.legend.map(\.symbol) == Array(0..<9))
        #expect(abs(formA.legend[0].symbolCell.minX - 3.914) < 1e-9)
        #expect(abs(formA.legend[0].symbolCell.minY - 0.026) < 1e-12)
        #expect(abs(formA.legend[8].digitCell.maxX - (19.466 - 3.888 - 0.026)) < 1e-9)
        // Stop sign: C right of the last row, centred on it, inside the form.
        #expect(abs(formA.stopSign.minX - (19.466 + 0.346_364)) < 1e-6)
        #expect(abs(formA.stopSign.maxX - SymbolDigitForm.size.widthCentimetres) < 1e-9)
        let lastRow = try #require(formA.boxes.last)
        #expect(abs(formA.stopSign.centre.yCentimetres - (lastRow.promptCell.minY - 0.026 + 2.310_121 / 2)) < 1e-6)
    }

    @Test("Every part puts the boxes in the same places; only the test part shows the legend")
    func parts() {
        let origin = form(1, 2)
        let forms = SymbolDigitPart.allCases.map {
            SymbolDigitForm(step: SymbolDigitStep(round: 1, part: $0), origin: origin)
        }
        #expect(forms[0].legend.count == 9 && forms[1].legend.isEmpty && forms[2].legend.isEmpty)
        for form in forms.dropFirst() {
            #expect(form.boxes.map(\.answerCell) == forms[0].boxes.map(\.answerCell))
            #expect(form.boxes.map(\.expectedDigit) == forms[0].boxes.map(\.expectedDigit))
        }
        // Copy: the digit is printed above each box; delayed recall: the symbol, as in the test.
        #expect(forms[1].boxes.allSatisfy { $0.prompt == .digit($0.expectedDigit) })
        #expect(forms[2].boxes.allSatisfy { $0.prompt == .symbol($0.symbol) })
        #expect(forms[0].boxes.allSatisfy { $0.expectedDigit == $0.symbol + 1 })
        // The origin moves everything.
        #expect(abs(forms[0].boxes[0].answerCell.minX - (1 + 0.026)) < 1e-12)
    }

    @Test("Box lookup: answer cells with their frame count, prompts, margins and the outside do not")
    func lookup() {
        let sheet = SymbolDigitForm(step: SymbolDigitStep(round: 1, part: .test), origin: form(2, 1))
        // Centre of box 7's answer cell: (2 + 9.098 + 0.635, 1 + 4.170909 + 0.558).
        #expect(sheet.boxIndex(at: form(11.733, 5.729)) == 7)
        #expect(sheet.box(at: form(11.733, 5.729))?.index == 7)
        // Its prompt cell, just above the line between prompt and answer.
        #expect(sheet.boxIndex(at: form(11.733, 1 + 4.170_909 - 0.03)) == nil)
        // The margin between rows 0 and 1.
        #expect(sheet.boxIndex(at: form(11.733, 1 + 4.170_909 + 1.116_061 + 0.026 + 0.1)) == nil)
        // The line shared by boxes 7 and 8 (x = 8 × 1.296) belongs to box 8.
        #expect(sheet.boxIndex(at: form(2 + 10.38, 5.729)) == 8)
        // Row 3, column 14: the last box, up to the right edge of the row.
        #expect(sheet.boxIndex(at: form(2 + 19.46, 1 + 13.282 - 0.5)) == 59)
        #expect(sheet.boxIndex(at: form(2 + 19.5, 1 + 13.282 - 0.5)) == nil)
        #expect(sheet.boxIndex(at: form(1.9, 5.729)) == nil)
        #expect(sheet.boxIndex(at: form(11.733, 1 + 13.3)) == nil)
        #expect(sheet.boxIndex(at: form(-1e300, 1e300)) == nil)
        // Every box's answer-cell centre finds that box.
        for box in sheet.boxes {
            #expect(sheet.boxIndex(at: box.answerCell.centre) == box.index)
        }
    }

    @Test("The symbol order is SplitMix64-shuffled blocks of nine, fixed per round")
    func sequence() {
        // SplitMix64's published first output for seed 0.
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        // Round 1's first row, from a separate implementation of the documented algorithm.
        let round1 = SymbolDigitSymbols.sequence(round: 1, count: 60)
        #expect(Array(round1.prefix(15)) == [2, 4, 3, 0, 6, 8, 1, 7, 5, 8, 3, 7, 2, 5, 4])
        #expect(SymbolDigitSymbols.sequence(round: 1, count: 60) == round1)
        let round2 = SymbolDigitSymbols.sequence(round: 2, count: 60)
        #expect(Array(round2.prefix(9)) == [5, 1, 7, 3, 8, 6, 0, 2, 4])
        for order in [round1, round2] {
            #expect(zip(order, order.dropFirst()).allSatisfy { $0 != $1 })
            for block in stride(from: 0, to: 54, by: 9) {
                #expect(Set(order[block..<block + 9]) == Set(0..<9))
            }
        }
        let formB = SymbolDigitForm(step: SymbolDigitStep(round: 2, part: .copy), origin: form(0, 0))
        #expect(formB.boxes.map(\.symbol) == round2)
    }

    @Test("Glyphs: nine distinct symbols per set, drawn inside the unit square")
    func glyphs() {
        for set in [SymbolDigitSymbols.standard, SymbolDigitSymbols.alternate] {
            #expect(set.count == 9)
            #expect(Set(set.map(\.paths)).count == 9)
            #expect(Set(set.map(\.name)).count == 9)
            for glyph in set {
                for path in glyph.paths {
                    switch path {
                    case .polyline(let points, _):
                        #expect(points.count >= 2)
                        #expect(points.allSatisfy { (0...1).contains($0.x) && (0...1).contains($0.y) })
                    case .arc(let centre, let radius, _, _):
                        #expect(centre.x - radius >= 0 && centre.x + radius <= 1)
                        #expect(centre.y - radius >= 0 && centre.y + radius <= 1)
                    }
                }
            }
        }
        #expect(Set(SymbolDigitSymbols.standard).isDisjoint(with: SymbolDigitSymbols.alternate))
    }

    @Test("Display mode swaps in the alternate symbols and a pairing where no symbol keeps its digit")
    func displayMode() {
        let step = SymbolDigitStep(round: 1, part: .test)
        let real = SymbolDigitForm(step: step, origin: form(0, 0))
        let shown = SymbolDigitForm(step: step, displayMode: true, origin: form(0, 0))
        #expect(real.symbols == SymbolDigitSymbols.standard)
        #expect(shown.symbols == SymbolDigitSymbols.alternate)
        #expect(shown.legend.map(\.digit) == [4, 7, 1, 9, 2, 8, 3, 6, 5])
        #expect(Set(shown.legend.map(\.digit)) == Set(1...9))
        #expect(zip(shown.legend, real.legend).allSatisfy { $0.digit != $1.digit })
        #expect(
            zip(shown.boxes, real.boxes).allSatisfy { $0.symbol == $1.symbol && $0.expectedDigit != $1.expectedDigit })
        #expect(shown.boxes.allSatisfy { $0.expectedDigit == SymbolDigitSymbols.alternateDigits[$0.symbol] })
        #expect(step.setID(displayMode: false) == "styluskit-1")
        #expect(step.setID(displayMode: true) == "styluskit-1-display")
    }

    @Test("Step identifiers and structure IDs")
    func identifiers() {
        #expect(SymbolDigitStep(round: 1, part: .test).identifier == "symbolDigitStep-test")
        #expect(SymbolDigitStep(round: 2, part: .delayedRecall).identifier == "symbolDigitStep-delayedRecall-2")
        #expect(SymbolDigitPart.test.structureID == "symbol-digit")
        #expect(SymbolDigitPart.copy.structureID == "digit-digit")
    }
}
