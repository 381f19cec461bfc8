public import Proctoring
public import StylusGeometry

extension PrintColour {
    /// The stop sign's red.
    public static let stopRed = PrintColour(red: 0.8, green: 0.1, blue: 0.1)
}

extension PrintedLineWidths {
    /// The symbols' strokes: 0.5 mm, a felt pen's line, bold enough to read at a glance.
    public static let symbolStrokeCentimetres = 0.05
}

extension PageDrawing {
    /// The symbol-digit form of one step at its physical size, placed on the page as the proctor
    /// places it on a form of the page's size (centred), so that paper laid on the tablet is the
    /// form the pen is mapped to.
    ///
    /// Every item is framed exactly as `SymbolDigitForm` lays it out: lines D wide on the item
    /// boundaries (the gaps between cells), so each inner cell is B x A of white; the sample boxes'
    /// lines are E wide, centred on the same lines (so their white is E - D smaller across and
    /// down). The legend shows each symbol over its digit; a box shows its prompt (the symbol, or
    /// the digit in the copy part) in its upper cell and leaves the lower cell for the answer.
    /// The stop sign is a red regular octagon F across with STOP in white.
    public static func symbolDigitForm(_ form: SymbolDigitForm, page size: FormSize) -> PageDrawing {
        var page = PageDrawing(size: size)
        typealias Lengths = SymbolDigitForm.Lengths
        let d = Lengths.borderWidth
        let a = Lengths.innerCellHeight
        let pitch = SymbolDigitForm.columnPitch

        /// A filled bar: lines are drawn as rectangles so their edges fall exactly on the layout's.
        func bar(x: Double, y: Double, width: Double, height: Double) {
            page.marks.append(
                .polygon(
                    [
                        FormPosition(xCentimetres: x, yCentimetres: y),
                        FormPosition(xCentimetres: x + width, yCentimetres: y),
                        FormPosition(xCentimetres: x + width, yCentimetres: y + height),
                        FormPosition(xCentimetres: x, yCentimetres: y + height),
                    ], colour: .black))
        }
        /// The frame of `count` items side by side whose outer top-left corner is (left, top), with
        /// lines `width` wide centred on the D-wide lines' centres.
        func frame(left: Double, top: Double, count: Int, width: Double) {
            let grow = (width - d) / 2
            let right = left + Double(count) * pitch + d
            for line in 0..<3 {
                bar(
                    x: left - grow, y: top + Double(line) * (a + d) - grow, width: right - left + 2 * grow,
                    height: width)
            }
            for line in 0...count {
                bar(
                    x: left + Double(line) * pitch - grow, y: top - grow, width: width,
                    height: SymbolDigitForm.itemHeight + 2 * grow)
            }
        }

        if let first = form.legend.first {
            frame(left: first.symbolCell.minX - d, top: first.symbolCell.minY - d, count: form.legend.count, width: d)
            for pair in form.legend {
                page.marks += glyph(form.symbols[pair.symbol], in: pair.symbolCell)
                page.marks.append(digit(pair.digit, in: pair.digitCell))
            }
        }
        for row in 0..<SymbolDigitForm.rows {
            let boxes = form.boxes.filter { $0.row == row }
            guard let first = boxes.first else { continue }
            frame(left: first.promptCell.minX - d, top: first.promptCell.minY - d, count: boxes.count, width: d)
        }
        if let first = form.boxes.first {
            frame(
                left: first.promptCell.minX - d, top: first.promptCell.minY - d, count: SymbolDigitForm.sampleCount,
                width: Lengths.sampleBorderWidth)
        }
        for box in form.boxes {
            switch box.prompt {
            case .symbol(let symbol): page.marks += glyph(form.symbols[symbol], in: box.promptCell)
            case .digit(let value): page.marks.append(digit(value, in: box.promptCell))
            }
        }

        page.marks.append(.polygon(octagon(in: form.stopSign), colour: .stopRed))
        page.marks.append(
            .centredText(
                "STOP", centre: form.stopSign.centre, sizeCentimetres: form.stopSign.size.heightCentimetres * 0.3,
                bold: true,
                colour: .white))

        let part: String
        switch form.step.part {
        case .test: part = "symbol-digit"
        case .copy: part = "copy"
        case .delayedRecall: part = "delayed recall"
        }
        let mode = form.displayMode ? ", display mode" : ""
        page.marks.append(
            .text(
                "StylusKit symbol-digit form: \(part), round \(form.step.round)\(mode). Print at 100 % (no fit to page); "
                    + "an answer box is \(centimetres(Lengths.innerCellWidth)) x \(centimetres(a)) cm inside its lines.",
                at: FormPosition(xCentimetres: 1, yCentimetres: 1.2), sizeCentimetres: 0.35, colour: .black))
        return page
    }

    /// A symbol's paths scaled into the largest square that fits `cell` with a margin of a tenth.
    static func glyph(_ glyph: SymbolGlyph, in cell: FormRectangle) -> [PageMark] {
        let side = min(cell.size.widthCentimetres, cell.size.heightCentimetres) * 0.8
        let left = cell.centre.xCentimetres - side / 2
        let top = cell.centre.yCentimetres - side / 2
        func place(_ point: GlyphPoint) -> FormPosition {
            FormPosition(xCentimetres: left + point.x * side, yCentimetres: top + point.y * side)
        }
        let width = PrintedLineWidths.symbolStrokeCentimetres
        return glyph.paths.map { path in
            switch path {
            case .polyline(let points, let closed):
                .polyline(points.map(place), closed: closed, widthCentimetres: width, colour: .black)
            case .arc(let centre, let radius, let startAngle, let endAngle):
                .arc(
                    centre: place(centre), radiusCentimetres: radius * side, startAngle: startAngle, endAngle: endAngle,
                    widthCentimetres: width, colour: .black)
            }
        }
    }

    /// A digit centred in `cell`, its em 70 % of the cell's height.
    static func digit(_ value: Int, in cell: FormRectangle) -> PageMark {
        .centredText(
            "\(value)", centre: cell.centre, sizeCentimetres: cell.size.heightCentimetres * 0.7, bold: false,
            colour: .black)
    }

    /// The regular octagon whose flat sides touch the square `square`'s sides.
    static func octagon(in square: FormRectangle) -> [FormPosition] {
        let f = square.size.widthCentimetres
        // The corners cut off are (F - side) / 2 along each side, where side = F / (1 + √2).
        let cut = (f - f / (1 + 2.0.squareRoot())) / 2
        let (x, y) = (square.minX, square.minY)
        return [
            (cut, 0), (f - cut, 0), (f, cut), (f, f - cut), (f - cut, f), (cut, f), (0, f - cut), (0, cut),
        ].map { FormPosition(xCentimetres: x + $0.0, yCentimetres: y + $0.1) }
    }
}

extension PrintedDocument {
    /// The symbol-digit form of every step (test, copy, delayed recall; both rounds), one page
    /// each, centred on `page` as the proctor centres it on the form: what `calibrate print-form`
    /// prints, with the form's top-left corner on the page and each page's step identifier.
    public static func symbolDigitForms(displayMode: Bool, page: FormSize) -> (
        document: PrintedDocument, origin: FormPosition, steps: [String]
    ) {
        let origin = SymbolDigitForm.origin(centredOn: page)
        let steps = SymbolDigitSettings(enableRepeat: true, displayMode: displayMode).steps
        let pages = steps.map { step in
            PageDrawing.symbolDigitForm(
                SymbolDigitForm(step: step, displayMode: displayMode, origin: origin), page: page)
        }
        return (PrintedDocument(pages: pages), origin, steps.map(\.identifier))
    }
}
