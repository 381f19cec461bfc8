import StylusGeometry
import StylusInput

@testable import Proctoring

/// The test forms: circles on a serpentine grid 3 cm apart, the first at (2, 2) cm, rows left to
/// right then right to left, 5 to a row for a part (a 16 × 16 cm form) and 4 for a sample
/// (13 × 10 cm). Valid by construction: every rim 1.5 cm inside the form, rims 2 cm apart, and
/// each line runs along a row or down its end, 2.5 cm from every other circle.
///
/// Part A's first two rows: 1 (2,2) 2 (5,2) 3 (8,2) 4 (11,2) 5 (14,2), then 6 (14,5) 7 (11,5)
/// 8 (8,5) 9 (5,5) 10 (2,5). Part B's labels at the same places: 1 A 2 B 3, then C 4 D 5 E:
/// circle 9 is "5" (a number) and circle 10 is "E" (a letter), both below or near "1".
func gridLayout(_ part: TrailPart) -> TrailLayout {
    let columns = part.isSample ? 4 : 5
    let circles = part.labels.enumerated().map { index, label in
        TrailCircle(label: label, order: index + 1, centre: gridCentre(index + 1, columns: columns))
    }
    let size =
        part.isSample
        ? FormSize(widthCentimetres: 13, heightCentimetres: 10) : FormSize(widthCentimetres: 16, heightCentimetres: 16)
    return TrailLayout(name: "grid-\(part.rawValue)", part: part, formSize: size, circles: circles)
}

/// The centre of circle `order` on the serpentine grid of `columns` circles a row.
func gridCentre(_ order: Int, columns: Int = 5) -> FormPosition {
    let row = (order - 1) / columns
    let column = (order - 1) % columns
    let x = row.isMultiple(of: 2) ? 2 + 3 * Double(column) : 2 + 3 * Double(columns - 1 - column)
    return form(x, 2 + 3 * Double(row))
}

/// Drives a trails proctor with scripted pen samples on a virtual clock, as a replay driver does:
/// before each input, every armed timer due by its time fires at its deadline.
struct TrailsScript {
    var proctor: TrailsProctor
    /// The timers armed by the actions so far (the driver's view, not the proctor's).
    private(set) var armed: [TrailsTimer: EventTime] = [:]
    /// Every action returned, with the time of the input that returned it.
    private(set) var log: [(time: EventTime, action: TrailsAction)] = []
    private(set) var now = EventTime(microseconds: 0)

    init(_ part: TrailPart, settings: TrailsSettings = TrailsSettings()) {
        proctor = TrailsProctor(layout: gridLayout(part), settings: settings)
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
    mutating func start(at time: EventTime) -> [TrailsAction] {
        advance(to: time)
        return record(proctor.start(at: time), at: time)
    }

    @discardableResult
    mutating func down(_ point: FormPosition, at time: EventTime) -> [TrailsAction] {
        advance(to: time)
        return record(proctor.penDown(point, at: time), at: time)
    }

    @discardableResult
    mutating func move(_ point: FormPosition, at time: EventTime) -> [TrailsAction] {
        advance(to: time)
        return record(proctor.penMoved(point, at: time), at: time)
    }

    @discardableResult
    mutating func up(_ point: FormPosition, at time: EventTime) -> [TrailsAction] {
        advance(to: time)
        return record(proctor.penUp(point, at: time), at: time)
    }

    @discardableResult
    mutating func key(at time: EventTime) -> [TrailsAction] {
        advance(to: time)
        return record(proctor.operatorContinued(at: time), at: time)
    }

    /// Moves the pen (down) through `points`: from each to the next in `steps` equal steps, a
    /// sample every 10 ms, the first step 10 ms after `start` (the pen is at `points[0]` then).
    /// Returns the time of the last sample.
    @discardableResult
    mutating func trail(_ points: [FormPosition], start: EventTime, steps: Int = 10) -> EventTime {
        var time = start
        for (from, to) in zip(points, points.dropFirst()) {
            for step in 1...steps {
                let fraction = Double(step) / Double(steps)
                time = time.advanced(by: .milliseconds(10))
                move(
                    form(
                        from.xCentimetres + (to.xCentimetres - from.xCentimetres) * fraction,
                        from.yCentimetres + (to.yCentimetres - from.yCentimetres) * fraction),
                    at: time)
            }
        }
        return time
    }

    /// Holds the pen still at `point` for `duration` ms after `start`, a sample every 10 ms;
    /// returns the time of the last sample.
    @discardableResult
    mutating func hold(_ point: FormPosition, after start: EventTime, for duration: Int64) -> EventTime {
        var time = start
        for _ in stride(from: 10, through: duration, by: 10) {
            time = time.advanced(by: .milliseconds(10))
            move(point, at: time)
        }
        return time
    }

    @discardableResult
    private mutating func record(_ actions: [TrailsAction], at time: EventTime) -> [TrailsAction] {
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

    /// The decisions the driver was told of, without the timers: what a patient and a results file see.
    var decisions: [TrailsAction] {
        log.map(\.action).filter {
            switch $0 {
            case .armTimer, .cancelTimer, .acceptStroke: false
            default: true
            }
        }
    }

    /// The circles reached, as (order, ms).
    var arrivals: [[Int64]] {
        proctor.arrivals.map { [Int64($0.circle), $0.time.microseconds / 1_000] }
    }
}
