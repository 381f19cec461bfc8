/// What a well-formed results file can still hold that is almost certainly wrong: ink outside the
/// canvas, and strokes that begin with a jump no pen makes. Warnings, not problems: the file is
/// valid ADF, but its mapping or its recording is suspect (issue 17: a recording with an axis that
/// never reported, or cut mid-stroke, used to give points at coordinate 0).
public enum ADFPlausibility {
    /// A stroke's first step counts as a jump when it is longer than this many times the stroke's
    /// median step and longer than `minimumJumpCentimetres`: a pen sampled at 100-300 Hz moves a
    /// few points between samples, and a missing axis jumps by the whole canvas.
    public static let jumpFactor = 20.0
    public static let minimumJumpCentimetres = 1.0

    /// The warnings for `document`, each a sentence with what to check.
    public static func warnings(for document: ADFDocument) -> [String] {
        var warnings: [String] = []
        let points = document.steps.flatMap { $0.strokes.flatMap(\.points) }
        if let width = document.environment.canvasWidth, let height = document.environment.canvasHeight, width > 0,
            height > 0
        {
            let outside = points.filter { $0.x < 0 || $0.y < 0 || $0.x > width || $0.y > height }.count
            if outside > 0 {
                warnings.append(
                    "\(outside) of \(points.count) points lie outside the canvas (\(Int(width)) x \(Int(height)) points): "
                        + "the tablet's mapping or profile is probably wrong; check the profile with `styluskit info` on the recording."
                )
            }
        }
        let pointsPerCentimetre = document.display.pointsPerInch / 2.54
        var jumps: [String] = []
        for (stepIndex, step) in document.steps.enumerated() {
            for (strokeIndex, stroke) in step.strokes.enumerated() where stroke.points.count >= 3 {
                let steps = zip(stroke.points, stroke.points.dropFirst()).map { distance($0, $1) }
                let median = steps.dropFirst().sorted()[(steps.count - 1) / 2]
                let first = steps[0]
                if first > minimumJumpCentimetres * pointsPerCentimetre && first > jumpFactor * max(median, 0.01) {
                    jumps.append("step \(stepIndex + 1) stroke \(strokeIndex + 1)")
                }
            }
        }
        if !jumps.isEmpty {
            let shown =
                jumps.prefix(3).joined(separator: ", ") + (jumps.count > 3 ? " and \(jumps.count - 3) more" : "")
            warnings.append(
                "\(jumps.count) strokes begin with a jump no pen makes (\(shown)): the symptom of an axis that did not report "
                    + "or of a recording cut mid-stroke; replay the recording again with a current StylusKit.")
        }
        return warnings
    }

    private static func distance(_ a: PenPoint, _ b: PenPoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
