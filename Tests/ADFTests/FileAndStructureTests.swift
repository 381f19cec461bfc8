import Foundation
import Testing

@testable import ADF

@Suite("Results files: independent parsers, structure, safe writing")
struct FileAndStructureTests {
    /// A maze test of two steps: 2 strokes then 1, with interruptions.
    private func mazeDocument() -> ADFDocument {
        let t0 = 1_673_989_890_000.0
        func stroke(_ start: Double, count: Int) -> ADFDocument.Stroke {
            ADFDocument.Stroke(
                beginUnixMilliseconds: start, endUnixMilliseconds: start + 100,
                points: (0..<count).map {
                    PenPoint(
                        x: 10 + Double($0), y: 20, altitude: 1, azimuth: 0.25, force: 1,
                        unixMilliseconds: start + Double($0) * 7.9)
                })
        }
        return ADFDocument(
            variant: .maze, environment: ClockSketchData(deviceName: "tablet"),
            steps: [
                ADFDocument.Step(
                    identifier: "maze-calibration", start: StepMark(unixMilliseconds: t0),
                    end: StepMark(unixMilliseconds: t0 + 5000),
                    strokes: [stroke(t0 + 100, count: 3), stroke(t0 + 900, count: 4)],
                    interruptions: [
                        Interruption(type: "no-drawing", unixMilliseconds: t0 + 4109.2)
                    ]),
                ADFDocument.Step(
                    identifier: "maze-choice", start: StepMark(unixMilliseconds: t0 + 6000),
                    end: StepMark(unixMilliseconds: t0 + 9000),
                    strokes: [stroke(t0 + 6500, count: 5)],
                    interruptions: [
                        Interruption(type: "wall-cross", unixMilliseconds: t0 + 11040.9)
                    ]),
            ])
    }

    @Test("xmllint accepts the written file")
    func xmllintAccepts() throws {
        guard FileManager.default.isExecutableFile(atPath: xmllintPath) else { return }
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        for document in [mazeDocument(), sampleClockDocument()] {
            let path = try document.write(to: directory.file("t.\(document.variant.fileExtension)"))
            let result = try run(xmllintPath, ["--noout", path])
            #expect(result.status == 0, "xmllint: \(result.errors)")
        }
    }

    @Test("Python's xml.etree sees the spec's structure")
    func structureByPython() throws {
        guard let python = python3() else { return }
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try mazeDocument().write(to: directory.file("t.msk"))
        let script = """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            print(root.tag)
            print(",".join(child.tag for child in root))
            for step in root.find("TaskData"):
                print("step", step.get("identifier"), ",".join(c.tag for c in step),
                      " ".join(p.get("timestamp") + ":" + p.get("type") for p in step.find("Interruptions")))
            for drawing in root.find("PenData"):
                print("drawing", ",".join(c.tag for c in drawing),
                      " ".join(s.get("index") + "/" + s.get("label") + "/" + str(len(s)) for s in drawing.find("strokes")),
                      drawing.find("RawData").text.splitlines()[0], len(drawing.find("MazeFeatures")))
            print("motion", len(root.find("MotionData")))
            """
        let result = try run(python, ["-c", script, path])
        #expect(result.status == 0, "python: \(result.errors)")
        let expected = """
            MazeSketchXMLFile
            ClockSketchData,TaskData,DisplayData,PenData,MotionData
            step maze-calibration Start,End,Interruptions 1673989894109:no-drawing
            step maze-choice Start,End,Interruptions 1673989901040:wall-cross
            drawing strokes,RawData,MazeFeatures 1/1/3 2/2/4 Number of strokes: 2 0
            drawing strokes,RawData,MazeFeatures 3/3/5 Number of strokes: 1 0
            motion 0

            """
        #expect(result.output == expected)
    }

    @Test("RawData stroke ids restart at 0 in each drawing")
    func rawDataStrokeIDs() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try mazeDocument().write(to: directory.file("t.msk"))
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        let ids = xml.split(separator: "\n").filter { $0.hasPrefix("StrokeID: ") }
        #expect(ids == ["StrokeID: 0", "StrokeID: 1", "StrokeID: 0"])
        // The maze points are 7.9 ms apart: dt rounds to 8 after the first sample.
        #expect(xml.contains("10.0000 20.0000 0 1000.0000\n11.0000 20.0000 8 1000.0000\n"))
    }

    @Test("Symbol-digit drawings carry the attributes older analysis code looks for")
    func symbolDigitTags() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let document = ADFDocument(
            variant: .symbolDigit, environment: ClockSketchData(),
            steps: [
                ADFDocument.Step(
                    identifier: "sdt-legend", start: StepMark(unixMilliseconds: 1000),
                    end: StepMark(unixMilliseconds: 2000),
                    drawingTags: .symbolDigit(setID: "A")),
                ADFDocument.Step(
                    identifier: "sdt-copy", start: StepMark(unixMilliseconds: 3000),
                    end: StepMark(unixMilliseconds: 4000),
                    drawingTags: .digitDigit(setID: "A")),
            ])
        let path = try document.write(to: directory.file("t.ssk"))
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        #expect(xml.contains("<SymbolDigitSketchXMLFile>"))
        #expect(xml.contains(#"<drawing type="SYMBOLDIGIT" setID="A" structureID="symbol-digit">"#))
        #expect(xml.contains(#"<drawing type="SYMBOLDIGIT" setID="A" structureID="digit-digit">"#))
        #expect(xml.contains("<RawData>Number of strokes: 0\n</RawData>"))
    }

    @Test("An existing results file is refused up front, and nothing is left behind")
    func existingRefusedAtStart() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("t.csk")
        try "earlier results".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: ADFError.destinationExists(path: path)) {
            try ADFRecorder(destination: path, variant: .clock)
        }
        #expect(try directory.contents() == ["t.csk"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "earlier results")
        let message = ADFError.destinationExists(path: path).description
        #expect(message.contains(path) && message.contains("Pass --force to replace it"))
    }

    @Test("A results file that appears during the test is not overwritten; the temp file goes")
    func existingRefusedAtFinish() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("t.csk")
        let recorder = try ADFRecorder(destination: path, variant: .clock)
        try recorder.beginStep("clockStep-command", start: StepMark(unixMilliseconds: 1))
        try recorder.beginStroke(unixMilliseconds: 2)
        try recorder.addPoint(specExamplePoints[0])
        try recorder.endStroke(unixMilliseconds: 3)
        try recorder.endStep(StepMark(unixMilliseconds: 4))
        try "someone else's".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: ADFError.destinationExists(path: path)) {
            try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        }
        #expect(try directory.contents() == ["t.csk"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "someone else's")
        // Nothing recorded is lost: the results can still go elsewhere.
        let other = directory.file("t-2.csk")
        #expect(try recorder.finish(environment: ClockSketchData(), display: .referenceTablet, to: other) == other)
        #expect(try String(contentsOfFile: other, encoding: .utf8).contains("<stroke index=\"1\" label=\"1\">"))
        #expect(try directory.contents() == ["t-2.csk", "t.csk"])
        #expect(throws: ADFError.self) {
            try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        }
    }

    @Test("A results file that appears while the document is written is not overwritten")
    func existingRefusedAtMove() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("t.csk")
        let recorder = try ADFRecorder(destination: path, variant: .clock)
        try recorder.beginStep("clockStep-command", start: StepMark(unixMilliseconds: 1))
        try recorder.endStep(StepMark(unixMilliseconds: 4))
        var temporaryFiles: [String] = []
        recorder.willMoveIntoPlace = {
            temporaryFiles = try directory.contents()
            try "someone else's".write(toFile: path, atomically: false, encoding: .utf8)
        }
        #expect(throws: ADFError.destinationExists(path: path)) {
            try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        }
        // The finished document was there under a temporary name, and is gone now.
        #expect(temporaryFiles.count == 1 && temporaryFiles[0].hasPrefix(".t.csk."))
        #expect(try directory.contents() == ["t.csk"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "someone else's")
    }

    @Test("A failure after the document is written removes the temporary file")
    func failureRemovesTemporary() throws {
        struct Injected: Error {}
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let recorder = try ADFRecorder(destination: directory.file("t.csk"), variant: .clock)
        try recorder.beginStep("clockStep-command", start: StepMark(unixMilliseconds: 1))
        try recorder.endStep(StepMark(unixMilliseconds: 4))
        recorder.willMoveIntoPlace = { throw Injected() }
        #expect(throws: Injected.self) {
            try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        }
        #expect(try directory.contents() == [])
    }

    @Test("After success only the results file is in the directory (spools are unlinked)")
    func noTemporaryFilesAfterSuccess() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let recorder = try ADFRecorder(destination: directory.file("t.msk"), variant: .maze)
        // The spools exist only as open descriptors from the start.
        #expect(try directory.contents() == [])
        try recorder.beginStep("maze-1", start: StepMark(unixMilliseconds: 1))
        try recorder.endStep(StepMark(unixMilliseconds: 2))
        try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        #expect(try directory.contents() == ["t.msk"])
        let mask = umask(0)
        umask(mask)
        let permissions =
            try FileManager.default.attributesOfItem(atPath: directory.file("t.msk"))[
                .posixPermissions] as? Int
        #expect(permissions == Int(0o666 & ~mask))
    }

    @Test("Calls out of order are refused with a message saying what to do")
    func outOfOrder() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let recorder = try ADFRecorder(destination: directory.file("t.csk"), variant: .clock)
        #expect(throws: ADFError.self) { try recorder.addPoint(specExamplePoints[0]) }
        try recorder.beginStep("s", start: StepMark(unixMilliseconds: 1))
        do {
            try recorder.addPoint(specExamplePoints[0])
            Issue.record("addPoint outside a stroke was accepted")
        } catch let error as ADFError {
            #expect(error.description.contains("call beginStroke"))
        }
        try recorder.beginStroke(unixMilliseconds: 2)
        #expect(throws: ADFError.self) {
            try recorder.addPoint(
                PenPoint(x: .nan, y: 0, altitude: 0, azimuth: 0, force: 0, unixMilliseconds: 3))
        }
        #expect(throws: ADFError.self) {
            try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        }
        #expect(try directory.contents() == [])
    }

    @Test("Many samples stream through the spool and come back in order")
    func manySamples() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("big.msk")
        let recorder = try ADFRecorder(destination: path, variant: .maze)
        let strokesPerStep = 40
        let pointsPerStroke = 1000  // 2 × 40 × 1000 samples: many spool chunks
        var time = 1_700_000_000_000.0
        for step in 0..<2 {
            try recorder.beginStep("maze-\(step)", start: StepMark(unixMilliseconds: time))
            for _ in 0..<strokesPerStep {
                try recorder.beginStroke(unixMilliseconds: time)
                for i in 0..<pointsPerStroke {
                    try recorder.addPoint(
                        PenPoint(
                            x: Double(i), y: Double(step), altitude: 1, azimuth: 1, force: 0.5,
                            unixMilliseconds: time))
                    time += 4
                }
                try recorder.endStroke(unixMilliseconds: time)
            }
            try recorder.endStep(StepMark(unixMilliseconds: time))
        }
        try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        let xml = try String(contentsOfFile: path, encoding: .utf8)
        let lines = xml.split(separator: "\n")
        #expect(lines.filter { $0.hasSuffix(" 4 500.0000") }.count == 2 * strokesPerStep * (pointsPerStroke - 1))
        #expect(lines.filter { $0.contains("<point ") }.count == 2 * strokesPerStep * pointsPerStroke)
        #expect(xml.contains(#"<stroke index="80" label="80">"#))
        #expect(!xml.contains(#"<stroke index="81""#))
        #expect(xml.contains("999.0000 1.0000 4 500.0000\n</RawData>"))
        if FileManager.default.isExecutableFile(atPath: xmllintPath) {
            #expect(try run(xmllintPath, ["--noout", path]).status == 0)
        }
    }
}
