import Foundation
import Testing

@testable import ADF

@Suite("ADF validator: one message per problem, with file and line")
struct ValidatorTests {
    @Test("The golden file and the writer's files of generated sessions are valid", arguments: 1...8)
    func writerOutputIsValid(seed: UInt64) throws {
        var generator = SessionGenerator(seed: seed)
        let document = generator.document()
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("s.\(document.variant.fileExtension)")
        try document.write(to: path)
        #expect(ADFValidator().validate(path: path) == [])
        #expect(ADFValidator().validate(path: "\(goldenDirectory)/clock-small.csk") == [])
    }

    /// The golden .csk with `edits` applied to its lines (1-based), written as `name`.
    private func edited(_ name: String, _ edits: [Int: String]) throws -> (String, ScratchDirectory) {
        var lines = try String(contentsOfFile: "\(goldenDirectory)/clock-small.csk", encoding: .utf8)
            .components(separatedBy: "\n")
        for (line, text) in edits { lines[line - 1] = text }
        let directory = try ScratchDirectory()
        let path = directory.file(name)
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (path, directory)
    }

    @Test("Each broken value is reported on its line, in words")
    func brokenValues() throws {
        // Lines of clock-small.csk (grep -n ''): 13 OriginalOrigin, 17 first Start, 43 and 44
        // the first two points, 47 the second stroke, 58 "101.2500 199.6250 8 862.5000".
        let (path, directory) = try edited(
            "broken.csk",
            [
                13: "",
                17: #"      <Start timestamp="1673535657692.5"/>"#,
                43:
                    #"          <point altitude="1.6000" azimuth="6.3000" pressure="-1" timestamp="1673535658692" x="100.0000" y="200.0000"/>"#,
                44:
                    #"          <point altitude="1.2100" azimuth="0.6000" pressure="863" timestamp="1673535658600" x="101.2500" y="199.6250"/>"#,
                47: #"        <stroke index="5" label="5">"#,
                58: "101.2500 199.0000 8 862.5000",
            ])
        defer { directory.remove() }
        let messages = ADFValidator().validate(path: path).map(\.description)
        let expected = [
            "\(path):17: <Start> timestamp=\"1673535657692.5\" is not Unix time in whole milliseconds",
            "\(path):43: altitude 1.6000 is outside 0...π/2 (0...1.5708)",
            "\(path):43: azimuth 6.3000 is outside [0, 2π) (0...6.2832 with 4 decimals)",
            "\(path):43: pressure -1 is negative",
            "\(path):44: timestamp 1673535658600 is earlier than the previous point's 1673535658692 in the same stroke",
            "\(path):47: stroke index 5 should be 2: strokes are numbered from 1 across the whole test",
            "\(path):58: RawData sample 1 of stroke 0 is at 101.25 199.0, its point at 101.25 199.625",
            "\(path):58: RawData sample 1 of stroke 0 has dt 8, the timestamps say -92",
            // Consequences of the edits above: line 57 "100.0000 200.0000 0 800.0000" now
            // disagrees with pressure -1; line 59 has dt 8 where ...708 - ...600 = 108.
            "\(path):57: RawData sample 0 of stroke 0 has pressure 800.0, its point -1",
            "\(path):59: RawData sample 2 of stroke 0 has dt 8, the timestamps say 108",
            "\(path):3: <ClockSketchData> has no <OriginalOrigin>, which existing parsers require",
        ]
        #expect(Set(messages) == Set(expected), "all: \(messages)")
        #expect(messages.count == expected.count)
    }

    @Test("Numbers at the ends of Int64 are problems, not a trap (crash-* in the adf fuzz corpus)")
    func int64Extremes() throws {
        // Line 58 is sample 1 of stroke 0; its points (lines 43, 44) are ...692 and ...700 ms.
        let (dtPath, dtDirectory) = try edited("dt.csk", [58: "101.2500 199.6250 -9223372036854775808 862.5000"])
        defer { dtDirectory.remove() }
        #expect(
            ADFValidator().validate(path: dtPath).map(\.description) == [
                "\(dtPath):58: RawData sample 1 of stroke 0 has dt -9223372036854775808, the timestamps say 8"
            ])

        // Line 17 is the first step's Start.
        let (startPath, startDirectory) = try edited(
            "start.csk", [17: #"      <Start timestamp="-9223372036854775808"/>"#])
        defer { startDirectory.remove() }
        #expect(
            ADFValidator().validate(path: startPath).map(\.description) == [
                "\(startPath):17: <Start> timestamp=\"-9223372036854775808\" is not a Unix time in whole milliseconds "
                    + "between -9007199254740992 and 9007199254740992"
            ])
    }

    @Test("Timestamps beyond 2^53 ms are refused by the readers, with the line (crash-* in the adf fuzz corpus)")
    func timestampsBeyondTheLimit() throws {
        let limit = "between -9007199254740992 and 9007199254740992"
        // 2^53 + 2 is the first Double above 2^53 (2^53 + 1 reads as 2^53, which is in).
        let (startPath, startDirectory) = try edited("start.csk", [17: #"      <Start timestamp="9007199254740994"/>"#])
        defer { startDirectory.remove() }
        let refusal =
            "\(startPath):17: <Start> has timestamp=\"9007199254740994\", which is not a Unix time in whole milliseconds \(limit)"
        #expect(throws: ADFReadError.self) { try ADFReader.read(path: startPath) }
        do {
            _ = try ADFSummary(path: startPath)
            Issue.record("adf show read a Start at 2^53 + 2 ms")
        } catch {
            #expect("\(error)" == refusal)
        }
        let (inPath, inDirectory) = try edited("in.csk", [17: #"      <Start timestamp="9007199254740992"/>"#])
        defer { inDirectory.remove() }
        #expect(try ADFReader.read(path: inPath).document.steps[0].start.unixMilliseconds == 9_007_199_254_740_992)

        // A point: the reader's fast path parses its attributes without strings.
        let (pointPath, pointDirectory) = try edited(
            "point.csk",
            [
                43:
                    #"          <point altitude="1.2000" azimuth="0.5000" pressure="800" timestamp="99999999999999999999999" x="100.0000" y="200.0000"/>"#
            ])
        defer { pointDirectory.remove() }
        for read in [
            { _ = try ADFReader.read(path: pointPath) }, { try ADFReader.forEachPoint(path: pointPath) { _ in } },
        ] {
            do {
                try read()
                Issue.record("a point at 10^23 ms was read")
            } catch let error as ADFReadError {
                #expect(error.line == 43)
                #expect("\(error.reason)".hasSuffix("which is not a Unix time in whole milliseconds \(limit)"))
            }
        }
    }

    @Test("Structure: wrong root for the extension, missing sections, RawData counts")
    func structure() throws {
        let (path, directory) = try edited(
            "wrong.msk",
            [
                53: "StrokeID: 3",
                54: "Number of samples: 4",
                87: "",
            ])
        defer { directory.remove() }
        let messages = ADFValidator().validate(path: path).map(\.description)
        let expected = [
            "\(path):2: the root element is <ClockSketchXMLFile> but a .msk file has <MazeSketchXMLFile>",
            "\(path):53: RawData StrokeID 3 should be 0 (counted from 0 in each drawing)",
            "\(path):53: RawData stroke 0 says \"Number of samples: 4\" but lists 3",
            "\(path):2: the root has no <MotionData>",
        ]
        for message in expected { #expect(messages.contains(message), "missing: \(message)\nall: \(messages)") }
    }

    @Test("A file that cannot be read gives one problem with the reason")
    func unreadable() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("x.csk")
        try "<?xml version=\"1.0\"?>\n<!DOCTYPE x>\n<ClockSketchXMLFile/>".write(
            toFile: path, atomically: true, encoding: .utf8)
        let problems = ADFValidator().validate(path: path)
        #expect(problems.count == 1)
        #expect(problems.first?.line == 2)
        #expect(problems.first?.message == ADFReadError.Reason.documentType.description)
    }

    // MARK: Time order (issue 28)

    /// A point of clock-small.csk (line 43, 44, 45: stroke 1; 48, 49: stroke 2; 72, 73: stroke 3) at `timestamp`.
    private static func point(_ timestamp: Int64, x: String = "101.2500", y: String = "199.6250", pressure: Int = 863)
        -> String
    {
        #"          <point altitude="1.2100" azimuth="0.6000" pressure="\#(pressure)" timestamp="\#(timestamp)" x="\#(x)" y="\#(y)"/>"#
    }

    /// The problems of the golden file with `edits`, and the file's path.
    private func problems(_ edits: [Int: String]) throws -> (
        messages: [String], path: String, directory: ScratchDirectory
    ) {
        let (path, directory) = try edited("order.csk", edits)
        return (ADFValidator().validate(path: path).map(\.description), path, directory)
    }

    @Test("Timestamps that jump 100 s backwards in the middle of a stroke are a problem")
    func backwardsInAStroke() throws {
        // The second point of stroke 1 100 s before the first, its RawData dt to match.
        let (messages, path, directory) = try problems([
            44: Self.point(1_673_535_558_700), 58: "101.2500 199.6250 -99992 862.5000",
        ])
        defer { directory.remove() }
        #expect(
            messages.contains(
                "\(path):44: timestamp 1673535558700 is earlier than the previous point's 1673535658692 in the same stroke"
            ),
            "all: \(messages)")
    }

    @Test("A stroke that begins before the stroke before it ends is a problem: strokes are in time order")
    func strokesInTimeOrder() throws {
        // Stroke 2 begins at ...8700, before stroke 1's last point at ...8708; its RawData StartTime to match.
        let (messages, path, directory) = try problems([
            48: Self.point(1_673_535_658_700, x: "150.0000", y: "220.0000", pressure: 800),
            49: Self.point(1_673_535_658_708, x: "151.2500", y: "219.6250"),
            63: "StartTime: 1673535658700.3",
        ])
        defer { directory.remove() }
        #expect(
            messages == [
                "\(path):48: stroke 2 begins (1673535658700) before stroke 1 ends (1673535658708): strokes are in time order"
            ],
            "all: \(messages)")
    }

    @Test("A point outside its step's start and end is a problem, said once a stroke")
    func pointsWithinTheirStep() throws {
        // Stroke 3 (step 2, 1673535664692...1673535666692) moved 2 s past its step's end.
        let (late, latePath, lateDirectory) = try problems([
            72: Self.point(1_673_535_667_192, x: "300.0000", y: "400.0000", pressure: 800),
            73: Self.point(1_673_535_667_200, x: "301.2500", y: "399.6250"),
            80: "StartTime: 1673535667192.3",
        ])
        defer { lateDirectory.remove() }
        #expect(
            late == ["\(latePath):72: stroke 3 has a point (1673535667192) after its step ends (1673535666692)"],
            "all: \(late)")
        // Stroke 1 before its step starts (1673535657692).
        let (early, earlyPath, earlyDirectory) = try problems([
            43: Self.point(1_673_535_657_000, x: "100.0000", y: "200.0000").replacingOccurrences(of: "863", with: "800")
                .replacingOccurrences(of: "1.2100", with: "1.2000").replacingOccurrences(of: "0.6000", with: "0.5000"),
            56: "StartTime: 1673535657000.3", 58: "101.2500 199.6250 1700 862.5000",
        ])
        defer { earlyDirectory.remove() }
        #expect(
            early == ["\(earlyPath):43: stroke 1 has a point (1673535657000) before its step starts (1673535657692)"],
            "all: \(early)")
    }

    @Test("A step that starts before the step before it ends, or a pause outside its step, is a problem")
    func stepsAndPausesInTimeOrder() throws {
        let (steps, stepsPath, stepsDirectory) = try problems([
            21: #"      <Start brightness="0.3927" timestamp="1673535664000" volume="0.6505"/>"#
        ])
        defer { stepsDirectory.remove() }
        #expect(
            steps == [
                "\(stepsPath):21: step 2 starts (1673535664000) before step 1 ends (1673535664177): steps are in time order"
            ],
            "all: \(steps)")
        let (pauses, pausesPath, pausesDirectory) = try problems([
            18:
                #"      <End timestamp="1673535664177"/><Interruptions><Pause timestamp="1673535664200" type="no-drawing"/></Interruptions>"#
        ])
        defer { pausesDirectory.remove() }
        #expect(
            pauses == ["\(pausesPath):18: the no-drawing pause (1673535664200) is after its step ends (1673535664177)"],
            "all: \(pauses)")
    }

    /// `ADFReader.readValidated` checks while it reads, points through the reader's fast path:
    /// it must find as many problems as `validate` does, element by element, in every case above.
    @Test("Reading and validating in one pass finds what validate finds")
    func onePassAgreesWithValidate() throws {
        let cases: [[Int: String]] = [
            [:],
            [44: Self.point(1_673_535_558_700)],
            [48: Self.point(1_673_535_658_700, x: "150.0000", y: "220.0000")],
            [72: Self.point(1_673_535_667_192, x: "300.0000", y: "400.0000")],
            [21: #"      <Start brightness="0.3927" timestamp="1673535664000" volume="0.6505"/>"#],
            [
                43:
                    #"          <point altitude="1.6000" azimuth="6.3000" pressure="-1" timestamp="1673535658692" x="100.0000" y="200.0000"/>"#
            ],
            [
                43:
                    #"          <point altitude="1.2000" pressure="800" timestamp="1673535658692" x="100.0000" y="200.0000"/>"#
            ],
            [
                43:
                    #"          <point azimuth="0.5000" altitude="1.2000" pressure="800.5" timestamp="1673535658692.0" x="100.0000" y="200.0000"/>"#
            ],
            [
                43:
                    #"          <point altitude="1.2000" azimuth="0.5000" pressure="800" timestamp="1673535658692" x="100.0000" y="200.0000"></point>"#
            ],
            [13: "", 47: #"        <stroke index="5" label="5">"#],
            // A Start outside any Step (a fuzzer's shape): a problem, not a crash.
            [16: #"    <Other identifier="clockStep-command">"#, 19: "    </Other>"],
        ]
        for edits in cases {
            let (path, directory) = try edited("pass.csk", edits)
            defer { directory.remove() }
            let elementByElement = ADFValidator().validate(path: path)
            let state = ValidationState(path: path)
            let reader = try XMLStreamReader(path: path, limits: .standard)
            while let item = try reader.nextItem() { state.take(item) }
            state.finish()
            #expect(
                state.problems.count == elementByElement.count,
                "\(edits): \(state.problems) against \(elementByElement)")
            #expect(state.problems.map(\.line) == elementByElement.map(\.line), "\(edits)")
            let read = try ADFReader.readValidated(path: path)
            #expect(read.problems == elementByElement)
            #expect(read.file.document == (try ADFReader.read(path: path)).document)
        }
    }
}
