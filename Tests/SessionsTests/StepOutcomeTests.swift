import ADF
import Foundation
import LiveRuntime
import Recordings
import Sessions
import StylusInput
import TestMaterials
import Testing
import Visits

@testable import VisitReport

/// Who ended each step (issue 28, item 5): the participant, the operator, a signal, or nobody (a
/// step never shown). A live session journals it (`outcome WORD T` before its `continue T`), its
/// results file says it on the step's `End` (`outcome="moved-on"`; nothing for the participant's
/// own finish), and `recover` writes the same file from the journal.
@Suite("Step outcomes")
struct StepOutcomeTests {
    static let dellCanvas = Fixture.path("Fixtures/recordings/real/dell_canvas_pen.evemu")
    static let battery = Fixture.path("Fixtures/mazes/standard.battery")

    /// An operator's or a signal's press in a live run, at seconds after the feed's first event.
    enum Press {
        case moveOn, endTest, stop
    }

    /// Runs `test` live on the fed Dell Canvas recording through `LiveSessionInput` (as `record` and
    /// `administer` run it, journal first), with `presses`, until the feed is over; returns the
    /// results file and the journal.
    func live(_ test: JournaledTest, presses: [(seconds: Double, press: Press)], in directory: String) throws -> (
        results: String, journal: String
    ) {
        var now = EventTime(microseconds: 1_000_000_000)
        let start = now
        let feed = try RecordingFeed(
            path: Self.dellCanvas, speed: 1, start: now.advanced(by: .milliseconds(250)), now: { now })
        let prepared = try LiveSessionStart(
            test: test, node: "feed:dell", device: feed.description, settingsFile: nil, profileFile: nil,
            displayProfile: nil,
            lookup: Fixture.lookup, note: { _ in })
        let files = try LiveSessionFiles(
            directory: directory, test: test, sources: prepared.sources, header: prepared.written,
            clockAnchor: feed.anchor,
            start: start, seal: { _, _ in nil })
        let driver = try prepared.setup.driver(
            device: prepared.header.device, anchor: files.anchor, recorder: files.recorder)
        try files.journal.control(.begin(start), now: start)
        try driver.begin(at: start)
        var input = LiveSessionInput(source: feed, journal: files.journal, driver: driver)
        let first = start.advanced(by: .milliseconds(250))
        var pending = presses.map { (first.advanced(by: .seconds($0.seconds)), $0.press) }
        while !driver.isFinished {
            now = now.advanced(by: .milliseconds(10))
            _ = try input.turn(now: now)
            if let (at, press) = pending.first, at <= now {
                pending.removeFirst()
                switch press {
                case .moveOn: try input.moveOn(at: now)
                case .endTest: try input.endTest(at: now)
                case .stop: try input.stop(at: now)
                }
            }
            if feed.isExhausted && pending.isEmpty && driver.nextDeadline == nil { try input.endEverything(at: now) }
        }
        try files.journal.control(.end(now), now: now)
        _ = try files.finishScanning(driver: driver, setup: prepared.setup, header: prepared.header, at: now)
        return (files.destination, files.journal.path)
    }

    /// The `End` outcomes of a results file, step by step.
    func outcomes(_ path: String) throws -> [StepOutcome] {
        try ADFReader.read(path: path).document.steps.map(\.end.outcome)
    }

    /// Recovers `journal` into its own folder and expects the live file byte for byte.
    func expectRecoveredAsLive(_ run: (results: String, journal: String), in directory: String) throws {
        let recovered = try JournalRecovery(path: run.journal, lookup: Fixture.lookup, facts: Fixture.facts)
            .rebuild(directory: directory + "/recovered", force: false)
        let live = try #require(FileManager.default.contents(atPath: run.results))
        let rebuilt = try #require(FileManager.default.contents(atPath: recovered.result.output))
        #expect(rebuilt == live, "recover's \(recovered.result.output) differs from the live \(run.results)")
    }

    @Test(
        "A maze battery: N on the first maze is moved-on, a signal on the second stopped, the three never shown skipped; recover agrees"
    )
    func mazeBattery() throws {
        let scratch = try Scratch()
        let run = try live(.battery(file: Self.battery), presses: [(1, .moveOn), (2, .stop)], in: scratch.path)
        #expect(try outcomes(run.results) == [.movedOn, .stopped, .skipped, .skipped, .skipped])
        let text = try String(contentsOfFile: run.results, encoding: .utf8)
        #expect(text.components(separatedBy: #" outcome="skipped""#).count - 1 == 3, "\(text.prefix(2000))")
        let journal = try String(contentsOfFile: run.journal, encoding: .utf8)
        let lines = journal.split(separator: "\n").filter {
            $0.hasPrefix("# StylusKit control: outcome ") || $0.hasPrefix("# StylusKit control: continue ")
        }
        #expect(
            lines.map { $0.split(separator: " ")[3] == "outcome" ? $0.split(separator: " ")[4] : "continue" } == [
                "moved-on", "continue", "stopped", "continue",
            ] + Array(repeating: ["skipped", "continue"], count: 3).flatMap { $0 })
        #expect(ADFValidator().validate(path: run.results) == [])
        try expectRecoveredAsLive(run, in: scratch.path)
    }

    @Test(
        "A clock test ended with Escape twice during its command step: the command moved-on, the copy never shown skipped"
    )
    func clockEndedByTheOperator() throws {
        let scratch = try Scratch()
        let run = try live(.clock, presses: [(2, .endTest)], in: scratch.path)
        #expect(try outcomes(run.results) == [.movedOn, .skipped])
        try expectRecoveredAsLive(run, in: scratch.path)
    }

    @Test(
        "A clock test run to the feed's end: every step the participant's, no outcome attribute or journal line at all")
    func clockFinishedByTheParticipant() throws {
        let scratch = try Scratch()
        let run = try live(.clock, presses: [], in: scratch.path)
        #expect(try outcomes(run.results) == [.finished, .finished])
        #expect(try !String(contentsOfFile: run.results, encoding: .utf8).contains("outcome="))
        #expect(try !String(contentsOfFile: run.journal, encoding: .utf8).contains("control: outcome"))
    }
}

/// The journal's `outcome` line read by `recover` from a journal made by hand (no live API): these
/// fail on a StylusKit that passes the line over and writes every step as finished.
extension JournalRecoveryTests {
    @Test("An outcome line before a continue at its instant puts outcome on that step's End; replay's file otherwise")
    func outcomeLine() throws {
        let scratch = try Scratch()
        let journal = try dellJournal(
            controls: [
                "anchor realtime-us=0 monotonic-us=0", "begin 0.000001", "outcome moved-on 3.000001",
                "continue 3.000001",
            ],
            in: scratch.path)
        let recovered = try recover(journal, into: scratch.path + "/recover")
        let text = try String(contentsOfFile: recovered, encoding: .utf8)
        #expect(text.contains(#"<End timestamp="3000" outcome="moved-on"/>"#), "\(text.prefix(3000))")
        #expect(text.components(separatedBy: "outcome=").count == 2)
        #expect(ADFValidator().validate(path: recovered) == [])
        // The attribute is the only difference from the participant's own split at that instant.
        let replayed = try replay(Self.dellCanvas, test: .clock, stepSplit: "3", into: scratch.path + "/replay")
        let plain = try String(contentsOfFile: replayed, encoding: .utf8)
        #expect(text.replacingOccurrences(of: #" outcome="moved-on""#, with: "") == plain)
    }

    @Test(
        "An outcome line at another instant than the continue, or with a later version's word, is passed over: the participant's"
    )
    func outcomeLineThatDoesNotApply() throws {
        let scratch = try Scratch()
        for (index, line) in ["outcome moved-on 2.000000", "outcome gave-up 3.000001", "outcome finished-ish 3.000001"]
            .enumerated()
        {
            let journal = try journal(
                try String(contentsOfFile: Self.dellCanvas, encoding: .utf8),
                controls: ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001", line, "continue 3.000001"],
                named: "j\(index)",
                in: scratch.path)
            let text = try String(
                contentsOfFile: try recover(journal, into: scratch.path + "/r\(index)"), encoding: .utf8)
            #expect(!text.contains("outcome="), "\(line)")
        }
    }
}

/// The places that say who ended a step, from a results file whose steps ended every way there is.
@Suite("Step outcomes, where they are said")
struct StepOutcomeWordsTests {
    /// A maze battery moved on from, stopped, and three steps never shown, as a live run writes it.
    func battery(in scratch: Scratch) throws -> String {
        try StepOutcomeTests().live(
            .battery(file: StepOutcomeTests.battery), presses: [(1, .moveOn), (2, .stop)], in: scratch.path
        ).results
    }

    @Test("adf show: each step's outcome in JSON, and the steps the participant did not finish said in the text")
    func adfShow() throws {
        let scratch = try Scratch()
        let summary = try ADFSummary(path: try battery(in: scratch))
        #expect(summary.steps.map(\.outcome) == ["moved-on", "stopped", "skipped", "skipped", "skipped"])
        let lines = summary.text.split(separator: "\n")
        #expect(
            lines.filter { $0.hasSuffix(", ended: skipped (never shown: the test ended before it)") }.count == 3,
            "\(summary.text)")
        #expect(lines[2].hasSuffix(", ended: moved-on (the operator moved on)"), "\(summary.text)")
        #expect(lines[3].hasSuffix(", ended: stopped (a signal stopped the session)"), "\(summary.text)")
        #expect(try summary.json().contains(#""outcome":"moved-on""#))
        let finished = try ADFSummary(path: Fixture.path("Fixtures/golden/maze-small.msk"))
        #expect(finished.steps.allSatisfy { $0.outcome == "finished" } && !finished.text.contains("ended:"))
    }

    @Test("results: the status counts the steps ended otherwise than by the participant")
    func resultsList() throws {
        let scratch = try Scratch()
        _ = try battery(in: scratch)
        let entry = try #require(try ADFResultsList(directory: scratch.path).entries.first)
        #expect(entry.status == "valid, steps ended: 1 moved-on, 1 stopped, 3 skipped", "\(entry.status)")
        let golden = try ADFResultsList(directory: Fixture.path("Fixtures/golden"))
        #expect(golden.entries.allSatisfy { $0.status == "valid" }, "\(golden.entries.map(\.status))")
    }

    @Test("The report: one note per outcome naming the steps; none when the participant finished every step")
    func reportNotes() {
        #expect(
            VisitReportContent.stepOutcomeNotes([.movedOn, .stopped, .skipped, .skipped, .skipped]) == [
                "Step 1 ended: moved-on (the operator moved on).",
                "Step 2 ended: stopped (a signal stopped the session).",
                "Steps 3, 4, 5 ended: skipped (never shown: the test ended before it).",
            ])
        #expect(VisitReportContent.stepOutcomeNotes([.finished, .finished]).isEmpty)
        #expect(
            VisitReportContent.stepOutcomeNotes([.timeLimit]) == ["Step 1 ended: time-limit (its time limit ran out)."])
    }

    @Test("visit.json's words for a step's outcome are ADF's, in its order")
    func manifestWords() {
        #expect(VisitManifest.Test.StepEnd.outcomeWords == StepOutcome.allCases.map(\.rawValue))
    }
}
