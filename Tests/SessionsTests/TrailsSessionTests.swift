import ADF
import FileLocations
import Foundation
import Proctoring
import Recordings
import Sessions
import StylusGeometry
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

    /// Replays the scenario of `lines` (an `sdt:` drawing, which places nothing of its own) as a trails test.
    static func replay(_ lines: [String], settings: String? = nil, into directory: String) throws -> (
        SessionResult, ADFDocument, String
    ) {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let scenarioPath = directory + "/trails.scenario"
        try (["sdt:", "speed: 8 cm/s", "pause: 0.5 s"] + lines).joined(separator: "\n").appending("\n")
            .write(toFile: scenarioPath, atomically: true, encoding: .utf8)
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
        "A replayed session's results file (sample A with an error and its correction, the rest skipped) matches the golden trails-replayed.tsk"
    )
    func golden() throws {
        let scratch = try Scratch()
        let (_, _, path) = try Self.replay(Self.skippedCircle, into: scratch.path)
        let actual = try Data(contentsOf: URL(fileURLWithPath: path))
        let golden = Fixture.path("Fixtures/golden/trails-replayed.tsk")
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
        #expect(throws: SessionSourceError.self) {
            _ = try SessionSources.trailsForm(test: .trails(form: "custom", layouts: [])) { _ in "" }
        }
    }
}
