public import ADF
public import Measures
internal import Proctoring
public import Sessions
internal import StylusGeometry
public import TestMaterials

/// The adapter from a session's results to Measures' input: canvas points to millimetres at the
/// file's points per inch, Unix milliseconds to seconds from the first step's start.
public enum FeaturesInk {
    /// The test of `document`; maze steps get their maze from `mazes` (a maze file's or a
    /// battery's, in order), placed on the form as a session places it.
    public static func test(of document: ADFDocument, mazes: [AdministeredMaze] = []) -> InkTest {
        let millimetresPerPoint = 25.4 / document.display.pointsPerInch
        let epoch = document.steps.first?.start.unixMilliseconds ?? 0
        func seconds(_ unixMilliseconds: Double) -> Double { (unixMilliseconds - epoch) / 1000 }
        var formSize: FormSize?
        if let width = document.environment.canvasWidth, let height = document.environment.canvasHeight, width > 0,
            height > 0
        {
            formSize = FormSize(
                widthCentimetres: width * millimetresPerPoint / 10, heightCentimetres: height * millimetresPerPoint / 10
            )
        }
        let placed =
            document.variant == .maze
            ? placedMazes(mazes, steps: document.steps.map(\.identifier), formSize: formSize) : []
        let steps = document.steps.enumerated().map { index, step in
            InkStep(
                identifier: step.identifier, start: seconds(step.start.unixMilliseconds),
                end: seconds(step.end.unixMilliseconds),
                strokes: step.strokes.map {
                    InkStroke(points: inkPoints($0.points, seconds: seconds, millimetresPerPoint: millimetresPerPoint))
                },
                interruptions: step.interruptions.map {
                    InkInterruption(type: $0.type, time: seconds($0.unixMilliseconds))
                },
                maze: index < placed.count ? placed[index] : nil,
                trail: step.trail.map {
                    inkTrail(
                        $0, of: step, formSize: formSize, seconds: seconds, millimetresPerPoint: millimetresPerPoint)
                })
        }
        let assessment: Assessment =
            switch document.variant {
            case .clock: .clock
            case .maze: .maze
            case .symbolDigit: .symbolDigit
            case .trails: .trails
            }
        return InkTest(assessment: assessment, steps: steps, formSize: formSize)
    }

    /// The test of a session kept in memory: its document's, each stroke with the hover samples
    /// between it and the step's stroke before it, each step with the strokes the proctor refused.
    public static func test(of session: SessionInMemory) -> InkTest {
        let document = session.document
        var test = test(of: document, mazes: session.mazes)
        let millimetresPerPoint = 25.4 / document.display.pointsPerInch
        let epoch = document.steps.first?.start.unixMilliseconds ?? 0
        func seconds(_ unixMilliseconds: Double) -> Double { (unixMilliseconds - epoch) / 1000 }
        let hover = session.hover
        for stepIndex in test.steps.indices {
            let strokes = document.steps[stepIndex].strokes.filter { !$0.points.isEmpty }
            var inked = 0
            for strokeIndex in test.steps[stepIndex].strokes.indices
            where !test.steps[stepIndex].strokes[strokeIndex].points.isEmpty {
                defer { inked += 1 }
                guard inked > 0 else { continue }
                // The hover samples from the previous stroke's last sample to this one's first.
                let from = strokes[inked - 1].points.last!.unixMilliseconds
                let to = strokes[inked].points.first!.unixMilliseconds
                let between = hover[
                    firstIndex(in: hover, notBefore: from)..<firstIndex(in: hover, notBefore: to.nextUp)]
                test.steps[stepIndex].strokes[strokeIndex].hoverBefore = inkPoints(
                    Array(between), seconds: seconds, millimetresPerPoint: millimetresPerPoint)
            }
            let refused =
                session.reportsUnrecordedInk ? session.unrecorded.filter { $0.refused && $0.step == stepIndex } : []
            test.steps[stepIndex].refusedStrokes = refused.map {
                InkStroke(points: inkPoints($0.points, seconds: seconds, millimetresPerPoint: millimetresPerPoint))
            }
        }
        return test
    }

    /// A `.tsk` step's `Trail` in the measures' units: its circles back on the form in cm (the
    /// canvas's points at the file's density, as the ink), its times in seconds. The part's time
    /// starts when its instructions' speech ended ("Ready, go"), else at the step's start
    /// (docs/adf-trails.md).
    static func inkTrail(
        _ record: TrailRecord, of step: ADFDocument.Step, formSize: FormSize?, seconds: (Double) -> Double,
        millimetresPerPoint: Double
    ) -> InkTrail {
        let circles = record.circles.map { circle in
            TrailCircle(
                label: circle.label, order: circle.order,
                kind: circle.kind == .letter ? .letter : .number,
                centre: FormPosition(
                    xCentimetres: circle.x * millimetresPerPoint / 10, yCentimetres: circle.y * millimetresPerPoint / 10
                ))
        }
        let part =
            TrailPart.allCases.first { $0.identifier == step.identifier }
            ?? (record.circles.contains { $0.kind == .letter } ? .partB : .partA)
        let layout = TrailLayout(
            name: record.layout, part: part,
            formSize: formSize ?? FormSize(widthCentimetres: 0, heightCentimetres: 0), circles: circles)
        return InkTrail(
            layout: layout,
            start: seconds(step.start.instructions?.spokenUnixMilliseconds ?? step.start.unixMilliseconds),
            arrivals: record.arrivals.map { seconds($0.unixMilliseconds) },
            errors: record.errors.map {
                InkTrail.Error(time: seconds($0.unixMilliseconds), isShift: $0.errorClass == .shift)
            },
            prompts: record.prompts.map { seconds($0.unixMilliseconds) })
    }

    /// The index of the first of `points` (in time order) at or after `unixMilliseconds`.
    static func firstIndex(in points: [PenPoint], notBefore unixMilliseconds: Double) -> Int {
        var (low, high) = (0, points.count)
        while low < high {
            let middle = (low + high) / 2
            if points[middle].unixMilliseconds < unixMilliseconds { low = middle + 1 } else { high = middle }
        }
        return low
    }

    static func inkPoints(_ points: [PenPoint], seconds: (Double) -> Double, millimetresPerPoint: Double) -> [InkPoint]
    {
        points.map { point in
            InkPoint(
                time: seconds(point.unixMilliseconds), xMillimetres: point.x * millimetresPerPoint,
                yMillimetres: point.y * millimetresPerPoint, force: point.measuredForce,
                altitude: point.measuredAltitude,
                azimuth: point.measuredAzimuth)
        }
    }

    /// The maze of each step, in step order: the mazes in order when their identifiers match the
    /// steps', else for each step the first unused maze of its identifier. Nil without a form size.
    static func placedMazes(_ mazes: [AdministeredMaze], steps: [String], formSize: FormSize?) -> [MazeOnForm?] {
        guard let formSize, !mazes.isEmpty else { return [] }
        func placed(_ maze: Maze) -> MazeOnForm { MazeOnForm(maze: maze, origin: maze.origin(onFormOf: formSize)) }
        if mazes.map(\.stepIdentifier).starts(with: steps) { return mazes.prefix(steps.count).map { placed($0.maze) } }
        var unused = mazes
        return steps.map { identifier in
            guard let index = unused.firstIndex(where: { $0.stepIdentifier == identifier }) else { return nil }
            return placed(unused.remove(at: index).maze)
        }
    }
}
