import Foundation
import Recordings
import Sessions
import TestMaterials
import Testing

@testable import Visiting
@testable import Visits

/// The runner's decisions from test to test. The tests themselves are a stand-in here (a closure
/// writing two small files where a live session writes its journal and results): a real one needs
/// a tablet or a window, and integration/xvfb/check.py runs whole visits through `administer`'s path.
@Suite struct VisitRunnerTests {
    /// The operator's answers, in order, and what the runner told them.
    final class Desk: VisitOperator {
        var answers: [VisitChoice]
        var breaks: [Double?] = []
        var notes: [String] = []
        init(_ answers: [VisitChoice]) { self.answers = answers }
        func choose(before test: ProtocolTest, position: Int, count: Int, breakSeconds: Double?) -> VisitChoice {
            breaks.append(breakSeconds)
            return answers.isEmpty ? .administer : answers.removeFirst()
        }
        func note(_ text: String) { notes.append(text) }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "visit-runner-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A protocol of three tests in a scratch folder, with a settings file beside it.
    static func protocolFile(in root: String, extra: String = "") throws -> String {
        try "schema: 1\n".write(toFile: root + "/settings.yaml", atomically: true, encoding: .utf8)
        let text = """
            schema: 1
            name: three
            settings: settings.yaml
            tests:
              - test: clock
              - test: maze
                maze: x.maze
                break: 30 s
              - test: sdt
                break: 10 s
            \(extra)
            """
        try text.write(toFile: root + "/three.yaml", atomically: true, encoding: .utf8)
        return root + "/three.yaml"
    }

    /// A stand-in test: opens (names its two files), writes them, ends as `end`.
    static func standIn(_ end: VisitTestEnd, log: Box) -> (VisitTestRequest, (VisitTestOpened) throws -> Void) throws ->
        VisitTestEnd
    {
        { request, opened in
            log.value.append(request.position)
            let results = try open(request, opened, resultsExtension: ".xml")
            if end != .aborted { try "results".write(toFile: results, atomically: true, encoding: .utf8) }
            return end
        }
    }

    /// A stand-in test that writes real results files: the next of `texts` as its `.csk`, ending as the next of
    /// `ends`.
    static func standIn(writing texts: [String], ends: [VisitTestEnd]) -> (
        VisitTestRequest, (VisitTestOpened) throws -> Void
    ) throws -> VisitTestEnd {
        var texts = texts
        var ends = ends
        return { request, opened in
            let results = try open(request, opened, resultsExtension: ".csk")
            try texts.removeFirst().write(toFile: results, atomically: true, encoding: .utf8)
            return ends.removeFirst()
        }
    }

    /// Opens a stand-in test as the runner expects: writes its journal, names its two files; returns the results
    /// file's path.
    static func open(
        _ request: VisitTestRequest, _ opened: (VisitTestOpened) throws -> Void, resultsExtension: String
    ) throws -> String {
        let stem = request.directory + "/\(request.journaled.name)-\(request.position)"
        try "journal".write(toFile: stem + ".evemu", atomically: true, encoding: .utf8)
        let device = VisitManifest.Device(
            node: "feed:x", name: "Tablet", vendor: "0x056a", product: "0x0357", model: nil, penDisplay: true)
        try opened(
            VisitTestOpened(
                journal: stem + ".evemu", results: stem + resultsExtension, device: device, tabletProfile: nil,
                displayProfile: nil))
        return stem + resultsExtension
    }

    final class Box { var value: [Int] = [] }

    @Test func aVisitRunsEveryTestInOrderWithBreaksBetweenAndASkipWithItsReason() throws {
        let root = try Self.scratch()
        let file = try Self.protocolFile(in: root)
        var runner = try VisitRunner(
            protocolFile: file, participant: "P-1", root: root + "/out", newVisit: false, version: "0.1.0")
        let log = Box()
        let desk = Desk([.administer, .skip(reason: "tremor"), .administer])
        #expect(try runner.run(operator: desk, administer: Self.standIn(.finished, log: log)) == .complete)
        #expect(log.value == [0, 2])
        // No break before the first test of a sitting; each later one gets its protocol's.
        #expect(desk.breaks == [nil, 30, 10])
        let manifest = try runner.folder.readManifest()
        #expect(manifest == runner.manifest)
        #expect(manifest.status == .complete)
        #expect(manifest.tests.map(\.status) == [.done, .skipped, .done])
        #expect(manifest.tests[1].skipReason == "tremor")
        #expect(manifest.tests[0].journal == "clock-0.evemu" && manifest.tests[0].results == "clock-0.xml")
        #expect(manifest.tests[0].outcome == "finished")
        #expect(manifest.tests[0].sha256?.results == VisitFolder.sha256(Data("results".utf8)))
        #expect(manifest.device?.node == "feed:x")
        #expect(manifest.calibration.settings?.file == root + "/settings.yaml")
        #expect(FileManager.default.fileExists(atPath: runner.folder.file("protocol.yaml")))
    }

    @Test func aVisitStoppedByASignalIsStoppedAndResumesAtTheNextTest() throws {
        let root = try Self.scratch()
        let file = try Self.protocolFile(in: root)
        var first = try VisitRunner(
            protocolFile: file, participant: "P-2", root: root, newVisit: false, version: "0.1.0")
        let log = Box()
        #expect(try first.run(operator: Desk([]), administer: Self.standIn(.stopped, log: log)) == .stopped)
        #expect(first.manifest.status == .stopped)
        #expect(first.manifest.tests.map(\.status) == [.stopped, .pending, .pending])
        #expect(first.manifest.tests[0].outcome == "stopped")

        var second = try VisitRunner(
            protocolFile: file, participant: "P-2", root: root, newVisit: false, version: "0.1.0")
        #expect(second.resumed && second.folder == first.folder)
        let desk = Desk([])
        #expect(try second.run(operator: desk, administer: Self.standIn(.finished, log: log)) == .complete)
        #expect(log.value == [0, 1, 2])
        // The resumed sitting starts at the prompt, without the break.
        #expect(desk.breaks == [nil, 10])
        #expect(desk.notes.first?.contains("Resuming the visit in \(first.folder.path) at test 2 of 3 (maze)") == true)

        // Complete now: the same command asks for --new-visit rather than begin one unasked.
        #expect(throws: VisitError.visitOver(folder: first.folder.path, status: "complete")) {
            try VisitRunner(protocolFile: file, participant: "P-2", root: root, newVisit: false, version: "0.1.0")
        }
        let third = try VisitRunner(
            protocolFile: file, participant: "P-2", root: root, newVisit: true, version: "0.1.0")
        #expect(!third.resumed)
    }

    @Test func aSignalWhileWaitingStopsTheVisitAndNewVisitStartsAFreshOne() throws {
        let root = try Self.scratch()
        let file = try Self.protocolFile(in: root)
        var first = try VisitRunner(
            protocolFile: file, participant: "P-3", root: root, newVisit: false, version: "0.1.0")
        #expect(
            try first.run(operator: Desk([.administer, .stop]), administer: Self.standIn(.finished, log: Box()))
                == .stopped)
        #expect(first.manifest.tests.map(\.status) == [.done, .pending, .pending])
        #expect(try first.folder.readManifest().status == .stopped)
        let fresh = try VisitRunner(
            protocolFile: file, participant: "P-3", root: root, newVisit: true, version: "0.1.0")
        #expect(!fresh.resumed && fresh.folder != first.folder)
    }

    @Test func anAbortDuringATestKeepsItsJournalAndEndsTheVisit() throws {
        let root = try Self.scratch()
        let file = try Self.protocolFile(in: root)
        var runner = try VisitRunner(
            protocolFile: file, participant: "P-4", root: root, newVisit: false, version: "0.1.0")
        let log = Box()
        #expect(try runner.run(operator: Desk([]), administer: Self.standIn(.aborted, log: log)) == .aborted)
        #expect(log.value == [0])
        #expect(runner.manifest.status == .aborted)
        #expect(runner.manifest.tests.map(\.status) == [.aborted, .pending, .pending])
        #expect(runner.manifest.tests[0].journal == "clock-0.evemu")
        // An aborted visit is resumed at its next test: the sitting stays one visit.
        let next = try VisitRunner(
            protocolFile: file, participant: "P-4", root: root, newVisit: false, version: "0.1.0")
        #expect(next.resumed && next.folder == runner.folder && next.manifest.status == .inProgress)
    }

    @Test func anAbortBetweenTestsAbortsTheVisitWithNoTestAborted() throws {
        let root = try Self.scratch()
        let file = try Self.protocolFile(in: root)
        var runner = try VisitRunner(
            protocolFile: file, participant: "P-5", root: root, newVisit: false, version: "0.1.0")
        #expect(
            try runner.run(operator: Desk([.administer, .abort]), administer: Self.standIn(.finished, log: Box()))
                == .aborted)
        #expect(runner.manifest.tests.map(\.status) == [.done, .pending, .pending])
        #expect(runner.manifest.status == .aborted && runner.manifest.finished != nil)
    }

    @Test func aVisitInProgressIsNotResumedWithAnotherProtocol() throws {
        let root = try Self.scratch()
        let file = try Self.protocolFile(in: root)
        var runner = try VisitRunner(
            protocolFile: file, participant: "P-6", root: root, newVisit: false, version: "0.1.0")
        _ = try runner.run(operator: Desk([.administer, .stop]), administer: Self.standIn(.finished, log: Box()))
        _ = try Self.protocolFile(in: root, extra: "# edited")
        #expect(throws: VisitError.protocolChanged(folder: runner.folder.path)) {
            try VisitRunner(protocolFile: file, participant: "P-6", root: root, newVisit: false, version: "0.1.0")
        }
    }

    @Test func aBadParticipantOrAMissingProtocolIsRefusedBeforeAnyFolderIsMade() throws {
        let root = try Self.scratch()
        #expect(throws: VisitError.invalidParticipant("Jane Doe")) {
            try VisitRunner(
                protocolFile: root + "/none.yaml", participant: "Jane Doe", root: root, newVisit: false, version: "1")
        }
        #expect {
            try VisitRunner(
                protocolFile: root + "/none.yaml", participant: "P-7", root: root, newVisit: false, version: "1")
        } throws: { "\($0)".hasPrefix("Cannot read the protocol file \(root)/none.yaml") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
    }

    @Test func aTestLeftRunningWithoutAJournalIsTakenAgain() throws {
        let root = try Self.scratch()
        let file = try Self.protocolFile(in: root)
        var runner = try VisitRunner(
            protocolFile: file, participant: "P-8", root: root, newVisit: false, version: "0.1.0")
        var manifest = runner.manifest
        manifest.tests[0].status = .running
        try runner.folder.make()
        try runner.folder.write(manifest)
        runner = try VisitRunner(protocolFile: file, participant: "P-8", root: root, newVisit: false, version: "0.1.0")
        let log = Box()
        #expect(try runner.run(operator: Desk([]), administer: Self.standIn(.finished, log: log)) == .complete)
        #expect(log.value == [0, 1, 2])
    }

    @Test func theLifeCycleSaysWhatComesNext() throws {
        var visit = VisitLifeCycle(
            new: VisitManifest.begin(
                participant: "P",
                protocol: VisitProtocol(name: "p", tests: [ProtocolTest(test: .clock), ProtocolTest(test: .sdt)]),
                facts: .init(name: "p", title: "p", schema: 1, file: "protocol.yaml", source: "p.yaml", sha256: "ab"),
                software: .init(version: "1"), calibration: .init(), at: Date(timeIntervalSince1970: 0)))
        #expect(visit.step == .administer(0))
        _ = try visit.apply(.open(0, journal: "j", results: "r"), at: Date(timeIntervalSince1970: 1))
        // A test left running is recovered before the next is offered.
        #expect(visit.step == .recover(0))
        _ = try visit.apply(
            .recover(0, checksums: .init(journal: nil, results: nil)), at: Date(timeIntervalSince1970: 2))
        #expect(visit.step == .administer(1))
        _ = try visit.apply(.abortBetween, at: Date(timeIntervalSince1970: 3))
        #expect(visit.step == .over)
    }

    @Test func theOperatorsLinesAreCommands() {
        #expect(OperatorCommand(line: "") == .goOn)
        #expect(OperatorCommand(line: "   ") == .goOn)
        #expect(OperatorCommand(line: "s") == .skip(reason: nil))
        #expect(OperatorCommand(line: "skip  tremor in the right hand ") == .skip(reason: "tremor in the right hand"))
        #expect(OperatorCommand(line: "S tired") == .skip(reason: "tired"))
        #expect(OperatorCommand(line: "q") == .abort)
        #expect(OperatorCommand(line: "abort") == .abort)
        #expect(OperatorCommand(line: "q now") == .unknown("q now"))
        #expect(OperatorCommand(line: "go") == .unknown("go"))
    }

    @Test func theBreakCountsDownInMinutesAndSeconds() {
        #expect(breakCountdown(seconds: 30) == "0:30")
        #expect(breakCountdown(seconds: 29.2) == "0:30")
        #expect(breakCountdown(seconds: 125) == "2:05")
        #expect(breakCountdown(seconds: 0) == "0:00")
        #expect(breakCountdown(seconds: -3) == "0:00")
    }

    @Test func theTestsAreJournaledWithAbsoluteMazeFiles() throws {
        let root = try Self.scratch()
        let file = try Self.protocolFile(in: root)
        let runner = try VisitRunner(
            protocolFile: file, participant: "P-9", root: root, newVisit: false, version: "0.1.0")
        #expect(runner.request(1).journaled == .maze(mazeFile: root + "/x.maze"))
        #expect(runner.request(0).journaled == .clock && runner.request(2).journaled == .sdt)
        #expect(runner.request(0).settingsFile == root + "/settings.yaml")
    }

    /// visit.json names a trail making test's form and hashes the layout files that replaced its
    /// parts (docs/visit.md, `tests[].form`, `tests[].layouts`); the other tests' entries keep their keys.
    @Test func theTrailsFormAndLayoutsReachTheManifest() throws {
        let root = try Self.scratch()
        let layout = "name: mine-A\npart: A\n"
        try layout.write(toFile: root + "/mine-A.yaml", atomically: true, encoding: .utf8)
        let text = """
            schema: 1
            name: trails
            tests:
              - test: trails
                form: alternate-2
              - test: trails
                layouts: mine-A.yaml
              - test: clock
            """
        try text.write(toFile: root + "/trails.yaml", atomically: true, encoding: .utf8)
        let runner = try VisitRunner(
            protocolFile: root + "/trails.yaml", participant: "P-3", root: root + "/out", newVisit: false,
            version: "0.1.0")
        let tests = runner.manifest.tests
        #expect(tests[0].form == "alternate-2" && tests[0].layouts == nil)
        #expect(tests[1].form == "standard")
        #expect(
            tests[1].layouts == [.init(file: root + "/mine-A.yaml", sha256: VisitFolder.sha256(Data(layout.utf8)))])
        let json = try String(decoding: runner.manifest.jsonData(), as: UTF8.self)
        #expect(json.contains("\"form\" : \"alternate-2\""))
        #expect(json.contains("\"layouts\" : null"))
        // The clock's entry has neither key: two of each, both the trails tests'.
        #expect(json.components(separatedBy: "\"form\" :").count == 3)
        #expect(json.components(separatedBy: "\"layouts\" :").count == 3)
    }

    /// The steps a results file says went unspoken reach visit.json for a test finished or stopped
    /// (`noteUnspoken`, also called for a recovered one): the merge of speech-screen (which noted them) and
    /// visit-states (which routes every change of the manifest through `VisitLifeCycle`) must keep them.
    @Test func theStepsNotSpokenReachTheManifestWhenATestEndsOrIsRecovered() throws {
        let golden = try String(contentsOfFile: Self.repository + "/Fixtures/golden/clock-small.csk", encoding: .utf8)
        let silent = golden.replacingOccurrences(
            of: #"<Start timestamp="1673535657692"/>"#,
            with:
                #"<Start timestamp="1673535657692" instructionsShown="1673535657700" instructionsNotSpoken="no audio output device" firstTouch="1673535658000"/>"#
        )
        try #require(silent != golden)
        let unspoken = ["clockStep-command": "no audio output device"]
        let root = try Self.scratch()
        let file = try Self.protocolFile(in: root)
        var runner = try VisitRunner(
            protocolFile: file, participant: "P-1", root: root + "/out", newVisit: false, version: "0.1.0")
        // The first test finishes, the second is stopped by a signal: both leave their results.
        let ended = try runner.run(
            operator: Desk([]), administer: Self.standIn(writing: [silent, silent], ends: [.finished, .stopped]))
        #expect(ended == .stopped)
        let written = try runner.folder.readManifest()
        #expect(written.tests.map(\.instructionsNotSpoken) == [unspoken, unspoken, nil])
        #expect(written.tests.map(\.status) == [.done, .stopped, .pending])
    }
}

/// Who ended each step reaches visit.json and the visit's summary (issue 28, item 5).
@Suite struct StepOutcomesInTheVisitTests {
    /// The steps' outcomes of a results file reach visit.json for a test finished or stopped, and
    /// the summary names the steps the participant did not finish.
    @Test func theStepsOutcomesReachTheManifestAndTheSummary() throws {
        let golden = try String(
            contentsOfFile: VisitRunnerTests.repository + "/Fixtures/golden/clock-small.csk", encoding: .utf8)
        let commandEnd = try #require(golden.range(of: #"<End timestamp=""#))
        let tagEnd = try #require(golden.range(of: "/>", range: commandEnd.upperBound..<golden.endIndex))
        let movedOn = golden.replacingCharacters(in: tagEnd, with: #" outcome="moved-on"/>"#)
        let root = try VisitRunnerTests.scratch()
        let file = try VisitRunnerTests.protocolFile(in: root)
        var runner = try VisitRunner(
            protocolFile: file, participant: "P-1", root: root + "/out", newVisit: false, version: "0.1.0")
        let ended = try runner.run(
            operator: VisitRunnerTests.Desk([.administer, .administer, .abort]),
            administer: VisitRunnerTests.standIn(writing: [golden, movedOn], ends: [.finished, .movedOn]))
        #expect(ended == .aborted)
        let written = try runner.folder.readManifest()
        let finished = [
            VisitManifest.Test.StepEnd(step: "clockStep-command", outcome: "finished"),
            VisitManifest.Test.StepEnd(step: "clockStep-copy", outcome: "finished"),
        ]
        var second = finished
        second[0].outcome = "moved-on"
        #expect(written.tests.map(\.steps) == [finished, second, nil])
        let json = try String(contentsOfFile: runner.folder.file(VisitFolder.manifestName), encoding: .utf8)
        #expect(
            json.contains(#""outcome" : "moved-on","#) && json.contains(#""step" : "clockStep-command""#), "\(json)")
        let lines = VisitSummary(folder: runner.folder, manifest: written, resumed: false, ended: ended).lines
        #expect(lines.filter { $0.hasPrefix("     steps ") } == ["     steps moved-on: clockStep-command"], "\(lines)")
    }

    @Test func theSummaryGroupsTheStepsByOutcomeInTheirOrder() {
        let steps = [("a", "skipped"), ("b", "moved-on"), ("c", "finished"), ("d", "skipped"), ("e", "stopped")].map {
            VisitManifest.Test.StepEnd(step: $0.0, outcome: $0.1)
        }
        #expect(VisitSummary.stepOutcomeLines(steps) == ["     steps moved-on: b; stopped: e; skipped: a, d"])
        #expect(VisitSummary.stepOutcomeLines(steps.filter { $0.outcome == "finished" }).isEmpty)
    }
}
