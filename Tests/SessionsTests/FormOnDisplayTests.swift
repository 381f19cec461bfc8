import ADF
import Foundation
import Proctoring
import Sessions
import StylusGeometry
import Testing

/// The symbol-digit form's sizes a results file records, computed from Proctoring's form lengths.
@Suite("The form on a display")
struct FormOnDisplayTests {
    @Test("Symbol-digit sizes for 264 ppi at 2x are the spec's reference values")
    func symbolDigitSizes() {
        let sizes = SymbolDigitSizes(formAt: 264, screenScalingFactor: 2)
        #expect(sizes.innerCellHeight == 58)
        #expect(sizes.innerCellWidth == 66)
        #expect(sizes.rowVerticalMargin == 18)
        #expect(sizes.borderWidth == 1.5)
        #expect(sizes.sampleBorderWidth == 3)
        #expect(sizes.sampleLabelRightMargin == 7)
        #expect(sizes.stopSignHeight == 108)
        #expect(DisplayData.referenceCanvas.symbolDigit == sizes)
    }

    @Test("ADF's default display is the reference canvas")
    func formatDefaultIsTheReferenceCanvas() {
        #expect(DisplayData.formatDefault.pixelsPerInch == ReferenceCanvas.pixelsPerInch)
        #expect(DisplayData.formatDefault.screenScalingFactor == ReferenceCanvas.scalingFactor)
        #expect(DisplayData.referenceCanvas.pointsPerInch == 132)
    }

    @Test("The form lengths agree with assessments.md's layout table to its precision")
    func formLengths() {
        // Table A...F; A and C are given truncated to two decimals (see SymbolDigitForm.Lengths).
        let form = SymbolDigitForm.Lengths.self
        #expect((form.innerCellHeight * 100).rounded(.down) / 100 == 1.11)
        #expect(form.innerCellWidth == 1.27)
        #expect((form.rowVerticalMargin * 100).rounded(.down) / 100 == 0.34)
        #expect(form.borderWidth == 0.026)
        #expect(form.sampleBorderWidth == 0.06)
        #expect(form.stopSignHeight == 2.076)
        // The spec's worked example: a 0.026 cm border on a 264 ppi display is 2.7024 px.
        #expect(String(format: "%.4f", form.borderWidth / 2.54 * 264) == "2.7024")
    }
}
