import ArgumentParser
import Calibration
import FileLocations
import FormPrinting
import Proctoring
import Reports
import Sessions
import StylusGeometry
import SystemErrors
import TestMaterials

/// `styluskit trails`: the trail making test's forms.
struct Trails: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trails",
        abstract: "Makes alternate trail making forms (layout files).",
        subcommands: [TrailsGenerate.self])
}

/// `styluskit trails generate --seed N`: parts A and B of an alternate form, as two layout files.
struct TrailsGenerate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Writes parts A and B of the alternate trail making form made from a seed, as two layout files.",
        discussion: """
            The form is named by its seed (alternate-N-A.yaml, alternate-N-B.yaml): one seed gives one form \
            on every machine. Both parts keep trails.md's rules (a 1 cm margin, circles 1 cm apart, each line \
            3 mm clear of every other circle) and their straight paths are within 5 % of each other \
            (\(DocumentationPages.path("trails-layouts.md"))). Print them with `styluskit calibrate print-trails`.
            """ + "\n\n" + ExitStatus.help)

    @Option(help: "The seed: a whole number from 0 to 18446744073709551615.")
    var seed: UInt64

    @Option(help: "The folder to write the two layout files to.", completion: .directory)
    var out = "."

    @Flag(help: "Replace existing files.")
    var force = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let prefix = "alternate-\(seed)"
        guard let form = TrailLayoutGenerator().form(seed: seed, name: prefix) else {
            throw ValidationError("no form was found from seed \(seed); try another seed.")
        }
        let separator = out.hasSuffix("/") ? "" : "/"
        let files = [form.a, form.b].map { (path: "\(out)\(separator)\($0.name).yaml", layout: $0) }
        for file in files { try CalibrationFiles.checkWritable(file.path, force: force) }
        for file in files {
            let comment = [
                "Trail Making Test, part \(file.layout.part.rawValue): the alternate form '\(prefix)'.",
                "Made by `styluskit trails generate --seed \(seed)` (docs/trails-layouts.md).",
            ]
            try CalibrationFiles.writeNew(file.layout.fileText(comment: comment), to: file.path, force: force)
        }
        TrailsGenerateReport(seed: seed, files: files).print(json: json)
    }
}

/// `styluskit calibrate print-trails LAYOUT...`: trail making forms as PDF pages at physical size.
struct PrintTrails: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "print-trails",
        abstract: "Writes trail making forms (layout files) as PDF pages at physical size, one page per layout.",
        discussion: """
            Each form is centred on the paper, its circles 10 mm across with their labels, "Begin" and "End" \
            under the first and the last. A layout \
            that breaks trails.md's rules is refused, naming each rule and circle. Print at 100 % (no fit to page). \
            The shipped forms are in Fixtures/trails (\(DocumentationPages.path("trails-layouts.md"))).
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "The layout files (.yaml), one page each, in order.", completion: .file())
    var layouts: [String]

    @OptionGroup var paper: PrintedPaperOptions

    func run() throws {
        let (page, pdf) = (try paper.page(), paper.pdf)
        var forms: [TrailLayout] = []
        for path in layouts {
            let layout = try TrailLayout(parsing: try readText(path, purpose: "trail layout"), source: path)
            try TrailLayoutValidator.validate(layout)
            forms.append(layout)
        }
        try PrintedDocument.trailForms(forms, page: page).write(to: pdf.out)
        PrintTrailsReport(
            out: pdf.out, page: page, layouts: forms.map { ($0, PageDrawing.trailFormOrigin($0, page: page)) }
        )
        .print(json: pdf.json, toStandardError: pdf.isStandardOutput)
    }
}
