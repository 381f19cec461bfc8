import ADF
import Testing

/// `adf validate`'s warnings on valid but suspect files: ink outside the canvas, strokes that
/// begin with a jump (an axis that never reported; a recording cut mid-stroke).
@Suite("Plausibility warnings")
struct PlausibilityTests {
    /// A stroke of `count` points 2 points apart along x from (`x`, `y`), 5 ms apart.
    func stroke(from x: Double, _ y: Double, count: Int = 10, firstAt first: (x: Double, y: Double)? = nil)
        -> ADFDocument.Stroke
    {
        var points = (0..<count).map {
            PenPoint(
                x: x + 2 * Double($0), y: y, altitude: 1, azimuth: 0, force: 0.5,
                unixMilliseconds: 1_000 + 5 * Double($0))
        }
        if let first {
            points[0].x = first.x
            points[0].y = first.y
        }
        return ADFDocument.Stroke(
            beginUnixMilliseconds: 1_000, endUnixMilliseconds: 1_000 + 5 * Double(count - 1), points: points)
    }

    func document(_ strokes: [ADFDocument.Stroke]) -> ADFDocument {
        var environment = ClockSketchData()
        environment.canvasWidth = 768
        environment.canvasHeight = 1024
        return ADFDocument(
            variant: .clock, environment: environment,
            steps: [
                .init(
                    identifier: "clockStep-command", start: StepMark(unixMilliseconds: 0),
                    end: StepMark(unixMilliseconds: 9_000),
                    strokes: strokes)
            ],
            display: .formatDefault)
    }

    @Test("Ink on the canvas drawn smoothly gives no warning")
    func clean() {
        #expect(ADFPlausibility.warnings(for: document([stroke(from: 100, 200), stroke(from: 300, 400)])).isEmpty)
    }

    @Test("Points outside the canvas are counted")
    func outside() {
        let warnings = ADFPlausibility.warnings(
            for: document([stroke(from: -21.83, -21.83, count: 4), stroke(from: 100, 200)]))
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.hasPrefix("4 of 14 points lie outside the canvas (768 x 1024 points)") == true,
            "\(warnings)")
    }

    @Test("A stroke whose first point is far from the rest (y = 0, then 442) is a jump")
    func jump() {
        // 132 points per inch: 1 cm is 52 points; the jump is 442 points, the steps 2.
        let warnings = ADFPlausibility.warnings(
            for: document([stroke(from: 300, 442, firstAt: (300, 0)), stroke(from: 100, 200)]))
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.hasPrefix("1 strokes begin with a jump no pen makes (step 1 stroke 1)") == true,
            "\(warnings)")
    }

    @Test("A fast first step under a centimetre is no jump")
    func quickStart() {
        #expect(ADFPlausibility.warnings(for: document([stroke(from: 300, 400, firstAt: (300, 360))])).isEmpty)
    }
}
