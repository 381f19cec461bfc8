import Measures
import Proctoring
import StylusGeometry
import Testing

/// The trail making measures (docs/measures.md, "Trail making") on scripted ink along a row of
/// three circles, whose times and lengths are worked out by hand below.
@Suite("Trail making measures")
struct TrailMeasuresTests {
    /// Three circles 10 mm across, centres at x = 10, 40, 70 mm on the line y = 50 mm: the straight
    /// path is 60 mm.
    static let row = TrailLayout(
        name: "row", part: .sampleA, formSize: FormSize(widthCentimetres: 10, heightCentimetres: 10),
        circles: (0..<3).map {
            TrailCircle(
                label: "\($0 + 1)", order: $0 + 1,
                centre: FormPosition(xCentimetres: 1 + 3 * Double($0), yCentimetres: 5))
        })

    static func point(_ x: Double, _ time: Double) -> InkPoint {
        InkPoint(time: time, xMillimetres: x, yMillimetres: 50)
    }

    /// Stroke 1 from circle 1 to circle 2; a 2 s lift inside circle 2; stroke 2 on to circle 3,
    /// held still for 1.5 s at x = 55 mm, between the circles.
    ///
    /// Sample intervals (midpoint inside a circle of radius 5 mm or not):
    /// stroke 1: 10→13 inside (0.1 s), 13→37 between (0.3 s, 24 mm), 37→40 inside (0.1 s);
    /// stroke 2: 40→43 inside (0.1 s), 43→55 between (0.2 s, 12 mm), 55 still 3.8→5.3 between
    /// (1.5 s, 0 mm), 55→67 between (0.2 s, 12 mm), 67→70 inside (0.1 s).
    static let strokes = [
        InkStroke(points: [point(10, 1.0), point(13, 1.1), point(37, 1.4), point(40, 1.5)]),
        InkStroke(points: [
            point(40, 3.5), point(43, 3.6), point(55, 3.8), point(55, 4.3), point(55, 4.8), point(55, 5.3),
            point(67, 5.5),
            point(70, 5.6),
        ]),
    ]

    static func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    @Test("Times inside and between circles, lifts, pauses, speed and the line against the straight path")
    func part() {
        let trail = InkTrail(
            layout: Self.row, start: 0.5, arrivals: [1.0, 1.5, 5.6],
            errors: [InkTrail.Error(time: 2, isShift: true), InkTrail.Error(time: 2.5, isShift: false)], prompts: [3])
        let measures = TrailPartMeasures(Self.strokes, trail: trail)
        #expect(Self.close(measures.completionTime, 5.1))
        #expect(measures.circlesConnected == 3)
        #expect(measures.shiftErrors == 1 && measures.sequenceErrors == 1)
        #expect(measures.prompts == 1)
        #expect(Self.close(measures.timeInsideCircles, 0.4))
        #expect(Self.close(measures.timeBetweenCircles, 2.2))
        #expect(measures.penLifts == 1)
        #expect(Self.close(measures.penUpTime, 2.0))
        // The 2 s lift was inside circle 2: not a pause between circles. The 1.5 s hold at 55 mm is.
        #expect(measures.pauses == 1)
        #expect(Self.close(measures.pauseTime, 1.5))
        #expect(Self.close(measures.meanSpeedBetweenCircles, 48 / 2.2))
        #expect(Self.close(measures.pathLength, 60))
        #expect(Self.close(measures.straightPath, 60))
        #expect(Self.close(measures.pathRatio, 1))
    }

    @Test("A part not finished has no completion time, and its straight path ends at the last circle reached")
    func discontinued() {
        let measures = TrailPartMeasures(
            [Self.strokes[0]], trail: InkTrail(layout: Self.row, start: 0.5, arrivals: [1.0, 1.5]))
        #expect(measures.completionTime == nil)
        #expect(measures.circlesConnected == 2)
        #expect(Self.close(measures.straightPath, 30))
        #expect(Self.close(measures.pathRatio, 1))
        // A lift between circles longer than a second is a pause.
        let lifted = [
            InkStroke(points: [Self.point(10, 1.0), Self.point(25, 1.2)]),
            InkStroke(points: [Self.point(25, 2.7), Self.point(40, 2.9)]),
        ]
        let pausing = TrailPartMeasures(lifted, trail: InkTrail(layout: Self.row, start: 0.5, arrivals: [1.0, 2.9]))
        #expect(pausing.pauses == 1 && Self.close(pausing.pauseTime, 1.5) && Self.close(pausing.penUpTime, 1.5))
    }

    @Test("B − A and B / A need both parts finished")
    func testScores() {
        let a = TrailPartMeasures(
            Self.strokes, trail: InkTrail(layout: Self.row, start: 0.5, arrivals: [1.0, 1.5, 5.6]))
        let b = TrailPartMeasures(
            Self.strokes, trail: InkTrail(layout: Self.row, start: -6.7, arrivals: [1.0, 1.5, 5.6]))
        let scores = TrailTestMeasures(partA: a, partB: b)
        #expect(Self.close(scores.differenceBA, 12.3 - 5.1))
        #expect(Self.close(scores.ratioBA, 12.3 / 5.1))
        let unfinished = TrailPartMeasures(Self.strokes, trail: InkTrail(layout: Self.row, start: 0, arrivals: [1.0]))
        #expect(TrailTestMeasures(partA: a, partB: unfinished) == TrailTestMeasures(partA: nil, partB: nil))
        #expect(TrailTestMeasures(partA: a, partB: unfinished).differenceBA == nil)
    }
}
