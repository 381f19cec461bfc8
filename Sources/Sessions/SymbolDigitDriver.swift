public import ADF
internal import Foundation
public import Proctoring
public import StylusGeometry
public import StylusInput

/// How `replay --test sdt` decides where one part of the symbol-digit test ends and the next
/// begins, since a recording carries no continue presses.
///
/// - `longestPauses` (`--step-split longest-pause`, the default): the parts are split at the
///   longest pen-up pauses between strokes, one fewer than the parts at most, and only at pauses
///   of at least `minimumPartPause`: moving from one box to the next takes a fraction of a
///   second, while a part's instructions take several. Each boundary is the pause's midpoint.
/// - `none`: every stroke belongs to the first part; the others are empty.
/// - `at`: the parts end at these offsets after the recording's first event, in increasing
///   order; an offset that falls inside a stroke moves to that stroke's end, as for the clock.
///
/// Parts no boundary ends run to the end of the recording, where the rest are passed through.
public enum SymbolDigitStepSplit: Hashable, Sendable {
    case longestPauses
    case none
    case at([EventDuration])

    /// Pauses shorter than this never split parts.
    public static let minimumPartPause = EventDuration.milliseconds(5_000)

    /// Why `--step-split` is not a rule for the symbol-digit test.
    public struct ParseError: Error, CustomStringConvertible {
        public let text: String

        public var description: String {
            "--step-split '\(text)' is not a rule for --test sdt; give 'longest-pause', 'none', or the "
                + "seconds after the first event at which each part ends, increasing and comma-separated (e.g. '60,120')."
        }
    }

    /// Reads `--step-split` for the symbol-digit test.
    public init(parsing text: String) throws(ParseError) {
        switch text {
        case "longest-pause": self = .longestPauses
        case "none": self = .none
        default:
            var offsets: [EventDuration] = []
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let seconds = Double(word.trimmingCharacters(in: .whitespaces)), seconds >= 0, seconds.isFinite,
                    offsets.last.map({ $0 < .seconds(seconds) }) ?? true
                else { throw ParseError(text: text) }
                offsets.append(.seconds(seconds))
            }
            self = .at(offsets)
        }
    }

    /// The instants at which parts end, in time order (at most `parts - 1` of them matter).
    public func boundaries(strokes: [ContactInterval], recordingStart: EventTime, parts: Int) -> [EventTime] {
        switch self {
        case .none:
            return []
        case .at(let offsets):
            return offsets.map { offset in
                let requested = recordingStart.advanced(by: offset)
                let enclosing = strokes.first { $0.start <= requested && requested < $0.end }
                return enclosing?.end ?? requested
            }
        case .longestPauses:
            let pauses = zip(strokes, strokes.dropFirst()).enumerated().map { index, pair in
                (index: index, gap: pair.1.start.microseconds - pair.0.end.microseconds, before: pair.0.end)
            }
            // Longest first; of equal pauses the earliest, so the rule is deterministic.
            let chosen = pauses.filter { $0.gap >= Self.minimumPartPause.microseconds }
                .sorted { ($0.gap, -$0.index) > ($1.gap, -$1.index) }
                .prefix(max(0, parts - 1))
            return chosen.sorted { $0.index < $1.index }.map {
                EventTime(microseconds: $0.before.microseconds + $0.gap / 2)
            }
        }
    }
}

/// What happened in one part of a symbol-digit test; its refused strokes are those the proctor did not accept at
/// touch-down (before the form is shown, or after the step's last box), counted so the summary says so.
public typealias SymbolDigitStepResult = PenStepResult<SymbolDigitStepFacts>

/// What the symbol-digit test knows of one part beside the counts every pen test keeps.
public struct SymbolDigitStepFacts: PenStepFacts {
    /// An interruption of a symbol-digit part, with the boxes it names.
    public struct Interruption: Codable, Sendable {
        public var type: String
        /// Unix time in milliseconds, as in the results file.
        public var time: Double
        /// The box written in, counted from 1 in the order boxes are filled (the samples are 1-5).
        public var writtenIn: Int
        /// The box the arrow pointed at, counted from 1.
        public var continueIn: Int
    }

    /// Boxes (counted from 1) that at least one stroke counted for.
    public var boxes: [Int] = []
    /// Delayed-recall reminders given.
    public var reminders: Int = 0
}

/// What a symbol-digit session wrote.
public struct SymbolDigitResult: Sendable {
    public var steps: [SymbolDigitStepResult]
    public var output: String
}

/// The symbol-digit test's driver, shared by `replay`, `record`, `administer` and `recover`:
/// frames in, the `SymbolDigitProctor`'s decisions out into the recorder, on the events' own clock.
///
/// Before each frame, whatever is due fires in time order (`SessionPlan.nextDue`): the
/// delayed-recall timer at its deadline (at or before the frame), a step boundary (the split
/// rule's, or a journal's continue press) strictly before it (a boundary may lie on a stroke's
/// last frame, which still belongs to the part that ends). The end follows `SessionEnding`.
public final class SymbolDigitDriver: PenTestDriver, PenProctorDriver {
    /// The symbol-digit settings the proctor runs with.
    public let settings: SymbolDigitSettings
    var proctor: SymbolDigitProctor
    /// Who ended the part the continue press being carried out ends.
    private var pressOutcome = StepOutcome.finished
    public internal(set) var steps: [SymbolDigitStepResult] = []

    public init(
        device: DeviceDescription, normalizer: Normalizer, anchor: WallClockAnchor, recorder: any SessionRecording,
        settings: SymbolDigitSettings, origin: FormPosition, events: ProctorEventLog? = nil,
        plan: SessionPlan = SessionPlan()
    ) throws {
        self.settings = settings
        proctor = SymbolDigitProctor(settings: settings, origin: origin)
        try super.init(
            eventTest: "sdt", device: device, normalizer: normalizer, anchor: anchor, recorder: recorder,
            events: events, plan: plan)
    }

    public var isFinished: Bool { proctor.state == .finished }
    /// The proctor, for `administer` to show what it decided.
    public var proctorOnScreen: SymbolDigitProctor { proctor }
    /// True while the current stroke's samples go into the results file (`administer` inks only those).
    public var isRecordingStroke: Bool { strokes.isRecordingStroke }

    public func begin(at time: EventTime) throws {
        try consult(.continue, at: time, point: nil) { $0.begin(at: time) }
    }

    func boundaryDue(at time: EventTime, outcome: StepOutcome) throws { try pressContinue(at: time, outcome: outcome) }

    public func interrupt(_ interruption: SessionInterruption) throws {
        guard !isFinished, proctor.currentStep != nil, !steps.isEmpty else { return }
        let time = anchor.unixMilliseconds(interruption.time)
        try recorder.interruption(interruption.kind.rawValue, unixMilliseconds: time)
        steps[steps.count - 1].interruptions.append(
            .init(type: interruption.kind.rawValue, time: time, writtenIn: 0, continueIn: 0))
    }

    func close(at end: EventTime) throws {
        while !isFinished { try pressContinue(at: end) }
    }

    public func results(environment: ClockSketchData, display: DisplayData) throws -> SessionResult {
        let output = try recorder.finishResults(environment: environment, display: display)
        return .symbolDigit(SymbolDigitResult(steps: steps, output: output))
    }

    /// A continue press; `outcome` says who ended the part it ends (a recording's end: the participant).
    private func pressContinue(at time: EventTime, outcome: StepOutcome = .finished) throws {
        pressOutcome = outcome
        defer { pressOutcome = .finished }
        try consult(.continue, at: time, point: nil) { $0.continuePressed(at: time) }
    }

    /// Calls the proctor and carries out its actions; the event log gets the proctor's state and
    /// step before the call. A touch-down the proctor did not accept (before the form is shown, or
    /// after the step's last box) is counted as refused.
    func consult(
        _ input: ProctorInput, at time: EventTime, point: FormPosition?,
        _ call: (inout SymbolDigitProctor) -> [SymbolDigitAction]
    ) throws {
        let before = proctor.state
        // Named only for the event log: a pen move's call is otherwise free.
        let step = events == nil ? nil : proctor.currentStep?.identifier
        let actions = call(&proctor)
        for action in actions {
            events?.log(action, input: input, at: time, before: before, after: proctor.state, step: step)
            switch action {
            case .stepStarted(let started, let at):
                try recorder.beginStep(
                    started.identifier, start: anchor.mark(at),
                    drawingTags: SymbolDigitDrawingTags(
                        setID: started.setID(displayMode: settings.displayMode), structureID: started.part.structureID))
                steps.append(SymbolDigitStepResult(step: started.identifier, facts: SymbolDigitStepFacts()))
                decisionObserver?("\(started.identifier) started")
            case .stepEnded(let ended, let at):
                var end = anchor.mark(at)
                end.outcome = pressOutcome
                try recorder.endStep(end)
                decisionObserver?("\(ended.identifier) ended")
            case .acceptStroke:
                guard try strokeAccepted() else { continue }
            case .strokeEnded(let stroke):
                // Ended by a continue press while the pen is down, the rest of the stroke is
                // ignored; ended by the lift, nothing follows and the ink log keeps nothing.
                try strokes.stopRecording(at: stroke.end)
                if let box = stroke.box, !steps[steps.count - 1].boxes.contains(box + 1) {
                    steps[steps.count - 1].boxes.append(box + 1)
                }
                decisionObserver?(stroke.box.map { "stroke in box \($0 + 1)" } ?? "stroke in no box")
            case .interrupt(let interruption):
                let time = anchor.unixMilliseconds(interruption.time)
                try recorder.interruption(interruption.kind.rawValue, unixMilliseconds: time)
                steps[steps.count - 1].interruptions.append(
                    .init(
                        type: interruption.kind.rawValue, time: time, writtenIn: interruption.writtenIn + 1,
                        continueIn: interruption.continueIn + 1))
                decisionObserver?(
                    "interruption \(interruption.kind.rawValue): continue in box \(interruption.continueIn + 1)")
            case .remindDelayedRecall:
                steps[steps.count - 1].reminders += 1
                decisionObserver?("delayed-recall reminder")
            case .finished:
                decisionObserver?("test finished")
            case .revealForm, .armTimer, .cancelTimer:
                // Timers are read back from the proctor (`nextDeadline`); the form is the screen's.
                break
            }
        }
        if input == .down, !strokes.isRecordingStroke, !steps.isEmpty { steps[steps.count - 1].refusedStrokes += 1 }
    }
}
