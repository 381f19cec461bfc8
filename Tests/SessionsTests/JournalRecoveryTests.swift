import ADF
import Foundation
import Proctoring
import Recordings
import Reports
import Sessions
import StylusInput
import Synthesis
import TestMaterials
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
        _ test: JournaledTest, on recording: SynthesizedRecording, settingsFile: String?, presses: [Double],
        tail: Double,
        pauses: [(pause: Double, resume: Double)] = [], in directory: String
    ) throws -> LiveRun {
        let written = RecordingHeader(
            format: .evemu(.current), kernel: "6.1.0-sessions-test", deviceNode: "/dev/input/event9",
            device: recording.header.device)
        let header = try RecordingReader(bytes: Array(EvemuWriter().header(written).utf8), name: "journal header")
            .header
        let sources = try SessionMaterials.live(
            test: test, device: header.device, settingsFile: settingsFile, profileFile: nil, displayProfile: nil,
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
        let results = ADFRecorder.resultsPath(directory: directory, name: "live", variant: test.variant)
        let recorder = try ADFRecorder(destination: results, variant: test.variant)
        let driver = try setup.driver(device: header.device, anchor: anchor, recorder: recorder)
        try journal.control(.begin(start), now: start)
        try driver.begin(at: start)

        var pending =
            (presses.map { (first.advanced(by: .seconds($0)), Press.continue) }
            + pauses.flatMap {
                [
                    (first.advanced(by: .seconds($0.pause)), Press.pause),
                    (first.advanced(by: .seconds($0.resume)), .resume),
                ]
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
        _ = try driver.finish(
            at: end, environment: setup.environment(header: header, penID: scan.penID), display: setup.display)
        try journal.sync(now: end)
        return LiveRun(results: results, journal: journal.path)
    }

    func recoveredEqualsLive(_ run: LiveRun, in scratch: Scratch) throws -> RecoveredSession {
        let recovered = try JournalRecovery(path: run.journal, lookup: Fixture.lookup, facts: Fixture.facts)
            .rebuild(directory: scratch.path + "/recovered-" + UUID().uuidString, force: false)
        let live = try #require(FileManager.default.contents(atPath: run.results))
        let rebuilt = try #require(FileManager.default.contents(atPath: recovered.result.output))
        #expect(rebuilt == live, "recover's \(recovered.result.output) differs from the live \(run.results)")
        #expect(!recovered.incomplete)
        return recovered
    }

    @Test(
        "The results list: a journal beside its results file adds nothing; one without is listed with the recover command"
    )
    func resultsList() throws {
        let scratch = try Scratch()
        let run = try live(
            .clock, on: try SynthesizedRecording(scenario: "clock.scenario"), settingsFile: nil, presses: [8],
            tail: 0.5, in: scratch.path)
        let listed = try ADFResultsList(withJournalsIn: scratch.path, recursive: false)
        #expect(listed.entries.map(\.file) == ["live.csk"] && listed.entries[0].incomplete == nil)
        try FileManager.default.removeItem(atPath: run.results)
        let orphan = try #require(try ADFResultsList(withJournalsIn: scratch.path + "/", recursive: true).entries.first)
        #expect(
            orphan.file == "live.evemu"
                && orphan.recover == "styluskit recover \(shellQuoted(scratch.path + "/live.evemu"))")
        #expect(orphan.test == "clock" && orphan.incomplete == nil && orphan.date != nil)
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
        guard case .clock(let clock) = recovered.result else {
            Issue.record("not a clock result")
            return
        }
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
        guard case .maze(let maze) = recovered.result else {
            Issue.record("not a maze result")
            return
        }
        #expect(maze.steps.map(\.finished) == [true])
        #expect(maze.steps.first?.interruptions.map(\.type) == ["wall-cross"])
        // The finish came 3 s after the end was reached, not 2: the step ends after the last event by more than 2 s.
        let document = try ADFReader.read(path: run.results).document
        let lastPoint = try #require(document.steps.first?.strokes.last?.points.last?.unixMilliseconds)
        let stepEnd = try #require(document.steps.first?.end.unixMilliseconds)
        #expect(stepEnd - lastPoint > 2_500, "the step ends \(stepEnd - lastPoint) ms after the last point")
    }

    @Test(
        "Trail making with sample A replaced by a layout file, a press ending part A after six circles: recover gives the live file byte for byte, the layout file gone"
    )
    func trails() throws {
        let scratch = try Scratch()
        // Sample A from a layout file of its own (the shipped one renamed), deleted before recover:
        // the journal keeps it.
        let shipped = try String(contentsOfFile: Fixture.path("Fixtures/trails/sample-A.yaml"), encoding: .utf8)
        let layout = scratch.path + "/my sample A.yaml"
        try shipped.replacingOccurrences(of: "name: sample-A", with: "name: my-sample-A")
            .write(toFile: layout, atomically: true, encoding: .utf8)
        let recording = try SynthesizedRecording(
            scenarioText: TrailsSessionTests.scenario(
                TrailsSessionTests.skippedCircle + TrailsSessionTests.draw(part: 1, through: Array(1...6))),
            in: scratch.path)
        let seconds =
            Double(recording.events.last!.time.microseconds - recording.events.first!.time.microseconds) / 1_000_000
        let test = JournaledTest.trails(form: "standard", layouts: [layout])
        let run = try live(test, on: recording, settingsFile: nil, presses: [seconds + 0.5], tail: 2, in: scratch.path)
        let journal = try String(contentsOfFile: run.journal, encoding: .utf8)
        #expect(journal.contains("# StylusKit control: test trails form=standard layout=\(layout)\n"))
        #expect(journal.contains("# StylusKit control: file trails-layout bytes="))
        try FileManager.default.removeItem(atPath: layout)
        let recovered = try recoveredEqualsLive(run, in: scratch)
        guard case .trails(let trails) = recovered.result else {
            Issue.record("not a trails result")
            return
        }
        #expect(trails.steps.map(\.layout) == ["my-sample-A", "standard-A", "sample-B", "standard-B"])
        #expect(trails.steps.map(\.outcome) == ["finished", "skipped", "skipped", "skipped"])
        #expect(trails.steps.map(\.errors) == [1, 0, 0, 0])
        #expect(trails.steps[1].circlesConnected == 6)
    }

    @Test("Symbol-digit parts ended by continue presses: recover gives the live file byte for byte")
    func symbolDigit() throws {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenario: "sdt-parts.scenario")
        let seconds =
            Double(recording.events.last!.time.microseconds - recording.events.first!.time.microseconds) / 1_000_000
        let run = try live(
            .sdt, on: recording, settingsFile: nil, presses: [seconds / 3, 2 * seconds / 3], tail: 0.2, in: scratch.path
        )
        let recovered = try recoveredEqualsLive(run, in: scratch)
        guard case .symbolDigit(let sdt) = recovered.result else {
            Issue.record("not a symbol-digit result")
            return
        }
        // The first press, a third of the way in, ends the test part after its three boxes; the copy
        // part's three come after the second press.
        #expect(sdt.steps.first?.strokes == 3, "\(sdt.steps.map(\.strokes))")
        #expect(sdt.steps.map(\.strokes).reduce(0, +) == recording.touchDowns)
        #expect(sdt.steps.dropFirst().contains { $0.strokes > 0 }, "\(sdt.steps.map(\.strokes))")
    }

    /// The latest instant a journal holds: its last event or its last control line's time.
    func lastInstant(ofJournal path: String) throws -> EventTime {
        let reader = try JournalReader(path: path)
        var last = try #require(reader.opening.begin)
        while let item = try reader.next() {
            switch item {
            case .event(let event): last = max(last, event.time)
            case .control(let control):
                switch control {
                case .continue(let time), .pause(let time), .resume(let time), .removed(let time),
                    .reconnected(let time),
                    .tap(_, let time), .end(let time), .gap(let time, _):
                    last = max(last, time)
                default: break
                }
            }
        }
        return last
    }

    @Test(
        "A maze journal cut at 200 byte offsets, as a crash leaves it: no interruption or step end after its last line")
    func mazeJournalCutAnywhere() throws {
        let scratch = try Scratch()
        var checked = 0
        var marked = 0
        // A wall cross held for 0.6 s (the wall-cross timer) and a 2.1 s lift (the no-drawing
        // timer), each followed by the 2 s finish timeout: every timer of the maze can be cut short.
        for (scenario, maze) in [
            ("wall-cross-0.6s.scenario", "Fixtures/synth/detour.maze"),
            ("no-drawing.scenario", "Fixtures/mazes/no-choice.maze"),
        ] {
            let directory = scratch.path + "/" + scenario
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let run = try live(
                .maze(mazeFile: Fixture.path(maze)), on: try SynthesizedRecording(scenario: scenario),
                settingsFile: nil, presses: [],
                tail: 5, in: directory)
            let bytes = try #require(FileManager.default.contents(atPath: run.journal))
            let text = String(decoding: bytes, as: UTF8.self)
            // Cuts from just past the first frame (its SYN_REPORT line) to the end: before it a
            // journal is no session's (an incomplete last frame is dropped; recover refuses a journal without events).
            let begin = try #require(text.range(of: JournalControl.linePrefix + "begin "))
            let report = try #require(text.range(of: " 0000 0000 0000", range: begin.upperBound..<text.endIndex))
            let from = try #require(text[report.upperBound...].firstIndex(of: "\n")).utf16Offset(in: text) + 1
            let anchor = try #require(JournalReader(path: run.journal).opening.anchor)
            let wallClock = WallClockAnchor(offsetMicroseconds: anchor.offsetMicroseconds)
            for index in 0..<100 {
                let offset = from + (bytes.count - from) * index / 100
                let cut = directory + "/cut-\(index).evemu"
                try bytes.prefix(offset).write(to: URL(fileURLWithPath: cut))
                // The file's times are whole milliseconds.
                let last = wallClock.unixMilliseconds(try lastInstant(ofJournal: cut)).rounded(.up)
                let recovered = try JournalRecovery(path: cut, lookup: Fixture.lookup, facts: Fixture.facts)
                    .rebuildInMemory()
                // The steps the cut left open end at its last line, and say so.
                for step in recovered.document.steps where step.end.journalEnded {
                    #expect(
                        step.end.unixMilliseconds
                            == wallClock.unixMilliseconds(try lastInstant(ofJournal: cut)).rounded(.down))
                    marked += 1
                }
                for step in recovered.document.steps {
                    #expect(
                        step.end.unixMilliseconds <= last,
                        "\(scenario) cut at byte \(offset): \(step.identifier) ends \(step.end.unixMilliseconds - last) ms after the journal's last line"
                    )
                    for interruption in step.interruptions {
                        #expect(
                            interruption.unixMilliseconds <= last,
                            "\(scenario) cut at byte \(offset): a \(interruption.type) interruption \(interruption.unixMilliseconds - last) ms after the journal's last line"
                        )
                    }
                }
                checked += 1
            }
        }
        #expect(checked == 200)
        #expect(marked > 100, "most cuts leave the maze open: its End says the journal ended there (\(marked) of 200)")
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
        let middle = try #require(
            recording.events.indices.first { $0 >= (first + last) / 2 && recording.events[$0].isFrameEnd })
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
        guard case .maze(let maze) = recovered.result else {
            Issue.record("not a maze result")
            return
        }
        // The pen never left the surface: the 2 s no-drawing timer was never armed.
        #expect(maze.steps.first?.interruptions.map(\.type) == [], "\(maze.steps.first?.interruptions ?? [])")
    }

    @Test("Ended with the pen on the surface: a symbol-digit part under way, then SIGTERM; recover gives the live file")
    func symbolDigitEndedPenDown() throws {
        let scratch = try Scratch()
        let recording = try cutMidStroke(try SynthesizedRecording(scenario: "sdt-skip.scenario"), stroke: 2)
        let run = try live(.sdt, on: recording, settingsFile: nil, presses: [], tail: 0.3, in: scratch.path)
        let recovered = try recoveredEqualsLive(run, in: scratch)
        guard case .symbolDigit(let sdt) = recovered.result else {
            Issue.record("not a symbol-digit result")
            return
        }
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

    @Test(
        "Maze paused after the end is reached: the finish timer stands still for the pause; recover gives the live file"
    )
    func mazePausedFreezesTheFinishTimer() throws {
        let scratch = try Scratch()
        let settings = scratch.path + "/finish-3s.yaml"
        try "schema: 2\nmaze:\n  finish-timeout: 3 s\n".write(toFile: settings, atomically: true, encoding: .utf8)
        let recording = try SynthesizedRecording(scenario: "wall-cross-0.6s.scenario")
        let test = JournaledTest.maze(mazeFile: Fixture.path("Fixtures/synth/detour.maze"))
        let last = length(recording)
        // Paused 1 s after the last lift, for 10 s: the 3 s finish timeout runs 1 s before and 2 s after.
        let run = try live(
            test, on: recording, settingsFile: settings, presses: [], tail: 16,
            pauses: [(last + 1.0013, last + 11.0013)],
            in: scratch.path)
        let recovered = try recoveredEqualsLive(run, in: scratch)
        guard case .maze(let maze) = recovered.result else {
            Issue.record("not a maze result")
            return
        }
        #expect(maze.steps.map(\.finished) == [true])
        #expect(maze.steps.first?.interruptions.map(\.type) == ["wall-cross", "operator-paused", "operator-resumed"])
        let document = try ADFReader.read(path: run.results).document
        let lastPoint = try #require(document.steps.first?.strokes.last?.points.last?.unixMilliseconds)
        let stepEnd = try #require(document.steps.first?.end.unixMilliseconds)
        // 3 s of finish timeout plus the 10 s paused, not 3 s: the real times are kept.
        #expect(
            stepEnd - lastPoint > 12_900 && stepEnd - lastPoint < 13_100,
            "the step ends \(stepEnd - lastPoint) ms after the last point")
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
            test, on: recording, settingsFile: nil, presses: [], tail: 5, pauses: [(last + 0.5013, last + 100)],
            in: scratch.path)
        let recovered = try recoveredEqualsLive(run, in: scratch)
        guard case .maze(let maze) = recovered.result else {
            Issue.record("not a maze result")
            return
        }
        // The default 2 s finish timeout would have run out 1.5 s into the pause.
        #expect(maze.steps.map(\.finished) == [false])
        #expect(maze.steps.first?.interruptions.map(\.type) == ["wall-cross", "operator-paused"])
    }

    @Test(
        "Clock paused mid-drawing: the stroke ends, nothing drawn while paused is recorded; recover gives the live file"
    )
    func clockPausedMidStroke() throws {
        let scratch = try Scratch()
        let recording = try SynthesizedRecording(scenario: "clock.scenario")
        let (pause, resume) = (2.0013, 4.0013)
        let run = try live(
            .clock, on: recording, settingsFile: nil, presses: [8], tail: 0.5, pauses: [(pause, resume)],
            in: scratch.path)
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
        #expect(
            points.contains { $0 < pausedFrom } && points.contains { $0 > pausedTo },
            "points before and after the pause")
        // The pen drew across the pause in the recording: one stroke more than touch-downs, or as many (lifted while
        // paused).
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

// MARK: Journals made by hand from recordings

/// `recover` against `replay`: a journal is an evemu recording plus `# StylusKit control:` lines, so a
/// real recording with control lines added by hand must give byte for byte the file `replay` gives
/// when its step split presses continue at the same instant.
extension JournalRecoveryTests {
    static let dellCanvas = Fixture.path("Fixtures/recordings/real/dell_canvas_pen.evemu")
    static let banner = "#      Waiting for events      #\n################################\n"

    /// `text` (a recording) with control lines after its banner, written to `name`.evemu in `directory`.
    func journal(_ text: String, controls: [String], named name: String = "journal", in directory: String) throws
        -> String
    {
        try #require(text.contains(Self.banner))
        let lines = controls.map { "# StylusKit control: \($0)\n" }.joined()
        let path = directory + "/" + name + ".evemu"
        try text.replacingOccurrences(of: Self.banner, with: Self.banner + lines).write(
            toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The Dell Canvas recording with control lines after its banner: anchor offset 0 (replay's
    /// default for relative times) and the session beginning at the first event (0.000001, checked with grep).
    func dellJournal(controls: [String], in directory: String) throws -> String {
        let text = try String(contentsOfFile: Self.dellCanvas, encoding: .utf8)
        #expect(text.contains("\nE: 0.000001 "))
        return try journal(text, controls: controls, in: directory)
    }

    /// Recovers `journal` as `styluskit recover JOURNAL --out DIRECTORY` does: the results file's path.
    @discardableResult
    func recover(_ journal: String, into directory: String, note: (String) -> Void = { _ in }) throws -> String {
        try JournalRecovery(path: journal, lookup: Fixture.lookup, facts: Fixture.facts).rebuild(
            directory: directory, force: false, note: note
        ).result.output
    }

    /// Replays `recording` as `styluskit replay RECORDING --test TEST [--maze M] [--step-split S] --out DIRECTORY`
    /// does: the results file's path.
    func replay(
        _ recording: String, test: TestKind, maze: String? = nil, stepSplit: String? = nil, into directory: String
    ) throws
        -> String
    {
        var replay = RecordingReplay(recording: recording, test: test, facts: Fixture.facts)
        replay.lookup = Fixture.lookup
        replay.maze = maze
        replay.directory = directory
        if let stepSplit { try replay.setStepSplit(parsing: stepSplit) }
        return try replay.run().result.output
    }

    func compare(stepSplit: String, controls: [String]) throws {
        let scratch = try Scratch()
        let journal = try dellJournal(controls: controls, in: scratch.path)
        let replayed = try replay(Self.dellCanvas, test: .clock, stepSplit: stepSplit, into: scratch.path + "/replay")
        let recovered = try recover(journal, into: scratch.path + "/recover")
        #expect((replayed as NSString).lastPathComponent == "dell_canvas_pen.csk")
        #expect((recovered as NSString).lastPathComponent == "journal.csk")
        let a = try #require(FileManager.default.contents(atPath: replayed))
        let b = try #require(FileManager.default.contents(atPath: recovered))
        #expect(a == b)
    }

    @Test("No continue line: the same file as replay --step-split none")
    func noContinue() throws {
        try compare(stepSplit: "none", controls: ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001"])
    }

    @Test("A continue line at 3.000001 s: the same file as replay --step-split 3 (3 s falls in a pen-up pause)")
    func continueLine() throws {
        try compare(
            stepSplit: "3", controls: ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001", "continue 3.000001"])
    }

    @Test("removed, reconnected and gap lines become Pause interruptions in the step they fall in, in time order")
    func interruptions() throws {
        let scratch = try Scratch()
        // Written out of time order on purpose: the gap (4 s) is after the continue (3 s), the
        // reconnection (2 s) after the removal (1.5 s).
        let journal = try dellJournal(
            controls: [
                "anchor realtime-us=0 monotonic-us=0", "begin 0.000001", "removed 1.500000", "reconnected 2.000000",
                "continue 3.000001", "gap dropped-at=4.000000 resync-events=3",
            ], in: scratch.path)
        let results = try recover(journal, into: scratch.path)
        let text = try String(contentsOfFile: results, encoding: .utf8)
        // Anchor offset 0: event time 1.5 s is Unix ms 1500.
        let removed = try #require(text.range(of: #"<Pause timestamp="1500" type="device-removed"/>"#))
        let reconnected = try #require(text.range(of: #"<Pause timestamp="2000" type="device-reconnected"/>"#))
        let dropped = try #require(text.range(of: #"<Pause timestamp="4000" type="events-dropped"/>"#))
        let copyStep = try #require(text.range(of: #"<Step identifier="clockStep-copy">"#))
        #expect(removed.lowerBound < reconnected.lowerBound)
        #expect(reconnected.lowerBound < copyStep.lowerBound)
        #expect(copyStep.lowerBound < dropped.lowerBound)
        #expect(text.components(separatedBy: "<Pause ").count == 4)
        #expect(ADFValidator().validate(path: results) == [])
    }

    @Test("instructions lines put the reading times on their steps' Start (a repeat's later line wins)")
    func instructionTimes() throws {
        let scratch = try Scratch()
        let base = ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001", "continue 3.000001"]
        // Anchor offset 0: event time 2.700400 s is Unix ms 2700.4, written 2700. The command step's first
        // measure is replaced by the later one (the instructions were repeated).
        let measures = [
            "instructions shown=0.500000 spoken=1.200000 first-touch=1.800000 step=clockStep-command",
            "instructions shown=2.000000 spoken=2.700400 first-touch=2.250999 step=clockStep-command",
            "instructions shown=3.100000 spoken=3.900000 first-touch=4.123456 step=clockStep-copy",
            // No such step: left out, with a warning, the file still written.
            "instructions shown=3.200000 spoken=3.300000 first-touch=3.400000 step=clockStep-other",
        ]
        let withMeasures = try dellJournal(controls: base + measures, in: scratch.path)
        var notes: [String] = []
        let results = try recover(withMeasures, into: scratch.path + "/with") { notes.append($0) }
        #expect(
            notes.contains {
                $0.contains(
                    "the reading time of step clockStep-other is left out of the results: the file has no such step.")
            },
            "\(notes)")
        let text = try String(contentsOfFile: results, encoding: .utf8)
        #expect(
            text.contains(
                #"<Start timestamp="0" instructionsShown="2000" instructionsSpoken="2700" firstTouch="2250"/>"#))
        #expect(
            text.contains(
                #"<Start timestamp="3000" instructionsShown="3100" instructionsSpoken="3900" firstTouch="4123"/>"#))
        #expect(text.components(separatedBy: "instructionsShown=").count - 1 == 2)
        #expect(ADFValidator().validate(path: results) == [])

        // Without the lines the file is the same but for the three attributes.
        let plain = try dellJournal(controls: base, in: scratch.path)
        let plainText = try String(contentsOfFile: try recover(plain, into: scratch.path + "/without"), encoding: .utf8)
        #expect(!plainText.contains("instructions"))
        let stripped = text.replacingOccurrences(
            of: #" instructionsShown="[0-9]+" instructionsSpoken="[0-9]+" firstTouch="[0-9]+""#, with: "",
            options: .regularExpression)
        #expect(stripped == plainText)
    }

    /// A synthesized recording (`synth SCENARIO --seed 1`) written as `styluskit synth` writes it,
    /// and made a journal: the control lines after its banner.
    func synthesizedJournal(_ scenario: String, controls: (String) throws -> [String], in directory: String) throws
        -> (recording: String, journal: String)
    {
        let synthesized = try SynthesizedRecording(scenario: scenario + ".scenario")
        let recording = directory + "/" + scenario + ".evemu"
        try ScenarioSynthesis(path: Fixture.path("Fixtures/synth/" + scenario + ".scenario")).writeRecording(
            synthesized.events, device: synthesized.header.device, seed: 1, to: recording, force: false)
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        return (recording, try journal(text, controls: try controls(text), in: directory))
    }

    /// The time of the recording's first event, read from its first `E:` line.
    func firstEventTime(_ text: String) throws -> String {
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("E: ") })
        return String(line.split(separator: " ")[1])
    }

    /// Each drawing's strokes, each as its point lines (a clock's `<drawing>` has no attributes, a
    /// symbol-digit part's has; no other element's name starts with `drawing`).
    func strokes(_ file: String) -> [[[Substring]]] {
        file.components(separatedBy: "<drawing").dropFirst().map { drawing in
            drawing.components(separatedBy: "<stroke ").dropFirst().map { stroke in
                stroke.split(separator: "\n").filter { $0.contains("<point ") }
            }
        }
    }

    @Test("A maze journal (test maze line naming the maze file) recovers to the same file as replay --test maze")
    func mazeJournal() throws {
        let scratch = try Scratch()
        let maze = Fixture.path("Fixtures/mazes/no-choice.maze")
        let (recording, journal) = try synthesizedJournal(
            "clean-solve",
            controls: { text in
                ["anchor realtime-us=0 monotonic-us=0", "test maze maze=\(maze)", "begin \(try firstEventTime(text))"]
            }, in: scratch.path)
        let replayed = try replay(recording, test: .maze, maze: maze, into: scratch.path + "/replay")
        let recovered = try recover(journal, into: scratch.path + "/recover")
        #expect((replayed as NSString).lastPathComponent == "clean-solve.msk")
        #expect((recovered as NSString).lastPathComponent == "journal.msk")
        let a = try #require(FileManager.default.contents(atPath: replayed))
        let b = try #require(FileManager.default.contents(atPath: recovered))
        #expect(a == b)
        // The maze's step is there (a file without it would also compare equal to an empty one).
        #expect(
            try ADFReader.read(path: recovered).document.steps.filter { $0.identifier == "mazeStep-no-choice" }.count
                == 1)
    }

    @Test("An sdt journal with a continue line at 5 s recovers to the same file as replay --test sdt split there")
    func symbolDigitJournal() throws {
        let scratch = try Scratch()
        var first = ""
        let (recording, journal) = try synthesizedJournal(
            "sdt-parts",
            controls: { text in
                first = try firstEventTime(text)
                // 5 s lies in the scenario's 6 s pause: the last BTN_TOUCH before it is a release.
                let touches = text.split(separator: "\n").filter { $0.hasPrefix("E: ") && $0.contains(" 0001 014a ") }
                    .map { $0.split(separator: " ") }
                let before = try #require(touches.last { Double($0[1])! < 5 })
                let after = try #require(touches.first { Double($0[1])! > 5 })
                #expect(before[4].prefix(4) == "0000" && after[4].prefix(4) == "0001")
                return ["anchor realtime-us=0 monotonic-us=0", "test sdt", "begin \(first)", "continue 5.000000"]
            }, in: scratch.path)
        let firstMicroseconds = try #require(Int(first.replacingOccurrences(of: ".", with: "")))
        let split = String(format: "%.6f", Double(5_000_000 - firstMicroseconds) / 1_000_000)
        let replayed = try replay(recording, test: .sdt, stepSplit: split, into: scratch.path + "/replay")
        let results = try recover(journal, into: scratch.path + "/recover")
        #expect((replayed as NSString).lastPathComponent == "sdt-parts.ssk")
        #expect((results as NSString).lastPathComponent == "journal.ssk")
        let a = try #require(FileManager.default.contents(atPath: replayed))
        let b = try #require(FileManager.default.contents(atPath: results))
        #expect(a == b)
        // The continue line split the parts: strokes in both the test and the copy part.
        let drawings = strokes(try String(contentsOfFile: results, encoding: .utf8))
        try #require(drawings.count >= 2)
        #expect(drawings[0].count != 0)
        #expect(drawings[1].count != 0)
    }

    @Test("A tap line: the touch-down it names and the samples up to the lift make no stroke; its step ends there")
    func tapLine() throws {
        let scratch = try Scratch()
        let recording = Fixture.path("Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events")
        let text = try String(contentsOfFile: recording, encoding: .utf8)
        // The tenth touch-down and the first event, read with grep: 'E: 1369413655.262537 0001 014a 0001'.
        #expect(text.contains("\nE: 1369413655.262537 0001 014a 0001"))
        #expect(text.contains("Waiting for events      #\n################################\nE: 1369413636.405673 "))
        func recovered(_ name: String, _ control: String) throws -> (path: String, text: String) {
            let controls = ["anchor realtime-us=0 monotonic-us=0", "begin 1369413636.405673", control]
            let results = try recover(
                try journal(text, controls: controls, named: name, in: scratch.path), into: scratch.path)
            #expect((results as NSString).lastPathComponent == name + ".csk")
            return (results, try String(contentsOfFile: results, encoding: .utf8))
        }
        // A continue press a microsecond before the touch-down: the touched stroke is the copy step's first.
        let pressed = try recovered("pressed", "continue 1369413655.262536").text
        let (tappedPath, tapped) = try recovered("tapped", "tap continue 1369413655.262537")
        let byPress = strokes(pressed)
        let byTap = strokes(tapped)
        try #require(byPress.count == 2 && byTap.count == 2)
        #expect(byTap[0] == byPress[0], "the command step is untouched")
        #expect(byPress[1].count > 1)
        #expect(byTap[1] == Array(byPress[1].dropFirst()), "the copy step lacks exactly the tapped stroke")
        // The command step ends at the touch-down (Unix ms, anchor offset 0), where the copy step starts.
        #expect(tapped.contains("<End timestamp=\"1369413655262\"/>"))
        #expect(tapped.contains("<Start timestamp=\"1369413655262\"/>"))
        #expect(!tapped.contains("timestamp=\"1369413655262\" x="), "no point at the tap's touch-down")
        #expect(ADFValidator().validate(path: tappedPath) == [])
    }
}
