public import ADF
internal import Proctoring
internal import StylusGeometry

extension DisplayData {
    /// A display of `pixelsPerInch` and `screenScalingFactor` with the symbol-digit form drawn at
    /// its physical size on it: what a results file's `DisplayData` records.
    public static func drawingTheForm(pixelsPerInch: Double, screenScalingFactor: Double) -> DisplayData {
        DisplayData(
            pixelsPerInch: pixelsPerInch, screenScalingFactor: screenScalingFactor,
            symbolDigit: SymbolDigitSizes(formAt: pixelsPerInch, screenScalingFactor: screenScalingFactor))
    }

    /// The reference canvas (264 ppi, scale 2, 132 points per inch) with the form on it: the
    /// display of a tablet without a screen of its own.
    public static let referenceCanvas = drawingTheForm(
        pixelsPerInch: ReferenceCanvas.pixelsPerInch, screenScalingFactor: ReferenceCanvas.scalingFactor)
}

extension SymbolDigitSizes {
    /// The symbol-digit form's sizes at its physical size (Proctoring's `SymbolDigitForm.Lengths`)
    /// on a display: each length in cm / 2.54 × ppi, rounded to the nearest whole pixel (screens
    /// draw whole pixels), divided by the scaling factor. On the reference canvas this gives the
    /// points the original app recorded (58, 66, 18, 1.5, 3, 7, 108).
    public init(formAt pixelsPerInch: Double, screenScalingFactor: Double) {
        func points(_ centimetres: Double) -> Double {
            (centimetres / 2.54 * pixelsPerInch).rounded(.toNearestOrAwayFromZero) / screenScalingFactor
        }
        let form = SymbolDigitForm.Lengths.self
        self.init(
            borderWidth: points(form.borderWidth), innerCellHeight: points(form.innerCellHeight),
            innerCellWidth: points(form.innerCellWidth), rowVerticalMargin: points(form.rowVerticalMargin),
            sampleBorderWidth: points(form.sampleBorderWidth),
            sampleLabelRightMargin: points(form.sampleLabelRightMargin),
            stopSignHeight: points(form.stopSignHeight))
    }
}
