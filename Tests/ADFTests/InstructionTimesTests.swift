import Foundation
import Testing

@testable import ADF

/// The reading time of a step's instructions on its TaskData `<Start>`: three integer Unix-ms
/// attributes after the existing ones, absent when there is no measure.
@Suite("ADF instruction reading times")
struct InstructionTimesTests {
    /// A one-step maze document; the step's Start carries `instructions`.
    func document(instructions: InstructionTimes?) -> ADFDocument {
        ADFDocument(
            variant: .maze, environment: ClockSketchData(),
            steps: [
                ADFDocument.Step(
                    identifier: "mazeStep-a",
                    start: StepMark(
                        unixMilliseconds: 1_000.7, brightness: 0.5, volume: 0.25, instructions: instructions),
                    end: StepMark(unixMilliseconds: 9_000),
                    strokes: [
                        ADFDocument.Stroke(
                            beginUnixMilliseconds: 2_600.9, endUnixMilliseconds: 2_700,
                            points: [
                                PenPoint(x: 1, y: 2, altitude: 1, azimuth: 1, force: 1, unixMilliseconds: 2_600.9)
                            ])
                    ])
            ])
    }

    /// Shown at 1100.9, spoken to 2300.2, first touch at 2600.9 (unrounded).
    static let times = InstructionTimes(
        shownUnixMilliseconds: 1_100.9, spokenUnixMilliseconds: 2_300.2, firstTouchUnixMilliseconds: 2_600.9)

    func written(_ document: ADFDocument) throws -> (path: String, text: String, directory: ScratchDirectory) {
        let directory = try ScratchDirectory()
        let path = directory.file("r.msk")
        try document.write(to: path)
        return (path, try String(contentsOfFile: path, encoding: .utf8), directory)
    }

    @Test(
        "Written on Start after brightness, timestamp and volume, truncated to whole ms like every ADF timestamp; End unchanged"
    )
    func written() throws {
        let (path, text, directory) = try written(document(instructions: Self.times))
        defer { directory.remove() }
        #expect(
            text.contains(
                #"<Start brightness="0.5000" timestamp="1000" volume="0.2500" instructionsShown="1100" instructionsSpoken="2300" firstTouch="2600"/>"#
            ))
        #expect(text.contains(#"<End timestamp="9000"/>"#))
        #expect(text.components(separatedBy: "instructionsShown=").count == 2)
        #expect(ADFValidator().validate(path: path) == [])
    }

    @Test("A step the journal's end closed says so on its End (journalEnded), read back; valid; absent otherwise")
    func journalEnded() throws {
        var cut = document(instructions: nil)
        cut.steps[0].end.journalEnded = true
        let (path, text, directory) = try written(cut)
        defer { directory.remove() }
        #expect(text.contains(#"<End timestamp="9000" journalEnded="true"/>"#), "\(text)")
        #expect(try ADFReader.read(path: path).document.steps[0].end.journalEnded)
        #expect(ADFValidator().validate(path: path) == [])
        let (_, whole, other) = try written(document(instructions: nil))
        defer { other.remove() }
        #expect(!whole.contains("journalEnded"))
    }

    @Test(
        "Who ended a step is said on its End (outcome) for anyone but the participant, read back, valid; absent for their own finish"
    )
    func stepOutcome() throws {
        for outcome in StepOutcome.allCases where outcome != .finished {
            var ended = document(instructions: nil)
            ended.steps[0].end.outcome = outcome
            let (path, text, directory) = try written(ended)
            defer { directory.remove() }
            #expect(text.contains(#"<End timestamp="9000" outcome="\#(outcome.rawValue)"/>"#), "\(text)")
            #expect(try ADFReader.read(path: path).document.steps[0].end.outcome == outcome)
            #expect(ADFValidator().validate(path: path) == [])
        }
        let (path, whole, other) = try written(document(instructions: nil))
        defer { other.remove() }
        #expect(!whole.contains("outcome"))
        #expect(try ADFReader.read(path: path).document.steps[0].end.outcome == .finished)
        #expect(StepOutcome.allCases.map(\.rawValue) == ["finished", "moved-on", "time-limit", "stopped", "skipped"])
    }

    @Test(
        "An End outcome that is not a word of StepOutcome (or says finished, which is never written) is refused by the reader and the validator"
    )
    func stepOutcomeRefused() throws {
        for word in ["gave-up", "finished", ""] {
            let (path, text, directory) = try written(document(instructions: nil))
            defer { directory.remove() }
            try text.replacingOccurrences(
                of: #"<End timestamp="9000"/>"#, with: #"<End timestamp="9000" outcome="\#(word)"/>"#
            )
            .write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: ADFReadError.self) { try ADFReader.read(path: path) }
            let problems = ADFValidator().validate(path: path).map(\.description)
            #expect(
                problems.count == 1
                    && problems[0].contains(
                        #"<End> outcome="\#(word)" is not one of 'moved-on', 'time-limit', 'stopped', 'skipped'"#),
                "\(problems)")
        }
    }

    @Test("Absent when not given: the Start element is as before")
    func absent() throws {
        let (_, text, directory) = try written(document(instructions: nil))
        defer { directory.remove() }
        #expect(text.contains(#"<Start brightness="0.5000" timestamp="1000" volume="0.2500"/>"#))
        #expect(!text.contains("instructions"))
        #expect(!text.contains("firstTouch"))
    }

    @Test("Read back, summarised (2600 - 1100 = 1500 ms) and shown as text")
    func readBack() throws {
        let (path, _, directory) = try written(document(instructions: Self.times))
        defer { directory.remove() }
        let read = try ADFReader.read(path: path).document.steps[0].start.instructions
        #expect(
            read
                == InstructionTimes(
                    shownUnixMilliseconds: 1_100, spokenUnixMilliseconds: 2_300, firstTouchUnixMilliseconds: 2_600))
        let summary = try ADFSummary(path: path)
        #expect(summary.steps[0].readingMilliseconds == 1_500)
        #expect(
            summary.text.contains(
                "step mazeStep-a: 1000 - 9000 (wall time 8.000 s), 1 stroke, 1 point, instructions read in 1.500 s"))
        #expect(try summary.json().contains(#""readingMilliseconds":1500"#))
    }

    @Test(
        "The summary names its durations: wall time, paused time (the operator's pauses, one never resumed to the step's end), time drawing"
    )
    func summaryDurations() throws {
        var paused = document(instructions: nil)
        paused.steps[0].interruptions = [
            Interruption(type: "operator-paused", unixMilliseconds: 3_000),
            Interruption(type: "no-drawing", unixMilliseconds: 3_500),
            Interruption(type: "operator-resumed", unixMilliseconds: 5_000),
            Interruption(type: "operator-paused", unixMilliseconds: 8_000),
        ]
        let (path, _, directory) = try written(paused)
        defer { directory.remove() }
        let summary = try ADFSummary(path: path)
        #expect(
            summary.durationMilliseconds == 8_000 && summary.pausedMilliseconds == 3_000
                && summary.drawingMilliseconds == 5_000)
        #expect(
            summary.text.contains("wall time: 8.000 s, paused time: 3.000 s, time drawing: 5.000 s, 1 step"),
            "\(summary.text)")
        #expect(summary.text.contains("(wall time 8.000 s, paused time 3.000 s)"))
        #expect(!summary.text.contains("duration"))
        #expect(try summary.json().contains(#""pausedMilliseconds":3000"#))
    }

    @Test("Without the attributes neither the summary's text nor its JSON mention a reading time")
    func summaryWithout() throws {
        let (path, _, directory) = try written(document(instructions: nil))
        defer { directory.remove() }
        let summary = try ADFSummary(path: path)
        #expect(summary.steps[0].readingMilliseconds == nil)
        #expect(!summary.text.contains("read in"))
        #expect(!(try summary.json().contains("readingMilliseconds")))
    }

    @Test("The recorder puts the last measure of a step on the step of that name that started before the first touch")
    func recorderMatchesSteps() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let recorder = try ADFRecorder(destination: directory.file("b.msk"), variant: .maze)
        // The same maze twice in a battery: steps at 1000 and 5000.
        for start in [1_000.0, 5_000.0] {
            try recorder.beginStep("mazeStep-a", start: StepMark(unixMilliseconds: start))
            try recorder.endStep(StepMark(unixMilliseconds: start + 3_000))
        }
        func times(_ shown: Double, _ touch: Double) -> InstructionTimes {
            InstructionTimes(
                shownUnixMilliseconds: shown, spokenUnixMilliseconds: shown + 10, firstTouchUnixMilliseconds: touch)
        }
        #expect(try recorder.instructionTimes(times(1_100, 1_500), step: "mazeStep-a"))
        // A repeat in the first step: replaces the first measure.
        #expect(try recorder.instructionTimes(times(1_600, 1_900), step: "mazeStep-a"))
        #expect(try recorder.instructionTimes(times(5_100, 5_400), step: "mazeStep-a"))
        #expect(try recorder.instructionTimes(times(1, 2), step: "mazeStep-b") == false)
        let path = try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text.contains(
                #"<Start timestamp="1000" instructionsShown="1600" instructionsSpoken="1610" firstTouch="1900"/>"#))
        #expect(
            text.contains(
                #"<Start timestamp="5000" instructionsShown="5100" instructionsSpoken="5110" firstTouch="5400"/>"#))
        #expect(text.components(separatedBy: "instructionsShown=").count == 3)
    }

    @Test("The one step rule: the latest step of that name started by the first touch, else the latest of that name")
    func stepRule() {
        let steps: [(name: String, start: Double)] = [("a", 1_000), ("b", 2_000), ("a", 5_000), ("a", 9_000)]
        func step(_ name: String, touch: Double) -> Int? {
            InstructionTimes(shownUnixMilliseconds: 0, spokenUnixMilliseconds: nil, firstTouchUnixMilliseconds: touch)
                .step(named: name, in: steps, identifierOf: \.name, startOf: \.start)
        }
        #expect(step("a", touch: 1_500) == 0)
        #expect(step("a", touch: 5_000) == 2)
        #expect(step("a", touch: 99_000) == 3)
        // Touched before any step of that name started: the latest of that name.
        #expect(step("a", touch: 500) == 3)
        #expect(step("b", touch: 500) == 1)
        #expect(step("c", touch: 5_000) == nil)
    }

    /// The golden .csk with its first Start (line 17, grep -n) replaced by `start`.
    func goldenWithStart(_ start: String) throws -> (String, ScratchDirectory) {
        var lines = try String(contentsOfFile: "\(goldenDirectory)/clock-small.csk", encoding: .utf8)
            .components(separatedBy: "\n")
        try #require(lines[16] == #"      <Start timestamp="1673535657692"/>"#)
        lines[16] = start
        let directory = try ScratchDirectory()
        let path = directory.file("edited.csk")
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return (path, directory)
    }

    @Test(
        "The validator accepts the three attributes and reports a partial, fractional or out-of-order measure, in words"
    )
    func validator() throws {
        let (good, goodDirectory) = try goldenWithStart(
            #"      <Start timestamp="1673535657692" instructionsShown="1673535657700" instructionsSpoken="1673535657800" firstTouch="1673535657750"/>"#
        )
        defer { goodDirectory.remove() }
        #expect(ADFValidator().validate(path: good) == [])

        let (partial, partialDirectory) = try goldenWithStart(
            #"      <Start timestamp="1673535657692" instructionsShown="1673535657700"/>"#)
        defer { partialDirectory.remove() }
        #expect(
            ADFValidator().validate(path: partial).map(\.message) == [
                "<Start> has instructionsShown but not instructionsSpoken, firstTouch: the reading time needs all three"
            ])

        let (bad, badDirectory) = try goldenWithStart(
            #"      <Start timestamp="1673535657692" instructionsShown="1673535657700" instructionsSpoken="1673535657600" firstTouch="1673535657699"/>"#
        )
        defer { badDirectory.remove() }
        let problems = ADFValidator().validate(path: bad)
        #expect(problems.map(\.line) == [17, 17])
        #expect(
            problems.map(\.message) == [
                "<Start> instructionsSpoken (1673535657600) is before instructionsShown (1673535657700)",
                "<Start> firstTouch (1673535657699) is before instructionsShown (1673535657700)",
            ])

        let (fraction, fractionDirectory) = try goldenWithStart(
            #"      <Start timestamp="1673535657692" instructionsShown="1673535657700.5" instructionsSpoken="1673535657800" firstTouch="1673535657750"/>"#
        )
        defer { fractionDirectory.remove() }
        #expect(
            ADFValidator().validate(path: fraction).map(\.message) == [
                #"<Start> instructionsShown="1673535657700.5" is not Unix time in whole milliseconds"#
            ])
    }
}

/// Instructions shown but not spoken (no audio was played): no `instructionsSpoken`, and
/// `instructionsNotSpoken` says why; never a speech end that did not happen.
@Suite("ADF instructions shown, not spoken")
struct UnspokenInstructionTimesTests {
    static let silent = InstructionTimes(
        shownUnixMilliseconds: 1_100.9, spokenUnixMilliseconds: nil, firstTouchUnixMilliseconds: 2_600.9,
        notSpoken: "no audio output device")

    @Test("Written without instructionsSpoken, with why; read back and valid")
    func writtenAndRead() throws {
        let base = InstructionTimesTests()
        let (path, text, directory) = try base.written(base.document(instructions: Self.silent))
        defer { directory.remove() }
        #expect(
            text.contains(
                #"<Start brightness="0.5000" timestamp="1000" volume="0.2500" instructionsShown="1100" instructionsNotSpoken="no audio output device" firstTouch="2600"/>"#
            ))
        #expect(!text.contains("instructionsSpoken"))
        #expect(ADFValidator().validate(path: path) == [])
        let read = try ADFReader.read(path: path).document
        #expect(read.steps[0].start.instructions?.spokenUnixMilliseconds == nil)
        #expect(read.steps[0].start.instructions?.notSpoken == "no audio output device")
        #expect(read.steps[0].start.instructions?.readingMilliseconds == 1500)
    }

    @Test("Spoken and not spoken at once is refused, as is an empty reason")
    func both() throws {
        let base = InstructionTimesTests()
        let (path, text, directory) = try base.written(base.document(instructions: Self.silent))
        defer { directory.remove() }
        for (attributes, problem) in [
            (
                #"instructionsShown="1100" instructionsSpoken="1200" instructionsNotSpoken="no audio output device""#,
                "<Start> has both instructionsSpoken and instructionsNotSpoken: instructions are spoken or not, not both"
            ),
            (
                #"instructionsShown="1100" instructionsNotSpoken="""#,
                "<Start> instructionsNotSpoken is empty: it says why the instructions were not spoken"
            ),
        ] {
            let changed = text.replacingOccurrences(
                of: #"instructionsShown="1100" instructionsNotSpoken="no audio output device""#, with: attributes)
            try changed.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(ADFValidator().validate(path: path).map(\.message).contains { $0.contains(problem) })
        }
    }
}
