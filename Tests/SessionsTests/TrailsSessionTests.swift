import ADF
import FileLocations
import Foundation
import Proctoring
import Recordings
import Sessions
import StylusGeometry
import StylusInput
import Synthesis
import TestMaterials
import Testing

/// Trail making sessions of synthesized recordings, replayed in-process as `replay --test trails`
/// replays them (TrailsDriver): the four steps, what the proctor decided and what the results
/// file holds. The pen's path is scripted on the circles of the shipped standard form, placed as
/// the driver places it (centred on the Cintiq 13HD's page).
@Suite("Trail making sessions of synthesized recordings")
struct TrailsSessionTests {
    /// The Cintiq 13HD's page (TabletPage), on which the standard form is centred.
    static let page = FormSize(widthCentimetres: 29.376, heightCentimetres: 16.524)
    static let form = TrailsForm.shipped("standard")!

    /// A circle's centre of `part` on the page, as a scenario's `X,Y`.
    static func point(_ part: Int, _ circle: Int) -> String {
        let layout = form.layouts[part]
        let origin = TrailsDriver.origin(of: layout, on: page)
        let centre = layout.circles[circle - 1].centre
        return String(
            format: "%.3f,%.3f", centre.xCentimetres + origin.xCentimetres, centre.yCentimetres + origin.yCentimetres)
    }

    /// Lines drawing one part from circle 1 through `circles` in one stroke, then lifting and
    /// waiting past the finish timeout, so the next part's first touch comes after it starts.
    static func draw(part: Int, through circles: [Int], holdAt: Int? = nil) -> [String] {
        var lines = ["down: \(point(part, circles[0]))"]
        for circle in circles.dropFirst() {
            lines.append("move: \(point(part, circle))")
            if circle == holdAt { lines.append("hold: 400 ms") }
        }
        return lines + ["up", "pause: 1.5 s"]
    }

    /// The scenario of `lines`: an `sdt:` drawing, which places nothing of its own, at 8 cm/s.
    static func scenario(_ lines: [String]) -> String {
        (["sdt:", "speed: 8 cm/s", "pause: 0.5 s"] + lines).joined(separator: "\n") + "\n"
    }

    /// Replays the scenario of `lines` (an `sdt:` drawing, which places nothing of its own) as a trails test.
    static func replay(_ lines: [String], settings: String? = nil, into directory: String) throws -> (
        SessionResult, ADFDocument, String
    ) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let scenarioPath = directory + "/trails.scenario"
        try scenario(lines).write(toFile: scenarioPath, atomically: true, encoding: .utf8)
        let header = try RecordingReader(path: Fixture.path(Fixture.cintiq), descriptionPath: nil).header
        let profile = try Fixture.lookup.tabletProfile(for: header.device, file: nil)?.profile
        let synthesis = try ScenarioSynthesis(path: scenarioPath)
        let events = try synthesis.events(device: header.device, profile: profile, seed: 1)
        let recording = directory + "/trails.evemu"
        try synthesis.writeRecording(events, device: header.device, seed: 1, to: recording, force: true)
        var replay = RecordingReplay(recording: recording, test: .trails, facts: Fixture.facts)
        replay.lookup = Fixture.lookup
        replay.directory = directory
        replay.force = true
        replay.startTime = 1_700_000_000_000
        if let settings {
            let file = directory + "/settings.yaml"
            try settings.write(toFile: file, atomically: true, encoding: .utf8)
            replay.settings = try ProctoringSettings(file: file)
        }
        let result = try replay.run().result
        return (result, try ADFReader.read(path: result.output).document, result.output)
    }

    static let cleanRun =
        draw(part: 0, through: Array(1...8)) + draw(part: 1, through: Array(1...25))
        + draw(part: 2, through: Array(1...8)) + draw(part: 3, through: Array(1...25))

    /// A touch on 1; then down in 3, held 0.4 s (past the 0.2 s dwell), back to 1, then 2 … 8:
    /// sample A with one error and its correction; the recording ends there.
    static let skippedCircle =
        ["down: \(point(0, 1))", "hold: 100 ms", "up", "pause: 0.5 s"]
        + ["down: \(point(0, 3))", "hold: 400 ms", "move: \(point(0, 1))"]
        + Array(2...8).map { "move: \(point(0, $0))" } + ["up", "pause: 1.5 s"]

    @Test(
        "A clean run of the four steps: every part finished, every circle reached in order, no error; the file validates"
    )
    func cleanRunFinishesEveryPart() throws {
        let scratch = try Scratch()
        let (result, document, path) = try Self.replay(Self.cleanRun, into: scratch.path)
        #expect(
            document.steps.map(\.identifier) == [
                "trailsStep-sampleA", "trailsStep-A", "trailsStep-sampleB", "trailsStep-B",
            ])
        let trails = document.steps.map(\.trail)
        #expect(trails.map { $0?.outcome } == [.finished, .finished, .finished, .finished])
        #expect(
            trails.map { $0?.arrivals.map(\.circle) } == [Array(1...8), Array(1...25), Array(1...8), Array(1...25)])
        #expect(trails.map { $0?.errors.count } == [0, 0, 0, 0])
        #expect(trails.map { $0?.layout } == ["sample-A", "standard-A", "sample-B", "standard-B"])
        #expect(document.steps.map(\.end.outcome) == [.finished, .finished, .finished, .finished])
        // Each part ends 1 s (the finish timeout) after End is reached, and the next starts there.
        for (index, step) in document.steps.enumerated() {
            let end = try #require(step.trail?.arrivals.last?.unixMilliseconds)
            #expect(abs(step.end.unixMilliseconds - (end + 1_000)) <= 1)
            if index + 1 < document.steps.count {
                #expect(document.steps[index + 1].start.unixMilliseconds == step.end.unixMilliseconds)
            }
        }
        guard case .trails(let summary) = result else {
            Issue.record("not a trails result")
            return
        }
        #expect(summary.steps.map(\.outcome) == ["finished", "finished", "finished", "finished"])
        #expect(summary.steps.allSatisfy { $0.completionSeconds != nil && $0.strokes == 1 })
        #expect(ADFValidator().validate(path: path).map(\.description) == [])
    }

    @Test(
        "Skipping circle 2 of sample A and holding in circle 3: a sequence error at the dwell's end, corrected at circle 1"
    )
    func skippedCircleIsAnError() throws {
        let scratch = try Scratch()
        let (_, document, _) = try Self.replay(Self.skippedCircle, into: scratch.path)
        let sample = try #require(document.steps.first?.trail)
        #expect(sample.outcome == .finished)
        try #require(sample.errors.count == 1)
        let error = sample.errors[0]
        #expect(error.wrongCircle == 3)
        #expect(error.expectedCircle == 2)
        #expect(error.errorClass == .sequence)
        let corrected = try #require(error.correctedUnixMilliseconds)
        #expect(corrected > error.unixMilliseconds)
        #expect(document.steps[0].interruptions.map(\.type) == ["trails-error"])
        #expect(document.steps[0].interruptions[0].unixMilliseconds == error.unixMilliseconds)
        // Circle 2 is reached only after the correction ended.
        #expect(sample.arrivals[1].circle == 2 && sample.arrivals[1].unixMilliseconds > corrected)
        // The three steps never drawn in end with the recording: skipped, with no arrivals.
        #expect(document.steps.dropFirst().map { $0.trail?.outcome } == [.skipped, .skipped, .skipped])
        // Part A was on screen when the recording ended; the two after it were never shown.
        #expect(document.steps.map(\.end.outcome) == [.finished, .finished, .skipped, .skipped])
    }

    @Test("Sample A's time limit: the step ends at it with outcome time-limit and Trail outcome discontinued")
    func discontinuation() throws {
        let scratch = try Scratch()
        let settings = "schema: 3\ntrails:\n  discontinue-after-sample: 3 s\n"
        // Circles 1 to 3, then nothing for 5 s: the sample stops 3 s after its start.
        let lines = Self.draw(part: 0, through: [1, 2, 3]) + ["pause: 5 s", "down: \(Self.point(1, 1))", "up"]
        let (_, document, path) = try Self.replay(lines, settings: settings, into: scratch.path)
        let sample = try #require(document.steps.first)
        #expect(sample.trail?.outcome == .discontinued)
        #expect(sample.trail?.circlesConnected == 3)
        #expect(sample.end.outcome == .timeLimit)
        #expect(abs(sample.end.unixMilliseconds - (sample.start.unixMilliseconds + 3_000)) <= 1)
        #expect(document.steps[1].identifier == "trailsStep-A")
        #expect(document.steps[1].start.unixMilliseconds == sample.end.unixMilliseconds)
        #expect(ADFValidator().validate(path: path).map(\.description) == [])
    }

    @Test(
        "A replayed session's results file (sample A with an error and its correction, the rest skipped) matches the golden replayed/trails-session.tsk"
    )
    func golden() throws {
        let scratch = try Scratch()
        let (_, _, path) = try Self.replay(Self.skippedCircle, into: scratch.path)
        let actual = try Data(contentsOf: URL(fileURLWithPath: path))
        let golden = Fixture.path("Fixtures/golden/replayed/trails-session.tsk")
        if ProcessInfo.processInfo.environment["ADF_REGENERATE_GOLDEN"] == "1" {
            try actual.write(to: URL(fileURLWithPath: golden))
            Issue.record("regenerated \(golden); review the diff and run the tests again")
            return
        }
        #expect(actual == (try Data(contentsOf: URL(fileURLWithPath: golden))), "differs from \(golden)")
    }

    @Test("The shipped forms are the generator's: standard and alternate-N by name, anything else refused")
    func shippedForms() throws {
        #expect(Self.form.layouts.map(\.name) == ["sample-A", "standard-A", "sample-B", "standard-B"])
        #expect(
            TrailsForm.shipped("alternate-2")?.layouts.map(\.name) == [
                "sample-A", "alternate-2-A", "sample-B", "alternate-2-B",
            ])
        for file in ["sample-A", "standard-A", "sample-B", "standard-B", "alternate-1-A", "alternate-1-B"] {
            let text = try String(contentsOfFile: Fixture.path("Fixtures/trails/\(file).yaml"), encoding: .utf8)
            let shipped = try TrailLayout(parsing: text, source: file)
            let made = TrailsForm.shipped(file.hasPrefix("alternate-1") ? "alternate-1" : "standard")!
            #expect(made.layout(shipped.part) == shipped, "\(file)")
        }
        for name in ["alternate-0", "alternate-01", "Standard", "alternate-", "custom"] {
            #expect(TrailsForm.shipped(name) == nil, "\(name)")
        }
        #expect(throws: SessionMaterialsError.self) {
            _ = try SessionMaterials.trailsForm(test: .trails(form: "custom", layouts: [])) { _ in "" }
        }
    }

    @Test("The trail making options' refusals say what went wrong and what to do")
    func messages() throws {
        #expect(
            SessionMaterialsError.unknownTrailsForm("nope").description
                == "There is no trail making form 'nope'. Give 'standard' or 'alternate-N' (N a whole number from 1, the "
                + "form `styluskit trails generate --seed N` writes), or --layout FILE for the parts to replace.")
        #expect(
            SessionMaterialsError.twoLayoutsForOnePart(part: "trailsStep-A", first: "a.yaml", second: "b.yaml")
                .description
                == "The layout files a.yaml and b.yaml are both for trailsStep-A. Give one layout file per part.")
        #expect(
            RecordingReplayError.trailsOptions(test: .clock).description
                == "--form and --layout belong to --test trails; leave them out for --test clock.")
        #expect(
            RecordingReplayError.layoutPath("/x layout=y.yaml").description
                == "The layout file's path /x layout=y.yaml holds ' layout=', which a journal cannot keep apart from the "
                + "next layout; rename or move the file.")
        #expect(throws: RecordingReplayError.self) {
            try RecordingReplay.checkTrailsOptions(test: .maze, form: "standard", layouts: [])
        }
        #expect(throws: RecordingReplayError.self) {
            try RecordingReplay.checkTrailsOptions(test: .trails, form: nil, layouts: ["/x layout=y.yaml"])
        }
        try RecordingReplay.checkTrailsOptions(test: .trails, form: "alternate-1", layouts: ["/srv/a b.yaml"])
        // Two layout files for one part are refused before any session starts.
        let text = try String(contentsOfFile: Fixture.path("Fixtures/trails/sample-A.yaml"), encoding: .utf8)
        #expect(throws: SessionMaterialsError.self) {
            _ = try SessionMaterials.trailsForm(test: .trails(form: "standard", layouts: ["a", "b"])) { _ in text }
        }
    }

    @Test("A window that speaks instructions starts each part at ready(at:): strokes before it are refused")
    func readyStartsThePart() throws {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenarioText: Self.scenario(Self.skippedCircle), in: scratch.path)
        let header = recording.header
        let sources = try SessionMaterials.live(
            test: .trails(form: "standard", layouts: []), device: header.device, settingsFile: nil, profileFile: nil,
            displayProfile: nil, lookup: Fixture.lookup, facts: Fixture.facts, note: { _ in })
        let setup = try SessionDriverSetup(
            test: .trails(form: "standard", layouts: []), device: header.device, profile: sources.tabletProfile,
            results: sources.results, settings: sources.settings, mazes: [], trailsForm: sources.trailsForm)
        let first = try #require(recording.events.first?.time)
        let anchor = WallClockAnchor(firstEventTime: first, startTimeMilliseconds: 1_700_000_000_000)
        let recorder = ResultsInMemory(variant: .trails, label: "ready")
        let driver = try #require(
            try setup.driver(device: header.device, anchor: anchor, recorder: recorder) as? TrailsDriver)
        driver.waitsForReady = true
        try driver.begin(at: first)
        // "Ready, go" after the first touch on circle 1 (the scenario's first 0.6 s): that touch is refused.
        let ready = first.advanced(by: .milliseconds(800))
        var readied = false
        for event in recording.events {
            if !readied && event.time >= ready {
                try driver.ready(at: ready)
                readied = true
            }
            try driver.process(event)
        }
        guard
            case .trails(let result) = try driver.finish(
                at: recording.events.last!.time, environment: setup.environment(header: header, penID: nil),
                display: setup.display)
        else {
            Issue.record("not a trails result")
            return
        }
        #expect(result.steps[0].refusedStrokes == 1)
        // The part starts at "Ready, go": the stroke into 3 is then the first, before Begin, so the
        // correction sends the pen to 1 ("Start at 1.").
        #expect(driver.steps[0].errors == 1)
        #expect(result.steps[0].outcome == "finished")
    }
}
