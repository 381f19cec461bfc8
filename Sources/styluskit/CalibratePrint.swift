import ArgumentParser
import Calibration
import FileLocations
import FormPrinting
import Recordings
import Reports
import Sessions
import StylusGeometry
import SystemErrors
import TestMaterials

/// `styluskit calibrate print-sheet`: the calibration sheet as a PDF at physical size.
struct PrintSheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print-sheet",
        abstract:
            "Writes the calibration sheet (numbered crosshair targets at known positions) as a PDF at physical size.",
        discussion: "Print it at 100 % (no fit to page) and check a target distance with a ruler before tapping."
            + "\n\n" + ExitStatus.help
    )

    @OptionGroup var sheet: SheetOptions

    @OptionGroup var pdf: PrintedPDFOptions

    func run() throws {
        let sheet = try sheet.sheet()
        try pdf.checkWritable()
        try PrintedDocument(pages: [.calibrationSheet(sheet)]).write(to: pdf.out)
        PrintSheetReport(out: pdf.out, sheet: sheet).print(json: pdf.json, toStandardError: pdf.isStandardOutput)
    }
}

/// `styluskit calibrate print-mazes`: every maze of a battery as a PDF page at physical size.
struct PrintMazes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print-mazes",
        abstract:
            "Writes each maze of a battery as a PDF page at its cell size, placed as the proctor places it on the page.",
        discussion: "Print at 100 % (no fit to page); lay the pages where the calibration sheet lay." + "\n\n"
            + ExitStatus.help)

    @Option(help: "The maze battery file (.battery).", completion: .file())
    var battery: String

    @OptionGroup var paper: PrintedPaperOptions

    func run() throws {
        let (page, pdf) = (try paper.page(), paper.pdf)
        let mazes = try MazeTestMazes.load(
            maze: nil, battery: battery, read: { try readText($0, purpose: $1 == .maze ? "maze" : $1.purpose) }
        )
        .map(\.maze)
        try PrintedDocument(pages: mazes.map { .maze($0, page: page) }).write(to: pdf.out)
        PrintMazesReport(out: pdf.out, battery: battery, page: page, mazes: mazes).print(
            json: pdf.json, toStandardError: pdf.isStandardOutput)
    }
}

/// `styluskit calibrate print-form --test sdt`: the symbol-digit form of every step as PDF pages at physical size.
struct PrintForm: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print-form",
        abstract:
            "Writes the symbol-digit form of every step (test, copy, delayed recall; both rounds) as PDF pages at physical size.",
        discussion: """
            Each page holds one step's form centred on the paper, as the proctor centres it on the form: \
            the legend (test part only), the five sample boxes framed with thick lines, four rows of \
            boxes and the stop sign, at the lengths of assessments.md's physical layout. Print at 100 % \
            (no fit to page) and lay the pages where the calibration sheet lay.
            """ + "\n\n" + ExitStatus.help)

    /// The tests with a printable form (of `TestKind`, only the symbol-digit test's).
    enum PrintableTest: String, ExpressibleByArgument, CaseIterable {
        case sdt
    }

    @Option(help: "The test whose form to print.")
    var test: PrintableTest

    @Flag(
        help: "Draw the alternate symbols and digit pairing (for publishable figures that keep the real form private).")
    var displayMode = false

    @OptionGroup var paper: PrintedPaperOptions

    func run() throws {
        let (page, pdf) = (try paper.page(), paper.pdf)
        let forms = PrintedDocument.symbolDigitForms(displayMode: displayMode, page: page)
        try forms.document.write(to: pdf.out)
        PrintFormReport(out: pdf.out, displayMode: displayMode, page: page, origin: forms.origin, steps: forms.steps)
            .print(json: pdf.json, toStandardError: pdf.isStandardOutput)
    }
}

/// The paper of the `calibrate print-*` commands that lay a form on a page (the mazes, the
/// symbol-digit forms, the trail making forms), and their PDF.
struct PrintedPaperOptions: ParsableArguments {
    @Option(help: "The paper: a4 or letter (landscape).")
    var paper = "a4"

    @OptionGroup var pdf: PrintedPDFOptions

    /// The page of `--paper`, once `--out` is known to be writable (before anything is drawn).
    func page() throws -> FormSize {
        let page = try CalibrationSheet.page(paper: paper)
        try pdf.checkWritable()
        return page
    }
}

/// The PDF a `calibrate print-*` command writes, and how it says so: shared by the three.
struct PrintedPDFOptions: ParsableArguments {
    @Option(help: "The PDF to write, or - for standard output.", completion: .file())
    var out: String

    @Flag(help: "Replace an existing file.")
    var force = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// Refuses an --out not named .pdf (or -), a directory, or an existing file without --force, before anything is
    /// drawn.
    func checkWritable() throws {
        try OutputFile.check(out, extensions: ["pdf"], kind: "a PDF", allowsStandardOutput: true)
        if !isStandardOutput { try CalibrationFiles.checkWritable(out, force: force) }
    }

    /// True when the PDF goes to standard output: what the command says of it then goes to standard error.
    var isStandardOutput: Bool { out == OutputFile.standardOutput }
}
