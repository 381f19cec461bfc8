import ADF
import ArgumentParser
import Calibration
import Reports
import FormPrinting
import Foundation
import Proctoring
import Sessions
import StylusGeometry

/// `styluskit calibrate print-sheet`: the calibration sheet as a PDF at physical size.
struct PrintSheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print-sheet",
        abstract: "Writes the calibration sheet (numbered crosshair targets at known positions) as a PDF at physical size.",
        discussion: "Print it at 100 % (no fit to page) and check a target distance with a ruler before tapping." + "\n\n" + ExitStatus.help
    )

    @OptionGroup var sheet: SheetOptions

    @Option(help: "The PDF to write.")
    var out: String

    @Flag(help: "Replace an existing file.")
    var force = false

    func run() throws {
        let sheet = try sheet.sheet()
        try CalibrationFiles.checkWritable(out, force: force)
        try PrintedDocument(pages: [.calibrationSheet(sheet)]).write(to: out)
        print(
            "\(out): calibration sheet, \(sheet.targets.count) targets on \(fixed(sheet.page.widthCentimetres, 2)) x \(fixed(sheet.page.heightCentimetres, 2)) cm"
        )
        for (index, target) in sheet.targets.enumerated() {
            print("  target \(index + 1) at (\(fixed(target.xCentimetres, 2)), \(fixed(target.yCentimetres, 2))) cm")
        }
    }
}

/// `styluskit calibrate print-mazes`: every maze of a battery as a PDF page at physical size.
struct PrintMazes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print-mazes",
        abstract: "Writes each maze of a battery as a PDF page at its cell size, placed as the proctor places it on the page.",
        discussion: "Print at 100 % (no fit to page); lay the pages where the calibration sheet lay." + "\n\n" + ExitStatus.help)

    @Option(help: "The maze battery file (.battery).")
    var battery: String

    @Option(help: "The paper: a4 or letter (landscape).")
    var paper = "a4"

    @Option(help: "The PDF to write.")
    var out: String

    @Flag(help: "Replace an existing file.")
    var force = false

    func run() throws {
        let page = try SheetOptions.parse(["--paper", paper]).page()
        try CalibrationFiles.checkWritable(out, force: force)
        let parsed = try MazeBattery(parsing: try readText(battery, purpose: "maze battery"), source: battery)
        let folder = (battery as NSString).deletingLastPathComponent
        var pages: [PageDrawing] = []
        var lines: [String] = []
        for entry in parsed.entries {
            let path = entry.mazeFile.hasPrefix("/") ? entry.mazeFile : (folder as NSString).appendingPathComponent(entry.mazeFile)
            let maze = try Maze(parsing: try readText(path, purpose: "maze"), source: path)
            pages.append(.maze(maze, page: page))
            let origin = maze.origin(onFormOf: page)
            lines.append(
                "  page \(pages.count): \(maze.name), \(maze.columns) x \(maze.rows) cells of \(fixed(maze.cellSizeCentimetres, 2)) cm"
                    + " at (\(fixed(origin.xCentimetres, 2)), \(fixed(origin.yCentimetres, 2))) cm")
        }
        try PrintedDocument(pages: pages).write(to: out)
        print(
            "\(out): \(counted(pages.count, "maze")) of \(battery) on \(fixed(page.widthCentimetres, 2)) x \(fixed(page.heightCentimetres, 2)) cm pages"
        )
        lines.forEach { print($0) }
    }
}

/// `styluskit calibrate print-form --test sdt`: the symbol-digit form of every step as PDF pages at physical size.
struct PrintForm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print-form",
        abstract: "Writes the symbol-digit form of every step (test, copy, delayed recall; both rounds) as PDF pages at physical size.",
        discussion: """
            Each page holds one step's form centred on the paper, as the proctor centres it on the form: \
            the legend (test part only), the five sample boxes framed with thick lines, four rows of \
            boxes and the stop sign, at the lengths of assessments.md's physical layout. Print at 100 % \
            (no fit to page) and lay the pages where the calibration sheet lay.
            """ + "\n\n" + ExitStatus.help)

    /// The tests with a printable form.
    enum TestKind: String, ExpressibleByArgument, CaseIterable {
        case sdt
    }

    @Option(help: "The test whose form to print.")
    var test: TestKind

    @Flag(help: "Draw the alternate symbols and digit pairing (for publishable figures that keep the real form private).")
    var displayMode = false

    @Option(help: "The paper: a4 or letter (landscape).")
    var paper = "a4"

    @Option(help: "The PDF to write.")
    var out: String

    @Flag(help: "Replace an existing file.")
    var force = false

    func run() throws {
        let page = try SheetOptions.parse(["--paper", paper]).page()
        try CalibrationFiles.checkWritable(out, force: force)
        let origin = SymbolDigitForm.origin(centredOn: page)
        let steps = SymbolDigitSettings(enableRepeat: true, displayMode: displayMode).steps
        let pages = steps.map { step in
            PageDrawing.symbolDigitForm(SymbolDigitForm(step: step, displayMode: displayMode, origin: origin), page: page)
        }
        try PrintedDocument(pages: pages).write(to: out)
        let size = SymbolDigitForm.size
        print(
            "\(out): \(pages.count) symbol-digit forms\(displayMode ? " (display mode)" : "") on \(fixed(page.widthCentimetres, 2)) x \(fixed(page.heightCentimetres, 2)) cm pages"
        )
        print(
            "  form      \(fixed(size.widthCentimetres, 2)) x \(fixed(size.heightCentimetres, 2)) cm at (\(fixed(origin.xCentimetres, 2)), \(fixed(origin.yCentimetres, 2))) cm"
        )
        print(
            "  box       \(fixed(SymbolDigitForm.Lengths.innerCellWidth, 4)) x \(fixed(SymbolDigitForm.Lengths.innerCellHeight, 4)) cm per cell"
        )
        for (index, step) in steps.enumerated() {
            print("  page \(index + 1): \(step.identifier)")
        }
    }
}
