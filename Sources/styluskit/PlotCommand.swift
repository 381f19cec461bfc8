import ADF
import ArgumentParser
import Rendering
import Reports
import Sessions
import SystemErrors
import TestMaterials

/// `styluskit plot RESULTS --out FILE`: pressure, speed and altitude over time, per stroke.
struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plots pressure, speed and altitude over time, one line per stroke, with the interruptions marked.",
        discussion: """
            Three panels share one time axis, in seconds from the start of the test's first step: \
            pressure (normalised force x 1000, as ADF records it), speed (cm/s between consecutive \
            samples) and altitude (degrees; 90 is the pen upright). Each stroke has its own colour; \
            interruptions are dashed magenta lines labelled with their type, and later steps begin \
            at the grey lines.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "The results file (.csk, .msk, .ssk, .tsk).", completion: .file())
    var input: String

    @Option(help: "The plot to write: .png, .svg or .pdf.", completion: .file())
    var out: String

    @Option(help: "Resolution of a PNG plot, in dots per inch.")
    var dpi: Double = 100

    @Flag(help: "Replace an existing plot.")
    var force = false

    @OptionGroup var output: JSONOutput

    func validate() throws {
        _ = try PictureFormat(path: out)
        guard dpi > 0, dpi <= 2400 else {
            throw ValidationError("--dpi \(dpi) is out of range; give 1 to 2400 dots per inch.")
        }
    }

    func run() throws {
        try WrongInputError.checkResultsFile(input)
        let document = try ADFReader.read(path: input).document
        let page = AnalysisPlot(document: document).page()
        try PictureFormat(path: out).write([page], to: out, dotsPerInch: dpi, force: force)
        PlotReport(out: out, document: document).print(json: output.json)
    }
}
