public import StylusGeometry

/// The parts of a symbol-digit test, in the order they are administered.
public enum SymbolDigitPart: String, CaseIterable, Hashable, Sendable {
    /// Write under each symbol the digit the legend pairs it with.
    case test
    /// Copy the digit printed above each box: the answers are those of `test`, box for box.
    case copy
    /// Write the digit for each symbol from memory: no legend.
    case delayedRecall

    /// The name older analysis code finds the part by (`structureID` of the ADF `drawing`):
    /// `symbol-digit` and `digit-digit` as adf.md gives them; `delayed-recall` is ours, since
    /// that generation had no such part.
    public var structureID: String {
        switch self {
        case .test: "symbol-digit"
        case .copy: "digit-digit"
        case .delayedRecall: "delayed-recall"
        }
    }
}

/// One step of an administration: a part of a round (round 2 is the repeat).
public struct SymbolDigitStep: Hashable, Sendable, CustomStringConvertible {
    /// 1 for the first full test, 2 for the repeat.
    public var round: Int
    public var part: SymbolDigitPart

    public init(round: Int, part: SymbolDigitPart) {
        self.round = round
        self.part = part
    }

    /// The identifier ADF's TaskData gives the step: `symbolDigitStep-test`, and for the
    /// repeat `symbolDigitStep-test-2`.
    public var identifier: String {
        round == 1 ? "symbolDigitStep-\(part.rawValue)" : "symbolDigitStep-\(part.rawValue)-\(round)"
    }

    /// The form's set identifier (`setID` of the ADF `drawing`): one per symbol order and symbol set.
    public func setID(displayMode: Bool) -> String {
        displayMode ? "styluskit-\(round)-display" : "styluskit-\(round)"
    }

    public var description: String { identifier }
}

/// An axis-aligned rectangle on the form, in centimetres (y down).
public struct FormRectangle: Hashable, Sendable {
    public var origin: FormPosition
    public var size: FormSize

    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = FormPosition(xCentimetres: x, yCentimetres: y)
        size = FormSize(widthCentimetres: width, heightCentimetres: height)
    }

    public var minX: Double { origin.xCentimetres }
    public var minY: Double { origin.yCentimetres }
    public var maxX: Double { origin.xCentimetres + size.widthCentimetres }
    public var maxY: Double { origin.yCentimetres + size.heightCentimetres }
    public var centre: FormPosition { FormPosition(xCentimetres: (minX + maxX) / 2, yCentimetres: (minY + maxY) / 2) }

    /// Whether `position` lies inside, edges included.
    public func contains(_ position: FormPosition) -> Bool {
        (minX...maxX).contains(position.xCentimetres) && (minY...maxY).contains(position.yCentimetres)
    }
}

/// What is printed in the upper cell of a box.
public enum SymbolDigitPrompt: Hashable, Sendable {
    /// A symbol: the index into the form's symbol set.
    case symbol(Int)
    /// A digit (the copy part).
    case digit(Int)
}

/// One box of the form: what is printed above it and the cell the patient writes the digit in.
public struct SymbolDigitBox: Hashable, Sendable {
    /// The box's place in the order boxes are filled: samples first, then row by row, left to right.
    public var index: Int
    public var row: Int
    public var column: Int
    /// A sample box, filled with the instructions before the timed boxes.
    public var isSample: Bool
    /// The symbol the box stands for: an index into the form's symbol set.
    public var symbol: Int
    /// The right answer.
    public var expectedDigit: Int
    /// What is printed in the upper cell.
    public var prompt: SymbolDigitPrompt
    /// The inner upper cell, holding the prompt.
    public var promptCell: FormRectangle
    /// The inner lower cell, where the digit is written.
    public var answerCell: FormRectangle
    /// The width of the lines drawn around the box: the sample border for samples.
    public var borderWidth: Double
}

/// One pair of the legend: a symbol over the digit it stands for.
public struct SymbolDigitLegendPair: Hashable, Sendable {
    /// An index into the form's symbol set.
    public var symbol: Int
    public var digit: Int
    public var symbolCell: FormRectangle
    public var digitCell: FormRectangle
}

/// The symbol-digit form of one step, laid out in centimetres at its physical size.
///
/// Layout (y down, from the form's top-left corner, `origin`): every item, of the legend and of
/// the rows, is two inner cells (B wide, A high) one above the other, framed by lines D wide; a
/// row of items shares its vertical lines, so items are B + D apart and an item is 2A + 3D high.
/// The legend's nine items sit centred over the rows; the rows begin 2C below it and are C apart.
/// There are 4 rows of 15 boxes; the first 5 boxes of the first row are the samples, framed E
/// wide (centred on the same lines, so every cell keeps its size). The stop sign (a regular
/// octagon F across) stands C right of the last row, centred on it. The whole form is
/// 21.89 × 13.28 cm: it fits the reference 11" tablet (2388 × 1668 px at 264 ppi, 22.97 × 16.05
/// cm) and an A4 page in landscape (29.7 × 21 cm).
///
/// The legend is shown only in the `test` part; the boxes are in the same places in every part,
/// so answers compare box for box.
public struct SymbolDigitForm: Hashable, Sendable {
    /// The physical lengths of the form (assessments.md, "Physical layout"), in centimetres.
    ///
    /// assessments.md gives A...F to two or three decimals, and the values the original app
    /// recorded on its 264 ppi, 2x tablet. Four lengths (B, D, E, F) reproduce those values by
    /// the rule (cm / 2.54 × 264, rounded to whole pixels, / 2). Two do not: 1.11 cm is 115.37 px,
    /// hence 57.5 pt, where the app recorded 58; 0.34 cm is 35.34 px, 17.5 pt, where it recorded
    /// 18. The recorded values are what analysis software has always seen, so A and C (and the
    /// sample label margin, which the layout table lacks) are the reference tablet's pixels: 116,
    /// 36 and 14 px at 264 ppi, i.e. 1.1161, 0.3464 and 0.1347 cm, which the table truncates.
    public enum Lengths {
        private static func referencePixels(_ pixels: Double) -> Double { ReferenceCanvas.centimetres(pixels: pixels) }

        /// A: inner cell height.
        public static let innerCellHeight = referencePixels(116)
        /// B: inner cell width.
        public static let innerCellWidth = 1.27
        /// C: vertical row margin.
        public static let rowVerticalMargin = referencePixels(36)
        /// D: border width.
        public static let borderWidth = 0.026
        /// E: sample border width.
        public static let sampleBorderWidth = 0.06
        /// F: stop sign height.
        public static let stopSignHeight = 2.076
        /// Right margin of the sample label (recorded 7 pt = 14 px at 264 ppi).
        public static let sampleLabelRightMargin = referencePixels(14)
    }

    /// Boxes per row.
    public static let columns = 15
    /// Rows of boxes.
    public static let rows = 4
    /// Sample boxes at the start of the first row.
    public static let sampleCount = 5
    /// All boxes, samples included.
    public static let boxCount = rows * columns

    /// The distance from one box to the next in a row: B + D.
    public static let columnPitch = Lengths.innerCellWidth + Lengths.borderWidth
    /// The outer height of an item (legend pair or box): 2A + 3D.
    public static let itemHeight = 2 * Lengths.innerCellHeight + 3 * Lengths.borderWidth
    /// The distance from one row's top to the next: 2A + 3D + C.
    public static let rowPitch = itemHeight + Lengths.rowVerticalMargin
    /// The top of the first row: 2C below the legend.
    public static let firstRowTop = itemHeight + 2 * Lengths.rowVerticalMargin
    /// The outer width of a row of boxes.
    public static let rowWidth = Double(columns) * columnPitch + Lengths.borderWidth

    /// The form's outer size: the rows and the stop sign across, the legend and the rows down.
    public static let size = FormSize(
        widthCentimetres: rowWidth + Lengths.rowVerticalMargin + Lengths.stopSignHeight,
        heightCentimetres: firstRowTop + Double(rows - 1) * rowPitch + itemHeight)

    /// The form position of the form's top-left corner when it is centred on a form of `formSize`.
    public static func origin(centredOn formSize: FormSize) -> FormPosition {
        FormPosition(
            xCentimetres: (formSize.widthCentimetres - size.widthCentimetres) / 2,
            yCentimetres: (formSize.heightCentimetres - size.heightCentimetres) / 2)
    }

    public let step: SymbolDigitStep
    public let displayMode: Bool
    /// The form position of the form's top-left corner.
    public let origin: FormPosition
    /// The symbols drawn: `SymbolDigitSymbols.standard`, or the alternates in display mode.
    public let symbols: [SymbolGlyph]
    /// The legend's nine pairs, left to right; empty in the parts without a legend.
    public let legend: [SymbolDigitLegendPair]
    /// Every box in the order they are filled.
    public let boxes: [SymbolDigitBox]
    /// The square the stop sign is drawn in.
    public let stopSign: FormRectangle

    /// Lays out the form of `step`.
    ///
    /// - Parameters:
    ///   - step: the round (which symbol order) and the part (what is printed).
    ///   - displayMode: draw the alternate symbols and digit pairing.
    ///   - origin: where the form's top-left corner lies on the form the pen is mapped to.
    public init(step: SymbolDigitStep, displayMode: Bool = false, origin: FormPosition) {
        self.step = step
        self.displayMode = displayMode
        self.origin = origin
        symbols = displayMode ? SymbolDigitSymbols.alternate : SymbolDigitSymbols.standard
        let x0 = origin.xCentimetres
        let y0 = origin.yCentimetres
        let a = Lengths.innerCellHeight
        let b = Lengths.innerCellWidth
        let d = Lengths.borderWidth

        func digit(_ symbol: Int) -> Int { displayMode ? SymbolDigitSymbols.alternateDigits[symbol] : symbol + 1 }

        if step.part == .test {
            let legendLeft = x0 + (Self.rowWidth - (9 * Self.columnPitch + d)) / 2
            legend = (0..<9).map { symbol in
                let left = legendLeft + Double(symbol) * Self.columnPitch + d
                return SymbolDigitLegendPair(
                    symbol: symbol, digit: digit(symbol),
                    symbolCell: FormRectangle(x: left, y: y0 + d, width: b, height: a),
                    digitCell: FormRectangle(x: left, y: y0 + 2 * d + a, width: b, height: a))
            }
        } else {
            legend = []
        }

        let order = SymbolDigitSymbols.sequence(round: step.round, count: Self.boxCount)
        boxes = order.enumerated().map { index, symbol in
            let row = index / Self.columns
            let column = index % Self.columns
            let left = x0 + Double(column) * Self.columnPitch + d
            let top = y0 + Self.firstRowTop + Double(row) * Self.rowPitch
            let isSample = index < Self.sampleCount
            return SymbolDigitBox(
                index: index, row: row, column: column, isSample: isSample, symbol: symbol,
                expectedDigit: digit(symbol),
                prompt: step.part == .copy ? .digit(digit(symbol)) : .symbol(symbol),
                promptCell: FormRectangle(x: left, y: top + d, width: b, height: a),
                answerCell: FormRectangle(x: left, y: top + 2 * d + a, width: b, height: a),
                borderWidth: isSample ? Lengths.sampleBorderWidth : d)
        }
        let lastRowTop = y0 + Self.firstRowTop + Double(Self.rows - 1) * Self.rowPitch
        stopSign = FormRectangle(
            x: x0 + Self.rowWidth + Lengths.rowVerticalMargin,
            y: lastRowTop + (Self.itemHeight - Lengths.stopSignHeight) / 2,
            width: Lengths.stopSignHeight, height: Lengths.stopSignHeight)
    }

    /// The box whose answer cell holds `position`, or nil.
    ///
    /// A box's answer cell counts with its frame: from the line under the prompt to the item's
    /// bottom line, and across from its left line to its right line. Lines shared by two boxes
    /// belong to the box right of them; the rows' margins and the prompt cells belong to no box.
    @inline(__always)
    public func boxIndex(at position: FormPosition) -> Int? {
        let x = position.xCentimetres - origin.xCentimetres
        let y = position.yCentimetres - origin.yCentimetres - Self.firstRowTop
        guard x >= 0, x <= Self.rowWidth, y >= 0 else { return nil }
        let row = (y / Self.rowPitch).rounded(.down)
        guard row < Double(Self.rows) else { return nil }
        let inRow = y - row * Self.rowPitch
        // The answer cell's frame: its top line (the one shared with the prompt) to the bottom line.
        let answerTop = Lengths.borderWidth + Lengths.innerCellHeight
        guard inRow >= answerTop, inRow <= Self.itemHeight else { return nil }
        let column = min((x / Self.columnPitch).rounded(.down), Double(Self.columns - 1))
        return Int(row) * Self.columns + Int(column)
    }

    /// The box whose answer cell holds `position`, or nil; see `boxIndex(at:)`.
    public func box(at position: FormPosition) -> SymbolDigitBox? {
        boxIndex(at: position).map { boxes[$0] }
    }
}
