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

    /// A display of `pixelsPerInch` and `screenScalingFactor`; `symbolDigit`, the symbol-digit
    /// form's sizes on it, is the caller's: ADF records them and does not know the form.
    public init(pixelsPerInch: Double, screenScalingFactor: Double, symbolDigit: SymbolDigitSizes? = nil) {
        self.pixelsPerInch = pixelsPerInch
        self.screenScalingFactor = screenScalingFactor
        self.symbolDigit = symbolDigit
    }

    /// What a reader takes when a file has no `DisplayData`: the 264 ppi, 2x tablet the format was
    /// designed on (StylusGeometry's `ReferenceCanvas`, which ADF does not import; a test keeps the
    /// two equal), with no symbol-digit sizes, as the file gives none.
    public static let formatDefault = DisplayData(pixelsPerInch: 264, screenScalingFactor: 2)
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
}
