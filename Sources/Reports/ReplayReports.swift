import ADF
import Foundation
import Proctoring
import Recordings
public import Sessions
import StylusGeometry
import StylusInput

/// The recording a replay read and the results file it wrote: what the three replays (clock,
/// maze, symbol digit) print around their test's own lines, and the keys their JSON shares.
public struct ReplayedRecording: Codable {
    /// The recording's path as given.
    public var recording: String
    /// The device's name.
    public var device: String
    /// The device's `bus:vendor:product`.
    public var id: String
    /// From the recording's first event to its last, in seconds.
    public var durationSeconds: Double
    /// How many frames were replayed.
    public var frames: Int
    /// The results file written, by its path.
    public var output: String
    /// The tablet profile used, by its path; nil when none was.
    public var profile: String?
    /// Whether the recording's times are relative (not Unix times): its timestamps start at 1970 without --start-time.
    public var relativeTimes: Bool
    /// --start-time: the Unix time in ms of the relative times' zero; nil when not given or when they are Unix times.
    public var startTime: Int64?
    /// True when --start-time was given for a recording whose times are already Unix times.
    public var startTimeIgnored: Bool
    /// How the recording ends early (a cut last line); nil when it ends whole.
    public var truncation: String?
    /// What a person should know of an empty recording replayed with --allow-empty; absent otherwise.
    public var warnings: [String]?
    /// The axes the pen did not measure while it drew; absent when it measured every one.
    public var absentAxes: [AxisAbsence]?
    /// Times the eraser end touched (not ink, left out of the results file); absent when it never did.
    public var eraserContacts: Int?
    /// What the description got wrong and how it was read (an axis listed without a range); absent otherwise.
    public var notes: [String]?
    /// The eraser's account in words.
    var eraserSentence: String?

    enum CodingKeys: CodingKey {
        case recording, device, id, durationSeconds, frames, output, profile, relativeTimes, startTime, startTimeIgnored
        case truncation, warnings, absentAxes, eraserContacts, notes
    }
}

/// A replay's summary: the recording's account and the test's own lines, in one flat JSON object.
public protocol ReplayReport: CommandReport {
    associatedtype TestKeys: CodingKey
    var replayed: ReplayedRecording { get }
    /// Encodes the test's own keys next to the recording's.
    func encodeTest(into container: inout KeyedEncodingContainer<TestKeys>) throws
}

extension ReplayReport {
    /// The recording's keys, then the test's, in one flat object.
    public func encode(to encoder: any Encoder) throws {
        try replayed.encode(to: encoder)
        var container = encoder.container(keyedBy: TestKeys.self)
        try encodeTest(into: &container)
    }
}

extension ReplayReport {
    /// The recording, its device and its length.
    public var openingLines: [String] {
        let replayed = self.replayed
        return [
            "Replayed \(replayed.recording)",
            "  device    \(replayed.device) (\(replayed.id))",
            "  duration  \(String(format: "%.3f", replayed.durationSeconds)) s, \(counted(replayed.frames, "frame"))",
        ]
    }

    /// The results file, the profile, and what the person should know about times and truncation.
    public var closingLines: [String] {
        let (output, profile, truncation) = (replayed.output, replayed.profile, replayed.truncation)
        let (relativeTimes, startTime, startTimeIgnored) = (
            replayed.relativeTimes, replayed.startTime, replayed.startTimeIgnored
        )
        var lines = ["  results   \(output)"]
        if let profile { lines.append("  profile   \(profile)") }
        if relativeTimes && startTime == nil {
            lines.append(
                "note: the recording's times are relative, so its timestamps start at 1970-01-01; pass --start-time UNIX_MS to anchor them."
            )
        }
        if startTimeIgnored {
            lines.append("note: --start-time was ignored: the recording's times are already Unix times.")
        }
        if let truncation { lines.append("warning: \(truncation)") }
        for warning in replayed.warnings ?? [] { lines.append("warning: \(warning)") }
        for absence in replayed.absentAxes ?? [] { lines.append("absent: \(absence.sentence)") }
        if let eraser = replayed.eraserSentence { lines.append("left out: \(eraser)") }
        for note in replayed.notes ?? [] { lines.append("note: \(note)") }
        return lines
    }
}

/// What `replay` prints.
public struct ReplaySummary: ReplayReport {
    /// How many strokes one step holds.
    public struct StepStrokes: Codable {
        /// The step's identifier (`clockStep-command`, ...).
        public var step: String
        /// Its strokes.
        public var strokes: Int
    }

    /// The recording read and the results file written.
    public var replayed: ReplayedRecording
    /// The strokes of every step.
    public var strokes: Int
    /// The strokes of each step, in order.
    public var strokesPerStep: [StepStrokes]
    /// The points of every stroke.
    public var points: Int

    /// The clock's own keys.
    public enum TestKeys: CodingKey { case strokes, strokesPerStep, points }

    /// Encodes the strokes and points.
    public func encodeTest(into container: inout KeyedEncodingContainer<TestKeys>) throws {
        try container.encode(strokes, forKey: .strokes)
        try container.encode(strokesPerStep, forKey: .strokesPerStep)
        try container.encode(points, forKey: .points)
    }

    /// The lines `replay` prints for the clock: the recording, the strokes, the file written.
    public var text: String {
        let lines =
            openingLines + [
                "  strokes   \(strokes) ("
                    + strokesPerStep.map { "\($0.strokes) in \($0.step)" }.joined(separator: ", ") + ")",
                "  points    \(points)",
            ]
        return (lines + closingLines).joined(separator: "\n")
    }
}

/// What `replay` prints for a test of several steps (mazes, trail making parts, symbol-digit
/// parts): the recording's account around one line per step, and the steps' results under the
/// test's own key. One type serves the three tests; each step says its own line.
public struct StepsReplaySummary<Step: ReplayedStep>: ReplayReport {
    /// The recording read and the results file written.
    public var replayed: ReplayedRecording
    /// Each step's result, in order.
    public var steps: [Step]

    /// The test's own key (`Step.summaryKey`).
    public struct TestKeys: CodingKey {
        /// The key's name.
        public var stringValue: String
        /// Not used: the key is a name.
        public var intValue: Int? { nil }
        /// The key named `stringValue`.
        public init(stringValue: String) { self.stringValue = stringValue }
        /// No key has a number.
        public init?(intValue: Int) { nil }
    }

    /// Encodes the steps' results under the test's key.
    public func encodeTest(into container: inout KeyedEncodingContainer<TestKeys>) throws {
        try container.encode(steps, forKey: TestKeys(stringValue: Step.summaryKey))
    }

    /// The lines `replay --test maze|trails|sdt` prints: the recording, a line per step, the file written.
    public var text: String {
        (openingLines + steps.map(\.summaryLine) + closingLines).joined(separator: "\n")
    }
}

/// A step of a test as `replay` sums it up: one line, and a key its steps go under in the JSON.
public protocol ReplayedStep: Encodable {
    /// The JSON key of the test's steps (`mazes`, `parts`).
    static var summaryKey: String { get }
    /// The step's line in the summary, its interruptions included.
    var summaryLine: String { get }
}

/// What `replay --test maze` prints.
public typealias MazeReplaySummary = StepsReplaySummary<MazeStepResult>
/// What `replay --test trails` prints.
public typealias TrailsReplaySummary = StepsReplaySummary<TrailsStepResult>
/// What `replay --test sdt` prints.
public typealias SymbolDigitReplaySummary = StepsReplaySummary<SymbolDigitStepResult>

/// A test's own facts of a step as `replay` sums the step up: the key its steps go under, and the step's line.
public protocol ReplayedStepFacts: PenStepFacts {
    /// The JSON key of the test's steps (`mazes`, `parts`).
    static var summaryKey: String { get }
    /// The line of `step` in the summary, its interruptions included.
    static func summaryLine(_ step: PenStepResult<Self>) -> String
}

extension PenStepResult: ReplayedStep where Facts: ReplayedStepFacts {
    /// The key of the test's steps.
    public static var summaryKey: String { Facts.summaryKey }
    /// The step's line, as its test says it.
    public var summaryLine: String { Facts.summaryLine(self) }
}

extension MazeStepFacts: ReplayedStepFacts {
    /// Each maze's result.
    public static var summaryKey: String { "mazes" }

    /// `maze NAME: finished|not finished, strokes (refused), points, interruptions`.
    public static func summaryLine(_ maze: MazeStepResult) -> String {
        var line =
            "  maze      \(maze.maze): \(maze.finished ? "finished" : "not finished"), "
            + counted(maze.strokes, "stroke")
        if maze.refusedStrokes > 0 { line += " (\(maze.refusedStrokes) refused)" }
        line += ", \(counted(maze.points, "point"))"
        return line + interruptionsText(maze.interruptions.map { "\($0.type) at \(milliseconds($0.time)) ms" })
    }
}

extension TrailsStepFacts: ReplayedStepFacts {
    /// Each part's result (sample A, part A, sample B, part B).
    public static var summaryKey: String { "parts" }

    /// The part's line as the live sessions say it, then its interruptions.
    public static func summaryLine(_ part: TrailsStepResult) -> String {
        trailsLine(part) + interruptionsText(part.interruptions.map { "\($0.type) at \(milliseconds($0.time)) ms" })
    }
}

extension SymbolDigitStepFacts: ReplayedStepFacts {
    /// Each part's result (sample, test).
    public static var summaryKey: String { "parts" }

    /// `part STEP: strokes (refused) in boxes, points, interruptions, reminders`.
    public static func summaryLine(_ part: SymbolDigitStepResult) -> String {
        var line =
            "  part      \(part.step): \(counted(part.strokes, "stroke"))"
            + (part.refusedStrokes > 0 ? " (\(part.refusedStrokes) refused)" : "")
            + " in \(counted(part.boxes.count, "box")), \(counted(part.points, "point"))"
        line += interruptionsText(
            part.interruptions.map {
                "\($0.type) at \(milliseconds($0.time)) ms (box \($0.writtenIn), continue in \($0.continueIn))"
            })
        if part.reminders > 0 { line += ", \(part.reminders) delayed-recall reminders" }
        return line
    }
}

/// A step's interruptions in a summary line: the first five, so that a long session's summary
/// stays one readable line per step, and how many more.
private func interruptionsText(_ interruptions: [String]) -> String {
    guard !interruptions.isEmpty else { return ", no interruptions" }
    let shown = interruptions.prefix(5)
    let more = interruptions.count - shown.count
    return ", interruptions: " + shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
}

/// Unix ms as a summary shows them: whole milliseconds, rounded down.
private func milliseconds(_ time: Double) -> String {
    String(format: "%.0f", time.rounded(.down))
}

extension ReplayedRecording {
    /// The summary's account of the recording and the results file.
    public init(_ replay: RecordingReplay, outcome: RecordingReplay.Outcome) {
        let (scan, anchor) = (outcome.scan, outcome.anchor)
        let device = scan.header.device
        self.init(
            recording: replay.recording, device: device.name, id: device.id.busVendorProduct,
            durationSeconds: scan.duration.seconds, frames: scan.frames, output: outcome.result.output,
            profile: outcome.profile?.source, relativeTimes: !anchor.recordingHasUnixTimes,
            startTime: anchor.recordingHasUnixTimes ? nil : replay.startTime,
            startTimeIgnored: anchor.recordingHasUnixTimes && replay.startTime != nil,
            truncation: scan.truncation?.description,
            warnings: outcome.warnings.isEmpty ? nil : outcome.warnings)
        let absent = scan.absentAxes
        absentAxes = absent.isEmpty ? nil : absent
        eraserContacts = scan.eraserContacts > 0 ? scan.eraserContacts : nil
        eraserSentence = scan.eraserSentence
        let axisNotes = scan.notices.compactMap { notice -> String? in
            if case .axisWithoutRange = notice { return notice.description }
            return nil
        }
        notes = axisNotes.isEmpty ? nil : axisNotes
    }
}

/// What `replay` prints of `outcome`: the recording's account and the test's own lines.
public func replaySummary(of replay: RecordingReplay, outcome: RecordingReplay.Outcome) -> any ReplayReport {
    let replayed = ReplayedRecording(replay, outcome: outcome)
    switch outcome.result {
    case .clock(let clock):
        return ReplaySummary(
            replayed: replayed, strokes: clock.strokes,
            strokesPerStep: clock.strokesPerStep.map { .init(step: $0.step.identifier, strokes: $0.strokes) },
            points: clock.points)
    case .maze(let maze):
        return MazeReplaySummary(replayed: replayed, steps: maze.steps)
    case .symbolDigit(let sdt):
        return SymbolDigitReplaySummary(replayed: replayed, steps: sdt.steps)
    case .trails(let trails):
        return TrailsReplaySummary(replayed: replayed, steps: trails.steps)
    }
}
