public import StylusGeometry
public import StylusInput

/// A test's administrator as its driver feeds it: the pen's touch-down, moves and lift at form
/// positions, the timers it armed, and the operator's pause, each with its event time.
///
/// The maze, symbol-digit and trail making proctors take the same pen events under these names,
/// so one driver loop (`Sessions`' `PenProctorDriver`) serves the three of them. Each returns its
/// own actions, in the order its driver must carry them out.
public protocol PenProctor {
    /// What the driver must do after an input.
    associatedtype Action
    /// Where the proctor is in its test (an `--events` line's `before` and `after`).
    associatedtype State

    /// Where the proctor is now.
    var state: State { get }
    /// The earliest armed timer's deadline, if any: the driver calls `timerFired(at:)` then.
    var nextDeadline: EventTime? { get }
    /// The pen touched down at `point` (a form position) at `time`.
    mutating func penDown(_ point: FormPosition, at time: EventTime) -> [Action]
    /// The pen moved to `point` while down.
    mutating func penMoved(_ point: FormPosition, at time: EventTime) -> [Action]
    /// The pen lifted at `point`, its last position in contact (or the driver ended the stroke there).
    mutating func penUp(_ point: FormPosition, at time: EventTime) -> [Action]
    /// The driver's clock reached `time`: every armed timer due by then is handled.
    mutating func timerFired(at time: EventTime) -> [Action]
    /// The operator resumed a test paused for `paused`: every armed timer goes on from where it stopped.
    mutating func postponeTimers(by paused: EventDuration)
}

extension MazeProctor: PenProctor {}
extension SymbolDigitProctor: PenProctor {}
extension TrailsProctor: PenProctor {}
