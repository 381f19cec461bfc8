internal import Foundation
internal import Proctoring
internal import StylusGeometry
public import StylusInput

/// Which of the proctor's inputs made a decision.
public enum ProctorInput: String, Codable, Sendable {
    /// The pen touched down (`penDown`).
    case down
    /// A sample while the pen was down (`penMoved`).
    case move
    /// The pen lifted (`penUp`).
    case up
    /// A timer the proctor armed came due (`timerFired`).
    case timer
    /// A step boundary: a continue press, or a split rule's.
    case `continue`
    /// The pen tapped one of the clock's buttons.
    case tap
}

/// One proctor decision, as `--events` prints it for the three tests: one JSON object per line,
/// one schema (README, "The --events lines").
///
/// Keys are sorted and absent facts left out, so test runners can match lines as text or parse
/// them. Every line has `test`, `time` (Unix ms, as the results file writes times),
/// `sessionMicroseconds` (the input's time on the session clock, an integer), `input` and `action`;
/// the rest are the facts of the test and the decision.
struct ProctorEvent: Codable {
    struct Cell: Codable {
        /// Counted from 1, as in maze files.
        var row: Int
        var column: Int
        /// True when the point is in the mouth beyond the start or end opening, not in the cell itself.
        var opening: Bool?
    }

    struct Point: Codable {
        var x: Double
        var y: Double
    }

    /// `clock`, `maze` or `sdt`.
    var test: String
    /// Unix time in milliseconds of the input (for a timer, its deadline).
    var time: Double
    /// The input's time on the session clock (the events' own clock), in integer microseconds.
    var sessionMicroseconds: Int64
    /// The step on screen before the input, absent before the first; for `step-started` and
    /// `step-ended`, the step started or ended.
    var step: String?
    /// The maze on screen (the maze test).
    var maze: String?
    /// `down`, `move`, `up`, `timer`, `continue` (a continue press or a split rule's boundary) or
    /// `tap` (a clock button).
    var input: String
    /// The proctor's state before and after the input (the maze and symbol-digit tests).
    var before: String?
    var after: String?
    /// What was decided: the maze's `accept-stroke`, `refuse-stroke`, `interrupt`, `end-stroke`,
    /// `arm-timer`, `cancel-timer`, `reached-end`, `finish`; the symbol-digit's `step-started`,
    /// `step-ended`, `accept-stroke`, `stroke-ended`, `interrupt`, `reveal-form`, `arm-timer`,
    /// `cancel-timer`, `remind-delayed-recall`, `finished`; the clock's `step-started`,
    /// `step-ended`, `stroke-began`, `stroke-continued` (live only), `stroke-ended`, `arm-timer`,
    /// `cancel-timer`, `offer-buttons`, `button-tapped`, `finished`; in every test,
    /// `ignore-eraser` when the eraser end touches (not ink: left out of the results file).
    var action: String
    /// The maze cell under the input's point; absent for timers and points outside the maze.
    var cell: Cell?
    /// Why a stroke was refused.
    var reason: String?
    /// The interruption's type (`wall-cross`, `no-drawing`, `start-far`, `not-entered`,
    /// `resume-far`, `skip`).
    var interruption: String?
    /// Where drawing must resume after a pausing interruption, in form centimetres.
    var resumePoint: Point?
    /// The timer armed or cancelled.
    var timer: String?
    /// When an armed timer is due, Unix ms.
    var deadline: Double?
    /// The symbol-digit box a finished stroke counts for or was written in (from 1).
    var box: Int?
    /// The box the arrow points at after a skip (from 1).
    var continueIn: Int?
    /// The clock button tapped.
    var button: String?
    /// The trail making layout on screen.
    var layout: String?
    /// The trail making circle a decision names (from 1): reached, the correction's target, the
    /// prompt's next circle, or the circles connected at a discontinuation.
    var circle: Int?
    /// A trail making error's wrong and expected circles and class (`shift`, `sequence`).
    var wrongCircle: Int?
    var expectedCircle: Int?
    var errorClass: String?
    /// A live session's CLOCK_MONOTONIC at the decision, in microseconds: with
    /// `sessionMicroseconds`, the capture latency.
    var decidedAtMicroseconds: Int64?
}

extension ProctorEvent {
    /// The decision armed `timer`, due at `deadline` (Unix ms).
    mutating func armed(_ timer: String, deadline: Double) {
        action = "arm-timer"
        self.timer = timer
        self.deadline = deadline
    }

    /// The decision cancelled `timer`.
    mutating func cancelled(_ timer: String) {
        action = "cancel-timer"
        self.timer = timer
    }

    /// The decision refused the stroke that began, for `reason`.
    mutating func refused(_ reason: String) {
        action = "refuse-stroke"
        self.reason = reason
    }
}

/// Writes proctor decisions as JSON lines (`--events`), one per action, to `write`.
public final class ProctorEventLog {
    private let encoder: JSONEncoder
    /// Event time to Unix milliseconds, as the results file writes times.
    private let unixMilliseconds: (EventTime) -> Double
    private let write: (String) -> Void
    /// A live session's clock, read at each decision; nil in a replay.
    private let decidedAt: (() -> EventTime)?

    /// A log whose lines go to `write` (the command prints them on standard output). `decidedAt`
    /// is a live session's clock: each line then carries the instant of its decision, and the
    /// clock's every stroke sample gets a line.
    public init(
        unixMilliseconds: @escaping (EventTime) -> Double, decidedAt: (() -> EventTime)? = nil,
        write: @escaping (String) -> Void
    ) {
        self.unixMilliseconds = unixMilliseconds
        self.write = write
        self.decidedAt = decidedAt
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    private func event(test: String, input: ProctorInput, at time: EventTime) -> ProctorEvent {
        ProctorEvent(
            test: test, time: unixMilliseconds(time), sessionMicroseconds: time.microseconds, input: input.rawValue,
            action: "",
            decidedAtMicroseconds: decidedAt?().microseconds)
    }

    private func emit(_ event: ProctorEvent) {
        // Encoding a struct of strings and finite numbers cannot fail.
        if let data = try? encoder.encode(event) { write(String(decoding: data, as: UTF8.self)) }
    }

    /// Writes the line of an eraser touch-down: the contact is not ink and is left out on purpose.
    func logIgnoredEraser(test: String, at time: EventTime) {
        var event = event(test: test, input: .down, at: time)
        event.action = "ignore-eraser"
        event.reason = "eraser-not-ink"
        emit(event)
    }

    /// Writes one line per action of one maze proctor call.
    ///
    /// - Parameters:
    ///   - time: the input's time (for a timer, its deadline).
    ///   - proctor: the proctor after the call (its state is the state after).
    ///   - point: the input's form position, nil for timers.
    func log(
        _ actions: [MazeAction], input: ProctorInput, at time: EventTime, proctor: MazeProctor,
        before: MazeState, point: FormPosition?
    ) {
        var cell: ProctorEvent.Cell?
        if let point {
            switch proctor.mazeOnForm.location(of: point) {
            case .cell(let index):
                let found = proctor.maze.cell(atIndex: index)
                cell = .init(row: found.row + 1, column: found.column + 1)
            case .opening(let index):
                let found = proctor.maze.cell(atIndex: index)
                cell = .init(row: found.row + 1, column: found.column + 1, opening: true)
            case .outside:
                cell = nil
            }
        }
        for action in actions {
            var event = event(test: "maze", input: input, at: time)
            event.step = proctor.maze.stepIdentifier
            event.maze = proctor.maze.name
            event.before = before.rawValue
            event.after = proctor.state.rawValue
            event.cell = cell
            switch action {
            case .acceptStroke: event.action = "accept-stroke"
            case .refuseStroke(let reason): event.refused(reason.rawValue)
            case .interrupt(let interruption):
                event.action = "interrupt"
                event.interruption = interruption.kind.rawValue
                event.resumePoint = interruption.resumePoint.map { .init(x: $0.xCentimetres, y: $0.yCentimetres) }
            case .endStroke: event.action = "end-stroke"
            case .armTimer(let timer, let deadline): event.armed(timer.rawValue, deadline: unixMilliseconds(deadline))
            case .cancelTimer(let timer): event.cancelled(timer.rawValue)
            case .reachedEnd: event.action = "reached-end"
            case .finish: event.action = "finish"
            }
            emit(event)
        }
    }

    /// Writes one line for one symbol-digit action; `before` and `after` are the proctor's states
    /// around the call, `step` the step on screen before it.
    func log(
        _ action: SymbolDigitAction, input: ProctorInput, at time: EventTime, before: SymbolDigitState,
        after: SymbolDigitState, step: String?
    ) {
        var event = event(test: "sdt", input: input, at: time)
        event.step = step
        event.before = before.rawValue
        event.after = after.rawValue
        switch action {
        case .stepStarted(let started, _):
            event.action = "step-started"
            event.step = started.identifier
        case .stepEnded(let ended, _):
            event.action = "step-ended"
            event.step = ended.identifier
        case .acceptStroke: event.action = "accept-stroke"
        case .strokeEnded(let stroke):
            event.action = "stroke-ended"
            event.box = stroke.box.map { $0 + 1 }
        case .interrupt(let interruption):
            event.action = "interrupt"
            event.interruption = interruption.kind.rawValue
            event.box = interruption.writtenIn + 1
            event.continueIn = interruption.continueIn + 1
        case .revealForm: event.action = "reveal-form"
        case .armTimer(let timer, let deadline): event.armed(timer.rawValue, deadline: unixMilliseconds(deadline))
        case .cancelTimer(let timer): event.cancelled(timer.rawValue)
        case .remindDelayedRecall: event.action = "remind-delayed-recall"
        case .finished: event.action = "finished"
        }
        emit(event)
    }

    /// Writes one line for one clock action, `step` the step on screen before it. A stroke's
    /// samples between its first and last get lines only live (`decidedAt`), for the latency.
    func log(_ action: ClockAction, input: ProctorInput, at time: EventTime, step: ClockStep?) {
        var event = event(test: "clock", input: input, at: time)
        event.step = step?.identifier
        switch action {
        case .stepStarted(let started, let at):
            event.action = "step-started"
            event.step = started.identifier
            event.time = unixMilliseconds(at)
            event.sessionMicroseconds = at.microseconds
        case .stepEnded(let ended, let at):
            event.action = "step-ended"
            event.step = ended.identifier
            event.time = unixMilliseconds(at)
            event.sessionMicroseconds = at.microseconds
        case .strokeBegan: event.action = "stroke-began"
        case .strokeContinued:
            guard decidedAt != nil else { return }
            event.action = "stroke-continued"
        case .strokeEnded: event.action = "stroke-ended"
        case .armButtonTimer(let deadline): event.armed("buttons", deadline: unixMilliseconds(deadline))
        case .cancelButtonTimer: event.cancelled("buttons")
        case .offerButtons: event.action = "offer-buttons"
        case .buttonTapped(let button, _):
            event.action = "button-tapped"
            event.button = button.rawValue
        case .finished: event.action = "finished"
        }
        emit(event)
    }
}

extension ProctorEventLog {
    /// Writes one line per trails action of one proctor call: the part (`step`) and layout, the
    /// proctor's state after the call, and the circles the decision names.
    func log(
        _ actions: [TrailsAction], input: ProctorInput, at time: EventTime, proctor: TrailsProctor
    ) {
        for action in actions {
            var event = event(test: "trails", input: input, at: time)
            event.step = proctor.layout.part.identifier
            event.layout = proctor.layout.name
            event.after = proctor.state.rawValue
            switch action {
            case .acceptStroke: event.action = "accept-stroke"
            case .refuseStroke(let reason): event.refused(reason.rawValue)
            case .reachedCircle(let arrival):
                event.action = "reached-circle"
                event.circle = arrival.circle
            case .correct(let correction):
                event.action = "correct"
                event.interruption = "trails-error"
                event.wrongCircle = correction.error.wrongCircle
                event.expectedCircle = correction.error.expectedCircle
                event.errorClass = correction.error.errorClass.rawValue
                event.circle = correction.target
            case .endCorrection:
                event.action = "end-correction"
            case .prompt(let prompt):
                event.action = "prompt"
                event.interruption = "trails-prompt"
                event.circle = prompt.to
            case .reachedEnd: event.action = "reached-end"
            case .discontinue(_, let connected):
                event.action = "discontinue"
                event.circle = connected
            case .endStroke: event.action = "end-stroke"
            case .armTimer(let timer, let deadline): event.armed(timer.rawValue, deadline: unixMilliseconds(deadline))
            case .cancelTimer(let timer): event.cancelled(timer.rawValue)
            case .finish: event.action = "finish"
            }
            emit(event)
        }
    }
}
