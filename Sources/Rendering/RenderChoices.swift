public import ADF
import FormPrinting
public import Proctoring

/// How `render` draws a results file: the picture's look, the step, the resolution, and the
/// frames of an animation (the checks of the same choices, before any input is read, are
/// `PictureChoices`).
public struct RenderChoices: Sendable {
    /// The frames of `--animate`: where they go, how many a second of picture, how many times real speed.
    public struct Animation: Sendable {
        public var directory: String
        public var framesPerSecond: Double
        public var speed: Double

        public init(directory: String, framesPerSecond: Double, speed: Double) {
            (self.directory, self.framesPerSecond, self.speed) = (directory, framesPerSecond, speed)
        }
    }

    /// What was drawn: the picture, the steps it shows (indices) and the frames written (nil without an animation).
    public struct Drawn: Sendable {
        public var picture: ResultsPicture
        public var steps: [Int]
        public var frames: Int?
    }

    public var options: PictureOptions
    /// Draws the symbol-digit form's alternate symbols.
    public var displayMode = false
    /// The one step to draw, from 1; nil for every step.
    public var step: Int?
    public var dotsPerInch = 100.0
    /// Replaces an existing picture and existing frames.
    public var force = false
    public var animation: Animation?

    public init(options: PictureOptions) {
        self.options = options
    }

    /// Draws `document`, read from `file`, into the picture `out` (none when nil) and the frames of
    /// the animation; `unrecorded` is the ink a replay kept out of it.
    ///
    /// - Parameters:
    ///   - mazes: the mazes under a maze test's ink, asked for only once the document has steps.
    ///   - note: told what the user should know (a maze test drawn without its mazes).
    ///   - pictureWritten: told once the picture is written, before the frames, which take a while.
    public func draw(
        _ document: ADFDocument, from file: String, mazes: () throws -> [Maze], unrecorded: UnrecordedInk,
        to out: String?,
        note: (String) -> Void, pictureWritten: (ResultsPicture, [Int]) -> Void
    ) throws -> Drawn {
        guard !document.steps.isEmpty else { throw RenderError.noSteps(file: file) }
        let mazes = try mazes()
        if document.variant == .maze && mazes.isEmpty {
            note(
                "note: results files do not keep their mazes; give --maze FILE or --battery FILE to draw them under the ink."
            )
        }
        let forms = StepForm.forms(of: document, mazes: mazes, displayMode: displayMode)
        let picture = ResultsPicture(document: document, forms: forms, options: options, unrecorded: unrecorded)
        var drawn = Drawn(picture: picture, steps: try picture.steps(choosing: step))
        if let out {
            let pages = drawn.steps.map { picture.page(step: $0) }
            try PictureFormat(path: out).write(pages, to: out, dotsPerInch: dotsPerInch, force: force)
            pictureWritten(picture, drawn.steps)
        }
        if let animation {
            drawn.frames = try picture.writeAnimation(
                steps: drawn.steps, to: animation.directory, framesPerSecond: animation.framesPerSecond,
                speed: animation.speed,
                dotsPerInch: dotsPerInch, force: force)
        }
        return drawn
    }
}
