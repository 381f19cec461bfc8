import Foundation
import Testing

@testable import ADF

/// A point's `absent` attribute (docs/adf-absent-axes.md): written only where the pen did not
/// measure a value, read back by both reading paths, checked by the validator.
@Suite("Absent point values")
struct AbsentValuesTests {
    private func document(_ points: [PenPoint]) -> ADFDocument {
        ADFDocument(
            variant: .maze, environment: ClockSketchData(),
            steps: [
                ADFDocument.Step(
                    identifier: "maze-1", start: StepMark(unixMilliseconds: 1_673_535_664_000),
                    end: StepMark(unixMilliseconds: 1_673_535_665_000),
                    strokes: [
                        ADFDocument.Stroke(
                            beginUnixMilliseconds: points[0].unixMilliseconds,
                            endUnixMilliseconds: points[points.count - 1].unixMilliseconds, points: points)
                    ])
            ])
    }

    private let points = [
        PenPoint(
            x: 708.5, y: 314.5, altitude: .pi / 2, azimuth: 0, force: 1, unixMilliseconds: 1_673_535_664_834,
            absent: [.altitude, .azimuth, .pressure]),
        PenPoint(
            x: 708.6, y: 312.2, altitude: .pi / 2, azimuth: 0, force: 1.239, unixMilliseconds: 1_673_535_664_840,
            absent: .tilt),
        PenPoint(x: 708.7, y: 312.0, altitude: 0.9, azimuth: 2.6374, force: 1.226, unixMilliseconds: 1_673_535_664_846),
    ]

    @Test("absent is written first, only on points that lack a value, with the placeholders beside it")
    func written() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("absent.msk")
        try document(points).write(to: path)
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            xml.contains(
                #"<point absent="altitude azimuth pressure" altitude="1.5708" azimuth="0.0000" pressure="1000" timestamp="1673535664834""#
            ))
        #expect(xml.contains(#"<point absent="altitude azimuth" altitude="1.5708" azimuth="0.0000" pressure="1239""#))
        #expect(xml.contains(#"<point altitude="0.9000" azimuth="2.6374" pressure="1226""#))
        #expect(ADFValidator().validate(path: path) == [])

        let read = try ADFReader.read(path: path).document.steps[0].strokes[0].points
        #expect(read.map(\.absent) == [[.altitude, .azimuth, .pressure], .tilt, []])
        #expect(read.map(\.measuredForce) == [nil, 1.239, 1.226])
        #expect(read.map(\.measuredAltitude) == [nil, nil, 0.9])
        #expect(read.map(\.measuredAzimuth) == [nil, nil, 2.6374])
        // What a session kept in memory holds is what the file reads back.
        #expect(points.map(\.asStored.absent) == read.map(\.absent))
    }

    @Test("the report's words for what a document's pen did not measure")
    func sentences() {
        #expect(
            document(points).absentValueSentences == [
                "tilt (altitude, azimuth) not measured on 2 of 3 points", "pressure not measured on 1 of 3 points",
            ])
        #expect(document([points[2]]).absentValueSentences == [])
    }

    @Test("a word absent does not know is refused by the reader and named by the validator")
    func unknownWord() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("unknown.msk")
        try document(points).write(to: path)
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        try xml.replacingOccurrences(of: #"absent="altitude azimuth""#, with: #"absent="altitude tilt""#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ADFReadError.self) { try ADFReader.read(path: path) }
        let problems = ADFValidator().validate(path: path).map(\.description)
        #expect(
            problems.contains {
                $0.hasSuffix(
                    "absent=\"altitude tilt\" names a value a point does not have; it lists the values the pen did not measure: altitude, azimuth, pressure"
                )
            }, "\(problems)")
    }
}
