import Foundation
import Testing

@testable import ADF

/// The trail making test's results file (`.tsk`, docs/adf-trails.md): written, read back,
/// validated, and refused safely when hostile.
///
/// To regenerate the golden after a deliberate change:
/// `ADF_REGENERATE_GOLDEN=1 swift test --filter TrailsFileTests`, then review the diff.
@Suite("Trail making results files (.tsk)")
struct TrailsFileTests {
    @Test("A small .tsk document (a sample and part B, an error, a prompt) matches trails-small.tsk")
    func golden() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try smallTrailsDocument().write(to: directory.file("result.tsk"))
        let actual = try Data(contentsOf: URL(fileURLWithPath: path))
        let golden = "\(goldenDirectory)/trails-small.tsk"
        if ProcessInfo.processInfo.environment["ADF_REGENERATE_GOLDEN"] == "1" {
            try actual.write(to: URL(fileURLWithPath: golden))
            Issue.record("regenerated \(golden); review the diff and run the tests again")
            return
        }
        let expected = try Data(contentsOf: URL(fileURLWithPath: golden))
        #expect(actual == expected, "the written file differs from \(golden)")
    }

    @Test("The golden is valid for ADFValidator and well-formed for xmllint")
    func goldenIsValid() throws {
        let path = "\(goldenDirectory)/trails-small.tsk"
        #expect(ADFValidator().validate(path: path).map(\.description) == [])
        if FileManager.default.isExecutableFile(atPath: xmllintPath) {
            let result = try run(xmllintPath, ["--noout", path])
            #expect(result.status == 0, "\(result.errors)")
        }
    }

    @Test("The golden reads back into the document it was written from, as stored")
    func roundTrip() throws {
        let file = try ADFReader.readValidated(path: "\(goldenDirectory)/trails-small.tsk")
        #expect(file.problems.isEmpty)
        let read = file.file.document
        let written = smallTrailsDocument().asStored
        #expect(read.variant == .trails)
        #expect(read.steps.map(\.identifier) == ["trailsStep-sampleB", "trailsStep-B"])
        #expect(read.steps.map(\.trail) == written.steps.map(\.trail))
        #expect(read.steps.map(\.interruptions) == written.steps.map(\.interruptions))
        #expect(read.steps.map { $0.strokes.map(\.points) } == written.steps.map { $0.strokes.map(\.points) })
        #expect(ADFReader.variant(path: "x/part.tsk") == .trails)
    }

    /// The golden with `replacements` applied (each once, in order), written as `name`.
    private func edited(_ replacements: [(String, String)], name: String = "edited.tsk") throws -> (
        String, ScratchDirectory
    ) {
        var text = try String(contentsOfFile: "\(goldenDirectory)/trails-small.tsk", encoding: .utf8)
        for (old, new) in replacements {
            let range = try #require(text.range(of: old), "\(old) is in the golden")
            text.replaceSubrange(range, with: new)
        }
        let directory = try ScratchDirectory()
        let path = directory.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, directory)
    }

    private func line(of fragment: String) throws -> Int {
        let text = try String(contentsOfFile: "\(goldenDirectory)/trails-small.tsk", encoding: .utf8)
        let range = try #require(text.range(of: fragment))
        return text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
    }

    @Test("Each broken trail fact is reported on its line, in words")
    func brokenTrail() throws {
        let trailLine = try line(of: #"<Trail circleRadius="25.9843" circlesConnected="3" layout="standard-B""#)
        let secondCircle = try line(of: #"<Circle kind="letter" label="A" order="2""#)
        let secondArrival = try line(of: #"<Arrival circle="2" timestamp="1674100013000"/>"#)
        let error = try line(of: #"<Error class="shift""#)
        let prompt = try line(of: #"<Prompt circle="3""#)
        let (path, directory) = try edited([
            (
                #"circlesConnected="3" layout="standard-B" outcome="discontinued""#,
                #"circlesConnected="4" layout="standard-B" outcome="finished""#
            ),
            (#"<Circle kind="letter" label="A" order="2""#, #"<Circle kind="roman" label="A" order="3""#),
            (#"<Arrival circle="2" timestamp="1674100013000"/>"#, #"<Arrival circle="3" timestamp="1674100013000"/>"#),
            (
                #"<Error class="shift" corrected="1674100016000" expected="4" timestamp="1674100014000" wrong="5"/>"#,
                #"<Error class="twist" corrected="1674100013500" expected="3" timestamp="1674100014000" wrong="3"/>"#
            ),
            (#"<Prompt circle="3""#, #"<Prompt circle="26""#),
        ])
        defer { directory.remove() }
        let messages = ADFValidator().validate(path: path).map(\.description)
        let expected = [
            "\(path):\(secondCircle): <Circle> order=\"3\" should be 2: circles are listed in their order from 1",
            "\(path):\(secondCircle): <Circle> kind=\"roman\" is not one of 'number', 'letter'",
            "\(path):\(secondArrival): <Arrival> circle=\"3\" should be 2: the circles are reached in their order, each once",
            "\(path):\(error): <Error> names circle 3 as both the wrong and the expected circle",
            "\(path):\(error): <Error> class=\"twist\" is not one of 'shift', 'sequence'",
            "\(path):\(error): <Error> corrected (1674100013500) is before the error (1674100014000)",
            "\(path):\(prompt): <Prompt> circle=\"26\" is not a circle of the layout (1 to 25)",
            "\(path):\(trailLine): <Trail> circlesConnected=\"4\" but it has 3 <Arrival> elements",
            "\(path):\(trailLine): <Trail> outcome=\"finished\" but 3 of 25 circles were reached: a finished part reaches End",
        ]
        #expect(Set(messages) == Set(expected), "all: \(messages)")
        #expect(messages.count == expected.count)
    }

    @Test("A trail step without its Trail, a Trail in a maze file, and times outside the step are problems")
    func misplacedTrail() throws {
        let firstTrail = try line(of: #"<Trail circleRadius="25.9843" circlesConnected="8""#)
        let lastEnd = try line(of: #"</Trail>"#)
        var text = try String(contentsOfFile: "\(goldenDirectory)/trails-small.tsk", encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        // Drop the first step's Trail (its start line to its end line).
        text = (Array(lines[..<(firstTrail - 1)]) + Array(lines[lastEnd...])).joined(separator: "\n")
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("no-trail.tsk")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let stepLine = try line(of: #"<Step identifier="trailsStep-sampleB">"#)
        #expect(
            ADFValidator().validate(path: path).map(\.description) == [
                "\(path):\(stepLine): <Step> of a .tsk file has no <Trail> (every trail making step records its circles)"
            ])

        let (late, lateDirectory) = try edited([
            (#"<Prompt circle="3" timestamp="1674100030000"/>"#, #"<Prompt circle="3" timestamp="1674100090000"/>"#)
        ])
        defer { lateDirectory.remove() }
        let promptLine = try line(of: #"<Prompt circle="3""#)
        #expect(
            ADFValidator().validate(path: late).map(\.description) == [
                "\(late):\(promptLine): <Prompt> timestamp (1674100090000) is after its step ends (1674100060000)"
            ])

        // A maze file with a Trail: the root and extension say maze.
        let (maze, mazeDirectory) = try edited(
            [("<TrailsSketchXMLFile>", "<MazeSketchXMLFile>"), ("</TrailsSketchXMLFile>", "</MazeSketchXMLFile>")],
            name: "trail.msk")
        defer { mazeDirectory.remove() }
        let messages = ADFValidator().validate(path: maze).map(\.description)
        #expect(
            messages.contains(
                "\(maze):\(firstTrail): <Trail> in a .msk file: only a trail making file (.tsk) records trails"))
    }

    @Test("Hostile trail elements are refused or ignored, never trapped on (no crash, no unbounded number)")
    func hostile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let cases: [(String, String)] = [
            // A Trail child outside a Trail, a Trail outside a Step.
            ("stray", #"<TaskData><Circle kind="number" label="1" order="1" x="0" y="0"/><Trail/></TaskData>"#),
            // Numbers far beyond Int.
            (
                "huge",
                #"<TaskData><Step identifier="trailsStep-A"><Start timestamp="0"/><End timestamp="1"/><Interruptions/>"#
                    + #"<Trail circleRadius="1" circlesConnected="99999999999999999999" layout="x" outcome="finished">"#
                    + #"<Circle kind="number" label="1" order="-9223372036854775808" x="0" y="0"/>"#
                    + #"<Arrival circle="9223372036854775807" timestamp="0"/></Trail></Step></TaskData>"#
            ),
        ]
        for (name, taskData) in cases {
            let path = directory.file("\(name).tsk")
            let text =
                #"<?xml version="1.0" encoding="utf-8" standalone="no"?>"# + "\n<TrailsSketchXMLFile>"
                + #"<ClockSketchData><OriginalOrigin x="0" y="0"/></ClockSketchData>"# + taskData
                + #"<DisplayData><PixelsPerInch value="132"/><ScreenScalingFactor value="1"/><PointsPerInch value="132"/></DisplayData>"#
                + "<PenData/><MotionData/></TrailsSketchXMLFile>\n"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(!ADFValidator().validate(path: path).isEmpty, "\(name)")
            // Reading does not crash; it reads or refuses in words.
            _ = try? ADFReader.read(path: path)
        }

        // The entity attacks are refused in a .tsk as in the other three.
        let doctype = directory.file("doctype.tsk")
        try
            #"<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><TrailsSketchXMLFile>&lol;</TrailsSketchXMLFile>"#
            .write(toFile: doctype, atomically: true, encoding: .utf8)
        #expect(ADFValidator().validate(path: doctype).count == 1)
        #expect(throws: ADFReadError.self) { try ADFReader.read(path: doctype) }
    }

    @Test("The recorder refuses a trail record outside a step or in another test's file")
    func recorderRefusals() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let record = TrailRecord(layout: "x", circleRadius: 1, outcome: .skipped, circles: [])
        let maze = try ADFRecorder(destination: directory.file("m.msk"), variant: .maze)
        try maze.beginStep("mazeStep-x", start: StepMark(unixMilliseconds: 0))
        #expect(throws: ADFError.self) { try maze.trailRecord(record) }
        let trails = try ADFRecorder(destination: directory.file("t.tsk"), variant: .trails)
        #expect(throws: ADFError.self) { try trails.trailRecord(record) }
        try trails.beginStep("trailsStep-A", start: StepMark(unixMilliseconds: 0))
        var broken = record
        broken.circleRadius = .nan
        #expect(throws: ADFError.self) { try trails.trailRecord(broken) }
    }
}

/// A trail making test of two steps on a 132 ppi canvas: sample B finished with one sequence
/// error, then part B discontinued after 3 circles with a shift error and a prompt.
///
/// Circles are 10 mm across: a radius of 0.5 cm is 0.5 / 2.54 × 132 = 25.984… points ("25.9843").
func smallTrailsDocument() -> ADFDocument {
    // 2023-01-19T03:46:40.000250Z; times are base + whole ms + .25 or .5 ms.
    let base = 1_674_100_000_000.25
    let radius = 0.5 / 2.54 * 132
    let sampleLabels = ["1", "A", "2", "B", "3", "C", "4", "D"]
    var sampleCircles: [TrailRecord.Circle] = []
    for (index, label) in sampleLabels.enumerated() {
        let kind: TrailRecord.Kind = index % 2 == 0 ? .number : .letter
        let x = 100 + Double(index) * 60.5
        let y: Double = index % 2 == 0 ? 200 : 300.25
        sampleCircles.append(TrailRecord.Circle(order: index + 1, label: label, kind: kind, x: x, y: y))
    }
    let letters = Array("ABCDEFGHIJKL")
    var partCircles: [TrailRecord.Circle] = []
    for index in 0..<25 {
        let label = index % 2 == 0 ? String(index / 2 + 1) : String(letters[index / 2])
        let kind: TrailRecord.Kind = index % 2 == 0 ? .number : .letter
        let x = 80 + Double(index % 5) * 150
        let y = 90 + Double(index / 5) * 140
        partCircles.append(TrailRecord.Circle(order: index + 1, label: label, kind: kind, x: x, y: y))
    }
    func stroke(_ start: Double, from: TrailRecord.Circle, to: TrailRecord.Circle) -> ADFDocument.Stroke {
        ADFDocument.Stroke(
            beginUnixMilliseconds: start, endUnixMilliseconds: start + 400,
            points: [
                PenPoint(x: from.x, y: from.y, altitude: 1.1, azimuth: 2.5, force: 0.75, unixMilliseconds: start),
                PenPoint(
                    x: (from.x + to.x) / 2, y: (from.y + to.y) / 2, altitude: 1.1, azimuth: 2.5, force: 0.8125,
                    unixMilliseconds: start + 200.5),
                PenPoint(x: to.x, y: to.y, altitude: 1.1, azimuth: 2.5, force: 0.625, unixMilliseconds: start + 400),
            ])
    }
    let sampleStrokes = (0..<7).map {
        stroke(base + 2000 + Double($0) * 1000, from: sampleCircles[$0], to: sampleCircles[$0 + 1])
    }
    var sampleArrivals: [TrailRecord.Arrival] = []
    for index in 0..<8 {
        let time = base + 2000 + Double(index) * 1000 - (index == 0 ? 0 : 600)
        sampleArrivals.append(TrailRecord.Arrival(circle: index + 1, unixMilliseconds: time))
    }
    let partBase = base + 10_000
    return ADFDocument(
        variant: .trails,
        environment: ClockSketchData(
            deviceSystemName: "Linux", deviceSystemVersion: "6.12.0", deviceModel: "Wacom Cintiq 16 Pen",
            deviceModelIdentifier: "0003:056a:0390", canvasWidth: 1000, canvasHeight: 800),
        steps: [
            ADFDocument.Step(
                identifier: "trailsStep-sampleB",
                start: StepMark(unixMilliseconds: base),
                end: StepMark(unixMilliseconds: base + 9500),
                strokes: sampleStrokes,
                interruptions: [Interruption(type: "trails-error", unixMilliseconds: base + 4300)],
                trail: TrailRecord(
                    layout: "sample-B", circleRadius: radius, outcome: .finished, circles: sampleCircles,
                    arrivals: sampleArrivals,
                    errors: [
                        TrailRecord.Error(
                            unixMilliseconds: base + 4300, wrongCircle: 6, expectedCircle: 4, errorClass: .sequence,
                            correctedUnixMilliseconds: base + 4800.5)
                    ])),
            ADFDocument.Step(
                identifier: "trailsStep-B",
                start: StepMark(unixMilliseconds: partBase),
                end: StepMark(unixMilliseconds: partBase + 50_000),
                strokes: [
                    stroke(partBase + 2000, from: partCircles[0], to: partCircles[1]),
                    stroke(partBase + 3000, from: partCircles[1], to: partCircles[2]),
                ],
                interruptions: [
                    Interruption(type: "trails-error", unixMilliseconds: partBase + 4000),
                    Interruption(type: "trails-prompt", unixMilliseconds: partBase + 20_000),
                ],
                trail: TrailRecord(
                    layout: "standard-B", circleRadius: radius, outcome: .discontinued, circles: partCircles,
                    arrivals: [
                        TrailRecord.Arrival(circle: 1, unixMilliseconds: partBase + 2000),
                        TrailRecord.Arrival(circle: 2, unixMilliseconds: partBase + 3000.5),
                        TrailRecord.Arrival(circle: 3, unixMilliseconds: partBase + 3400),
                    ],
                    errors: [
                        TrailRecord.Error(
                            unixMilliseconds: partBase + 4000, wrongCircle: 5, expectedCircle: 4, errorClass: .shift,
                            correctedUnixMilliseconds: partBase + 6000)
                    ],
                    prompts: [TrailRecord.Prompt(unixMilliseconds: partBase + 20_000, fromCircle: 3)])),
        ],
        display: .referenceTablet)
}

/// `adf show` of a `.tsk` file (issue 30, item 3): each part's layout, outcome, circles, time,
/// errors and prompts under its step, in the text and in the JSON.
@Suite("adf show of a trail making file")
struct TrailsSummaryTests {
    @Test("The text gives each step's trail under its line")
    func text() throws {
        let summary = try ADFSummary(path: "\(goldenDirectory)/trails-small.tsk")
        let lines = summary.text.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "  trail sample-B: finished, 8 of 8 circles, time 8.400 s; errors: sequence at 1674100004300 "
                    + "(circle 6 for 4, corrected at 1674100004800); prompts: none"))
        #expect(
            lines.contains(
                "  trail standard-B: discontinued, 3 of 25 circles; errors: shift at 1674100014000 "
                    + "(circle 5 for 4, corrected at 1674100016000); prompts: from 3 at 1674100030000"))
        let step = try #require(lines.firstIndex { $0.hasPrefix("step trailsStep-B:") })
        #expect(lines[step + 1].hasPrefix("  trail standard-B:"))
    }

    @Test("The JSON has a trail per step of a .tsk file and none for the other tests")
    func json() throws {
        let json = try ADFSummary(path: "\(goldenDirectory)/trails-small.tsk").json()
        #expect(
            json.contains(
                #""trail":{"circles":25,"circlesConnected":3,"errors":[{"class":"shift","corrected":1674100016000,"#
                    + #""expected":4,"time":1674100014000,"wrong":5}],"layout":"standard-B","outcome":"discontinued","#
                    + #""prompts":[{"circle":3,"time":1674100030000}]}"#))
        #expect(json.contains(#""completionMilliseconds":8400"#))
        for name in ["clock-small.csk", "maze-small.msk", "symbol-digit-small.ssk"] {
            #expect(!(try ADFSummary(path: "\(goldenDirectory)/\(name)").json()).contains("trail"), "\(name)")
        }
    }
}
