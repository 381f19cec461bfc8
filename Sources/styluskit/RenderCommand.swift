import ADF
public import ArgumentParser
import Batch
import FileLocations
import Foundation
import Rendering
import Reports
import Sessions
import SystemErrors
import TestMaterials

/// `styluskit render RESULTS|RECORDING --out FILE`: the form with the ink over it, at physical size.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Draws a results file (or a recording, replayed in memory) as a picture: the form at physical size with the ink over it.",
        discussion: """
            The ink's width follows the pressure; its colour the time within the step (blue to red) or \
            the stroke (--colour stroke). Every interruption is marked with a magenta ring at the last \
            sample before it, labelled with its type and its time from the step's start. A legend under \
            the form gives the test, date, device, duration, strokes and interruptions.

            Results files do not record the strokes the proctor refused (a maze stroke begun far from \
            the start or from where the path must resume) nor the rest of a stroke it stopped \
            recording (after a wall cross, or a step ending under the pen). Rendered from a recording, \
            that ink is drawn faint grey under the recorded ink and counted in the legend.

            A .pdf has one page per step. A .png or .svg shows the step of --step, or all steps side by \
            side. Results files do not carry the mazes: give --maze or --battery for a .msk. A recording \
            (any file that is not .csk, .msk, .ssk or .tsk) is replayed as 'replay' would with --test and the \
            same options, into a temporary results file that is removed afterwards.

            --animate DIR writes numbered PNG frames (frame-00001.png, ...) of the drawing being made, \
            --fps frames per second of picture at --speed times real speed, one step after the other; \
            'ffmpeg -framerate FPS -i DIR/frame-%05d.png out.mp4' makes a video of them.
            """ + "\n\n" + ExitStatus.help)

    @Argument(
        help: ArgumentHelp(
            "The results file (.csk, .msk, .ssk, .tsk) or a recording (with --test).",
            discussion:
                "Several, a directory (every results file under it, or every recording with --test) or - (a list on standard "
                + "input) draw each into --out, then a directory: NAME.png (or --format), named after the input, with its folders in "
                + "front where two names would be the same; on up to --jobs threads."), completion: .file())
    var inputs: [String]

    @Option(
        help: "The picture to write: .png, .pdf or .svg (with several inputs, the directory to write them into).",
        completion: .file())
    var out: String?

    @Option(help: "With several inputs: the pictures' format, png, pdf or svg.")
    var format = "png"

    @Option(help: "With several inputs: pictures drawn at once (default: the number of cores).")
    var jobs: Int?

    @Flag(help: "With several inputs: no progress line and no summary line.")
    var quiet = false

    @Option(help: "Colour the ink by time or by stroke.")
    var colour: InkColouring = .time

    @Flag(help: "Draw the pen-up moves between strokes as dashed grey lines.")
    var penUp = false

    @Option(
        help: "Draw only this step (from 1); by default a PDF has every step, a PNG or SVG every step side by side.")
    var step: Int?

    @Option(help: "Resolution of PNG pictures and frames, in dots per inch.")
    var dpi: Double = 100

    @Flag(help: "Draw the symbol-digit form's alternate symbols (for publishable figures).")
    var displayMode = false

    @Flag(help: "Leave out the legend under the form.")
    var noLegend = false

    @Flag(help: "Replace an existing picture (and the frames of --animate).")
    var force = false

    @Option(help: "Also write numbered PNG frames of the drawing being made into this directory.", completion: .file())
    var animate: String?

    @Option(help: "Frames per second of the animation.")
    var fps: Double = 10

    @Option(help: "How many times real speed the animation runs.")
    var speed: Double = 1

    @OptionGroup var output: JSONOutput

    @OptionGroup(title: "Replaying recordings") var replaying: ReplaySessionOptions

    /// The test of recordings (results files say theirs), and the mazes of a maze test's.
    var test: TestKind? { replaying.test }
    var maze: String? { replaying.maze }
    var battery: String? { replaying.battery }

    /// True when the inputs are several (or a directory, or -): pictures go into the --out directory.
    var isBatch: Bool { BatchInputs.areSeveral(inputs) }

    func validate() throws {
        guard !inputs.isEmpty else {
            throw ValidationError("Give a results file or a recording to draw (or several, a directory, or -).")
        }
        do {
            try PictureChoices.checkOutputs(several: isBatch, out: out, animate: animate, format: format)
        } catch let error as PictureChoiceError {
            throw ValidationError("\(error)")
        }
        if isBatch { try checkJobs(jobs) }
        do {
            try PictureChoices.checkDrawing(
                dotsPerInch: dpi, framesPerSecond: fps, speed: speed, maze: maze, battery: battery)
            // A recording is replayed as `replay` would, so its options are checked as `replay` checks them.
            if let test { try RecordingReplay.checkMazeOptions(test: test, maze: maze, battery: battery) }
            try RecordingReplay.checkStartTime(replaying.startTime)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    func run() throws {
        guard isBatch else {
            let report = try render(inputs[0], to: out, printing: !output.json)
            if output.json { report.print(json: true) }
            return
        }
        let batch = try BatchRun(
            "styluskit render", inputs,
            takes: { test == nil ? ADFReader.variant(path: $0) != nil : InputFileKind(path: $0).isRecording },
            quiet: quiet)
        let directory = out ?? "."
        try OutputDirectory.create(directory)
        let names = batch.names
        let outcomes = batch.run(jobs: jobs) { index, file in
            let picture = (directory as NSString).appendingPathComponent(names[index] + "." + format)
            return try render(file, to: picture, printing: false).output(json: output.json)
        }
        for case .success(let line) in outcomes.map(\.result) { print(line) }
        try batch.end(outcomes, json: output.json)
    }

    /// Draws `input` (a results file, or a recording replayed in memory) into `out`; prints each
    /// line as it is done when `printing`; returns the report.
    func render(_ input: String, to out: String?, printing: Bool) throws -> RenderReport {
        if ADFReader.variant(path: input) != nil {
            // A PDF or a table named .csk is named as what it is, not as broken XML.
            try WrongInputError.checkResultsFile(input)
            return try render(try ADFReader.read(path: input).document, from: input, to: out, printing: printing)
        }
        // A PDF or a picture is named as what it is, not as a recording given without --test.
        try WrongInputError.checkRecording(input)
        guard let test else { throw RenderError.needsTest(file: input) }
        // The recording is replayed exactly as `replay` would, in memory: no results file is written.
        try RecordingReplay.refuseJournal(input, descriptionFile: replaying.descriptionFile, out: nil)
        let session = try replaying.replay(input, test: test).runInMemory(note: { printError($0) })
        return try render(
            session.document, from: input, to: out, unrecorded: UnrecordedInk(replayed: session), printing: printing)
    }

    /// Draws `document`, read from `file`, into `out` (and the frames of --animate), with the ink a
    /// replay kept out of it when it was replayed from a recording.
    func render(
        _ document: ADFDocument, from file: String, to out: String?, unrecorded: UnrecordedInk = .notInResultsFile,
        printing: Bool
    ) throws -> RenderReport {
        var choices = RenderChoices(
            options: PictureOptions(colouring: colour, showsPenUp: penUp, showsLegend: !noLegend))
        (choices.displayMode, choices.step, choices.dotsPerInch, choices.force) = (displayMode, step, dpi, force)
        choices.animation = animate.map { RenderChoices.Animation(directory: $0, framesPerSecond: fps, speed: speed) }
        let drawn = try choices.draw(
            document, from: file, mazes: { try MazeTestMazes.load(maze: maze, battery: battery).map(\.maze) },
            unrecorded: unrecorded,
            to: out, note: { printError($0) },
            pictureWritten: { picture, steps in
                // Said before the frames are made, which takes a while.
                if printing,
                    let line = RenderReport(out: out, picture: picture, steps: steps, animation: nil).pictureLine
                {
                    print(line)
                }
            })
        let report = RenderReport(out: out, drawn: drawn, choices: choices)
        if printing, let line = report.animationLine { print(line) }
        return report
    }
}

extension InkColouring: ExpressibleByArgument {}
