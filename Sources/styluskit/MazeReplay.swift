import ADF
import Foundation
import Proctoring
import Recordings
import StylusGeometry
import StylusInput

/// One maze of a maze test, with the settings it is administered with.
struct AdministeredMaze {
    var maze: Maze
    var settings: MazeSettings

    /// The TaskData step identifier of this maze: `mazeStep-<maze name>`.
    var stepIdentifier: String { maze.stepIdentifier }
}

/// Where the mazes of a maze test come from: one maze file, or a battery file.
enum MazeTestMazes {
    /// Reads the mazes of `--maze FILE` (default settings) or `--battery FILE` (its settings,
    /// its maze files relative to its folder), in the order they are shown; `defaults` are the
    /// settings a single maze gets and a battery's own lines start from.
    /// `read` reads a file (path, purpose); a live session's keeps what it read for the journal,
    /// `recover`'s serves the journal's copies.
    static func load(
        maze: String?, battery: String?, defaults: MazeSettings = MazeSettings(),
        read: (_ path: String, _ role: JournaledFile.Role) throws -> String = { try readText($0, purpose: $1.purpose) }
    ) throws -> [AdministeredMaze] {
        if let maze {
            return [AdministeredMaze(maze: try Maze(parsing: try read(maze, .maze), source: maze), settings: defaults)]
        }
        guard let battery else { return [] }
        let parsed = try MazeBattery(parsing: try read(battery, .battery), source: battery, defaults: defaults)
        let folder = (battery as NSString).deletingLastPathComponent
        return try parsed.entries.map { entry in
            let path = entry.mazeFile.hasPrefix("/") ? entry.mazeFile : (folder as NSString).appendingPathComponent(entry.mazeFile)
            return AdministeredMaze(maze: try Maze(parsing: try read(path, .maze), source: path), settings: entry.settings)
        }
    }

    static func readMaze(_ path: String) throws -> Maze {
        try Maze(parsing: try readText(path, purpose: "maze file"), source: path)
    }
}

/// The form the maze test is drawn on, on a tablet without a display of its own: the tablet's
/// whole active area at physical size (1 mm on the tablet is 1 mm on the form, as for the clock
/// test's blank page, unless a tablet profile maps it otherwise), each maze placed on it as its
/// file's `placement` says (centred by default).
///
/// `synth` uses the same form, so that the positions it generates map back to the cells it aimed at.
/// The blank page every test is laid out on: the tablet's active area (as a profile may narrow it) at physical size.
enum TabletPage {
    static func size(of device: DeviceDescription, profile: TabletProfile?) throws -> FormSize {
        let (area, resolution) = try Normalizer.activeArea(of: device, profile: profile)
        let tablet = area.size(at: resolution)
        return FormSize(widthCentimetres: tablet.widthMillimetres / 10, heightCentimetres: tablet.heightMillimetres / 10)
    }
}

/// What happened in one maze of a replayed maze test.
struct MazeReplayStep: Codable {
    struct Interruption: Codable {
        var type: String
        /// Unix time in milliseconds, as in the results file.
        var time: Double
    }

    var step: String
    var maze: String
    /// Strokes recorded (accepted by the proctor).
    var strokes: Int = 0
    /// Strokes the proctor refused: not recorded.
    var refusedStrokes: Int = 0
    var points: Int = 0
    var interruptions: [Interruption] = []
    /// True when the maze's finish came (the path reached the end and the finish timeout ran).
    var finished = false
}

/// What a maze replay wrote.
struct MazeReplayResult {
    var steps: [MazeReplayStep]
    var output: String
}

/// Drives a recording through frame assembly, normalisation and one `MazeProctor` per maze into an
/// ADF recorder, on virtual time (see `MazeDriver`).
struct MazeReplay {
    let options: RecordingOptions
    let normalizer: Normalizer
    let anchor: WallClockAnchor
    let mazes: [AdministeredMaze]
    let recordingStart: EventTime
    let recordingEnd: EventTime
    /// Where each proctor decision goes as a JSON line (`--events`), if anywhere.
    let events: ProctorEventLog?
    /// Where the ink the proctor did not record goes (`render RECORDING`), if anywhere.
    var unrecordedInk: UnrecordedInkLog? = nil

    func run(into recorder: ADFRecorder, environment: ClockSketchData, display: DisplayData) throws -> MazeReplayResult {
        let reader = try options.openReader()
        let driver = try MazeDriver(
            device: reader.header.device, normalizer: normalizer, anchor: anchor, recorder: recorder, mazes: mazes,
            events: events)
        driver.unrecordedInk = unrecordedInk
        try driver.begin(at: recordingStart)
        while let event = try reader.next() { try driver.process(event) }
        return try driver.finish(at: recordingEnd, environment: environment, display: display)
    }
}

/// The maze test's driver, shared by `replay`, `record` and `recover`: frames in, one
/// `MazeProctor` per maze, its decisions out into the recorder, on the events' own clock.
///
/// Before each frame, every proctor timer due by the frame's time fires at its deadline, earliest
/// first (`MazeProctor.nextDeadline`); at the end the remaining timers fire as they would have in
/// a live session, so a recording that stops mid-maze still gets its no-drawing interruption.
/// A maze ends at its `finish`, and the next one is shown at that instant; a stroke under way then
/// belongs to no maze and is ignored until the pen lifts. Samples after the last maze are ignored.
///
/// A live session's continue press (Ctrl-C) ends the maze on screen and shows the next; `recover`
/// hands the journal's presses over as `boundaries`, which fire strictly before the first frame
/// stamped after them, as the clock's do.
final class MazeDriver {
    let normalizer: Normalizer
    let anchor: WallClockAnchor
    let recorder: ADFRecorder
    let mazes: [AdministeredMaze]
    let events: ProctorEventLog?
    /// Called with each pen sample the driver saw (the live status line).
    var onSample: ((PenSample) -> Void)?
    /// Called with each decision, in words (the live decision log).
    var onDecision: ((String) -> Void)?
    /// Collects the samples of refused strokes and of the ignored rest of ended ones, if set.
    var unrecordedInk: UnrecordedInkLog?

    /// The driver's view of the pen.
    private enum Pen {
        case up
        /// A stroke is under way; `recorded` while its samples go into the results file.
        case down(recorded: Bool)
    }

    private var assembler: FrameAssembler
    private var mazeIndex = 0
    private var proctor: MazeProctor
    private(set) var steps: [MazeReplayStep]
    private var pen = Pen.up
    private var lastContact: PenSample?
    private var finishedAt: EventTime?
    private(set) var isFinished = false
    private var clock = EventTime(microseconds: 0)
    private var pendingBoundaries: [EventTime]
    private var pendingInterruptions: [SessionInterruption]

    init(
        device: DeviceDescription, normalizer: Normalizer, anchor: WallClockAnchor, recorder: ADFRecorder,
        mazes: [AdministeredMaze], events: ProctorEventLog? = nil, boundaries: [EventTime] = [],
        interruptions: [SessionInterruption] = []
    ) throws {
        precondition(!mazes.isEmpty, "a maze test needs at least one maze")
        self.normalizer = normalizer
        self.anchor = anchor
        self.recorder = recorder
        self.mazes = mazes
        self.events = events
        assembler = try FrameAssembler(device: device)
        proctor = Self.proctor(for: mazes[0], normalizer: normalizer)
        steps = [MazeReplayStep(step: mazes[0].stepIdentifier, maze: mazes[0].maze.name)]
        pendingBoundaries = boundaries.sorted()
        pendingInterruptions = interruptions.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    var framesDiscarded: Int { assembler.framesDiscarded }

    /// When something is next due by itself: the proctor's timer (a live loop sleeps until then).
    var nextDeadline: EventTime? { isFinished ? nil : proctor.nextDeadline }

    /// The proctor of the maze on screen, for `administer` to show what it decided.
    var proctorOnScreen: MazeProctor { proctor }
    /// The index of the maze on screen (past the last once the test is finished).
    var mazeIndexOnScreen: Int { mazeIndex }
    /// True while the current stroke's samples go into the results file (`administer` inks only those).
    var isRecordingStroke: Bool {
        if case .down(recorded: true) = pen { return true }
        return false
    }

    func begin(at time: EventTime) throws {
        clock = time
        try recorder.beginStep(mazes[0].stepIdentifier, start: mark(time))
        onDecision?("maze \(mazes[0].maze.name) shown")
    }

    /// One event; a frame it completes runs through the proctor after everything due before it.
    func process(_ event: InputEvent) throws {
        guard !isFinished, let frame = assembler.process(event) else { return }
        try advance(to: frame.time)
        clock = max(clock, frame.time)
        guard !isFinished, case .pen(let penFrame) = frame else { return }
        let sample = normalizer.sample(penFrame)
        try self.sample(sample)
        onSample?(sample)
    }

    /// Fires everything due by `time`, earliest first, each at its own instant: timers at or
    /// before `time`, continue presses and interruptions strictly before it.
    func advance(to time: EventTime) throws {
        while !isFinished {
            let timer = proctor.nextDeadline.flatMap { $0 <= time ? $0 : nil }
            let boundary = pendingBoundaries.first.flatMap { $0 < time ? $0 : nil }
            if let interruption = pendingInterruptions.first, interruption.time < time,
                boundary.map({ interruption.time <= $0 }) ?? true
            {
                pendingInterruptions.removeFirst()
                try interrupt(interruption)
            } else if let boundary, timer.map({ boundary < $0 }) ?? true {
                pendingBoundaries.removeFirst()
                try endMaze(at: boundary, finished: false)
            } else if let deadline = timer {
                let before = proctor.state
                clock = max(clock, deadline)
                try perform(proctor.timerFired(at: deadline), input: .timer, at: deadline, point: nil, before: before)
                if let finish = finishedAt {
                    finishedAt = nil
                    try endMaze(at: finish, finished: true)
                }
            } else {
                return
            }
        }
    }

    /// A live continue press: the maze on screen ends at `time` and the next is shown.
    func continuePressed(at time: EventTime) throws {
        try advance(to: time)
        guard !isFinished else { return }
        try endMaze(at: time, finished: false)
    }

    /// A live session's interruption, recorded at once in the open maze's `Interruptions`.
    func interrupt(_ interruption: SessionInterruption) throws {
        guard !isFinished else { return }
        let time = anchor.unixMilliseconds(interruption.time)
        try recorder.interruption(interruption.kind.rawValue, unixMilliseconds: time)
        steps[steps.count - 1].interruptions.append(.init(type: interruption.kind.rawValue, time: time))
    }

    /// Ends the session at `end` (the recording's last event): a pen still down lifts with its
    /// last sample, every armed timer still fires, and a maze left open ends at `end`.
    func finish(at end: EventTime, environment: ClockSketchData, display: DisplayData) throws -> MazeReplayResult {
        if !isFinished {
            if case .down = pen, let last = lastContact { try lift(at: last.time) }
            while !isFinished, let deadline = proctor.nextDeadline { try advance(to: deadline) }
            if !isFinished { try recorder.endStep(mark(max(clock, end))) }
        }
        let output = try recorder.finish(environment: environment, display: display)
        return MazeReplayResult(steps: steps, output: output)
    }

    /// Carries out the actions of one proctor call.
    private func perform(_ actions: [MazeAction], input: ProctorInput, at time: EventTime, point: FormPosition?,
                         before: MazeState) throws {
        guard !actions.isEmpty else { return }
        events?.log(actions, input: input, at: time, proctor: proctor, before: before, point: point)
        for action in actions {
            switch action {
            case .acceptStroke:
                guard let sample = lastContact else { continue }
                try recorder.beginStroke(unixMilliseconds: anchor.unixMilliseconds(sample.time))
                pen = .down(recorded: true)
                steps[steps.count - 1].strokes += 1
                onDecision?("stroke accepted")
            case .refuseStroke:
                pen = .down(recorded: false)
                unrecordedInk?.refused()
                steps[steps.count - 1].refusedStrokes += 1
                onDecision?("stroke refused")
            case .interrupt(let interruption):
                let time = anchor.unixMilliseconds(interruption.time)
                try recorder.interruption(interruption.kind.rawValue, unixMilliseconds: time)
                steps[steps.count - 1].interruptions.append(.init(type: interruption.kind.rawValue, time: time))
                onDecision?("interruption \(interruption.kind.rawValue)")
            case .endStroke(let time):
                if case .down(recorded: true) = pen {
                    try recorder.endStroke(unixMilliseconds: anchor.unixMilliseconds(time))
                    pen = .down(recorded: false)
                    unrecordedInk?.ignoringRest()
                }
            case .finish(let time):
                finishedAt = time
            case .reachedEnd:
                onDecision?("end reached")
            case .armTimer, .cancelTimer:
                // Timers are read back from the proctor (`nextDeadline`), the one source of truth.
                break
            }
        }
    }

    /// Ends the maze on screen at `time` and shows the next, if any.
    private func endMaze(at time: EventTime, finished: Bool) throws {
        if case .down(recorded: true) = pen {
            try recorder.endStroke(unixMilliseconds: anchor.unixMilliseconds(time))
            unrecordedInk?.ignoringRest()
        }
        if case .down = pen { pen = .down(recorded: false) }
        steps[steps.count - 1].finished = finished
        try recorder.endStep(mark(time))
        onDecision?("maze \(mazes[mazeIndex].maze.name) \(finished ? "finished" : "ended")")
        mazeIndex += 1
        guard mazeIndex < mazes.count else {
            isFinished = true
            onDecision?("test finished")
            return
        }
        proctor = Self.proctor(for: mazes[mazeIndex], normalizer: normalizer)
        steps.append(MazeReplayStep(step: mazes[mazeIndex].stepIdentifier, maze: mazes[mazeIndex].maze.name))
        try recorder.beginStep(mazes[mazeIndex].stepIdentifier, start: mark(time))
        onDecision?("maze \(mazes[mazeIndex].maze.name) shown")
    }

    private func sample(_ sample: PenSample) throws {
        let point = sample.formPosition
        let before = proctor.state
        switch (pen, sample.isInContact) {
        case (.up, true):
            lastContact = sample
            try perform(proctor.shouldBeginDrawing(point, at: sample.time), input: .down, at: sample.time,
                        point: point, before: before)
            if case .up = pen { pen = .down(recorded: false) }
            try keep(sample)
        case (.down, true):
            lastContact = sample
            try perform(proctor.isDrawing(point, at: sample.time), input: .move, at: sample.time, point: point,
                        before: before)
            try keep(sample)
        case (.down, false):
            try lift(at: sample.time)
        case (.up, false):
            break
        }
    }

    /// The pen left the surface at `time`: the stroke ends at its last sample in contact.
    private func lift(at time: EventTime) throws {
        guard let last = lastContact else {
            pen = .up
            return
        }
        let before = proctor.state
        try perform(proctor.finishedDrawing(last.formPosition, at: time), input: .up, at: time,
                    point: last.formPosition, before: before)
        if case .down(recorded: true) = pen {
            try recorder.endStroke(unixMilliseconds: anchor.unixMilliseconds(last.time))
        }
        pen = .up
        lastContact = nil
        unrecordedInk?.penLifted()
    }

    /// A sample in contact goes into the results file while its stroke is recorded, else to the
    /// unrecorded ink (if collected).
    private func keep(_ sample: PenSample) throws {
        guard case .down(let recorded) = pen else { return }
        if recorded {
            try recorder.addPoint(penPoint(sample))
            steps[steps.count - 1].points += 1
        } else {
            unrecordedInk?.add(penPoint(sample), step: steps.count - 1)
        }
    }

    private func penPoint(_ sample: PenSample) -> PenPoint {
        PenPoint(
            x: sample.canvasPosition.xPoints, y: sample.canvasPosition.yPoints, altitude: sample.altitude,
            azimuth: sample.azimuth, force: sample.force, unixMilliseconds: anchor.unixMilliseconds(sample.time))
    }

    private static func proctor(for administered: AdministeredMaze, normalizer: Normalizer) -> MazeProctor {
        MazeProctor(
            maze: administered.maze, settings: administered.settings,
            origin: administered.maze.origin(onFormOf: normalizer.formSize))
    }

    private func mark(_ time: EventTime) -> StepMark {
        StepMark(unixMilliseconds: anchor.unixMilliseconds(time))
    }
}

extension Replay {
    /// `replay --test maze`: the maze test's proctor over the recording, into a `.msk` file.
    func runMaze(defaults: MazeSettings = MazeSettings(), unrecordedInk: UnrecordedInkLog? = nil) throws {
        let mazes = try MazeTestMazes.load(maze: maze, battery: battery, defaults: defaults)
        let session = try ReplaySession(self, variant: .maze)
        let (normalizer, anchor, first, last) = (session.normalizer, session.anchor, session.first, session.last)
        let replay = MazeReplay(
            options: recording, normalizer: normalizer, anchor: anchor, mazes: mazes, recordingStart: first,
            recordingEnd: last, events: events ? ProctorEventLog(unixMilliseconds: anchor.unixMilliseconds) : nil,
            unrecordedInk: unrecordedInk)
        let result = try replay.run(into: session.recorder, environment: session.environment, display: session.display)
        try session.file.commit()
        MazeReplaySummary(replayed: session.replayed(self), mazes: result.steps).print(json: json, toStandardError: events)
    }
}

/// What `replay --test maze` prints.
struct MazeReplaySummary: ReplayReport {
    var replayed: ReplayedRecording
    var mazes: [MazeReplayStep]

    enum TestKeys: CodingKey { case mazes }

    func encodeTest(into container: inout KeyedEncodingContainer<TestKeys>) throws {
        try container.encode(mazes, forKey: .mazes)
    }

    var text: String {
        var lines = openingLines
        for maze in mazes {
            var line = "  maze      \(maze.maze): \(maze.finished ? "finished" : "not finished"), \(maze.strokes) strokes"
            if maze.refusedStrokes > 0 { line += " (\(maze.refusedStrokes) refused)" }
            line += ", \(maze.points) points"
            if maze.interruptions.isEmpty {
                line += ", no interruptions"
            } else {
                // The first few, so that a long session's summary stays one readable line per maze.
                let shown = maze.interruptions.prefix(5).map {
                    "\($0.type) at \(String(format: "%.0f", $0.time.rounded(.down))) ms"
                }
                let more = maze.interruptions.count - shown.count
                line += ", interruptions: " + shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            }
            lines.append(line)
        }
        return (lines + closingLines).joined(separator: "\n")
    }
}

extension MazeDriver {
    /// Adds a journal's control to the plan as `recover` reads it, before any frame stamped after it.
    func plan(boundary: EventTime) { pendingBoundaries.insertInTimeOrder(boundary, time: \.self) }
    func plan(interruption: SessionInterruption) { pendingInterruptions.insertInTimeOrder(interruption, time: \.time) }
}
