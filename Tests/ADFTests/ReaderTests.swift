import Foundation
import Testing

@testable import ADF

@Suite("ADF reader: round trip, golden files, older generation, streaming")
struct ReaderTests {
    @Test("model -> file -> model is the identity on generated sessions", arguments: 1...12)
    func roundTrip(seed: UInt64) throws {
        var generator = SessionGenerator(seed: seed)
        let document = generator.document()
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("session.\(document.variant.fileExtension)")
        try document.write(to: path)
        let file = try ADFReader.read(path: path)
        #expect(file.document == document, "seed \(seed)")
        if file.document != document {
            for (a, b) in zip(file.document.steps, document.steps) where a != b {
                Issue.record("seed \(seed): step read \(a)\nwritten \(b)")
            }
            if file.document.environment != document.environment {
                Issue.record("environment read \(file.document.environment)\nwritten \(document.environment)")
            }
            if file.document.display != document.display {
                Issue.record("display read \(file.document.display)\nwritten \(document.display)")
            }
        }
    }

    @Test("The golden .csk reads back as the facts its text shows")
    func goldenClock() throws {
        let file = try ADFReader.read(path: "\(goldenDirectory)/clock-small.csk")
        let document = file.document
        #expect(document.variant == .clock)
        #expect(file.formatVersion == nil)
        #expect(document.environment.deviceModel == "Wacom Intuos S Pen")
        #expect(document.environment.canvasHeight == 1004.5)
        #expect(document.environment.originalOrigin == .init(x: 0, y: 20))
        #expect(document.steps.map(\.identifier) == ["clockStep-command", "clockStep-copy"])
        #expect(
            document.steps[1].start == StepMark(unixMilliseconds: 1_673_535_664_692, brightness: 0.3927, volume: 0.6505)
        )
        #expect(document.steps.map { $0.strokes.map(\.points.count) } == [[3, 2], [2]])
        #expect(file.drawings.map(\.strokeNumbers) == [[1, 2], [3]])
        #expect(file.drawings.map(\.container) == ["symbol", "symbol"])
        // <point altitude="1.2100" azimuth="0.6000" pressure="863" timestamp="1673535658700"
        // x="101.2500" y="199.6250"/>
        #expect(
            document.steps[0].strokes[0].points[1]
                == PenPoint(
                    x: 101.25, y: 199.625, altitude: 1.21, azimuth: 0.6, force: 0.863,
                    unixMilliseconds: 1_673_535_658_700))
        // StartTime: 1673535658692.3 in the first RawData block.
        #expect(document.steps[0].strokes[0].beginUnixMilliseconds == 1_673_535_658_692.3)
        #expect(file.drawings[0].rawData?.hasPrefix("Number of strokes: 2\nStrokeID: 0\n") == true)
        #expect(document.display == .referenceTablet)
    }

    @Test("A file of the older generation, version 2.0 with attributes on drawing, reads fine")
    func olderGeneration() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("old.ssk")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <SymbolDigitSketchXMLFile version="2.0" creator="pen-on-paper">
          <ClockSketchData>
            <PenID value="AJX-0001" model="digital pen"/>
            <OriginalOrigin x="0" y="0"/>
          </ClockSketchData>
          <PenData>
            <drawing type="SYMBOLDIGIT" setID="3" structureID="symbol-digit" page="12" pen="AJX-0001">
              <strokes>
                <stroke index="1" color="blue">
                  <point x="10.5" y="20.25" timestamp="1300000000000" force="12"/>
                  <point x="11" y="21" timestamp="1300000000013"/>
                </stroke>
              </strokes>
            </drawing>
            <drawing type="SYMBOLDIGIT" setID="3" structureID="digit-digit" page="13">
              <strokes/>
            </drawing>
          </PenData>
        </SymbolDigitSketchXMLFile>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let file = try ADFReader.read(path: path)
        #expect(file.formatVersion == "2.0")
        #expect(file.rootAttributes.map(\.name) == ["version", "creator"])
        #expect(file.document.variant == .symbolDigit)
        #expect(file.otherEnvironmentFacts.map(\.name) == ["PenID"])
        #expect(file.otherEnvironmentFacts.first?["model"] == "digital pen")
        #expect(file.drawings[0].attributes.map(\.name) == ["type", "setID", "structureID", "page", "pen"])
        #expect(file.document.steps.map(\.drawingTags) == [.symbolDigit(setID: "3"), .digitDigit(setID: "3")])
        let points = file.document.steps[0].strokes[0].points
        #expect(points.map(\.x) == [10.5, 11])
        #expect(points.map(\.unixMilliseconds) == [1_300_000_000_000, 1_300_000_000_013])
        #expect(points.map(\.force) == [0, 0])
        #expect(file.hasDisplayData == false)
        #expect(file.taskStepCount == 0)
        // Without TaskData the step spans its strokes.
        #expect(file.document.steps[0].start.unixMilliseconds == 1_300_000_000_000)
        #expect(file.document.steps[0].end.unixMilliseconds == 1_300_000_000_013)
    }

    @Test("forEachPoint hands over every point in order and keeps none")
    func streamingPoints() throws {
        let document = sampleClockDocument()
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("s.csk")
        try document.write(to: path)
        var seen: [(Int, Int?, Double)] = []
        let file = try ADFReader.forEachPoint(path: path) { seen.append(($0.step, $0.strokeNumber, $0.point.x)) }
        // sampleClockDocument: strokes of 3 and 2 points at x 100/150 + 1.25 i, then 2 at 300.
        #expect(seen.map(\.0) == [0, 0, 0, 0, 0, 1, 1])
        #expect(seen.map(\.1) == [1, 1, 1, 2, 2, 3, 3])
        #expect(seen.map(\.2) == [100, 101.25, 102.5, 150, 151.25, 300, 301.25])
        #expect(file.pointCount == 7)
        #expect(file.document.steps.allSatisfy { $0.strokes.allSatisfy(\.points.isEmpty) })
        #expect(file.drawings.allSatisfy { $0.rawData == nil })
        // Stroke start times still come from RawData (StartTime ...658692.3).
        #expect(file.document.steps[0].strokes[0].beginUnixMilliseconds == 1_673_535_658_692.3)
    }

    @Test("The deny-all entity loader is in place while a file is read")
    func loaderInstalled() throws {
        var during: [Bool] = []
        try ADFReader.scan(path: "\(goldenDirectory)/clock-small.csk") { _ in
            during.append(ExternalEntityLoader.isDenyingAll)
        }
        #expect(!during.isEmpty && during.allSatisfy { $0 })
    }

    @Test("The parse options leave out DTD loading, entity substitution and HUGE")
    func parseOptions() {
        #expect(!containsUnsafeParseOptions(adfParseOptions))
        #expect(containsUnsafeParseOptions(adfParseOptions | (1 << 19)))  // XML_PARSE_HUGE
        #expect(adfParseOptions & (1 << 11) != 0)  // XML_PARSE_NONET
    }
}
