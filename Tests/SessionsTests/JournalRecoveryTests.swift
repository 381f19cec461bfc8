import ADF
import Foundation
import Proctoring
import Recordings
import Sessions
import StylusInput
import Testing

/// A live session and its journal, in-process: the session is driven as `record`'s loop drives it
/// (each event journaled, then processed; continue presses journaled, then pressed) and its
/// journal written as `record` writes it. `recover` of that journal must give the live session's
/// results file byte for byte, with no option: the journal keeps the settings, profiles and mazes.
///
/// The tablet is the synthesized one of `SynthesizedRecording` (no uinput here: the real-kernel
/// version of this test is integration/vm/guest.sh, 8b).
@Suite("Recover rebuilds the live session")
struct JournalRecoveryTests {
    struct LiveRun {
        var results: String
        var journal: String
    }

    /// An operator's press in a live run.
    enum Press: Equatable {
        case `continue`, pause, resume
    }

    /// Runs `test` live on `recording`, pressing continue at each of `presses` (seconds after the
    /// first event) and pause and resume at `pauses` (seconds after the first event, journaled
    /// and pressed as administer's P key does), then lets the clock run `tail` seconds past the
    /// last event, as the live loop waits for the proctor's timers.
    func live(
        _ test: JournaledTest, on recording: SynthesizedRecording, settingsFile: String?, presses: [Double], tail: Double,
        pauses: [(pause: Double, resume: Double)] = [], in directory: String
    ) throws -> LiveRun {
        let written = RecordingHeader(
            format: .evemu(.current), kernel: "6.1.0-sessions-test", deviceNode: "/dev/input/event9", device: recording.header.device)
        let header = try RecordingReader(bytes: Array(EvemuWriter().header(written).utf8), name: "journal header").header
        let sources = try SessionSources.live(
            test: test, device: header.device, settingsFile: settingsFile, profileFile: nil, displayProfile: nil,
            lookup: Fixture.lookup, note: { _ in })
        let setup = try SessionSetup(
            test: test, device: header.device, profile: sources.tabletProfile, results: sources.results,
            settings: sources.settings, mazes: sources.mazes)
        let first = try #require(recording.events.first?.time)
        let start = first.advanced(by: .milliseconds(-250))
        let realtime: Int64 = 1_764_000_000_000_000
        let anchor = WallClockAnchor(offsetMicroseconds: realtime - start.microseconds)
        let journal = try Journal(directory: directory, name: "live", header: written, now: start)
        try journal.control(.anchor(realtimeMicroseconds: realtime, monotonicMicroseconds: start.microseconds), now: start)
        try journal.control(.test(test), now: start)
        for line in sources.journalLines { try journal.control(line, now: start) }
        let results = ADFRecorder.resultsPath(directory: directory, name: "live", variant: test.variant)
        let recorder = try ADFRecorder(destination: results, variant: test.variant)
        let driver = try setup.driver(device: header.device, anchor: anchor, recorder: recorder)
        try journal.control(.begin(start), now: start)
        try driver.begin(at: start)

        var pending =
            (presses.map { (first.advanced(by: .seconds($0)), Press.continue) }
            + pauses.flatMap {
                [(first.advanced(by: .seconds($0.pause)), Press.pause), (first.advanced(by: .seconds($0.resume)), .resume)]
            })
            .sorted { $0.0 < $1.0 }
        func press(upTo time: EventTime) throws {
            while let (at, kind) = pending.first, at <= time, !driver.isFinished {
                pending.removeFirst()
                switch kind {
                case .continue:
                    try journal.control(.continue(at), now: at)
                    try driver.continuePressed(at: at)
                case .pause:
                    try journal.control(.pause(at), now: at)
                    try driver.pausePressed(at: at)
                case .resume:
                    try journal.control(.resume(at), now: at)
                    try driver.resumePressed(at: at)
                }
            }
        }
        for event in recording.events where !driver.isFinished {
            try press(upTo: event.time)
            try journal.append([event], now: event.time)
            try driver.process(event)
        }
        let last = try #require(recording.events.last?.time)
        let end = last.advanced(by: .seconds(tail))
        // Presses after the last event, each after the timers due before it, as the live loop's turns.
        while let (at, _) = pending.first, at <= end, !driver.isFinished {
            try driver.advance(to: at)
            try press(upTo: at)
        }
        try driver.advance(to: end)
        // Whatever steps are left end at `end`, journaled, as SIGTERM ends them for `record`.
        while !driver.isFinished {
            try journal.control(.continue(end), now: end)
            try driver.continuePressed(at: end)
        }
        try journal.control(.end(end), now: end)
        var scan = try RecordingScan(header: header)
        for event in recording.events { scan.add(event) }
        try scan.finish(truncation: nil, file: journal.path)
        _ = try driver.finish(at: end, environment: setup.environment(header: header, penID: scan.penID), display: setup.display)
        try journal.sync(now: end)
        return LiveRun(results: results, journal: journal.path)
    }

    func recoveredEqualsLive(_ run: LiveRun, in scratch: Scratch) throws -> RecoveredSession {
        let recovered = try JournalRecovery(path: run.journal, lookup: Fixture.lookup)
            .rebuild(directory: scratch.path + "/recovered-" + UUID().uuidString, force: false)
        let live = try #require(FileManager.default.contents(atPath: run.results))
        let rebuilt = try #require(FileManager.default.contents(atPath: recovered.result.output))
        #expect(rebuilt == live, "recover's \(recovered.result.output) differs from the live \(run.results)")
        #expect(!recovered.incomplete)
        return recovered
    }

    @Test("Clock with a continue press and a 4 s button delay: recover gives the live file byte for byte")
    func clock() throws {
        let scratch = try Scratch()
        let settings = scratch.path + "/clock.yaml"
        try "schema: 2\nclock:\n  button-delay: 4 s\n".write(toFile: settings, atomically: true, encoding: .utf8)
        let recording = try SynthesizedRecording(scenario: "clock.scenario")
        let run = try live(.clock, on: recording, settingsFile: settings, presses: [8], tail: 0.5, in: scratch.path)
        let recovered = try recoveredEqualsLive(run, in: scratch)
        #expect(recovered.used.contains { $0.contains("settings") && $0.contains("kept in the journal") })
        guard case .clock(let clock) = recovered.result else { Issue.record("not a clock result"); return }
        #expect(clock.strokes == recording.touchDowns)
        #expect(clock.strokesPerStep.allSatisfy { $0.strokes > 0 }, "both steps have strokes: \(clock.strokesPerStep)")
    }

    @Test("Maze with a 3 s finish timeout, ending by itself: recover gives the live file byte for byte")
    func maze() throws {
        let scratch = try Scratch()
        let settings = scratch.path + "/finish-3s.yaml"
        try "schema: 2\nmaze:\n  finish-timeout: 3 s\n".write(toFile: settings, atomically: true, encoding: .utf8)
        let recording = try SynthesizedRecording(scenario: "wall-cross-0.6s.scenario")
        let test = JournaledTest.maze(mazeFile: Fixture.path("Fixtures/synth/detour.maze"))
        let run = try live(test, on: recording, settingsFile: settings, presses: [], tail: 5, in: scratch.path)
        let recovered = try recoveredEqualsLive(run, in: scratch)
        guard case .maze(let maze) = recovered.result else { Issue.record("not a maze result"); return }
        #expect(maze.steps.map(\.finished) == [true])
        #expect(maze.steps.first?.interruptions.map(\.type) == ["wall-cross"])
        // The finish came 3 s after the end was reached, not 2: the step ends after the last event by more than 2 s.
        let document = try ADFReader.read(path: run.results).document
        let lastPoint = try #require(document.steps.first?.strokes.last?.points.last?.unixMilliseconds)
        let stepEnd = try #require(document.steps.first?.end.unixMilliseconds)
        #expect(stepEnd - lastPoint > 2_500, "the step ends \(stepEnd - lastPoint) ms after the last point")
    }

    @Test("Symbol-digit parts ended by continue presses: recover gives the live file byte for byte")
    func symbolDigit() throws {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenario: "sdt-parts.scenario")
        let seconds = Double(recording.events.last!.time.microseconds - recording.events.first!.time.microseconds) / 1_000_000
        let run = try live(.sdt, on: recording, settingsFile: nil, presses: [seconds / 3, 2 * seconds / 3], tail: 0.2, in: scratch.path)
        let recovered = try recoveredEqualsLive(run, in: scratch)
        guard case .symbolDigit(let sdt) = recovered.result else { Issue.record("not a symbol-digit result"); return }
        // The first press, a third of the way in, ends the test part after its three boxes; the copy
        // part's three come after the second press.
        #expect(sdt.steps.first?.strokes == 3, "\(sdt.steps.map(\.strokes))")
        #expect(sdt.steps.map(\.strokes).reduce(0, +) == recording.touchDowns)
        #expect(sdt.steps.dropFirst().contains { $0.strokes > 0 }, "\(sdt.steps.map(\.strokes))")
    }

    /// The recording cut at the middle of its `stroke`-th stroke (from 0), after a whole frame:
    /// the pen is on the surface when the session is ended.
    func cutMidStroke(_ recording: SynthesizedRecording, stroke: Int) throws -> SynthesizedRecording {
        var downs = 0
        var touching = false
        var start: Int?
        var end: Int?
        for (index, event) in recording.events.enumerated() where event.type == .key && event.code == KeyCode.touch {
            if event.value != 0 && !touching {
                if downs == stroke { start = index }
                downs += 1
            } else if event.value == 0 && touching, start != nil, end == nil {
                end = index
            }
            touching = event.value != 0
        }
        let first = try #require(start)
        let last = try #require(end)
        // The frame end just after the middle of the stroke.
        let middle = try #require(recording.events.indices.first { $0 >= (first + last) / 2 && recording.events[$0].isFrameEnd })
        var cut = recording
        cut.events = Array(recording.events[...middle])
        return cut
    }

    @Test("Ended with the pen on the surface: a maze held across a wall, then SIGTERM; recover gives the live file")
    func mazeEndedPenDown() throws {
        let scratch = try Scratch()
        // Cut in the stroke that crosses the wall and holds there: the wall-cross timer is still due.
        let recording = try cutMidStroke(try SynthesizedRecording(scenario: "wall-cross-0.6s.scenario"), stroke: 0)
        let test = JournaledTest.maze(mazeFile: Fixture.path("Fixtures/synth/detour.maze"))
        let run = try live(test, on: recording, settingsFile: nil, presses: [], tail: 1.5, in: scratch.path)
        _ = try recoveredEqualsLive(run, in: scratch)
    }

    @Test("Ended with the pen still in the corridor for 3 s: no lift, so no no-drawing interruption, live or recovered")
    func mazePenRestingAtTheEnd() throws {
        let scratch = try Scratch()
        let recording = try cutMidStroke(try SynthesizedRecording(scenario: "wall-cross-0.4s.scenario"), stroke: 0)
        let test = JournaledTest.maze(mazeFile: Fixture.path("Fixtures/synth/detour.maze"))
        let run = try live(test, on: recording, settingsFile: nil, presses: [], tail: 3, in: scratch.path)
        let recovered = try recoveredEqualsLive(run, in: scratch)
        guard case .maze(let maze) = recovered.result else { Issue.record("not a maze result"); return }
        // The pen never left the surface: the 2 s no-drawing timer was never armed.
        #expect(maze.steps.first?.interruptions.map(\.type) == [], "\(maze.steps.first?.interruptions ?? [])")
    }

    @Test("Ended with the pen on the surface: a symbol-digit part under way, then SIGTERM; recover gives the live file")
    func symbolDigitEndedPenDown() throws {
        let scratch = try Scratch()
        let recording = try cutMidStroke(try SynthesizedRecording(scenario: "sdt-skip.scenario"), stroke: 2)
        let run = try live(.sdt, on: recording, settingsFile: nil, presses: [], tail: 0.3, in: scratch.path)
        let recovered = try recoveredEqualsLive(run, in: scratch)
        guard case .symbolDigit(let sdt) = recovered.result else { Issue.record("not a symbol-digit result"); return }
        #expect(sdt.steps.first?.strokes == 3, "the stroke under way is recorded up to the stop")
    }

    // MARK: The operator's pause

    /// Seconds from the recording's first event to its last.
    func length(_ recording: SynthesizedRecording) -> Double {
        Double(recording.events.last!.time.microseconds - recording.events.first!.time.microseconds) / 1_000_000
    }

    /// The Unix ms of every point of the results file, and its steps' interruptions by type.
    func pointsAndPauses(_ path: String) throws -> (points: [Double], pauses: [[String]]) {
        let document = try ADFReader.read(path: path).document
        let points = document.steps.flatMap { $0.strokes.flatMap { $0.points.map(\.unixMilliseconds) } }
        return (points, document.steps.map { $0.interruptions.map(\.type) })
    }

    @Test("Maze paused after the end is reached: the finish timer stands still for the pause; recover gives the live file")
    func mazePausedFreezesTheFinishTimer() throws {
        let scratch = try Scratch()
        let settings = scratch.path + "/finish-3s.yaml"
        try "schema: 2\nmaze:\n  finish-timeout: 3 s\n".write(toFile: settings, atomically: true, encoding: .utf8)
        let recording = try SynthesizedRecording(scenario: "wall-cross-0.6s.scenario")
        let test = JournaledTest.maze(mazeFile: Fixture.path("Fixtures/synth/detour.maze"))
        let last = length(recording)
        // Paused 1 s after the last lift, for 10 s: the 3 s finish timeout runs 1 s before and 2 s after.
        let run = try live(
            test, on: recording, settingsFile: settings, presses: [], tail: 16, pauses: [(last + 1.0013, last + 11.0013)],
            in: scratch.path)
        let recovered = try recoveredEqualsLive(run, in: scratch)
        guard case .maze(let maze) = recovered.result else { Issue.record("not a maze result"); return }
        #expect(maze.steps.map(\.finished) == [true])
        #expect(maze.steps.first?.interruptions.map(\.type) == ["wall-cross", "operator-paused", "operator-resumed"])
        let document = try ADFReader.read(path: run.results).document
        let lastPoint = try #require(document.steps.first?.strokes.last?.points.last?.unixMilliseconds)
        let stepEnd = try #require(document.steps.first?.end.unixMilliseconds)
        // 3 s of finish timeout plus the 10 s paused, not 3 s: the real times are kept.
        #expect(
            stepEnd - lastPoint > 12_900 && stepEnd - lastPoint < 13_100, "the step ends \(stepEnd - lastPoint) ms after the last point")
        let pauses = try #require(document.steps.first?.interruptions.filter { $0.type.hasPrefix("operator-") })
        #expect(pauses.count == 2 && abs(pauses[1].unixMilliseconds - pauses[0].unixMilliseconds - 10_000) < 1)
    }

    @Test("Maze paused and never resumed before the end: the finish timer never fires, live or recovered")
    func mazeEndedWhilePaused() throws {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenario: "wall-cross-0.6s.scenario")
        let test = JournaledTest.maze(mazeFile: Fixture.path("Fixtures/synth/detour.maze"))
        let last = length(recording)
        let run = try live(
            test, on: recording, settingsFile: nil, presses: [], tail: 5, pauses: [(last + 0.5013, last + 100)], in: scratch.path)
        let recovered = try recoveredEqualsLive(run, in: scratch)
        guard case .maze(let maze) = recovered.result else { Issue.record("not a maze result"); return }
        // The default 2 s finish timeout would have run out 1.5 s into the pause.
        #expect(maze.steps.map(\.finished) == [false])
        #expect(maze.steps.first?.interruptions.map(\.type) == ["wall-cross", "operator-paused"])
    }

    @Test("Clock paused mid-drawing: the stroke ends, nothing drawn while paused is recorded; recover gives the live file")
    func clockPausedMidStroke() throws {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenario: "clock.scenario")
        let (pause, resume) = (2.0013, 4.0013)
        let run = try live(.clock, on: recording, settingsFile: nil, presses: [8], tail: 0.5, pauses: [(pause, resume)], in: scratch.path)
        _ = try recoveredEqualsLive(run, in: scratch)
        let document = try ADFReader.read(path: run.results).document
        let (points, pauses) = try pointsAndPauses(run.results)
        #expect(pauses.first == ["operator-paused", "operator-resumed"])
        let anchor = try #require(document.steps.first?.start.unixMilliseconds)
        // The journal's `begin` is 250 ms before the first event.
        let pausedFrom = anchor + 250 + pause * 1_000
        let pausedTo = anchor + 250 + resume * 1_000
        let during = points.filter { $0 > pausedFrom + 0.5 && $0 < pausedTo - 0.5 }
        #expect(during.isEmpty, "\(during.count) points recorded while paused")
        #expect(points.contains { $0 < pausedFrom } && points.contains { $0 > pausedTo }, "points before and after the pause")
        // The pen drew across the pause in the recording: one stroke more than touch-downs, or as many (lifted while paused).
        let strokes = document.steps.reduce(0) { $0 + $1.strokes.count }
        #expect(strokes >= recording.touchDowns - 1 && strokes <= recording.touchDowns + 1, "\(strokes) strokes")
    }

    @Test("Symbol-digit paused between parts' presses: recover gives the live file byte for byte")
    func symbolDigitPaused() throws {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenario: "sdt-parts.scenario")
        let seconds = length(recording)
        let run = try live(
            .sdt, on: recording, settingsFile: nil, presses: [seconds / 3, 2 * seconds / 3], tail: 0.2,
            pauses: [(seconds / 6 + 0.0013, seconds / 6 + 1.5013)], in: scratch.path)
        _ = try recoveredEqualsLive(run, in: scratch)
        let (_, pauses) = try pointsAndPauses(run.results)
        #expect(pauses.first == ["operator-paused", "operator-resumed"])
    }
}
