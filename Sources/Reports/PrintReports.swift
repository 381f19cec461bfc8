import ADF
import Foundation
public import Proctoring
public import StylusGeometry

/// What `calibrate print-sheet` prints: the sheet's page and its targets.
public struct PrintSheetReport: CommandReport {
    /// The PDF written, by its path.
    public var out: String
    /// The page in centimetres (two decimals).
    public var page: Centimetres
    /// The targets in the order they are numbered, in centimetres from the page's top-left corner.
    public var targets: [FormPoint]

    /// The report of `sheet` printed to `out`.
    public init(out: String, sheet: CalibrationSheet) {
        self.out = out
        page = Centimetres(sheet.page)
        targets = sheet.targets.map { FormPoint($0) }
    }

    /// The lines `calibrate print-sheet` prints: the page, and a line per target.
    public var text: String {
        ([
            "\(out): calibration sheet, \(targets.count) targets on \(fixed(page.width, 2)) x \(fixed(page.height, 2)) cm"
        ]
            + targets.enumerated().map {
                "  target \($0.offset + 1) at (\(fixed($0.element.x, 2)), \(fixed($0.element.y, 2))) cm"
            })
            .joined(separator: "\n")
    }
}

/// What `calibrate print-mazes` prints: a page per maze of the battery.
public struct PrintMazesReport: CommandReport {
    /// One page of the battery: its maze, the maze's size and where it is placed.
    public struct MazePage: Encodable, Sendable {
        /// The page number, from 1.
        public var page: Int
        /// The maze's name.
        public var maze: String
        /// The maze's columns.
        public var columns: Int
        /// The maze's rows.
        public var rows: Int
        /// Two decimals, as printed.
        @Decimals<2, Double> public var cellSizeCentimetres: Double
        /// The maze's top-left corner on the page.
        public var origin: FormPoint

        enum CodingKeys: CodingKey { case page, maze, columns, rows, cellSizeCentimetres, origin }
    }

    /// The PDF written, by its path.
    public var out: String
    /// The maze battery printed, by its name.
    public var battery: String
    /// The page in centimetres (two decimals).
    public var page: Centimetres
    /// A page per maze, in the battery's order.
    public var mazes: [MazePage]

    /// The report of `mazes` printed on pages of `page` size, each placed as the proctor places it.
    public init(out: String, battery: String, page: FormSize, mazes: [Maze]) {
        self.out = out
        self.battery = battery
        self.page = Centimetres(page)
        self.mazes = mazes.enumerated().map { index, maze in
            let origin = maze.origin(onFormOf: page)
            return MazePage(
                page: index + 1, maze: maze.name, columns: maze.columns, rows: maze.rows,
                cellSizeCentimetres: maze.cellSizeCentimetres,
                origin: FormPoint(origin))
        }
    }

    /// The lines `calibrate print-mazes` prints: the file, and a line per page.
    public var text: String {
        let pages = mazes.map {
            "  page \($0.page): \($0.maze), \($0.columns) x \($0.rows) cells of \(fixed($0.cellSizeCentimetres, 2)) cm"
                + " at (\(fixed($0.origin.x, 2)), \(fixed($0.origin.y, 2))) cm"
        }
        return
            ([
                "\(out): \(counted(mazes.count, "maze")) of \(battery) on \(fixed(page.width, 2)) x \(fixed(page.height, 2)) cm pages"
            ] + pages).joined(separator: "\n")
    }
}

/// What `calibrate print-form` prints: the symbol-digit form's pages, its size, place and boxes.
public struct PrintFormReport: CommandReport {
    /// The PDF written, by its path.
    public var out: String
    /// Whether the form has the alternate symbols and digit pairing (`--display-mode`: figures that keep the real
    /// form private).
    public var displayMode: Bool
    /// The page in centimetres (two decimals).
    public var page: Centimetres
    /// The form's size (two decimals).
    public var form: Centimetres
    /// The form's top-left corner on the page (two decimals).
    public var origin: FormPoint
    /// One box's inner cell (four decimals).
    public var box: Centimetres
    /// The step each page holds, in page order.
    public var pages: [String]

    /// The report of the form printed to `out` on `page` at `origin`, a page per step of `steps`.
    public init(out: String, displayMode: Bool, page: FormSize, origin: FormPosition, steps: [String]) {
        self.out = out
        self.displayMode = displayMode
        self.page = Centimetres(page)
        let size = SymbolDigitForm.size
        form = Centimetres(size)
        self.origin = FormPoint(origin)
        box = Centimetres(
            FormSize(
                widthCentimetres: SymbolDigitForm.Lengths.innerCellWidth,
                heightCentimetres: SymbolDigitForm.Lengths.innerCellHeight),
            decimals: 4)
        pages = steps
    }

    /// The lines `calibrate print-form` prints.
    public var text: String {
        var lines = [
            "\(out): \(pages.count) symbol-digit forms\(displayMode ? " (display mode)" : "") on \(fixed(page.width, 2)) x \(fixed(page.height, 2)) cm pages",
            "  form      \(fixed(form.width, 2)) x \(fixed(form.height, 2)) cm at (\(fixed(origin.x, 2)), \(fixed(origin.y, 2))) cm",
            "  box       \(fixed(box.width, 4)) x \(fixed(box.height, 4)) cm per cell",
        ]
        lines += pages.enumerated().map { "  page \($0.offset + 1): \($0.element)" }
        return lines.joined(separator: "\n")
    }
}
