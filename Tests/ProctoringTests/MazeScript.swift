import StylusGeometry
import StylusInput

@testable import Proctoring

/// An event time `value` milliseconds after the clock's origin.
func instant(_ value: Int64) -> EventTime { EventTime(microseconds: value * 1_000) }

/// A form position in centimetres.
func form(_ x: Double, _ y: Double) -> FormPosition { FormPosition(xCentimetres: x, yCentimetres: y) }

/// Drives a maze proctor with scripted pen samples on a virtual clock, as the replay driver does:
/// before each input, every armed timer due by its time fires at its deadline.
struct MazeScript {
    var proctor: MazeProctor
    /// The timers armed by the actions so far (the driver's view, not the proctor's).
    private(set) var armed: [MazeTimer: EventTime] = [:]
    /// Every action returned, with the time of the input that returned it.
    private(set) var log: [(time: EventTime, action: MazeAction)] = []
    private(set) var now = EventTime(microseconds: 0)

    init(_ proctor: MazeProctor) {
        self.proctor = proctor
    }

    /// Moves the virtual clock to `time`, firing due timers on the way.
    mutating func advance(to time: EventTime) {
        precondition(time >= now, "the virtual clock runs forwards")
        while let (_, deadline) = armed.min(by: { $0.value < $1.value }), deadline <= time {
            armed = armed.filter { $0.value != deadline }
            record(proctor.timerFired(at: deadline), at: deadline)
        }
        now = time
    }

    @discardableResult
    mutating func down(_ point: FormPosition, at time: EventTime) -> [MazeAction] {
        advance(to: time)
        return record(proctor.penDown(point, at: time), at: time)
    }

    @discardableResult
    mutating func move(_ point: FormPosition, at time: EventTime) -> [MazeAction] {
        advance(to: time)
        return record(proctor.penMoved(point, at: time), at: time)
    }

    @discardableResult
    mutating func up(_ point: FormPosition, at time: EventTime) -> [MazeAction] {
        advance(to: time)
        return record(proctor.penUp(point, at: time), at: time)
    }

    /// Samples every `interval` ms along the straight line from `from` to `to` (both included,
    /// `steps` + 1 samples), the first at `start`; returns the time of the last sample.
    @discardableResult
    mutating func line(
        from: FormPosition, to: FormPosition, steps: Int, start: EventTime, interval: Int64 = 10
    ) -> EventTime {
        var time = start
        for step in 0...steps {
            let fraction = Double(step) / Double(steps)
            let point = form(
                from.xCentimetres + (to.xCentimetres - from.xCentimetres) * fraction,
                from.yCentimetres + (to.yCentimetres - from.yCentimetres) * fraction)
            time = start.advanced(by: .milliseconds(Int64(step) * interval))
            move(point, at: time)
        }
        return time
    }

    /// Holds the pen still at `point` from `start` for `duration` ms, a sample every 10 ms;
    /// returns the time of the last sample.
    @discardableResult
    mutating func hold(_ point: FormPosition, from start: EventTime, for duration: Int64) -> EventTime {
        var time = start
        for step in stride(from: 0, through: duration, by: 10) {
            time = start.advanced(by: .milliseconds(step))
            move(point, at: time)
        }
        return time
    }

    @discardableResult
    private mutating func record(_ actions: [MazeAction], at time: EventTime) -> [MazeAction] {
        for action in actions {
            switch action {
            case .armTimer(let timer, let deadline): armed[timer] = deadline
            case .cancelTimer(let timer): armed[timer] = nil
            default: break
            }
            log.append((time, action))
        }
        return actions
    }

    /// The interruptions the driver was told about, in order.
    var interruptions: [MazeInterruption] {
        log.compactMap { if case .interrupt(let interruption) = $0.action { interruption } else { nil } }
    }

    /// How many times `timer` was armed.
    func armCount(_ timer: MazeTimer) -> Int {
        log.filter { if case .armTimer(timer, _) = $0.action { true } else { false } }.count
    }

    /// How many times `timer` was cancelled.
    func cancelCount(_ timer: MazeTimer) -> Int {
        log.filter { $0.action == .cancelTimer(timer) }.count
    }
}
