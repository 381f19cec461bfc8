internal import Foundation
public import Proctoring
public import StylusGeometry
public import StylusInput

/// Which of the proctor's inputs made a decision.
public enum ProctorInput: String, Codable, Sendable {
    /// The pen touched down (`shouldBeginDrawing`).
    case down
    /// A sample while the pen was down (`isDrawing`).
    case move
    /// The pen lifted (`finishedDrawing`).
    case up
    /// A timer the proctor armed came due (`timerFired`).
    case timer
    /// A step boundary: a continue press, or the split rule's (the symbol-digit test's).
    case `continue`
}

/// One proctor decision, as `replay --events` prints it: one JSON object per line.
///
/// Keys are sorted and absent facts left out, so test runners can match lines as text or parse them.
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

    /// Unix time in milliseconds of the input (for a timer, its deadline).
    var time: Double
    var maze: String
    var input: ProctorInput
    /// The proctor's state before and after the input.
    var before: String
    var after: String
    /// `accept-stroke`, `refuse-stroke`, `interrupt`, `end-stroke`, `arm-timer`, `cancel-timer`,
    /// `reached-end` or `finish`.
    var action: String
    /// The cell under the input's point; absent for timers and points outside the maze.
    var cell: Cell?
    /// Why a stroke was refused.
    var reason: String?
    /// The interruption's type (`wall-cross`, `no-drawing`, `start-far`, `not-entered`, `resume-far`).
    var interruption: String?
    /// Where drawing must resume after a pausing interruption, in form centimetres.
    var resumePoint: Point?
    /// The timer armed or cancelled.
    var timer: String?
    /// When an armed timer is due, Unix ms.
    var deadline: Double?
}

/// One symbol-digit proctor decision, as `replay --test sdt --events` prints it: one JSON object per line.
struct SymbolDigitProctorEvent: Codable {
    /// Unix time in milliseconds of the input (for a timer, its deadline).
    var time: Double
    /// The step on screen before the input (`symbolDigitStep-test`), absent before the first; for
    /// `step-started` and `step-ended`, the step started or ended.
    var step: String?
    /// `down`, `move`, `up`, `timer` or `continue` (a step boundary of the split rule).
    var input: String
    var before: String
    var after: String
    /// `step-started`, `step-ended`, `accept-stroke`, `stroke-ended`, `interrupt`, `reveal-form`,
    /// `arm-timer`, `cancel-timer`, `remind-delayed-recall` or `finished`.
    var action: String
    /// The box a finished stroke counts for (from 1); absent when it lies in none.
    var box: Int?
    /// The interruption's type (`skip`) and the box the arrow points at (from 1).
    var interruption: String?
    var continueIn: Int?
    var timer: String?
    /// When an armed timer is due, Unix ms.
    var deadline: Double?
}

/// Writes proctor decisions as JSON lines (`--events`), one per action, to `write`.
public final class ProctorEventLog {
    private let encoder: JSONEncoder
    /// Event time to Unix milliseconds, as the results file writes times.
    private let unixMilliseconds: (EventTime) -> Double
    private let write: (String) -> Void

    /// A log whose lines go to `write` (the command prints them on standard output).
    public init(unixMilliseconds: @escaping (EventTime) -> Double, write: @escaping (String) -> Void) {
        self.unixMilliseconds = unixMilliseconds
        self.write = write
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    private func emit(_ event: some Encodable) {
        // Encoding a struct of strings and finite numbers cannot fail.
        if let data = try? encoder.encode(event) { write(String(decoding: data, as: UTF8.self)) }
    }

    /// Prints one line per action of one proctor call.
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
            var event = ProctorEvent(
                time: unixMilliseconds(time), maze: proctor.maze.name, input: input, before: before.rawValue,
                after: proctor.state.rawValue, action: "", cell: cell)
            switch action {
            case .acceptStroke:
                event.action = "accept-stroke"
            case .refuseStroke(let reason):
                event.action = "refuse-stroke"
                event.reason = reason.rawValue
            case .interrupt(let interruption):
                event.action = "interrupt"
                event.interruption = interruption.kind.rawValue
                event.resumePoint = interruption.resumePoint.map { .init(x: $0.xCentimetres, y: $0.yCentimetres) }
            case .endStroke:
                event.action = "end-stroke"
            case .armTimer(let timer, let deadline):
                event.action = "arm-timer"
                event.timer = timer.rawValue
                event.deadline = unixMilliseconds(deadline)
            case .cancelTimer(let timer):
                event.action = "cancel-timer"
                event.timer = timer.rawValue
            case .reachedEnd:
                event.action = "reached-end"
            case .finish:
                event.action = "finish"
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
        var event = SymbolDigitProctorEvent(
            time: unixMilliseconds(time), step: step, input: input.rawValue, before: before.rawValue, after: after.rawValue,
            action: "")
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
        case .armTimer(let timer, let deadline):
            event.action = "arm-timer"
            event.timer = timer.rawValue
            event.deadline = unixMilliseconds(deadline)
        case .cancelTimer(let timer):
            event.action = "cancel-timer"
            event.timer = timer.rawValue
        case .remindDelayedRecall: event.action = "remind-delayed-recall"
        case .finished: event.action = "finished"
        }
        emit(event)
    }
}
