import ADF
import Foundation
import Proctoring
public import Sessions

/// What `record` and `recover` print: the journal, the results file and what each step holds.
public struct LiveSessionReport: CommandReport {
    /// What the command did with the journal.
    public enum Action: String, Encodable, Sendable {
        case recorded
        case recovered
        case administered
    }

    /// One step of the session; the keys of the other tests are null.
    public struct Step: Encodable, Sendable {
        /// An interruption of the step, as the results file records it.
        public struct Interruption: Encodable, Sendable {
            /// The interruption's type as the results file writes it.
            public var type: String
            /// Unix time in milliseconds, as in the results file.
            public var time: Double
            /// Symbol digit: the box written in and the box the arrow pointed at (from 1).
            public var writtenIn: Int?
            /// Symbol digit: the box the arrow pointed at to continue in (from 1).
            public var continueIn: Int?
        }

        /// The step's identifier (`clockStep-command`, `mazeStep-1`, ...).
        public var step: String
        /// The strokes recorded in the step.
        public var strokes: Int
        /// Nil for the clock, whose results count points per test only.
        public var points: Int?
        /// The maze's name; nil for the other tests.
        public var maze: String?
        /// Maze: whether the participant reached the exit; nil for the other tests.
        public var finished: Bool?
        /// Strokes not recorded (a maze's out of bounds, symbol digit's after the step's last box); nil for the clock.
        public var refusedStrokes: Int?
        /// Symbol digit: the boxes (from 1) that at least one stroke counted for; nil for the other tests.
        public var boxes: [Int]?
        /// Symbol digit: the delayed-recall reminders given; nil for the other tests.
        public var reminders: Int?
        /// The step's interruptions, in order.
        public var interruptions: [Interruption]
        /// Trail making: the part's layout, its `Trail outcome`, circles connected, errors and
        /// prompts; nil (and left out of the JSON) for the other tests.
        public var trail: TrailsStepResult?

        enum CodingKeys: CodingKey {
            case step, strokes, points, maze, finished, refusedStrokes, boxes, reminders, interruptions
            case layout, outcome, circlesConnected, errors, prompts, completionSeconds
        }

        /// Every key, null where the test has no such fact.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(step, forKey: .step)
            try container.encode(strokes, forKey: .strokes)
            try container.encode(points, forKey: .points)
            try container.encode(maze, forKey: .maze)
            try container.encode(finished, forKey: .finished)
            try container.encode(refusedStrokes, forKey: .refusedStrokes)
            try container.encode(boxes, forKey: .boxes)
            try container.encode(reminders, forKey: .reminders)
            try container.encode(interruptions, forKey: .interruptions)
            if let trail {
                try container.encode(trail.layout, forKey: .layout)
                try container.encode(trail.outcome, forKey: .outcome)
                try container.encode(trail.circlesConnected, forKey: .circlesConnected)
                try container.encode(trail.errors, forKey: .errors)
                try container.encode(trail.prompts, forKey: .prompts)
                try container.encode(trail.completionSeconds, forKey: .completionSeconds)
            }
        }
    }

    /// What the command did: recorded, recovered or administered.
    public var action: Action
    /// The journal, by its path.
    public var journal: String
    /// The results file written, by its path.
    public var results: String
    /// `clock`, `maze` or `sdt`, as on the command line.
    public var test: String
    /// What `recover` used (settings, profiles, mazes); nil for `record`.
    public var used: [String]?
    /// The `SYN_DROPPED` gaps of a live recording; nil for `recover`, which does not count them.
    public var gaps: Int?
    /// True when the session stopped before its last step ended (recover); false otherwise.
    public var incomplete: Bool
    /// The strokes of every step.
    public var strokes: Int
    /// The points of every stroke.
    public var points: Int
    /// Each step's account, in order.
    public var steps: [Step]
    /// A live session's axes the pen did not measure while it drew, as replay's summary gives them;
    /// nil when it measured every one (or for `recover`).
    public var absentAxes: [AxisAbsence]?
    /// A live session's touches of the eraser end (not ink, left out); nil when it never touched.
    public var eraserContacts: Int?
    private var eraserSentence: String?
    private var lines: [String]

    /// Takes what a live session's journal says of absent axes and the eraser (`RecordingScan(journal:)`).
    public mutating func note(scan: RecordingScan) {
        let absent = scan.absentAxes
        absentAxes = absent.isEmpty ? nil : absent
        eraserContacts = scan.eraserContacts > 0 ? scan.eraserContacts : nil
        eraserSentence = scan.eraserSentence
    }

    /// `absent: ...` and `left out: ...` lines, as replay's summary words them.
    public var absenceLines: [String] {
        (absentAxes ?? []).map { "absent: \($0.sentence)" } + (eraserSentence.map { ["left out: \($0)"] } ?? [])
    }

    /// The report of a recording that ended with `gaps` gaps.
    public init(recorded journal: String, result: SessionResult, gaps: Int) {
        self.init(action: .recorded, journal: journal, result: result, used: nil, gaps: gaps, incomplete: false)
    }

    /// The report of a session administered in the patient window that ended with `gaps` gaps.
    public init(administered journal: String, result: SessionResult, gaps: Int) {
        self.init(action: .administered, journal: journal, result: result, used: nil, gaps: gaps, incomplete: false)
    }

    /// The report of a session recovered from `journal`.
    public init(recovered journal: String, session: RecoveredSession) {
        self.init(
            action: .recovered, journal: journal, result: session.result, used: session.used, gaps: nil,
            incomplete: session.incomplete)
    }

    init(action: Action, journal: String, result: SessionResult, used: [String]?, gaps: Int?, incomplete: Bool) {
        self.action = action
        self.journal = journal
        self.used = used
        self.gaps = gaps
        self.incomplete = incomplete
        results = result.output
        lines = result.liveLines
        switch result {
        case .clock(let clock):
            test = "clock"
            points = clock.points
            steps = clock.strokesPerStep.map { Step(step: $0.step.identifier, strokes: $0.strokes, interruptions: []) }
        case .maze(let maze):
            test = "maze"
            points = maze.steps.reduce(0) { $0 + $1.points }
            steps = maze.steps.map {
                Step(
                    step: $0.step, strokes: $0.strokes, points: $0.points, maze: $0.maze, finished: $0.finished,
                    refusedStrokes: $0.refusedStrokes,
                    interruptions: $0.interruptions.map { Step.Interruption(type: $0.type, time: $0.time) })
            }
        case .symbolDigit(let symbolDigit):
            test = "sdt"
            points = symbolDigit.steps.reduce(0) { $0 + $1.points }
            steps = symbolDigit.steps.map {
                Step(
                    step: $0.step, strokes: $0.strokes, points: $0.points, refusedStrokes: $0.refusedStrokes,
                    boxes: $0.boxes,
                    reminders: $0.reminders,
                    interruptions: $0.interruptions.map {
                        Step.Interruption(
                            type: $0.type, time: $0.time, writtenIn: $0.writtenIn, continueIn: $0.continueIn)
                    })
            }
        case .trails(let trails):
            test = "trails"
            points = trails.steps.reduce(0) { $0 + $1.points }
            steps = trails.steps.map {
                Step(
                    step: $0.step, strokes: $0.strokes, points: $0.points, finished: $0.outcome == "finished",
                    refusedStrokes: $0.refusedStrokes,
                    interruptions: $0.interruptions.map { Step.Interruption(type: $0.type, time: $0.time) }, trail: $0)
            }
        }
        strokes = steps.reduce(0) { $0 + $1.strokes }
    }

    enum CodingKeys: CodingKey {
        case action, journal, results, test, used, gaps, incomplete, strokes, points, steps, absentAxes, eraserContacts
    }

    /// Every key, null for what this command does not know.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action, forKey: .action)
        try container.encode(journal, forKey: .journal)
        try container.encode(results, forKey: .results)
        try container.encode(test, forKey: .test)
        try container.encode(used, forKey: .used)
        try container.encode(gaps, forKey: .gaps)
        try container.encode(incomplete, forKey: .incomplete)
        try container.encode(strokes, forKey: .strokes)
        try container.encode(points, forKey: .points)
        try container.encode(steps, forKey: .steps)
        // A live session's, as replay's JSON gives them (null when the pen left nothing out);
        // `recover` has `info JOURNAL` for them, and keeps its keys.
        if action != .recovered {
            try container.encode(absentAxes, forKey: .absentAxes)
            try container.encode(eraserContacts, forKey: .eraserContacts)
        }
    }

    /// The lines `record`, `recover` or `administer` prints: the files and a line per step.
    public var text: String {
        var out: [String]
        switch action {
        case .recorded, .administered:
            out =
                ["\(action == .recorded ? "Recorded" : "Administered") \(journal)"] + lines.dropLast() + [
                    "  gaps      \(gaps ?? 0)"
                ]
                + lines.suffix(1) + absenceLines
        case .recovered:
            out = ["Recovered \(journal)"] + (used ?? []) + lines
            if incomplete { out.append(JournalCompleteness.incompleteNote) }
        }
        return out.joined(separator: "\n")
    }
}
