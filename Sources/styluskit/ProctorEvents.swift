import Foundation
import Proctoring
import StylusGeometry
import StylusInput

/// Which of the proctor's inputs made a decision.
enum ProctorInput: String, Codable {
    /// The pen touched down (`shouldBeginDrawing`).
    case down
    /// A sample while the pen was down (`isDrawing`).
    case move
    /// The pen lifted (`finishedDrawing`).
    case up
    /// A timer the proctor armed came due (`timerFired`).
    case timer
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

/// Prints proctor decisions to standard output as JSON lines.
final class ProctorEventLog {
    private let encoder: JSONEncoder
    /// Event time to Unix milliseconds, as the results file writes times.
    private let unixMilliseconds: (EventTime) -> Double

    init(unixMilliseconds: @escaping (EventTime) -> Double) {
        self.unixMilliseconds = unixMilliseconds
        encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
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
            // Encoding a struct of strings and finite numbers cannot fail.
            if let data = try? encoder.encode(event) {
                print(String(decoding: data, as: UTF8.self))
            }
        }
    }
}
