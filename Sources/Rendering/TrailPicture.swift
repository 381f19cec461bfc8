public import ADF
public import FormPrinting
import Foundation
public import StylusGeometry

/// The colours and sizes of a trail making step's picture (issue 30, item 3): its circles as the
/// patient saw them, and each error's wrong circle marked as the patient window marked it.
public enum TrailPictureStyle {
    /// The circles' outline, label and words: the printed form's sizes (FormPrinting's trail form).
    public static let circleLineCentimetres = PageDrawing.trailCircleLineCentimetres
    public static let labelCentimetres = PageDrawing.trailLabelCentimetres
    public static let wordCentimetres = PageDrawing.trailWordCentimetres
    /// A wrong circle's ring sits this far outside its rim, so it never hides the label or the ink in it.
    public static let ringGapCentimetres = 0.12
    public static let ringWidthCentimetres = 0.12
    /// The wrong circle's red: the patient window's "not this one" (PatientWindow's TrailsScreen).
    public static let wrongColour = PrintColour(red: 0.85, green: 0.1, blue: 0.1)
    /// The extra legend line a trail making step's picture has (its outcome, circles, errors, time).
    public static let legendLineCentimetres = 0.5
}

extension ResultsPicture {
    /// The largest circle radius drawn, in centimetres: far beyond any form's page.
    static let largestCircleCentimetres = 1_000.0

    /// The marks of step `index`'s `Trail` (none for other tests): every circle with its label,
    /// "Begin" and "End" under the first and last, and each error decided by `time` (Unix ms; all
    /// when nil) as a red ring and cross on its wrong circle with its number and class above it.
    ///
    /// The circles come from the results file (canvas points, the strokes' space), not from a layout
    /// file, so the picture shows the form the patient had even when its layout file is gone.
    public func trailMarks(step index: Int, upTo time: Double? = nil) -> [PageMark] {
        guard let trail = document.steps[index].trail else { return [] }
        let radius = trail.circleRadius * centimetresPerPoint
        // An invalid file's radius of 309 digits (infinity) or of kilometres kept cairo's arc busy for good; no
        // form's circle is larger than its page, so such circles are left out rather than drawn.
        guard radius.isFinite, radius < Self.largestCircleCentimetres else { return [] }
        var marks: [PageMark] = []
        for circle in trail.circles {
            let centre = formPosition(x: circle.x, y: circle.y)
            marks.append(
                .circle(
                    centre: centre, radiusCentimetres: radius,
                    widthCentimetres: TrailPictureStyle.circleLineCentimetres,
                    colour: .black))
            marks.append(
                .centredText(
                    circle.label, centre: centre, sizeCentimetres: TrailPictureStyle.labelCentimetres, bold: false,
                    colour: .black))
            let word = circle.order == 1 ? "Begin" : (circle.order == trail.circles.count ? "End" : nil)
            if let word {
                marks.append(
                    .centredText(
                        word,
                        centre: FormPosition(
                            xCentimetres: centre.xCentimetres, yCentimetres: centre.yCentimetres + radius + 0.35),
                        sizeCentimetres: TrailPictureStyle.wordCentimetres, bold: true, colour: .black))
            }
        }
        let ring = radius + TrailPictureStyle.ringGapCentimetres + TrailPictureStyle.ringWidthCentimetres / 2
        for (number, error) in trail.errors.enumerated()
        where time.map({ error.unixMilliseconds <= $0 }) ?? true {
            guard let wrong = trail.circles.first(where: { $0.order == error.wrongCircle }) else { continue }
            let centre = formPosition(x: wrong.x, y: wrong.y)
            marks.append(
                .circle(
                    centre: centre, radiusCentimetres: ring, widthCentimetres: TrailPictureStyle.ringWidthCentimetres,
                    colour: TrailPictureStyle.wrongColour))
            // A cross over the ring's diagonals, clear of the label: the window's mark for a wrong circle.
            let arm = ring * 0.94
            let inner = radius * 0.75
            for (dx, dy) in [(1.0, 1.0), (-1.0, 1.0), (1.0, -1.0), (-1.0, -1.0)] {
                let unit = 1 / 2.0.squareRoot()
                marks.append(
                    .line(
                        from: FormPosition(
                            xCentimetres: centre.xCentimetres + dx * unit * inner,
                            yCentimetres: centre.yCentimetres + dy * unit * inner),
                        to: FormPosition(
                            xCentimetres: centre.xCentimetres + dx * unit * arm,
                            yCentimetres: centre.yCentimetres + dy * unit * arm),
                        widthCentimetres: TrailPictureStyle.ringWidthCentimetres, colour: TrailPictureStyle.wrongColour)
                )
            }
            // Above the ring: below it are "End" and, on a sample's zigzag, the circles' words.
            marks.append(
                .centredText(
                    "error \(number + 1) (\(error.errorClass.rawValue))",
                    centre: FormPosition(
                        xCentimetres: centre.xCentimetres, yCentimetres: centre.yCentimetres - ring - 0.25),
                    sizeCentimetres: 0.28, bold: false, colour: TrailPictureStyle.wrongColour))
        }
        return marks
    }

    /// The legend's line for a trail making step, nil for other tests: `trail standard-A: finished,
    /// 25 of 25 circles, time 48.20 s; errors 1 (1 shift, 0 sequence), prompts 0`. The time runs as
    /// `features`' `trail_completion_time_s` does: from the instructions' end to End's arrival.
    public func trailLegend(step index: Int) -> String? {
        let step = document.steps[index]
        guard let trail = step.trail else { return nil }
        let start = step.start.instructions?.spokenUnixMilliseconds ?? step.start.unixMilliseconds
        let finished = trail.outcome == .finished && trail.arrivals.count == trail.circles.count
        let time =
            finished
            ? trail.arrivals.last.map { "time \(String(format: "%.2f", ($0.unixMilliseconds - start) / 1000)) s" }
            : nil
        let shift = trail.errors.count { $0.errorClass == .shift }
        return
            "trail \(trail.layout): \(trail.outcome.rawValue), \(trail.circlesConnected) of \(trail.circles.count) circles"
            + (time.map { ", " + $0 } ?? "")
            + "; errors \(trail.errors.count) (\(shift) shift, \(trail.errors.count - shift) sequence), "
            + "prompts \(trail.prompts.count)"
    }
}
