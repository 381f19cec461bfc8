import Foundation
import Testing

@testable import ADF

/// `asStored` against the real thing: a document written by `ADFRecorder` and read back by
/// `ADFReader` must equal the document's `asStored`, value for value, on values chosen to round
/// awkwardly (halves at the fourth decimal, negative zero, milliseconds just under a whole one).
@Suite("Values as a results file stores them")
struct StoredValuesTests {
    @Test("A document written and read back equals its asStored")
    func writtenAndRead() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var generator = SystemRandomNumberGenerator()
        var points: [PenPoint] = [
            PenPoint(
                x: 0.00005, y: -0.00004, altitude: 1.23456789, azimuth: 6.28318, force: 0.0005,
                unixMilliseconds: 1_700_000_000_000.999),
            PenPoint(
                x: 1234.56785, y: 0.12345, altitude: 0.00015, azimuth: 0.00025, force: 1.2345,
                unixMilliseconds: 1_700_000_000_001.5),
        ]
        var time = 1_700_000_000_002.0
        for _ in 0..<500 {
            time += Double.random(in: 0.1...9, using: &generator)
            points.append(
                PenPoint(
                    x: Double.random(in: -10...2000, using: &generator),
                    y: Double.random(in: 0...1500, using: &generator),
                    altitude: Double.random(in: 0...(Double.pi / 2), using: &generator),
                    azimuth: Double.random(in: 0..<(2 * Double.pi), using: &generator),
                    force: Double.random(in: 0...4, using: &generator),
                    unixMilliseconds: time))
        }
        var environment = ClockSketchData()
        environment.canvasWidth = 1366.00005
        environment.canvasHeight = 1024.12345
        let document = ADFDocument(
            variant: .maze, environment: environment,
            steps: [
                ADFDocument.Step(
                    identifier: "mazeStep-choice", start: StepMark(unixMilliseconds: 1_699_999_999_999.9),
                    end: StepMark(unixMilliseconds: time + 0.7),
                    strokes: [
                        ADFDocument.Stroke(
                            beginUnixMilliseconds: points[0].unixMilliseconds, endUnixMilliseconds: time, points: points
                        )
                    ],
                    interruptions: [Interruption(type: "wall-cross", unixMilliseconds: 1_700_000_000_003.25)])
            ],
            display: DisplayData(pixelsPerInch: 264.00005, screenScalingFactor: 2))
        let path = try document.write(to: scratch.file("stored.msk"))
        let read = try ADFReader.read(path: path).document
        let stored = document.asStored
        #expect(read.steps[0].strokes[0].points == stored.steps[0].strokes[0].points)
        #expect(read.steps[0].start == stored.steps[0].start)
        #expect(read.steps[0].end == stored.steps[0].end)
        #expect(read.steps[0].interruptions == stored.steps[0].interruptions)
        #expect(read.environment.canvasWidth == stored.environment.canvasWidth)
        #expect(read.environment.canvasHeight == stored.environment.canvasHeight)
        #expect(read.display.pointsPerInch == stored.display.pointsPerInch)
        // And it did round: the values are not the document's own.
        #expect(stored.steps[0].strokes[0].points[0].unixMilliseconds == 1_700_000_000_000)
        #expect(stored.steps[0].strokes[0].points[0].force == 0.001)
        #expect(stored.steps[0].strokes[0].points[1].x != points[1].x)
    }
}
