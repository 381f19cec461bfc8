public import ADF
public import FormPrinting
import Foundation
import Proctoring
public import StylusGeometry

/// How ink is coloured.
public enum InkColouring: String, Hashable, Sendable, CaseIterable {
    /// From blue at the step's start to red at its end, so the order of drawing shows.
    case time
    /// Each stroke its own colour from a palette of eight.
    case stroke
}

/// What a picture of results shows besides the form and the ink.
public struct PictureOptions: Hashable, Sendable {
    public var colouring: InkColouring
    /// Dashed grey lines from each stroke's end to the next stroke's start.
    public var showsPenUp: Bool
    /// The legend band under the form (test, date, device, duration, strokes, interruptions).
    public var showsLegend: Bool

    public init(colouring: InkColouring = .time, showsPenUp: Bool = false, showsLegend: Bool = true) {
        self.colouring = colouring
        self.showsPenUp = showsPenUp
        self.showsLegend = showsLegend
    }
}

/// The colours and sizes pictures of results use.
public enum PictureStyle {
    /// Interruption markers: a magenta ring, a colour neither the forms nor the ink use.
    public static let interruption = PrintColour(red: 0.85, green: 0, blue: 0.85)
    /// The ring's radius and line width, in cm.
    public static let interruptionRadiusCentimetres = 0.3
    public static let interruptionLineCentimetres = 0.06
    /// Pen-up moves.
    public static let penUp = PrintColour(red: 0.55, green: 0.55, blue: 0.55)
    /// Ink the proctor did not record (refused strokes, ignored ends of strokes): grey at 35 %
    /// opacity, so it reads as "there, but not counted" under the full-strength recorded ink.
    /// Over white it comes out at 1 − 0.35 × (1 − 0.4) = 0.79 of full brightness (201 of 255).
    public static let unrecordedInk = PrintColour(red: 0.4, green: 0.4, blue: 0.4, alpha: 0.35)
    /// The height of the legend band under the form.
    public static let legendHeightCentimetres = 3.4

    /// The eight stroke colours (by stroke), distinct from the magenta of the markers.
    public static let strokePalette: [PrintColour] = [
        PrintColour(red: 0.12, green: 0.47, blue: 0.71), PrintColour(red: 1.0, green: 0.5, blue: 0.05),
        PrintColour(red: 0.17, green: 0.63, blue: 0.17), PrintColour(red: 0.84, green: 0.15, blue: 0.16),
        PrintColour(red: 0.58, green: 0.4, blue: 0.74), PrintColour(red: 0.55, green: 0.34, blue: 0.29),
        PrintColour(red: 0.09, green: 0.75, blue: 0.81), PrintColour(red: 0.74, green: 0.74, blue: 0.13),
    ]

    /// Blue (0) through cyan, green and yellow to red (1).
    public static func timeColour(_ fraction: Double) -> PrintColour {
        let f = min(max(fraction, 0), 1)
        // Hue from 240° (blue) down to 0° (red), full saturation, value 0.85 so yellow stays visible.
        let hue = (1 - f) * 4  // in sextants: 4 = blue, 0 = red
        let x = 1 - abs(hue.truncatingRemainder(dividingBy: 2) - 1)
        let (r, g, b): (Double, Double, Double) =
            switch Int(hue.rounded(.down)) {
            case 0: (1, x, 0)
            case 1: (x, 1, 0)
            case 2: (0, 1, x)
            case 3: (0, x, 1)
            default: (0, 0, 1)
            }
        return PrintColour(red: r * 0.85, green: g * 0.85, blue: b * 0.85)
    }
}

/// A results file drawn at physical size: each step's form, the ink over it, the interruptions
/// marked where they happened, and a legend.
///
/// ADF positions are canvas points; the canvas's density (`DisplayData`) turns them back into
/// form centimetres, so a stroke lies on the form where the pen was on the tablet.
public struct ResultsPicture: Sendable {
    public let document: ADFDocument
    public let forms: [StepForm]
    public let options: PictureOptions
    /// The form the steps were drawn on, in cm: the canvas of `ClockSketchData`.
    public let formSize: FormSize
    /// The ink the proctor kept out of `document`, drawn faintly when known.
    public let unrecorded: UnrecordedInk

    /// - Parameters:
    ///   - document: the results.
    ///   - forms: one per step (`StepForm.forms(of:...)`); missing ones are blank.
    ///   - unrecorded: the ink the proctor did not record, when the document was replayed from a
    ///     recording in memory; a results file read from disk has none (`notInResultsFile`).
    public init(
        document: ADFDocument, forms: [StepForm], options: PictureOptions = PictureOptions(),
        unrecorded: UnrecordedInk = .notInResultsFile
    ) {
        self.document = document
        self.forms = forms
        self.options = options
        self.unrecorded = unrecorded
        formSize = Self.formSize(of: document, forms: forms)
    }

    /// Centimetres per canvas point.
    public var centimetresPerPoint: Double { 2.54 / document.display.pointsPerInch }

    /// The form position of canvas point (`x`, `y`).
    public func formPosition(x: Double, y: Double) -> FormPosition {
        FormPosition(xCentimetres: x * centimetresPerPoint, yCentimetres: y * centimetresPerPoint)
    }

    /// The canvas of the results file in cm; without one, enough for the form and the ink.
    static func formSize(of document: ADFDocument, forms: [StepForm]) -> FormSize {
        let perPoint = 2.54 / document.display.pointsPerInch
        if let width = document.environment.canvasWidth, let height = document.environment.canvasHeight, width > 0,
            height > 0
        {
            var size = FormSize(widthCentimetres: width * perPoint, heightCentimetres: height * perPoint)
            // A canvas smaller than the symbol-digit form (a small tablet that shrank it) is widened
            // to hold the form at its physical size, so pages laid side by side do not overlap.
            if forms.contains(where: { if case .symbolDigit = $0 { return true } else { return false } }) {
                size.widthCentimetres = max(size.widthCentimetres, SymbolDigitForm.size.widthCentimetres)
                size.heightCentimetres = max(size.heightCentimetres, SymbolDigitForm.size.heightCentimetres)
            }
            return size
        }
        var width = 10.0
        var height = 10.0
        for form in forms {
            switch form {
            case .symbolDigit:
                width = max(width, SymbolDigitForm.size.widthCentimetres + 2)
                height = max(height, SymbolDigitForm.size.heightCentimetres + 2)
            case .maze(let maze):
                width = max(width, Double(maze.columns + 4) * maze.cellSizeCentimetres)
                height = max(height, Double(maze.rows + 4) * maze.cellSizeCentimetres)
            case .clockToCopy:
                width = max(width, StepForm.clockRadiusCentimetres * 2 + 2)
                height = max(height, StepForm.clockRadiusCentimetres * 2 + 2)
            case .blank: break
            }
        }
        for step in document.steps {
            for stroke in step.strokes {
                for point in stroke.points {
                    width = max(width, point.x * perPoint + 1)
                    height = max(height, point.y * perPoint + 1)
                }
            }
        }
        return FormSize(widthCentimetres: width, heightCentimetres: height)
    }

    /// The page of step `index`: the form, the ink drawn up to `time` (Unix ms; all of it when
    /// nil), the interruptions up to then, and the legend band under the form.
    public func page(step index: Int, upTo time: Double? = nil) -> PageDrawing {
        let step = document.steps[index]
        // A trail making step's legend has one line more: its outcome, circles, time and errors.
        let legend =
            options.showsLegend
            ? PictureStyle.legendHeightCentimetres
                + (step.trail == nil ? 0 : TrailPictureStyle.legendLineCentimetres) : 0
        var page = PageDrawing(
            size: FormSize(
                widthCentimetres: formSize.widthCentimetres, heightCentimetres: formSize.heightCentimetres + legend))
        let form = index < forms.count ? forms[index] : .blank
        page.marks += form.marks(on: formSize)
        page.marks += trailMarks(step: index, upTo: time)
        // Under the recorded ink, so that where the two cross the recorded ink stays full strength.
        page.marks += unrecordedMarks(step: index, upTo: time)
        page.marks += inkMarks(step, upTo: time)
        page.marks += interruptionMarks(step: index, upTo: time)
        if options.showsLegend { page.marks += legendMarks(step: index, at: time) }
        return page
    }

    /// Every step's page, in order.
    public func pages() -> [PageDrawing] {
        document.steps.indices.map { page(step: $0) }
    }

    /// The step's start and end in Unix ms: its marks, widened to its ink.
    func span(of step: ADFDocument.Step) -> (start: Double, end: Double) {
        var start = step.start.unixMilliseconds
        var end = step.end.unixMilliseconds
        for stroke in step.strokes {
            for point in stroke.points {
                start = min(start, point.unixMilliseconds)
                end = max(end, point.unixMilliseconds)
            }
        }
        return (start, max(end, start))
    }

    func inkMarks(_ step: ADFDocument.Step, upTo time: Double?) -> [PageMark] {
        let (start, end) = span(of: step)
        let duration = end - start
        var marks: [PageMark] = []
        var previousEnd: FormPosition?
        for (number, stroke) in step.strokes.enumerated() {
            let points = time.map { limit in stroke.points.filter { $0.unixMilliseconds <= limit } } ?? stroke.points
            guard let first = points.first else { continue }
            func colour(_ point: PenPoint) -> PrintColour {
                switch options.colouring {
                case .time: PictureStyle.timeColour(duration > 0 ? (point.unixMilliseconds - start) / duration : 0)
                case .stroke: PictureStyle.strokePalette[number % PictureStyle.strokePalette.count]
                }
            }
            let firstPosition = formPosition(x: first.x, y: first.y)
            if options.showsPenUp, let previousEnd {
                marks.append(
                    .path(
                        [previousEnd, firstPosition], widthCentimetres: 0.02, colour: PictureStyle.penUp,
                        dashCentimetres: 0.1))
            }
            if points.count == 1 {
                marks.append(
                    .path(
                        [firstPosition], widthCentimetres: InkWidth.centimetres(force: first.force),
                        colour: colour(first),
                        dashCentimetres: nil))
            }
            // One segment per pair of samples: width and colour change along the stroke.
            for (a, b) in zip(points, points.dropFirst()) {
                marks.append(
                    .path(
                        [formPosition(x: a.x, y: a.y), formPosition(x: b.x, y: b.y)],
                        widthCentimetres: InkWidth.centimetres(force: (a.force + b.force) / 2), colour: colour(a),
                        dashCentimetres: nil))
            }
            previousEnd = formPosition(x: points[points.count - 1].x, y: points[points.count - 1].y)
        }
        return marks
    }

    /// The marks of the ink the proctor did not record in step `index`, up to `time` (Unix ms; all
    /// of it when nil): one faint grey line per stroke, its width from the stroke's mean force.
    ///
    /// One path per stroke, not one per pair of samples as for recorded ink: overlapping
    /// translucent segments would darken where they meet, and the ink would no longer be faint.
    func unrecordedMarks(step index: Int, upTo time: Double?) -> [PageMark] {
        unrecorded.strokes(ofStep: index).compactMap { stroke in
            let points = time.map { limit in stroke.points.filter { $0.unixMilliseconds <= limit } } ?? stroke.points
            guard !points.isEmpty else { return nil }
            let force = points.reduce(0) { $0 + $1.force } / Double(points.count)
            return .path(
                points.map { formPosition(x: $0.x, y: $0.y) }, widthCentimetres: InkWidth.centimetres(force: force),
                colour: PictureStyle.unrecordedInk, dashCentimetres: nil)
        }
    }

    /// Where an interruption happened: the last sample of the step at or before its time; the
    /// step's first sample if it came before any; nil in a step without ink.
    public func position(of interruption: Interruption, in step: ADFDocument.Step) -> FormPosition? {
        position(of: interruption, among: step.strokes.map(\.points))
    }

    /// Where an interruption of step `index` happened, as `position(of:in:)` says, counting the
    /// ink the proctor did not record too: a `start-far` interruption comes at the touch-down of
    /// the stroke it refused, which only the unrecorded ink holds.
    public func position(of interruption: Interruption, inStep index: Int) -> FormPosition? {
        position(
            of: interruption,
            among: document.steps[index].strokes.map(\.points) + unrecorded.strokes(ofStep: index).map(\.points))
    }

    private func position(of interruption: Interruption, among strokes: [[PenPoint]]) -> FormPosition? {
        var best: PenPoint?
        var first: PenPoint?
        for points in strokes {
            for point in points {
                if first.map({ point.unixMilliseconds < $0.unixMilliseconds }) ?? true { first = point }
                if point.unixMilliseconds <= interruption.unixMilliseconds,
                    best.map({ point.unixMilliseconds >= $0.unixMilliseconds }) ?? true
                {
                    best = point
                }
            }
        }
        return (best ?? first).map { formPosition(x: $0.x, y: $0.y) }
    }

    func interruptionMarks(step index: Int, upTo time: Double?) -> [PageMark] {
        let step = document.steps[index]
        let start = span(of: step).start
        var marks: [PageMark] = []
        for interruption in step.interruptions where time.map({ interruption.unixMilliseconds <= $0 }) ?? true {
            guard let at = position(of: interruption, inStep: index) else { continue }
            let r = PictureStyle.interruptionRadiusCentimetres
            marks.append(
                .circle(
                    centre: at, radiusCentimetres: r, widthCentimetres: PictureStyle.interruptionLineCentimetres,
                    colour: PictureStyle.interruption))
            let seconds = (interruption.unixMilliseconds - start) / 1000
            marks.append(
                .text(
                    "\(interruption.type) \(String(format: "%.2f", seconds)) s",
                    at: FormPosition(xCentimetres: at.xCentimetres + r * 1.3, yCentimetres: at.yCentimetres - r * 1.3),
                    sizeCentimetres: 0.32, colour: .black))
        }
        return marks
    }

    /// The test's name as a person reads it.
    public var testName: String {
        switch document.variant {
        case .clock: "clock drawing"
        case .maze: "maze"
        case .symbolDigit: "symbol digit"
        case .trails: "trail making"
        }
    }

    func legendMarks(step index: Int, at time: Double?) -> [PageMark] {
        let step = document.steps[index]
        let top = formSize.heightCentimetres
        var marks: [PageMark] = [
            .line(
                from: FormPosition(xCentimetres: 0, yCentimetres: top),
                to: FormPosition(xCentimetres: formSize.widthCentimetres, yCentimetres: top),
                widthCentimetres: 0.02, colour: PictureStyle.penUp)
        ]
        let (start, end) = span(of: step)
        let environment = document.environment
        let device =
            environment.deviceModel.map { name in environment.deviceModelIdentifier.map { "\(name) (\($0))" } ?? name }
            ?? "unknown"
        let types = Dictionary(grouping: step.interruptions, by: \.type).map { "\($1.count) \($0)" }.sorted()
        let pointCount = step.strokes.reduce(0) { $0 + $1.points.count }
        var lines = [
            "\(testName) test, step \(index + 1) of \(document.steps.count): \(step.identifier)"
                + (step.start.clockTime.map { ", clock time \($0.attribute)" } ?? ""),
            "date \(Self.date(start))",
            "device \(device)",
            durationLegend(step: step, span: end - start)
                + "   strokes \(step.strokes.count) (\(counted(pointCount, "point")))",
            unrecordedLegend(step: index),
            "interruptions \(step.interruptions.count)" + (types.isEmpty ? "" : ": " + types.joined(separator: ", ")),
        ]
        if let trail = trailLegend(step: index) { lines.append(trail) }
        for (number, line) in lines.enumerated() {
            marks.append(
                .text(
                    line, at: FormPosition(xCentimetres: 0.5, yCentimetres: top + 0.6 + Double(number) * 0.5),
                    sizeCentimetres: 0.32,
                    colour: .black))
        }
        // An animation frame's time goes beside the date (short), so the band keeps six lines.
        if let time {
            marks.append(
                .text(
                    "t = \(String(format: "%.2f", max(0, time - start) / 1000)) s",
                    at: FormPosition(xCentimetres: max(7, formSize.widthCentimetres - 3.5), yCentimetres: top + 1.1),
                    sizeCentimetres: 0.32,
                    colour: .black))
        }
        return marks
    }

    /// The legend's durations, each named for what it is as the report and `adf show` name them:
    /// `wall time 12.34 s` (the step's span, pauses included), and for a step the operator paused,
    /// `, paused time 3.00 s, time drawing 9.34 s`.
    func durationLegend(step: ADFDocument.Step, span: Double) -> String {
        let wall = "wall time \(String(format: "%.2f", span / 1000)) s"
        let paused = ADFSummary.pausedMilliseconds(of: step)
        guard paused > 0 else { return wall }
        return wall + ", paused time \(String(format: "%.2f", Double(paused) / 1000)) s, "
            + "time drawing \(String(format: "%.2f", max(0, span - Double(paused)) / 1000)) s"
    }

    /// The legend's line on refused ink: how many refused strokes (and ignored ends of strokes)
    /// are drawn faintly on step `index`, or that a results file cannot tell.
    public func unrecordedLegend(step index: Int) -> String {
        guard case .known = unrecorded else { return "refused strokes: not in results files; render the recording" }
        let strokes = unrecorded.strokes(ofStep: index)
        let refused = strokes.count { $0.reason == .refused }
        let ignored = strokes.count { $0.reason == .ignoredRest }
        if refused == 0 && ignored == 0 { return "refused strokes 0" }
        return "refused strokes \(refused)" + (ignored > 0 ? ", ignored stroke ends \(ignored)" : "")
            + " (drawn faint grey)"
    }

    /// A Unix time in ms as `2023-01-18 00:00:00 UTC`.
    static func date(_ unixMilliseconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss 'UTC'"
        return formatter.string(from: Date(timeIntervalSince1970: unixMilliseconds / 1000))
    }

    /// The frames of an animated replay of step `index`: one every 1/`framesPerSecond` s of
    /// picture, `speed` s of drawing per s of picture, from the step's start to its end.
    public func frameTimes(step index: Int, framesPerSecond: Double, speed: Double) -> [Double] {
        let (start, end) = span(of: document.steps[index])
        let interval = 1000 * speed / framesPerSecond
        let count = Int(((end - start) / interval).rounded(.up)) + 1
        return (0..<count).map { min(start + Double($0) * interval, end) }
    }
}
