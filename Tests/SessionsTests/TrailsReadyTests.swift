import ADF
import Foundation
import Recordings
import Sessions
import StylusInput
import Testing

/// A trail making part's time starts at its instructions' end ("Ready, go"): a live window plans
/// it on the driver and journals it (`waits-for-ready`, then a `ready` line per part), and
/// `recover` plans the same from the journal (docs/trails-proctoring.md, "In the sessions").
@Suite("Trail making parts start at Ready, go, live and recovered")
struct TrailsReadyTests {
    struct Run {
        var results: String
        var journal: String
        var result: TrailsResult
        var anchor: WallClockAnchor
    }

    /// Runs sample A of `lines` live as `administer` does, the window having planned each of
    /// `readies` (seconds after the first event) for sample A, journaled; the pen's events are
    /// journaled and handed over in order, and the session ends `tail` seconds after the last.
    static func live(
        _ lines: [String], readies: [Double], pauses: [(pause: Double, resume: Double)] = [], tail: Double = 0.5,
        in directory: String
    ) throws -> Run {
        let recording = try SynthesizedRecording(
            scenarioText: TrailsSessionTests.scenario(lines), in: directory)
        let test = JournaledTest.trails(form: "standard", layouts: [])
        let written = RecordingHeader(
            format: .evemu(.current), kernel: "6.1.0-sessions-test", deviceNode: "/dev/input/event9",
            device: recording.header.device)
        let header = try RecordingReader(bytes: Array(EvemuWriter().header(written).utf8), name: "journal header")
            .header
        let sources = try SessionMaterials.live(
            test: test, device: header.device, settingsFile: nil, profileFile: nil, displayProfile: nil,
            lookup: Fixture.lookup, facts: Fixture.facts, note: { _ in })
        let setup = try SessionDriverSetup(
            test: test, device: header.device, profile: sources.tabletProfile, results: sources.results,
            settings: sources.settings, mazes: sources.mazes, trailsForm: sources.trailsForm)
        let first = try #require(recording.events.first?.time)
        let start = first.advanced(by: .milliseconds(-250))
        let realtime: Int64 = 1_764_000_000_000_000
        let anchor = WallClockAnchor(offsetMicroseconds: realtime - start.microseconds)
        let journal = try Journal(directory: directory, name: "live", header: written, now: start)
        try journal.control(
            .anchor(realtimeMicroseconds: realtime, monotonicMicroseconds: start.microseconds), now: start)
        try journal.control(.test(test), now: start)
        for line in sources.journalLines { try journal.control(line, now: start) }
        try journal.control(.waitsForReady, now: start)
        let results = ADFRecorder.resultsPath(directory: directory, name: "live", variant: test.variant)
        let recorder = try ADFRecorder(destination: results, variant: test.variant)
        let driver = try #require(
            try setup.driver(device: header.device, anchor: anchor, recorder: recorder) as? TrailsDriver)
        driver.waitsForReady = true
        try journal.control(.begin(start), now: start)
        try driver.begin(at: start)
        // Planned as the window plans them: journaled when known, before the events they precede.
        for seconds in readies {
            let at = first.advanced(by: .seconds(seconds))
            try journal.control(.ready(step: "trailsStep-sampleA", time: at), now: start)
            driver.plan(ready: at, step: "trailsStep-sampleA")
        }
        var presses = pauses.flatMap {
            [(first.advanced(by: .seconds($0.pause)), false), (first.advanced(by: .seconds($0.resume)), true)]
        }
        for event in recording.events {
            while let (at, resumes) = presses.first, at <= event.time {
                presses.removeFirst()
                try journal.control(resumes ? .resume(at) : .pause(at), now: at)
                try resumes ? driver.resumePressed(at: at) : driver.pausePressed(at: at)
            }
            try journal.append([event], now: event.time)
            try driver.process(event)
        }
        let end = try #require(recording.events.last?.time).advanced(by: .seconds(tail))
        try driver.advance(to: end)
        while !driver.isFinished {
            try journal.control(.continue(end), now: end)
            try driver.continuePressed(at: end)
        }
        try journal.control(.end(end), now: end)
        var scan = try RecordingScan(header: header)
        for event in recording.events { scan.add(event) }
        try scan.finish(truncation: nil, file: journal.path)
        guard
            case .trails(let result) = try driver.finish(
                at: end, environment: setup.environment(header: header, penID: scan.penID), display: setup.display)
        else { throw CocoaError(.featureUnsupported) }
        try journal.sync(now: end)
        return Run(results: results, journal: journal.path, result: result, anchor: anchor)
    }

    /// `recover` of the run's journal: its results file's bytes.
    /// The results document of a live run of `TrailsSessionTests.skippedCircle`, sample A's last arrival and the
    /// ready `readyAt` milliseconds after the scenario's first event (both Unix ms).
    static func sampleA(of run: Run, readyAt milliseconds: Int64, in directory: String) throws -> (
        document: ADFDocument, endArrival: Double, ready: Double
    ) {
        let document = try ADFReader.read(path: run.results).document
        let trail = try #require(document.steps[0].trail)
        let endArrival = try #require(trail.arrivals.last?.unixMilliseconds)
        let first = try #require(
            try SynthesizedRecording(
                scenarioText: TrailsSessionTests.scenario(TrailsSessionTests.skippedCircle), in: directory
            ).events.first?.time)
        return (document, endArrival, run.anchor.unixMilliseconds(first.advanced(by: .milliseconds(milliseconds))))
    }

    static func recovered(_ run: Run, in directory: String) throws -> Data? {
        let rebuilt = try JournalRecovery(path: run.journal, lookup: Fixture.lookup, facts: Fixture.facts)
            .rebuild(directory: directory + "/recovered", force: false)
        return FileManager.default.contents(atPath: rebuilt.result.output)
    }

    @Test(
        "A part starts at its ready line: the touch before it is refused, the time runs from it to End, and recover rebuilds the file byte for byte"
    )
    func partStartsAtReady() throws {
        let scratch = try Scratch()
        // The first touch on circle 1 (0.1 s) comes before "Ready, go" at 0.8 s: refused.
        let run = try Self.live(TrailsSessionTests.skippedCircle, readies: [0.8], in: scratch.path)
        let sampleA = run.result.steps[0]
        #expect(sampleA.refusedStrokes == 1)
        #expect(sampleA.outcome == "finished")
        let (document, endArrival, ready) = try Self.sampleA(of: run, readyAt: 800, in: scratch.path)
        let completion = try #require(sampleA.completionSeconds)
        // The file's times are whole milliseconds.
        #expect(
            abs(completion - (endArrival - ready) / 1000) < 0.0015, "\(completion) s against \(endArrival - ready) ms")
        // Without the ready line the part would have started with its step, 0.25 s before the first event.
        #expect(completion < (endArrival - document.steps[0].start.unixMilliseconds) / 1000 - 1)
        let live = try #require(FileManager.default.contents(atPath: run.results))
        #expect(try Self.recovered(run, in: scratch.path) == live)
    }

    @Test("A ready due while the operator has paused is dropped: the part waits for the next one, live and recovered")
    func readyWhilePausedIsDropped() throws {
        let scratch = try Scratch()
        // Paused from 0.65 s to 0.75 s (between the two strokes): the ready at 0.7 s is dropped,
        // the one at 0.8 s (the instructions given again at the resume) starts the part.
        let run = try Self.live(
            TrailsSessionTests.skippedCircle, readies: [0.7, 0.8], pauses: [(0.65, 0.75)], in: scratch.path)
        let (_, endArrival, ready) = try Self.sampleA(of: run, readyAt: 800, in: scratch.path)
        let completion = try #require(run.result.steps[0].completionSeconds)
        // The file's times are whole milliseconds.
        #expect(
            abs(completion - (endArrival - ready) / 1000) < 0.0015, "\(completion) s against \(endArrival - ready) ms")
        let live = try #require(FileManager.default.contents(atPath: run.results))
        #expect(try Self.recovered(run, in: scratch.path) == live)
    }
}
