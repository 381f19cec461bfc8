public import Proctoring
public import StylusGeometry
public import StylusInput

/// One stretch of the pen's timeline, in form centimetres.
public enum PenSegment: Hashable, Sendable {
    /// In proximity, tip up: from `from` to `to`, at a height going from `startHeight` to
    /// `endHeight` (fractions of the distance axis), arching up by `arch` in between.
    case hover(from: FormPosition, to: FormPosition, startHeight: Double, endHeight: Double, arch: Double)
    /// Tip down, drawing along `path` with a smooth (minimum-jerk) speed profile.
    case draw(path: [FormPosition])
    /// Tip down and still at a point.
    case hold(FormPosition)
    /// Out of proximity: no frames.
    case away

    /// True while the tip touches the surface.
    public var isContact: Bool {
        switch self {
        case .draw, .hold: true
        case .hover, .away: false
        }
    }
}

/// A segment and when it runs.
public struct TimedSegment: Hashable, Sendable {
    public var segment: PenSegment
    public var start: EventTime
    public var end: EventTime
}

/// A stroke of the plan: from touch-down to lift.
public struct PlannedStroke: Hashable, Sendable {
    public var down: EventTime
    public var up: EventTime
}

/// The pen's whole timeline for a scenario: what the synthesizer samples.
public struct PenPlan: Hashable, Sendable {
    /// In time order, without gaps, from the pen's first approach to its last departure.
    public var segments: [TimedSegment]
    public var strokes: [PlannedStroke]

    public var start: EventTime { segments.first?.start ?? EventTime(microseconds: 0) }
    public var end: EventTime { segments.last?.end ?? EventTime(microseconds: 0) }
}

/// Where a scenario's drawing sits on the form.
public struct ScenarioPlacement: Sendable {
    /// The maze, placed on the form, for maze scenarios.
    public var mazeOnForm: MazeOnForm?
    public var formSize: FormSize
    /// The symbol-digit form, for scenarios that `write` in its boxes.
    public var symbolDigitForm: SymbolDigitForm?
    /// The trail making form, for scenarios that name its circles.
    public var trailsForm: TrailsForm?

    /// The form position of a named point; `here` is resolved by the caller.
    func position(of point: ScenarioPoint, here: FormPosition?, source: String, line: Int) throws(ScenarioError)
        -> FormPosition
    {
        switch point {
        case .form(let position):
            return position
        case .circle(let part, let label, let x, let y):
            let name = "\(part.rawValue):\(label)"
            guard let layout = trailsForm?.layout(part) else {
                throw .circleWithoutTrails(source: source, line: line, point: name)
            }
            guard let circle = layout.circles.first(where: { $0.label == label }) else {
                throw .unknownCircle(source: source, line: line, point: name, labels: layout.circles.map(\.label))
            }
            // Centred on the page, as TrailsDriver.origin lays each part (Sessions, which this module does not import).
            return FormPosition(
                xCentimetres: (formSize.widthCentimetres - layout.formSize.widthCentimetres) / 2
                    + circle.centre.xCentimetres + x,
                yCentimetres: (formSize.heightCentimetres - layout.formSize.heightCentimetres) / 2
                    + circle.centre.yCentimetres + y)
        case .here:
            return here
                ?? FormPosition(
                    xCentimetres: formSize.widthCentimetres / 2, yCentimetres: formSize.heightCentimetres / 2)
        case .start, .end, .cell:
            guard let mazeOnForm else {
                let name: String
                switch point {
                case .start: name = "start"
                case .end: name = "end"
                case .cell(let cell, _, _): name = "r\(cell.row + 1)c\(cell.column + 1)"
                default: name = "?"
                }
                throw .mazePointWithoutMaze(source: source, line: line, point: name)
            }
            let maze = mazeOnForm.maze
            let size = maze.cellSizeCentimetres
            switch point {
            case .start, .end:
                let opening = point == .start ? maze.start : maze.end
                let arrow = mazeOnForm.midpoint(of: opening)
                let (dx, dy): (Double, Double)
                switch opening.side {
                case .left: (dx, dy) = (-size / 2, 0)
                case .right: (dx, dy) = (size / 2, 0)
                case .top: (dx, dy) = (0, -size / 2)
                case .bottom: (dx, dy) = (0, size / 2)
                }
                return FormPosition(xCentimetres: arrow.xCentimetres + dx, yCentimetres: arrow.yCentimetres + dy)
            case .cell(let cell, let x, let y):
                guard maze.contains(cell) else {
                    throw .cellOutsideMaze(
                        source: source, line: line, cell: cell, rows: maze.rows, columns: maze.columns)
                }
                return FormPosition(
                    xCentimetres: mazeOnForm.origin.xCentimetres + (Double(cell.column) + x) * size,
                    yCentimetres: mazeOnForm.origin.yCentimetres + (Double(cell.row) + y) * size)
            default:
                fatalError("unreachable")
            }
        }
    }
}

extension PenPlan {
    /// When the first stroke touches down, if no pause says otherwise.
    public static let leadIn = EventDuration.milliseconds(500)
    /// The pen-up time between strokes when the scenario gives no `pause`.
    public static let defaultPause = EventDuration.milliseconds(300)
    /// Pauses at least this long take the pen out of proximity; shorter ones hover.
    static let leavesProximity = EventDuration.milliseconds(600)
    static let approach = EventDuration.milliseconds(200)
    static let departure = EventDuration.milliseconds(150)
    /// A stroke with no move or hold still touches for this long: a dot.
    static let dot = EventDuration.milliseconds(60)

    /// Lays out the pen's timeline for `instructions`.
    ///
    /// - Parameter random: chooses where the pen comes from and goes to between strokes.
    public init(
        instructions: [ScenarioLine], placement: ScenarioPlacement, source: String, random: inout SynthRandom
    ) throws(ScenarioError) {
        var segments: [TimedSegment] = []
        var strokes: [PlannedStroke] = []
        var time = EventTime(microseconds: 0)
        var here: FormPosition?
        var speed = 5.0
        var strokeStart: EventTime?
        var strokeHasContact = false
        var lastUp: (time: EventTime, position: FormPosition)?
        var pendingPause: EventDuration?

        func add(_ segment: PenSegment, from start: EventTime, to end: EventTime) {
            guard end > start else { return }
            segments.append(TimedSegment(segment: segment, start: start, end: end))
        }
        func offset(_ point: FormPosition, by distance: Double) -> FormPosition {
            // Patients come from and go to the side of the writing hand, roughly: right and down.
            let angle = random.uniform(-0.6...1.4)
            return FormPosition(
                xCentimetres: point.xCentimetres + distance * cosine(angle),
                yCentimetres: point.yCentimetres + distance * sine(angle))
        }

        var expanded: [ScenarioLine] = []
        for entry in instructions {
            guard case .write(let box, let digit) = entry.instruction else {
                expanded.append(entry)
                continue
            }
            guard let form = placement.symbolDigitForm else {
                throw .writeWithoutForm(source: source, line: entry.line)
            }
            expanded += DigitGlyph.instructions(digit: digit, in: form.boxes[box].answerCell, line: entry.line)
        }

        for entry in expanded {
            switch entry.instruction {
            case .speed(let value):
                speed = value
            case .down(let point):
                let position = try placement.position(of: point, here: here, source: source, line: entry.line)
                let down: EventTime
                if let lastUp {
                    let gap = pendingPause ?? Self.defaultPause
                    down = lastUp.time.advanced(by: gap)
                    if gap >= Self.leavesProximity {
                        let leaveEnd = lastUp.time.advanced(by: Self.departure)
                        add(
                            .hover(
                                from: lastUp.position, to: offset(lastUp.position, by: 0.8), startHeight: 0.2,
                                endHeight: 0.8, arch: 0),
                            from: lastUp.time, to: leaveEnd)
                        let approachStart = EventTime(microseconds: down.microseconds - Self.approach.microseconds)
                        add(.away, from: leaveEnd, to: approachStart)
                        add(
                            .hover(
                                from: offset(position, by: 0.8), to: position, startHeight: 0.8, endHeight: 0.15,
                                arch: 0),
                            from: approachStart, to: down)
                    } else {
                        add(
                            .hover(from: lastUp.position, to: position, startHeight: 0.15, endHeight: 0.15, arch: 0.4),
                            from: lastUp.time, to: down)
                    }
                } else {
                    down = time.advanced(by: pendingPause ?? Self.leadIn)
                    let approachStart = EventTime(microseconds: down.microseconds - Self.approach.microseconds)
                    add(
                        .hover(
                            from: offset(position, by: 0.8), to: position, startHeight: 0.8, endHeight: 0.15, arch: 0),
                        from: approachStart, to: down)
                }
                pendingPause = nil
                time = down
                here = position
                strokeStart = down
                strokeHasContact = false
            case .move(let points):
                var path = [here!]
                for point in points {
                    path.append(try placement.position(of: point, here: path.last, source: source, line: entry.line))
                }
                let length = zip(path, path.dropFirst()).reduce(0.0) { $0 + distance($1.0, $1.1) }
                let duration = EventDuration.seconds(max(length / speed, 0.05))
                add(.draw(path: path), from: time, to: time.advanced(by: duration))
                time = time.advanced(by: duration)
                here = path.last
                strokeHasContact = true
            case .hold(let duration):
                add(.hold(here!), from: time, to: time.advanced(by: duration))
                time = time.advanced(by: duration)
                strokeHasContact = strokeHasContact || duration > .zero
            case .up:
                if !strokeHasContact {
                    add(.hold(here!), from: time, to: time.advanced(by: Self.dot))
                    time = time.advanced(by: Self.dot)
                }
                strokes.append(PlannedStroke(down: strokeStart!, up: time))
                lastUp = (time, here!)
            case .pause(let duration):
                pendingPause = duration
            case .write:
                // Expanded into strokes above.
                break
            }
        }
        if let lastUp {
            // After the last stroke: hover for the trailing pause, if any, then leave.
            var end = lastUp.time
            if let pendingPause {
                let hoverEnd = lastUp.time.advanced(by: pendingPause)
                add(
                    .hover(from: lastUp.position, to: lastUp.position, startHeight: 0.15, endHeight: 0.4, arch: 0),
                    from: end, to: hoverEnd)
                end = hoverEnd
            }
            add(
                .hover(from: here!, to: offset(here!, by: 0.8), startHeight: 0.4, endHeight: 0.9, arch: 0),
                from: end, to: end.advanced(by: Self.departure))
        }
        self.init(segments: segments, strokes: strokes)
    }
}

/// The straight-line distance between two form positions, in centimetres.
func distance(_ a: FormPosition, _ b: FormPosition) -> Double {
    let dx = a.xCentimetres - b.xCentimetres
    let dy = a.yCentimetres - b.yCentimetres
    return (dx * dx + dy * dy).squareRoot()
}
