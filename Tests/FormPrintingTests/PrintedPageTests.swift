import Foundation
import Proctoring
import StylusGeometry
import Testing

@testable import FormPrinting

/// A greyscale raster of a PDF page made by pdftoppm (poppler), independent of cairo.
struct Raster {
    let width: Int
    let height: Int
    let pixels: [UInt8]
    /// Pixels per centimetre.
    let density: Double

    /// Rasterises page `page` (from 1) of `pdf` at `dpi`.
    init(pdf: URL, page: Int, dpi: Int) throws {
        let stem = pdf.deletingPathExtension().path + "-page\(page)"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        process.arguments = ["-gray", "-r", "\(dpi)", "-f", "\(page)", "-l", "\(page)", "-singlefile", pdf.path, stem]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "pdftoppm failed")
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: stem + ".pgm")))
        // P5 header: "P5\n<width> <height>\n255\n" then one byte per pixel.
        var fields: [String] = []
        var index = 0
        var current = ""
        while fields.count < 4 {
            let byte = data[index]
            index += 1
            if byte == 0x20 || byte == 0x0A {
                if !current.isEmpty { fields.append(current) }
                current = ""
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        try #require(fields[0] == "P5" && fields[3] == "255")
        width = Int(fields[1])!
        height = Int(fields[2])!
        pixels = Array(data[index...])
        try #require(pixels.count == width * height)
        density = Double(dpi) / 2.54
    }

    func isDark(_ x: Int, _ y: Int) -> Bool { pixels[y * width + x] < 128 }

    /// The dark runs along row `y` between `x0` and `x1` (pixel indices), as (centre cm, width cm);
    /// a pixel's centre is at (index + 0.5) / density.
    func runsAlongRow(_ y: Int, from x0: Int, to x1: Int) -> [(centre: Double, width: Double)] {
        runs((x0...x1).map { isDark($0, y) }, offset: x0)
    }

    func runsDownColumn(_ x: Int, from y0: Int, to y1: Int) -> [(centre: Double, width: Double)] {
        runs((y0...y1).map { isDark(x, $0) }, offset: y0)
    }

    private func runs(_ dark: [Bool], offset: Int) -> [(centre: Double, width: Double)] {
        var result: [(Double, Double)] = []
        var start: Int?
        for (index, value) in (dark + [false]).enumerated() {
            if value, start == nil { start = index }
            if !value, let first = start {
                let length = index - first
                result.append(((Double(offset + first) + Double(length) / 2) / density, Double(length) / density))
                start = nil
            }
        }
        return result
    }

    func pixel(_ centimetres: Double) -> Int { Int(centimetres * density) }
}

@Suite("Printed pages")
struct PrintedPageTests {
    static func temporaryPDF() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "formprinting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("page.pdf")
    }

    /// 0.1 mm, the acceptance tolerance.
    static let tolerance = 0.01

    @Test("The calibration sheet's crosshairs are where the sheet says, within 0.1 mm at 600 dpi")
    func calibrationSheet() throws {
        let sheet = CalibrationSheet.grid(
            page: CalibrationSheet.a4Landscape, columns: 3, rows: 3, spacingCentimetres: 4)
        let pdf = try Self.temporaryPDF()
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        try PrintedDocument(pages: [.calibrationSheet(sheet)]).write(to: pdf.path)
        let raster = try Raster(pdf: pdf, page: 1, dpi: 600)
        // A4 landscape at 600 dpi: 29.7 / 2.54 * 600 = 7015.7 and 21 / 2.54 * 600 = 4960.6 pixels.
        #expect(abs(raster.width - 7016) <= 1 && abs(raster.height - 4961) <= 1)

        // Hand-computed: a 3 x 3 grid 4 cm apart centred on 29.7 x 21 cm.
        let xs = [10.85, 14.85, 18.85]
        let ys = [6.5, 10.5, 14.5]
        for (row, y) in ys.enumerated() {
            for (column, x) in xs.enumerated() {
                // Across the vertical arm, 0.45 cm below the centre (outside the 0.3 cm circle).
                let across = raster.runsAlongRow(
                    raster.pixel(y + 0.45), from: raster.pixel(x - 0.25), to: raster.pixel(x + 0.25))
                try #require(across.count == 1, "target \(row * 3 + column + 1): \(across)")
                #expect(abs(across[0].centre - x) < Self.tolerance, "target \(row * 3 + column + 1) x")
                #expect(abs(across[0].width - 0.02) < Self.tolerance)
                // Across the horizontal arm, 0.45 cm right of the centre.
                let down = raster.runsDownColumn(
                    raster.pixel(x + 0.45), from: raster.pixel(y - 0.25), to: raster.pixel(y + 0.25))
                try #require(down.count == 1, "target \(row * 3 + column + 1): \(down)")
                #expect(abs(down[0].centre - y) < Self.tolerance, "target \(row * 3 + column + 1) y")
                // The horizontal arm is 1.2 cm long end to end: along its row, one run from x - 0.6 to x + 0.6.
                let along = raster.runsAlongRow(raster.pixel(y), from: raster.pixel(x - 1), to: raster.pixel(x + 1))
                let outer = (along.first!.centre - along.first!.width / 2, along.last!.centre + along.last!.width / 2)
                #expect(
                    abs(outer.0 - (x - 0.6)) < Self.tolerance && abs(outer.1 - (x + 0.6)) < Self.tolerance, "\(outer)")
            }
        }
    }

    @Test("The calibration sheet carries a 10 cm scale bar, a tick every centimetre, within 0.1 mm at 600 dpi")
    func calibrationSheetScaleBar() throws {
        // Issue 33, item 3: the sheet said its paper's size (true at any scaling) but gave nothing to check 100 % with.
        let sheet = CalibrationSheet.grid(
            page: CalibrationSheet.a4Landscape, columns: 3, rows: 3, spacingCentimetres: 4)
        #expect(sheet.neighbourSpacingCentimetres.map { abs($0 - 4) < 1e-9 } == true)
        let pdf = try Self.temporaryPDF()
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        try PrintedDocument(pages: [.calibrationSheet(sheet)]).write(to: pdf.path)
        let raster = try Raster(pdf: pdf, page: 1, dpi: 600)
        // The bar lies 1 cm above the page's foot (21 - 1 = 20 cm), from 1 cm to 11 cm; 0.15 cm above it every
        // tick is crossed, short or long.
        let ticks = raster.runsAlongRow(raster.pixel(20 - 0.15), from: raster.pixel(0.5), to: raster.pixel(11.2))
        try #require(ticks.count == 11, "\(ticks)")
        for (index, tick) in ticks.enumerated() {
            #expect(abs(tick.centre - (1 + Double(index))) < Self.tolerance, "tick \(index) at \(tick.centre) cm")
        }
        // 0.3 cm above it only the long ticks at 0, 5 and 10 cm.
        let long = raster.runsAlongRow(raster.pixel(20 - 0.3), from: raster.pixel(0.5), to: raster.pixel(11.2))
        #expect(long.map { ($0.centre * 10).rounded() / 10 } == [1, 6, 11])
    }

    @Test("A maze's walls lie on its cell boundaries at its cell size, within 0.1 mm at 600 dpi")
    func maze() throws {
        // no-choice.maze's outline: 6 x 5 cells of 1.5 cm, start row 1 left, end row 5 right.
        let text = """
            name: test
            cell-size: 1.5 cm
            start: row 1 column 1 left
            end: row 5 column 6 right

            +---+---+---+---+---+---+
                    |               |
            +---+   +---+---+---+   +
            |                   |   |
            +   +---+---+---+   +   +
            |   |               |   |
            +   +   +---+---+---+   +
            |   |   |       |       |
            +   +   +   +   +---+---+
            |   |       |
            +---+---+---+---+---+---+
            """
        let maze = try Maze(parsing: text, source: "test.maze")
        let page = CalibrationSheet.a4Landscape
        let pdf = try Self.temporaryPDF()
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        try PrintedDocument(pages: [.maze(maze, page: page)]).write(to: pdf.path)
        let raster = try Raster(pdf: pdf, page: 1, dpi: 600)
        // Centred: 9 x 7.5 cm on 29.7 x 21 cm puts the outer corner at (10.35, 6.75) cm.
        let left = 10.35
        let top = 6.75
        // Down the middle of column 3 (x = left + 2.5 cells): walls at rows 0, 1 (above row 2, column 3 closed),
        // 2?, ...
        // Take the outer walls: along the middle of row 3, the left and right outer walls.
        let rowMiddle = top + 2.5 * 1.5
        let along = raster.runsAlongRow(
            raster.pixel(rowMiddle), from: raster.pixel(left - 0.5), to: raster.pixel(left + 9.5))
        // Row 3 (from 1): "|   |               |   |" walls at columns 0, 1, 5, 6.
        let expected = [left, left + 1.5, left + 7.5, left + 9]
        try #require(along.count == expected.count, "\(along)")
        for (run, x) in zip(along, expected) {
            #expect(abs(run.centre - x) < Self.tolerance, "wall at \(x) cm measured at \(run.centre) cm")
            #expect(abs(run.width - PrintedLineWidths.mazeWallCentimetres) < Self.tolerance)
        }
        // Down the middle of column 6: walls above row 1 (outer), none until row 4's top ("+---+---+" at
        // row 4 bottom), then the outer bottom. Row 4 bottom line "+   +   +   +   +---+---+" closes column 6.
        let columnMiddle = left + 5.5 * 1.5
        let down = raster.runsDownColumn(
            raster.pixel(columnMiddle), from: raster.pixel(top - 0.5), to: raster.pixel(top + 8))
        let expectedY = [top, top + 4 * 1.5, top + 5 * 1.5]
        try #require(down.count == expectedY.count, "\(down)")
        for (run, y) in zip(down, expectedY) {
            #expect(abs(run.centre - y) < Self.tolerance, "wall at \(y) cm measured at \(run.centre) cm")
        }
    }

    @Test("A reduced filled maze is black outside its solution corridor; a blank one white")
    func reduced() throws {
        let text = """
            name: reduced
            cell-size: 2 cm
            start: row 1 column 1 left
            end: row 1 column 3 right
            reduced: filled

            +---+---+---+

            +---+---+---+
            |           |
            +---+---+---+
            """
        let maze = try Maze(parsing: text, source: "r.maze")
        let page = PageDrawing.maze(maze, page: CalibrationSheet.a4Landscape)
        let pdf = try Self.temporaryPDF()
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        try PrintedDocument(pages: [page]).write(to: pdf.path)
        let raster = try Raster(pdf: pdf, page: 1, dpi: 150)
        // 6 x 4 cm centred: origin (11.85, 8.5). Row 2 (off the corridor) is black, row 1 white inside.
        #expect(raster.isDark(raster.pixel(11.85 + 3), raster.pixel(8.5 + 3)))
        #expect(!raster.isDark(raster.pixel(11.85 + 3), raster.pixel(8.5 + 1)))
    }

    @Test("Several pages keep their sizes; no pages is an error")
    func pages() throws {
        let pdf = try Self.temporaryPDF()
        defer { try? FileManager.default.removeItem(at: pdf.deletingLastPathComponent()) }
        let sheet = CalibrationSheet.grid(
            page: CalibrationSheet.letterLandscape, columns: 2, rows: 2, spacingCentimetres: 5)
        try PrintedDocument(pages: [.calibrationSheet(sheet), PageDrawing(size: CalibrationSheet.a4Landscape)]).write(
            to: pdf.path)
        let letter = try Raster(pdf: pdf, page: 1, dpi: 100)
        let a4 = try Raster(pdf: pdf, page: 2, dpi: 100)
        // 11 x 8.5 in at 100 dpi; 29.7 x 21 cm is 1169.3 x 826.8.
        #expect(letter.width == 1100 && letter.height == 850)
        #expect(abs(a4.width - 1169) <= 1 && abs(a4.height - 827) <= 1)
        #expect(throws: PrintError.noPages) { try PrintedDocument(pages: []).write(to: pdf.path) }
        #expect(throws: PrintError.self) {
            try PrintedDocument(pages: [.calibrationSheet(sheet)]).write(to: "/nonexistent/dir/x.pdf")
        }
    }
}
