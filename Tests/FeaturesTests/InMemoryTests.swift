import ADF
import Features
import FileLocations
import Foundation
import LinuxInput
import Measures
import Proctoring
import Recordings
import Sessions
import StylusGeometry
import StylusInput
import Synthesis
import TestMaterials
import TestSupport
import Testing

/// The repository's fixtures, and a calibration lookup that reads only its `Calibration/`.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The shipped profiles only: no /etc or user folder can change what a test sees.
    static let lookup = CalibrationLookup(projectDirectory: root.path, environment: ["HOME": "/nonexistent"])
}

/// A temporary directory, removed with its contents when the test is done with it.
final class Scratch {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("styluskit-features-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A recording replayed in memory against the same recording replayed into a results file and
/// read back: the same document, and the same measures wherever the file has the data (hover
/// paths and refused strokes are what only the recording has).
@Suite("features of a recording replayed in memory")
struct InMemoryTests {
    /// Columns only a session in memory can fill: the hover path (its length, and issue 32's in-air
    /// kinematics and tilt) and the refused ink.
    static let onlyInMemory: Set<String> = Set(
        ["in_air_length_mm", "in_air_path", "refused_strokes", "refused_path_length_mm"]
            + MeasureLevel.stroke.columns.filter {
                ["in_air_velocity_", "in_air_acceleration_", "in_air_jerk_", "in_air_altitude_", "in_air_azimuth_"]
                    .contains(where: $0.hasPrefix)
            })

    /// Replays `replay` into a file and in memory; checks the two agree; returns the session.
    @discardableResult
    static func compare(_ replay: RecordingReplay) throws -> SessionInMemory {
        let scratch = try Scratch()
        var toFile = replay
        toFile.directory = scratch.path
        let outcome = try toFile.run()
        let document = try ADFReader.read(path: outcome.result.output).document
        let session = try replay.runInMemory()
        let mazes = try MazeTestMazes.load(maze: replay.maze, battery: replay.battery, defaults: replay.settings.maze)
        try compare(session, file: document, mazes: replay.test == .maze ? mazes : [], label: replay.recording)
        return session
    }

    /// Checks that `session` holds what the results file `document` holds, and that every
    /// measure the file has is the same from both.
    static func compare(
        _ session: SessionInMemory, file document: ADFDocument, mazes: [AdministeredMaze], label: String
    ) throws {
        // The same test, value for value, as the file reads back.
        // (A stroke's pen-down and pen-up times are not in the file as such; no measure reads them.)
        func stored(_ document: ADFDocument) -> [String] {
            document.steps.map { step in
                "\(step.identifier) \(step.start) \(step.end) \(step.interruptions) \(step.drawingTags as Any) "
                    + "\(step.strokes.map(\.points))"
            }
        }
        let (kept, read) = (stored(session.document), stored(document))
        #expect(kept.count == read.count, "\(label)")
        for (index, (a, b)) in zip(kept, read).enumerated() where a != b {
            Issue.record("\(label): step \(index + 1) differs in memory from the file")
        }
        #expect(session.document.environment.canvasWidth == document.environment.canvasWidth)
        #expect(session.document.display.pointsPerInch == document.display.pointsPerInch)

        let fromFile = FeaturesInk.test(of: document, mazes: mazes)
        let inMemory = FeaturesInk.test(of: session)
        for level in MeasureLevel.allCases {
            let (fileRows, memoryRows) = (level.rows(of: fromFile), level.rows(of: inMemory))
            try #require(fileRows.count == memoryRows.count, "\(label) \(level)")
            for (fileRow, memoryRow) in zip(fileRows, memoryRows) {
                #expect(fileRow.columns == memoryRow.columns)
                for (column, value) in zip(fileRow.columns, fileRow.values) where !onlyInMemory.contains(column) {
                    #expect(memoryRow[column]?.text == value.text, "\(label) \(level) \(column)")
                }
                // From the file the refused ink is unknown and every in-air path a straight line.
                if let refused = fileRow["refused_strokes"] { #expect(refused.text == nil) }
                if let path = fileRow["in_air_path"]?.text { #expect(path == "straight-line") }
            }
        }
    }

    @Test(
        "Every real recording: the same document and measures in memory as from the results file",
        arguments: RealRecordingFacts.all)
    func realRecording(_ recording: RealRecordingFacts) throws {
        var replay = RecordingReplay(recording: recording.path, test: .clock, facts: LibwacomDatabase.installedFacts)
        replay.descriptionFile = recording.descPath
        replay.lookup = Fixture.lookup
        replay.allowEmpty = true
        try Self.compare(replay)
    }

    @Test("A real recording with hover between its strokes gets hover paths, at least as long as the straight lines")
    func hoverPaths() throws {
        var replay = RecordingReplay(
            recording: Fixture.path("Fixtures/recordings/real/Wacom-Cintiq-22HDT-Pen.events"), test: .clock,
            facts: LibwacomDatabase.installedFacts)
        replay.lookup = Fixture.lookup
        let session = try replay.runInMemory()
        #expect(!session.hover.isEmpty)
        let hover = MeasureLevel.stroke.rows(of: FeaturesInk.test(of: session))
        let straight = MeasureLevel.stroke.rows(of: FeaturesInk.test(of: session.document))
        var hovered = 0
        for (row, line) in zip(hover, straight) {
            guard row["in_air_path"]?.text == "hover" else { continue }
            hovered += 1
            let (path, chord) = (
                Double(row["in_air_length_mm"]?.text ?? "") ?? 0,
                Double(line["in_air_length_mm"]?.text ?? "") ?? .infinity
            )
            // A path through the same two ends is never shorter than the chord (to the printed digits).
            #expect(path >= chord * (1 - 1e-5))
        }
        #expect(hovered > 0)
    }

    /// `scenario` (a file of Fixtures/synth/) synthesized on the Cintiq 13HD's description.
    static func synthesized(_ scenario: String) throws -> (device: DeviceDescription, events: [InputEvent]) {
        let cintiq = Fixture.path("Fixtures/recordings/real/Wacom-Cintiq-13HD-touch-Pen.events")
        let device = try RecordingReader(path: cintiq, descriptionPath: nil).header.device
        let profile = try Fixture.lookup.tabletProfile(for: device, file: nil)?.profile
        return (
            device,
            try ScenarioSynthesis(path: Fixture.path("Fixtures/synth/" + scenario)).events(
                device: device, profile: profile, seed: 1)
        )
    }

    /// Writes `scenario` synthesized on the Cintiq 13HD as an evemu recording in `directory`.
    static func synthesize(_ scenario: String, in directory: String) throws -> String {
        let (device, events) = try synthesized(scenario)
        var writer = EvemuWriter()
        var bytes = Array(writer.header(RecordingHeader(format: .evemu(.current), device: device)).utf8)
        for event in events { writer.append(event, to: &bytes) }
        let path = directory + "/" + (scenario as NSString).deletingPathExtension + ".evemu"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Writes the journal a live session of `test` on `scenario` would write, as `record` writes
    /// it: the anchor, the test and its files, the begin, every event, the end a second later.
    static func journal(_ test: JournaledTest, scenario: String, in directory: String) throws -> String {
        let (device, events) = try synthesized(scenario)
        let written = RecordingHeader(
            format: .evemu(.current), kernel: "6.1.0-features-test", deviceNode: "/dev/input/event9", device: device)
        let sources = try SessionMaterials.live(
            test: test, device: device, settingsFile: nil, profileFile: nil, displayProfile: nil,
            lookup: Fixture.lookup, facts: LibwacomDatabase.installedFacts, note: { _ in })
        let (first, last) = (try #require(events.first?.time), try #require(events.last?.time))
        let start = first.advanced(by: .milliseconds(-250))
        let realtime: Int64 = 1_764_000_000_000_000
        let journal = try Journal(directory: directory, name: "live", header: written, now: start)
        try journal.control(
            .anchor(realtimeMicroseconds: realtime, monotonicMicroseconds: start.microseconds), now: start)
        try journal.control(.test(test), now: start)
        for line in sources.journalLines { try journal.control(line, now: start) }
        try journal.control(.begin(start), now: start)
        for event in events { try journal.append([event], now: event.time) }
        let end = last.advanced(by: .seconds(1))
        try journal.control(.end(end), now: end)
        try journal.sync(now: end)
        return journal.path
    }

    @Test(
        "A journal recovered in memory: the same document and measures as the results file recover writes",
        arguments: [
            ("clock.scenario", JournaledTest.clock),
            ("refused-resume.scenario", .maze(mazeFile: Fixture.path("Fixtures/mazes/no-choice.maze"))),
            ("sdt-in-order.scenario", .sdt),
        ] as [(String, JournaledTest)])
    func journal(_ scenario: String, _ test: JournaledTest) throws {
        let scratch = try Scratch()
        let path = try Self.journal(test, scenario: scenario, in: scratch.path)
        let recovery = JournalRecovery(path: path, lookup: Fixture.lookup, facts: LibwacomDatabase.installedFacts)
        let recovered = try recovery.rebuild(directory: scratch.path + "/recovered", force: false)
        let document = try ADFReader.read(path: recovered.result.output).document
        let session = try recovery.rebuildInMemory()
        try Self.compare(session, file: document, mazes: session.mazes, label: path)
        #expect(session.warnings.isEmpty)
        if case .maze = test {
            #expect(MeasureLevel.test.rows(of: FeaturesInk.test(of: session))[0]["refused_strokes"]?.text == "1")
        }
        // A journal needs no --test: a directory's journals are taken, its recordings only with --test,
        // and the journal is recovered whatever the options say.
        let recording = Fixture.path("Fixtures/recordings/real/dell_canvas_pen.evemu")
        var source = FeaturesSource(facts: LibwacomDatabase.installedFacts)
        #expect(source.takes(path) && !source.takes(recording) && !source.takes(scratch.path + "/notes.txt"))
        #expect(throws: FeaturesError.self) { try source.test(path: recording) }
        source.replay = RecordingReplay(recording: "", test: .clock, facts: LibwacomDatabase.installedFacts)
        source.replay?.lookup = Fixture.lookup
        #expect(source.takes(recording))
        #expect(
            try MeasureLevel.step.rows(of: source.test(path: path))
                == MeasureLevel.step.rows(of: FeaturesInk.test(of: session)))
        // The in-memory recovery wrote nothing beside the journal.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["live.evemu", "recovered"])
    }

    @Test(
        "Synthesized sessions of each test: the same measures in memory as from the results file",
        arguments: [
            ("clock.scenario", TestKind.clock, nil), ("wall-cross-0.6s.scenario", .maze, "Fixtures/synth/detour.maze"),
            ("refused-resume.scenario", .maze, "Fixtures/mazes/no-choice.maze"), ("sdt-in-order.scenario", .sdt, nil),
            ("sdt-skip.scenario", .sdt, nil),
        ] as [(String, TestKind, String?)])
    func synthesized(_ scenario: String, _ test: TestKind, _ maze: String?) throws {
        let scratch = try Scratch()
        var replay = RecordingReplay(
            recording: try Self.synthesize(scenario, in: scratch.path), test: test,
            facts: LibwacomDatabase.installedFacts)
        replay.lookup = Fixture.lookup
        replay.maze = maze.map(Fixture.path)
        try Self.compare(replay)
    }

    @Test(
        "Synthesized hover runs straight from stroke to stroke (Synthesis's PenPlan), so its path is the chord, a little longer"
    )
    func synthesizedHover() throws {
        let scratch = try Scratch()
        var replay = RecordingReplay(
            recording: try Self.synthesize("clock.scenario", in: scratch.path), test: .clock,
            facts: LibwacomDatabase.installedFacts)
        replay.lookup = Fixture.lookup
        let session = try replay.runInMemory()
        let hover = MeasureLevel.stroke.rows(of: FeaturesInk.test(of: session))
        let straight = MeasureLevel.stroke.rows(of: FeaturesInk.test(of: session.document))
        var compared = 0
        for (row, line) in zip(hover, straight) {
            guard let chord = line["in_air_length_mm"]?.text.flatMap(Double.init) else { continue }
            #expect(row["in_air_path"]?.text == "hover")
            let path = try #require(row["in_air_length_mm"]?.text.flatMap(Double.init))
            // The synthesizer's hover is a straight line eased in time, with the tablet's noise on it.
            #expect(
                path >= chord * (1 - 1e-5) && path <= chord * 1.05 + 0.5,
                "hover \(path) mm against the chord \(chord) mm")
            compared += 1
        }
        #expect(compared > 10)
    }

    @Test("A stroke the maze proctor refused is counted on its step, with its length; none elsewhere")
    func refusedStroke() throws {
        let scratch = try Scratch()
        var replay = RecordingReplay(
            recording: try Self.synthesize("refused-resume.scenario", in: scratch.path), test: .maze,
            facts: LibwacomDatabase.installedFacts)
        replay.lookup = Fixture.lookup
        replay.maze = Fixture.path("Fixtures/mazes/no-choice.maze")
        let session = try Self.compare(replay)
        let steps = MeasureLevel.step.rows(of: FeaturesInk.test(of: session))
        try #require(steps.count == 1)
        #expect(steps[0]["refused_strokes"]?.text == "1")
        // The refused stroke goes down two cells of the right-hand column: about 2 cell sizes long.
        let length = try #require(Double(steps[0]["refused_path_length_mm"]?.text ?? ""))
        let cell = try MazeTestMazes.readMaze(Fixture.path("Fixtures/mazes/no-choice.maze")).cellSizeCentimetres * 10
        #expect(abs(length - 2 * cell) < 0.25 * cell, "\(length) mm against cells of \(cell) mm")
        #expect(MeasureLevel.test.rows(of: FeaturesInk.test(of: session))[0]["refused_strokes"]?.text == "1")
    }
}
