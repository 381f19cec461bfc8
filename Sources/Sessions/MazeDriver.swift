public import ADF
public import Proctoring
public import StylusGeometry
public import StylusInput
public import TestMaterials

/// What happened in one maze of a maze test.
public typealias MazeStepResult = PenStepResult<MazeStepFacts>

/// What the maze test knows of one maze beside the counts every pen test keeps.
public struct MazeStepFacts: PenStepFacts {
    /// The maze's name.
    public var maze: String
    /// True when the maze's finish came (the path reached the end and the finish timeout ran).
    public var finished = false
}

/// What a maze session wrote.
public struct MazeResult: Sendable {
    public var steps: [MazeStepResult]
    public var output: String
}

/// The maze test's driver, shared by `replay`, `record`, `administer` and `recover`: frames in,
/// one `MazeProctor` per maze, its decisions out into the recorder, on the events' own clock.
///
/// Before each frame, every proctor timer due by the frame's time fires at its deadline, earliest
/// first (`MazeProctor.nextDeadline`); at the end the remaining timers fire as they would have in
/// a live session (`SessionEnding`). A maze ends at its `finish`, and the next one is shown at
/// that instant; a stroke under way then belongs to no maze and is ignored until the pen lifts.
/// Samples after the last maze are ignored.
///
/// A live session's continue press (Ctrl-C) ends the maze on screen and shows the next; `recover`
/// hands the journal's presses over in the plan, which fire strictly before the first frame
/// stamped after them, as the clock's do.
public final class MazeDriver: PenTestDriver, InterruptionRecordingDriver {
    /// The mazes of the test, in order.
    public let mazes: [AdministeredMaze]
    private var mazeIndex = 0
    var proctor: MazeProctor
    public internal(set) var steps: [MazeStepResult]
    private var finishedAt: EventTime?
    public private(set) var isFinished = false

    public init(
        device: DeviceDescription, normalizer: Normalizer, anchor: WallClockAnchor, recorder: any SessionRecording,
        mazes: [AdministeredMaze], events: ProctorEventLog? = nil, plan: SessionPlan = SessionPlan()
    ) throws {
        precondition(!mazes.isEmpty, "a maze test needs at least one maze")
        self.mazes = mazes
        proctor = MazeDriver.proctor(for: mazes[0], normalizer: normalizer)
        steps = [MazeStepResult(step: mazes[0].stepIdentifier, facts: MazeStepFacts(maze: mazes[0].maze.name))]
        try super.init(
            eventTest: "maze", device: device, normalizer: normalizer, anchor: anchor, recorder: recorder,
            events: events, plan: plan)
    }

    /// The proctor of the maze on screen, for `administer` to show what it decided.
    public var proctorOnScreen: MazeProctor { proctor }
    /// The index of the maze on screen (past the last once the test is finished).
    public var mazeIndexOnScreen: Int { mazeIndex }
    /// True while the current stroke's samples go into the results file (`administer` inks only those).
    public var isRecordingStroke: Bool { strokes.isRecordingStroke }

    public func begin(at time: EventTime) throws {
        clock = time
        try recorder.beginStep(mazes[0].stepIdentifier, start: anchor.mark(time))
        decisionObserver?("maze \(mazes[0].maze.name) shown")
    }

    func boundaryDue(at time: EventTime, outcome: StepOutcome) throws {
        try endMaze(at: time, finished: false, outcome: outcome)
    }

    func close(at end: EventTime) throws {
        // Paused, the timers stand still: none fires after the end either; nor past a cut journal's last instant.
        while !isFinished, let deadline = nextDeadline, plan.timerMayFire(at: deadline) { try advance(to: deadline) }
        if !isFinished {
            try recorder.endStep(anchor.mark(max(clock, end)))
            isFinished = true
        }
    }

    public func results(environment: ClockSketchData, display: DisplayData) throws -> SessionResult {
        let output = try recorder.finishResults(environment: environment, display: display)
        return .maze(MazeResult(steps: steps, output: output))
    }

    /// Calls the proctor and carries out its actions; the maze's finish, which only its timer
    /// decides, ends the maze after them.
    func consult(
        _ input: ProctorInput, at time: EventTime, point: FormPosition?, _ call: (inout MazeProctor) -> [MazeAction]
    ) throws {
        let before = proctor.state
        let actions = call(&proctor)
        guard !actions.isEmpty else { return }
        events?.log(actions, input: input, at: time, proctor: proctor, before: before, point: point)
        for action in actions {
            switch action {
            case .acceptStroke: try carryOutAcceptedStroke()
            case .refuseStroke: carryOutRefusedStroke()
            case .interrupt(let interruption):
                try record(interruption: interruption.kind.rawValue, at: interruption.time)
                decisionObserver?("interruption \(interruption.kind.rawValue)")
            case .endStroke(let time):
                try strokes.stopRecording(at: time)
            case .finish(let time):
                finishedAt = time
            case .reachedEnd:
                decisionObserver?("end reached")
            case .armTimer, .cancelTimer:
                // Timers are read back from the proctor (`nextDeadline`), the one source of truth.
                break
            }
        }
        if let finish = finishedAt {
            finishedAt = nil
            try endMaze(at: finish, finished: true)
        }
    }

    /// Ends the maze on screen at `time` and shows the next, if any; `outcome` says who ended it
    /// (a continue press's; a finish or a recording's end is the participant's).
    private func endMaze(at time: EventTime, finished: Bool, outcome: StepOutcome = .finished) throws {
        try strokes.stopRecording(at: time)
        steps[steps.count - 1].finished = finished
        var end = anchor.mark(time)
        end.outcome = outcome
        try recorder.endStep(end)
        decisionObserver?("maze \(mazes[mazeIndex].maze.name) \(finished ? "finished" : "ended")")
        mazeIndex += 1
        guard mazeIndex < mazes.count else {
            isFinished = true
            decisionObserver?("test finished")
            return
        }
        proctor = Self.proctor(for: mazes[mazeIndex], normalizer: normalizer)
        steps.append(
            MazeStepResult(
                step: mazes[mazeIndex].stepIdentifier, facts: MazeStepFacts(maze: mazes[mazeIndex].maze.name)))
        try recorder.beginStep(mazes[mazeIndex].stepIdentifier, start: anchor.mark(time))
        decisionObserver?("maze \(mazes[mazeIndex].maze.name) shown")
    }

    private static func proctor(for administered: AdministeredMaze, normalizer: Normalizer) -> MazeProctor {
        MazeProctor(
            maze: administered.maze, settings: administered.settings,
            origin: administered.maze.origin(onFormOf: normalizer.formSize))
    }
}
