import Foundation
import Testing

@testable import ADF

@Suite("ADF writer")
struct WriterTests {
    private func written(_ document: ADFDocument, name: String = "result") throws -> (String, ScratchDirectory) {
        let directory = try ScratchDirectory()
        let path = directory.file("\(name).\(document.variant.fileExtension)")
        try document.write(to: path)
        return (try String(contentsOfFile: path, encoding: .utf8), directory)
    }

    @Test("The RawData and ADF point example of adf.md, byte for byte")
    func specExample() throws {
        let document = ADFDocument(
            variant: .maze, environment: ClockSketchData(),
            steps: [
                ADFDocument.Step(
                    identifier: "maze-1",
                    start: StepMark(unixMilliseconds: 1_673_535_664_000),
                    end: StepMark(unixMilliseconds: 1_673_535_665_000),
                    strokes: [
                        ADFDocument.Stroke(
                            beginUnixMilliseconds: 1_673_535_664_834.0,
                            endUnixMilliseconds: 1_673_535_664_940, points: specExamplePoints)
                    ])
            ])
        let (xml, directory) = try written(document)
        defer { directory.remove() }
        // Copied from the RawData block in adf.md; every line, the last too, ends with \n.
        let rawData = """
            Number of strokes: 1
            StrokeID: 0
            Number of samples: 2
            Color: 0 0 255
            StartTime: 1673535664834.0
            708.5000 314.5000 0 1239.0000
            708.5848 312.2214 103 1226.0000

            """
        #expect(xml.contains("<RawData>\(rawData)</RawData>"))
        // The stroke example of adf.md, with timestamps 1673535664834 and 1673535664936.
        #expect(
            xml.contains(
                #"<point altitude="1.5708" azimuth="2.6374" pressure="1239" timestamp="1673535664834" x="708.5000" y="314.5000"/>"#
            ))
        #expect(
            xml.contains(
                #"<point altitude="1.5708" azimuth="2.6374" pressure="1226" timestamp="1673535664936" x="708.5848" y="312.2214"/>"#
            ))
        #expect(xml.contains(#"<stroke index="1" label="1">"#))
    }

    @Test("A small .csk document matches its golden file byte for byte")
    func goldenClock() throws {
        let (xml, directory) = try written(sampleClockDocument())
        defer { directory.remove() }
        let golden = "\(goldenDirectory)/clock-small.csk"
        if ProcessInfo.processInfo.environment["ADF_REGENERATE_GOLDEN"] == "1" {
            try xml.write(toFile: golden, atomically: true, encoding: .utf8)
            Issue.record("regenerated \(golden); review the diff and run the tests again")
            return
        }
        let expected = try Data(contentsOf: URL(fileURLWithPath: golden))
        let actual = Data(xml.utf8)
        #expect(actual == expected, "the written .csk differs from \(golden)")
    }

    @Test("Writing the same input twice gives byte-identical files")
    func deterministic() throws {
        let (first, a) = try written(sampleClockDocument())
        let (second, b) = try written(sampleClockDocument())
        a.remove()
        b.remove()
        #expect(first == second)
    }

    @Test("The declaration, indentation and ClockSketchData order")
    func documentShape() throws {
        let (xml, directory) = try written(sampleClockDocument())
        defer { directory.remove() }
        #expect(
            xml.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n<ClockSketchXMLFile>\n  <ClockSketchData>\n"
            ))
        let facts = [
            "DeviceSystemName", "DeviceSystemVersion", "DeviceModel", "DeviceModelIdentifier",
            "DeviceName", "PencilID", "CanvasWidth", "CanvasHeight", "Doctor", "OriginalOrigin",
        ]
        let positions = facts.map { xml.range(of: "<\($0) ")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(!xml.contains("DeviceID") && !xml.contains("BatteryLevel") && !xml.contains("PatientEncodedID"))
        #expect(xml.contains(#"<CanvasHeight value="1004.5000"/>"#))
        #expect(xml.contains(#"<Doctor firstlast="Ada Lovelace"/>"#))
        #expect(xml.contains(#"<OriginalOrigin x="0.0000" y="20.0000"/>"#))
        #expect(xml.contains(#"<Start brightness="0.3927" timestamp="1673535664692" volume="0.6505"/>"#))
        #expect(xml.contains(#"<symbol label="" type="UNCLASSIFIED">"#))
        #expect(!xml.contains("<strokes"))
    }

    @Test("DisplayData for the reference tablet as in adf.md")
    func displayData() throws {
        let (xml, directory) = try written(sampleClockDocument())
        defer { directory.remove() }
        let expected = """
              <DisplayData>
                <PixelsPerInch value="264.0000"/>
                <ScreenScalingFactor value="2.0000"/>
                <PointsPerInch value="132.0000"/>
                <SymbolDigit>
                  <BorderWidth value="1.5000"/>
                  <InnerCellHeight value="58.0000"/>
                  <InnerCellWidth value="66.0000"/>
                  <RowVerticalMargin value="18.0000"/>
                  <SampleBorderWidth value="3.0000"/>
                  <SampleLabelRightMargin value="7.0000"/>
                  <StopSignHeight value="108.0000"/>
                </SymbolDigit>
              </DisplayData>

            """
        #expect(xml.contains(expected))
    }

    @Test("Control characters from hardware are filtered; the file stays well-formed")
    func controlCharactersFiltered() throws {
        var document = sampleClockDocument()
        document.environment.deviceName = "Wacom\u{01}Intuos\u{1B}[0m\u{0}\u{FFFE}"
        document.environment.doctor = "A\u{7}da"
        document.steps[0].identifier = "clockStep-\u{8}command"
        let (xml, directory) = try written(document)
        defer { directory.remove() }
        #expect(xml.contains(#"<DeviceName value="WacomIntuos[0m"/>"#))
        #expect(xml.contains(#"<Doctor firstlast="Ada"/>"#))
        #expect(xml.contains(#"<Step identifier="clockStep-command">"#))
        let forbidden = xml.unicodeScalars.filter { !XMLText.isAllowed($0) }
        #expect(forbidden.isEmpty)
        if FileManager.default.isExecutableFile(atPath: xmllintPath) {
            let path = directory.file("result.csk")
            let result = try run(xmllintPath, ["--noout", path])
            #expect(result.status == 0, "xmllint: \(result.errors)")
        }
    }

    @Test("XML 1.0 character classes")
    func xmlCharacters() {
        #expect(XMLText.filtered("a\u{9}b\u{A}c\u{D}d") == "a\u{9}b\u{A}c\u{D}d")
        #expect(XMLText.filtered("\u{0}\u{1F}x\u{FFFF}\u{FFFE}") == "x")
        #expect(XMLText.filtered("é😀\u{E000}\u{FFFD}") == "é😀\u{E000}\u{FFFD}")
    }

    @Test("The reference tablet's DisplayData is written with 132 points per inch and the sizes given")
    func referenceDisplay() {
        #expect(DisplayData.referenceTablet.pointsPerInch == 132)
        #expect(DisplayData.formatDefault.pointsPerInch == 132)
        #expect(DisplayData.formatDefault.symbolDigit == nil)
    }

    @Test("Rounding rules implied by the spec's example")
    func roundingRules() {
        #expect(ADFNumbers.timestamp(1_673_535_664_936.7) == 1_673_535_664_936)
        #expect(ADFNumbers.timestamp(1_673_535_664_834.0) == 1_673_535_664_834)
        #expect(ADFNumbers.millisecondsBetween(1_673_535_664_834.0, 1_673_535_664_936.7) == 103)
        #expect(ADFNumbers.millisecondsBetween(0, 2.5) == 2)
        #expect(ADFNumbers.millisecondsBetween(0, 3.5) == 4)
        #expect(ADFNumbers.pressure(1.239) == 1239)
        #expect(ADFNumbers.pressure(0.0025) == 3)
    }
}
