public import ADF
import Foundation
public import Rendering
public import Sessions
import StylusGeometry

/// What `render` prints: the picture and the animation frames it wrote.
public struct RenderReport: CommandReport {
    /// The frames of `--animate`.
    public struct Animation: Encodable, Sendable {
        /// The folder the frames were written to.
        public var directory: String
        /// How many frames were written.
        public var frames: Int
        /// One decimal, as printed.
        @Decimals<1, Double> public var framesPerSecond: Double
        /// One decimal, as printed.
        @Decimals<1, Double> public var speed: Double

        enum CodingKeys: CodingKey { case directory, frames, framesPerSecond, speed }
    }

    /// The picture written; nil when only --animate was given.
    public var out: String?
    /// The test's name as the picture's legend gives it (`clock drawing`, `maze`, `symbol digit`).
    public var test: String
    /// The steps drawn.
    public var steps: Int
    /// The form's size in centimetres.
    public var form: Centimetres
    /// Strokes the proctor refused, drawn faint grey; nil from a results file, which does not record them.
    public var refusedStrokes: Int?
    /// Rests of strokes the proctor stopped recording, drawn faint grey; nil from a results file.
    public var ignoredStrokeEnds: Int?
    /// The frames written; nil without --animate.
    public var animation: Animation?

    /// The report of `picture`'s `steps` (indices) written to `out`, and of the frames in `animation`.
    public init(out: String?, picture: ResultsPicture, steps: [Int], animation: Animation?) {
        self.out = out
        test = picture.testName
        self.steps = steps.count
        form = Centimetres(picture.formSize)
        if case .known = picture.unrecorded {
            let strokes = steps.flatMap { picture.unrecorded.strokes(ofStep: $0) }
            refusedStrokes = strokes.count { $0.reason == .refused }
            ignoredStrokeEnds = strokes.count { $0.reason == .ignoredRest }
        }
        self.animation = animation
    }

    /// The report of what `choices` drew into `out`.
    public init(out: String?, drawn: RenderChoices.Drawn, choices: RenderChoices) {
        let animation = choices.animation.flatMap { animation in
            drawn.frames.map {
                Animation(
                    directory: animation.directory, frames: $0, framesPerSecond: animation.framesPerSecond,
                    speed: animation.speed)
            }
        }
        self.init(out: out, picture: drawn.picture, steps: drawn.steps, animation: animation)
    }

    /// The picture's line, if one was written.
    public var pictureLine: String? {
        guard let out else { return nil }
        var line =
            "\(out): \(test) test, \(steps) step\(steps == 1 ? "" : "s") on a "
            + "\(fixed(form.width, 2)) x \(fixed(form.height, 2)) cm form"
        if let refusedStrokes, let ignoredStrokeEnds {
            line += ", refused strokes \(refusedStrokes), ignored stroke ends \(ignoredStrokeEnds) (drawn faint grey)"
        }
        return line
    }

    /// The animation's line, if frames were written.
    public var animationLine: String? {
        animation.map {
            "\($0.directory): \(counted($0.frames, "frame")) at \(fixed($0.framesPerSecond, 1)) frames per second, \(fixed($0.speed, 1)) x real speed"
        }
    }

    /// The lines `render` prints: the picture and the animation's frames.
    public var text: String {
        [pictureLine, animationLine].compactMap { $0 }.joined(separator: "\n")
    }
}

/// What `plot` prints: the plot it wrote and what it counts.
public struct PlotReport: CommandReport {
    /// The plot written, by its path.
    public var out: String
    /// The strokes of every step.
    public var strokes: Int
    /// The interruptions of every step.
    public var interruptions: Int
    /// The results file's steps.
    public var steps: Int

    /// The report of `document` plotted to `out`.
    public init(out: String, document: ADFDocument) {
        self.out = out
        strokes = document.steps.reduce(0) { $0 + $1.strokes.count }
        interruptions = document.steps.reduce(0) { $0 + $1.interruptions.count }
        steps = document.steps.count
    }

    /// The line `plot` prints.
    public var text: String {
        "\(out): \(counted(strokes, "stroke")), \(counted(interruptions, "interruption")), \(counted(steps, "step"))"
    }
}

extension UnrecordedInk {
    /// The ink a replay in memory kept out of its results, by step, as `render` draws it faint.
    public init(replayed session: SessionInMemory) {
        var strokes = Array(repeating: [UnrecordedStroke](), count: session.document.steps.count)
        for stroke in session.unrecorded where strokes.indices.contains(stroke.step) {
            strokes[stroke.step].append(
                UnrecordedStroke(reason: stroke.refused ? .refused : .ignoredRest, points: stroke.points))
        }
        self = .known(strokes)
    }
}
