public import Proctoring
public import StylusGeometry

/// A colour for printing: red, green, blue and opacity (alpha) from 0 to 1.
public struct PrintColour: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    /// 1 is opaque; less lets what is under show through (refused or faint ink).
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The same colour with opacity `alpha`.
    public func withAlpha(_ alpha: Double) -> PrintColour {
        PrintColour(red: red, green: green, blue: blue, alpha: alpha)
    }

    public static let black = PrintColour(red: 0, green: 0, blue: 0)
    public static let white = PrintColour(red: 1, green: 1, blue: 1)
    /// The start arrow: the proctor tells the patient to "start at the green arrow".
    public static let startGreen = PrintColour(red: 0, green: 0.6, blue: 0.2)
    public static let endRed = PrintColour(red: 0.8, green: 0.1, blue: 0.1)
}

/// One mark on a page, in form centimetres from the page's top-left corner (y down).
public enum PageMark: Hashable, Sendable {
    /// A straight line of `width` cm, centred on the segment, with square ends that reach half
    /// the width beyond each end point (so walls meeting at a corner close it).
    case line(from: FormPosition, to: FormPosition, widthCentimetres: Double, colour: PrintColour)
    /// A circle's outline of `width` cm, centred on the radius.
    case circle(centre: FormPosition, radiusCentimetres: Double, widthCentimetres: Double, colour: PrintColour)
    /// A filled polygon.
    case polygon([FormPosition], colour: PrintColour)
    /// Text whose baseline starts at `at`, `size` cm high (the font's em).
    case text(String, at: FormPosition, sizeCentimetres: Double, colour: PrintColour)
    /// A line through the points, `width` cm wide, with round ends and joins (ink); dashed with
    /// dashes and gaps of `dashCentimetres` when that is given. One point draws a dot.
    case path([FormPosition], widthCentimetres: Double, colour: PrintColour, dashCentimetres: Double?)
    /// A filled circle.
    case disc(centre: FormPosition, radiusCentimetres: Double, colour: PrintColour)
    /// Text whose inked extent is centred on `centre`, `size` cm high (the font's em), bold when `bold`.
    case centredText(String, centre: FormPosition, sizeCentimetres: Double, bold: Bool, colour: PrintColour)
    /// Straight segments through the points, `width` cm wide with round ends and joins, as a pen
    /// draws them; `closed` joins the last point to the first.
    case polyline([FormPosition], closed: Bool, widthCentimetres: Double, colour: PrintColour)
    /// A circular arc from `startAngle` to `endAngle` (radians, 0 toward +x, growing clockwise as
    /// y is down), `width` cm wide with round ends.
    case arc(
        centre: FormPosition, radiusCentimetres: Double, startAngle: Double, endAngle: Double, widthCentimetres: Double,
        colour: PrintColour)
}

/// A page to print at physical size: its size and its marks, in form centimetres.
///
/// Pages are plain data so that what is drawn where can be checked without rasterising; the PDF
/// writer (`PrintedDocument`) only turns centimetres into PDF points.
public struct PageDrawing: Hashable, Sendable {
    public var size: FormSize
    public var marks: [PageMark]

    public init(size: FormSize, marks: [PageMark] = []) {
        self.size = size
        self.marks = marks
    }
}

/// The widths printed pages draw with.
public enum PrintedLineWidths {
    /// Maze walls: 0.8 mm, a firm line that still leaves a 1.5 cm corridor wide open.
    public static let mazeWallCentimetres = 0.08
}

/// How wide the pen's ink is drawn, on the patient's screen and in pictures of results alike.
public enum InkWidth {
    /// This many cm at no force, plus `centimetresPerForce` per unit of force (1.0 is an average
    /// touch), up to force 2.
    public static let centimetresAtZeroForce = 0.012
    public static let centimetresPerForce = 0.04

    /// The ink's width in cm at `force`.
    public static func centimetres(force: Double) -> Double {
        centimetresAtZeroForce + centimetresPerForce * min(max(force, 0), 2)
    }
}

extension PageDrawing {
    /// The calibration sheet: a crosshair in a circle on every target, its number beside it, and
    /// a line saying how to use it. The page is the form: lay it on the tablet where the test
    /// forms will lie.
    public static func calibrationSheet(_ sheet: CalibrationSheet) -> PageDrawing {
        var page = PageDrawing(size: sheet.page)
        let arm = CalibrationSheet.crosshairArmCentimetres
        let width = CalibrationSheet.crosshairLineCentimetres
        for (index, target) in sheet.targets.enumerated() {
            let x = target.xCentimetres
            let y = target.yCentimetres
            page.marks.append(
                .line(
                    from: FormPosition(xCentimetres: x - arm + width / 2, yCentimetres: y),
                    to: FormPosition(xCentimetres: x + arm - width / 2, yCentimetres: y), widthCentimetres: width,
                    colour: .black))
            page.marks.append(
                .line(
                    from: FormPosition(xCentimetres: x, yCentimetres: y - arm + width / 2),
                    to: FormPosition(xCentimetres: x, yCentimetres: y + arm - width / 2), widthCentimetres: width,
                    colour: .black))
            page.marks.append(
                .circle(
                    centre: target, radiusCentimetres: CalibrationSheet.targetCircleCentimetres,
                    widthCentimetres: width, colour: .black))
            page.marks.append(
                .text(
                    "\(index + 1)", at: FormPosition(xCentimetres: x + arm * 0.55, yCentimetres: y - arm * 0.55),
                    sizeCentimetres: 0.4,
                    colour: .black))
        }
        let spacing = sheet.neighbourSpacingCentimetres.map { ", neighbouring targets \(centimetres($0)) cm apart" } ?? ""
        let note =
            "StylusKit calibration sheet, \(centimetres(sheet.page.widthCentimetres)) x \(centimetres(sheet.page.heightCentimetres)) cm"
            + "\(spacing). Print at 100 % (no fit to page): the bar below must measure 10 cm. Tap each cross once, in "
            + "numbered order."
        page.marks.append(
            .text(note, at: FormPosition(xCentimetres: 1, yCentimetres: 1.2), sizeCentimetres: 0.35, colour: .black))
        page.marks += scaleBar(at: FormPosition(xCentimetres: 1, yCentimetres: sheet.page.heightCentimetres - 1))
        return page
    }

    /// The scale bar the calibration sheet carries (issue 33, item 3): a 10 cm line from `start`, a tick every
    /// centimetre (longer at 0, 5 and 10) standing on it, to check with a ruler that the page was printed at 100 %.
    static func scaleBar(at start: FormPosition) -> [PageMark] {
        let width = CalibrationSheet.crosshairLineCentimetres
        let (x, y) = (start.xCentimetres, start.yCentimetres)
        var marks: [PageMark] = [
            .line(
                from: FormPosition(xCentimetres: x, yCentimetres: y),
                to: FormPosition(xCentimetres: x + scaleBarCentimetres, yCentimetres: y), widthCentimetres: width,
                colour: .black)
        ]
        for centimetre in 0...Int(scaleBarCentimetres) {
            let height = centimetre % 5 == 0 ? 0.4 : 0.25
            let tickX = x + Double(centimetre)
            marks.append(
                .line(
                    from: FormPosition(xCentimetres: tickX, yCentimetres: y),
                    to: FormPosition(xCentimetres: tickX, yCentimetres: y - height), widthCentimetres: width,
                    colour: .black))
        }
        marks.append(
            .text(
                "10 cm: check with a ruler", at: FormPosition(xCentimetres: x + scaleBarCentimetres + 0.4, yCentimetres: y),
                sizeCentimetres: 0.3, colour: .black))
        return marks
    }

    /// The scale bar's length.
    static let scaleBarCentimetres = 10.0

    /// A maze at its cell size, placed on the page as the proctor places it on a form of the
    /// page's size: walls on the cell boundaries, a green arrow in the mouth of the start opening
    /// pointing in, a red one in the mouth of the end opening pointing out; a reduced maze shows
    /// only its solution corridor, the rest left white (`blank`) or filled black (`filled`), and
    /// its walls are the corridor's boundary (`Maze.asShown`, the walls the proctor uses), also
    /// where the file opens a branch off it.
    public static func maze(_ maze: Maze, page size: FormSize) -> PageDrawing {
        var page = PageDrawing(size: size)
        let origin = maze.origin(onFormOf: size)
        let cell = maze.cellSizeCentimetres
        let width = PrintedLineWidths.mazeWallCentimetres
        func corner(_ row: Int, _ column: Int) -> FormPosition {
            FormPosition(
                xCentimetres: origin.xCentimetres + Double(column) * cell,
                yCentimetres: origin.yCentimetres + Double(row) * cell)
        }

        let corridor = maze.shownCells
        let shown = maze.showing(corridor)
        if maze.rendering == .reducedFilled {
            for row in 0..<maze.rows {
                for column in 0..<maze.columns where !corridor.contains(MazeCell(row: row, column: column)) {
                    page.marks.append(
                        .polygon(
                            [
                                corner(row, column), corner(row, column + 1), corner(row + 1, column + 1),
                                corner(row + 1, column),
                            ],
                            colour: .black))
                }
            }
        }

        // Each wall once: the top and left side of every cell, plus the bottom row and right column;
        // of a reduced maze only those of the corridor (a wall between two hidden cells is hidden).
        func shows(_ cells: [MazeCell]) -> Bool {
            cells.contains { corridor.contains($0) }
        }
        for row in 0...maze.rows {
            for column in 0..<maze.columns {
                let above = MazeCell(row: row - 1, column: column)
                let below = MazeCell(row: row, column: column)
                let wall = row < maze.rows ? shown.hasWall(on: .top, of: below) : shown.hasWall(on: .bottom, of: above)
                let sides = [above, below].filter { maze.contains($0) }
                if wall, shows(sides) {
                    page.marks.append(
                        .line(
                            from: corner(row, column), to: corner(row, column + 1), widthCentimetres: width,
                            colour: .black))
                }
            }
        }
        for row in 0..<maze.rows {
            for column in 0...maze.columns {
                let left = MazeCell(row: row, column: column - 1)
                let right = MazeCell(row: row, column: column)
                let wall =
                    column < maze.columns ? shown.hasWall(on: .left, of: right) : shown.hasWall(on: .right, of: left)
                let sides = [left, right].filter { maze.contains($0) }
                if wall, shows(sides) {
                    page.marks.append(
                        .line(
                            from: corner(row, column), to: corner(row + 1, column), widthCentimetres: width,
                            colour: .black))
                }
            }
        }

        let placed = MazeOnForm(maze: maze, origin: origin)
        page.marks.append(
            .polygon(
                arrow(at: placed.midpoint(of: maze.start), side: maze.start.side, cell: cell, inwards: true),
                colour: .startGreen))
        page.marks.append(
            .polygon(
                arrow(at: placed.midpoint(of: maze.end), side: maze.end.side, cell: cell, inwards: false),
                colour: .endRed))
        page.marks.append(
            .text(
                "\(maze.name) (cells \(centimetres(maze.cellSizeCentimetres)) cm; print at 100 %)",
                at: FormPosition(xCentimetres: 1, yCentimetres: 1.2), sizeCentimetres: 0.35, colour: .black))
        return page
    }

    /// An arrow in the mouth beyond an opening: its point on the opening's midpoint when it points
    /// into the maze, its tail there when it points out.
    static func arrow(at midpoint: FormPosition, side: MazeSide, cell: Double, inwards: Bool) -> [FormPosition] {
        // (ax, ay): the unit vector out of the maze through this side; distances are along it.
        let (ax, ay): (Double, Double) =
            switch side {
            case .left: (-1, 0)
            case .right: (1, 0)
            case .top: (0, -1)
            case .bottom: (0, 1)
            }
        // A small gap from the wall, then 0.7 cells of arrow, 0.3 of them head.
        let near = cell * 0.1
        let far = near + cell * 0.7
        let tip = inwards ? near : far
        let tail = inwards ? far : near
        let neck = inwards ? tip + cell * 0.3 : tip - cell * 0.3
        let shaft = cell * 0.06
        let head = cell * 0.22
        func point(_ along: Double, _ across: Double) -> FormPosition {
            FormPosition(
                xCentimetres: midpoint.xCentimetres + ax * along - ay * across,
                yCentimetres: midpoint.yCentimetres + ay * along + ax * across)
        }
        return [
            point(tail, -shaft), point(neck, -shaft), point(neck, -head), point(tip, 0),
            point(neck, head), point(neck, shaft), point(tail, shaft),
        ]
    }

    static func centimetres(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        if fraction == 0 { return "\(hundredths / 100)" }
        return fraction % 10 == 0
            ? "\(hundredths / 100).\(fraction / 10)" : "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension PageDrawing {
    /// Every mark moved by (`dx`, `dy`) cm: pages laid side by side share one drawing.
    public func marks(offsetBy dx: Double, _ dy: Double) -> [PageMark] {
        func move(_ p: FormPosition) -> FormPosition {
            FormPosition(xCentimetres: p.xCentimetres + dx, yCentimetres: p.yCentimetres + dy)
        }
        return marks.map { mark in
            switch mark {
            case .line(let from, let to, let width, let colour):
                .line(from: move(from), to: move(to), widthCentimetres: width, colour: colour)
            case .circle(let centre, let radius, let width, let colour):
                .circle(centre: move(centre), radiusCentimetres: radius, widthCentimetres: width, colour: colour)
            case .polygon(let points, let colour): .polygon(points.map(move), colour: colour)
            case .text(let text, let at, let size, let colour):
                .text(text, at: move(at), sizeCentimetres: size, colour: colour)
            case .path(let points, let width, let colour, let dash):
                .path(points.map(move), widthCentimetres: width, colour: colour, dashCentimetres: dash)
            case .disc(let centre, let radius, let colour):
                .disc(centre: move(centre), radiusCentimetres: radius, colour: colour)
            case .centredText(let text, let centre, let size, let bold, let colour):
                .centredText(text, centre: move(centre), sizeCentimetres: size, bold: bold, colour: colour)
            case .polyline(let points, let closed, let width, let colour):
                .polyline(points.map(move), closed: closed, widthCentimetres: width, colour: colour)
            case .arc(let centre, let radius, let start, let end, let width, let colour):
                .arc(
                    centre: move(centre), radiusCentimetres: radius, startAngle: start, endAngle: end,
                    widthCentimetres: width, colour: colour)
            }
        }
    }

    /// Every mark scaled by `scale` about the page's top-left corner, then moved by (`dx`, `dy`)
    /// cm: a page drawn smaller on another (a report's pictures at 1:4). Lengths, widths and text
    /// sizes all scale, except that no line drawn thinner than `minimumWidth` cm, so ink still prints.
    public func marks(
        scaledBy scale: Double, offsetBy dx: Double, _ dy: Double, minimumWidthCentimetres minimum: Double = 0
    ) -> [PageMark] {
        func move(_ p: FormPosition) -> FormPosition {
            FormPosition(xCentimetres: p.xCentimetres * scale + dx, yCentimetres: p.yCentimetres * scale + dy)
        }
        func width(_ w: Double) -> Double { max(w * scale, minimum) }
        return marks.map { mark in
            switch mark {
            case .line(let from, let to, let w, let colour):
                .line(from: move(from), to: move(to), widthCentimetres: width(w), colour: colour)
            case .circle(let centre, let radius, let w, let colour):
                .circle(
                    centre: move(centre), radiusCentimetres: radius * scale, widthCentimetres: width(w), colour: colour)
            case .polygon(let points, let colour): .polygon(points.map(move), colour: colour)
            case .text(let text, let at, let size, let colour):
                .text(text, at: move(at), sizeCentimetres: size * scale, colour: colour)
            case .path(let points, let w, let colour, let dash):
                .path(
                    points.map(move), widthCentimetres: width(w), colour: colour,
                    dashCentimetres: dash.map { $0 * scale })
            case .disc(let centre, let radius, let colour):
                .disc(centre: move(centre), radiusCentimetres: radius * scale, colour: colour)
            case .centredText(let text, let centre, let size, let bold, let colour):
                .centredText(text, centre: move(centre), sizeCentimetres: size * scale, bold: bold, colour: colour)
            case .polyline(let points, let closed, let w, let colour):
                .polyline(points.map(move), closed: closed, widthCentimetres: width(w), colour: colour)
            case .arc(let centre, let radius, let start, let end, let w, let colour):
                .arc(
                    centre: move(centre), radiusCentimetres: radius * scale, startAngle: start, endAngle: end,
                    widthCentimetres: width(w), colour: colour)
            }
        }
    }

    /// Pages laid left to right, `gap` cm apart, top-aligned, on one page.
    public static func sideBySide(_ pages: [PageDrawing], gapCentimetres gap: Double = 1) -> PageDrawing {
        var x = 0.0
        var combined = PageDrawing(size: FormSize(widthCentimetres: 0, heightCentimetres: 0))
        for (index, page) in pages.enumerated() {
            if index > 0 { x += gap }
            combined.marks += page.marks(offsetBy: x, 0)
            x += page.size.widthCentimetres
            combined.size.heightCentimetres = max(combined.size.heightCentimetres, page.size.heightCentimetres)
        }
        combined.size.widthCentimetres = x
        return combined
    }
}
