/// The display density of the test (`DisplayData`), so analysis code can convert points to cm.
public struct DisplayData: Sendable, Hashable {
    /// Physical pixels per inch of the display (or of the virtual canvas on a tablet without one).
    public var pixelsPerInch: Double
    /// Pixels per point.
    public var screenScalingFactor: Double
    /// The symbol-digit form's sizes in points; nil omits `SymbolDigit`.
    public var symbolDigit: SymbolDigitSizes?

    /// Points per inch: pixels per inch / scaling factor.
    public var pointsPerInch: Double { pixelsPerInch / screenScalingFactor }

    /// A display of `pixelsPerInch` and `screenScalingFactor`, with the symbol-digit sizes of
    /// the form drawn at its physical size on it unless `symbolDigit` is given.
    public init(
        pixelsPerInch: Double, screenScalingFactor: Double, symbolDigit: SymbolDigitSizes? = nil
    ) {
        self.pixelsPerInch = pixelsPerInch
        self.screenScalingFactor = screenScalingFactor
        self.symbolDigit =
            symbolDigit
            ?? SymbolDigitSizes(
                pixelsPerInch: pixelsPerInch, screenScalingFactor: screenScalingFactor)
    }

    /// The reference tablet the format was designed on (264 ppi, scale 2, 132 points per inch),
    /// the default canvas for a tablet without a display.
    public static let referenceTablet = DisplayData(pixelsPerInch: 264, screenScalingFactor: 2)
}

/// The sizes of the symbol-digit form in points (`DisplayData/SymbolDigit`).
public struct SymbolDigitSizes: Sendable, Hashable {
    public var borderWidth: Double
    public var innerCellHeight: Double
    public var innerCellWidth: Double
    public var rowVerticalMargin: Double
    public var sampleBorderWidth: Double
    public var sampleLabelRightMargin: Double
    public var stopSignHeight: Double

    /// Sizes given directly, e.g. for a screen too small for the physical form.
    public init(
        borderWidth: Double, innerCellHeight: Double, innerCellWidth: Double,
        rowVerticalMargin: Double, sampleBorderWidth: Double, sampleLabelRightMargin: Double,
        stopSignHeight: Double
    ) {
        self.borderWidth = borderWidth
        self.innerCellHeight = innerCellHeight
        self.innerCellWidth = innerCellWidth
        self.rowVerticalMargin = rowVerticalMargin
        self.sampleBorderWidth = sampleBorderWidth
        self.sampleLabelRightMargin = sampleLabelRightMargin
        self.stopSignHeight = stopSignHeight
    }

    /// The sizes of the form at its physical size: each length in cm / 2.54 × ppi, rounded to
    /// the nearest whole pixel (screens draw whole pixels), divided by the scaling factor.
    public init(pixelsPerInch: Double, screenScalingFactor: Double) {
        func points(_ centimetres: Double) -> Double {
            (centimetres / 2.54 * pixelsPerInch).rounded(.toNearestOrAwayFromZero)
                / screenScalingFactor
        }
        let form = SymbolDigitFormLengths.self
        self.init(
            borderWidth: points(form.borderWidth),
            innerCellHeight: points(form.innerCellHeight),
            innerCellWidth: points(form.innerCellWidth),
            rowVerticalMargin: points(form.rowVerticalMargin),
            sampleBorderWidth: points(form.sampleBorderWidth),
            sampleLabelRightMargin: points(form.sampleLabelRightMargin),
            stopSignHeight: points(form.stopSignHeight))
    }
}

/// Physical lengths of the symbol-digit form, in centimetres.
///
/// assessments.md gives A...F to two or three decimals and the values the original app
/// recorded on its 264 ppi, 2x tablet. Four of its lengths (B, D, E, F) reproduce those values
/// by the rule (cm / 2.54 × 264, rounded to whole pixels, / 2). Two do not: 1.11 cm is
/// 115.37 px, hence 57.5 pt, where the app recorded 58; 0.34 cm is 35.34 px, 17.5 pt, where it
/// recorded 18. The recorded values are what analysis software has always seen, so those two
/// lengths (and the sample label margin, which the layout table lacks) are taken from the
/// recorded pixels: 116, 36 and 14 px at 264 ppi, i.e. 1.1161, 0.3464 and 0.1347 cm — which
/// the layout table shows truncated to 1.11 and 0.34.
public enum SymbolDigitFormLengths {
    /// The pixels the reference tablet drew a length with, back in centimetres.
    private static func referencePixels(_ pixels: Double) -> Double { pixels / 264 * 2.54 }

    /// A: inner cell height (table: 1.11 cm; recorded 58 pt = 116 px at 264 ppi).
    public static let innerCellHeight = referencePixels(116)
    /// B: inner cell width.
    public static let innerCellWidth = 1.27
    /// C: vertical row margin (table: 0.34 cm; recorded 18 pt = 36 px at 264 ppi).
    public static let rowVerticalMargin = referencePixels(36)
    /// D: border width.
    public static let borderWidth = 0.026
    /// E: sample border width.
    public static let sampleBorderWidth = 0.06
    /// F: stop sign height.
    public static let stopSignHeight = 2.076
    /// Right margin of the sample labels (recorded 7 pt = 14 px at 264 ppi).
    public static let sampleLabelRightMargin = referencePixels(14)
}
