public import StylusGeometry
public import StylusInput

/// The maze proctoring algorithm (MPA): a plain state machine driven by pen positions and event times.
///
/// The canvas calls `penDown` when the tip touches down, `penMoved` for every sample
/// while it is down, and `penUp` when it lifts; the driver runs the timers the returned
/// actions arm and calls `timerFired(at:)` when one is due. Nothing here reads a clock or sleeps,
/// so a replay on a virtual clock decides exactly as the live session did.
///
/// The proctor uses the walls the patient sees (`Maze.asShown`): in a reduced maze, the boundary
/// of the drawn corridor is a wall, and a cell off the corridor is not part of the maze: a pen
/// there is outside it, as beyond the outer wall.
///
/// Per sample the work is a cell lookup and one read of the precomputed distance table; the
/// actions array is empty (and so not allocated) unless something happens.
public struct MazeProctor: Sendable {
    /// Whether the current stroke is drawn.
    private enum Pen: Hashable, Sendable {
        /// No stroke under way.
        case up
        /// An accepted stroke is under way.
        case drawing
        /// A refused or ended stroke is under way: its samples are ignored until the pen lifts.
        case ignoring
    }

    public let maze: Maze
    public let settings: MazeSettings
    /// The graph of the walls the patient sees (`Maze.asShown`), not of every wall in the file.
    public let graph: MazeGraph
    /// The maze on the form: positions to cells.
    public let mazeOnForm: MazeOnForm
    /// `pause backtrack distance` on the form, in centimetres.
    public let pauseBacktrackDistanceCentimetres: Double
    /// `pause circle radius` on the form, in centimetres.
    public let pauseCircleRadiusCentimetres: Double
    /// How near the start arrow's point the first stroke must begin, in centimetres.
    public let startRadiusCentimetres: Double

    /// Where the algorithm is.
    public private(set) var state: MazeState = .notStarted
    /// The accepted path: the points drawn since the maze began, without those drawn in error
    /// (across a wall, or after the resume point of an interruption).
    public private(set) var activePath: [MazePathPoint] = []
    /// While paused: the point the next stroke must begin near (the centre of the pause circle).
    public private(set) var resumePoint: MazePathPoint?
    /// Every interruption so far, in order.
    public private(set) var interruptions: [MazeInterruption] = []
    /// True once the finish timeout has run after reaching the end.
    public private(set) var isComplete = false

    private var pen = Pen.up
    private var wallCrossDeadline: EventTime?
    private var noDrawingDeadline: EventTime?
    private var finishDeadline: EventTime?
    private let startIndex: Int
    private let endIndex: Int
    private let startArrowPoint: FormPosition
    /// Per cell (row-major): whether it is drawn as part of the maze; false off a reduced maze's corridor.
    private let isShown: [Bool]

    /// Creates the proctor of one maze.
    ///
    /// - Parameters:
    ///   - maze: the maze shown.
    ///   - settings: the test's options.
    ///   - origin: the form position of the maze's top-left outer corner (see `Maze.origin(onFormOf:)`).
    ///   - density: the density the pixel options are measured at; by default the original device's.
    public init(
        maze: Maze, settings: MazeSettings = MazeSettings(), origin: FormPosition,
        density: PixelDensity = .referenceTablet
    ) {
        self.maze = maze
        self.settings = settings
        let shownCells = maze.shownCells
        graph = MazeGraph(maze.showing(shownCells))
        isShown = (0..<maze.cellCount).map { shownCells.contains(maze.cell(atIndex: $0)) }
        mazeOnForm = MazeOnForm(maze: maze, origin: origin)
        pauseBacktrackDistanceCentimetres = density.centimetres(fromPixels: settings.pauseBacktrackDistancePixels)
        pauseCircleRadiusCentimetres = density.centimetres(fromPixels: settings.pauseCircleRadiusPixels)
        startRadiusCentimetres = settings.startRadiusCells * maze.cellSizeCentimetres
        startIndex = maze.index(of: maze.start.cell)
        endIndex = maze.index(of: maze.end.cell)
        startArrowPoint = mazeOnForm.midpoint(of: maze.start)
        activePath.reserveCapacity(4_096)
    }

    /// The earliest armed timer's deadline, for drivers that keep a single timer.
    public var nextDeadline: EventTime? {
        [wallCrossDeadline, noDrawingDeadline, finishDeadline].compactMap { $0 }.min()
    }

    // MARK: Inputs

    /// The pen touched down at `point`: decides whether the stroke is drawn.
    ///
    /// The returned actions hold exactly one `acceptStroke` or `refuseStroke`.
    /// - Precondition: no stroke is under way (`penUp` ended the previous one).
    public mutating func penDown(_ point: FormPosition, at time: EventTime) -> [MazeAction] {
        precondition(pen == .up, "penDown called while a stroke is under way; call penUp first")
        let location = locate(point)
        switch state {
        case .finished:
            pen = .ignoring
            return [.refuseStroke(.mazeFinished)]

        case .notStarted, .notEntered:
            guard formDistance(point, startArrowPoint) <= startRadiusCentimetres else {
                pen = .ignoring
                return [.refuseStroke(.farFromStart), interrupt(.startFar, at: time)]
            }
            if case .cell(let cell) = location {
                // Beginning inside the maze counts only in the start cell or next to it, not across a wall.
                guard isWithinSkip(from: startIndex, to: cell, limit: settings.maximumPauseSkipLength) else {
                    pen = .ignoring
                    return [.refuseStroke(.farFromStart), interrupt(.startFar, at: time)]
                }
                pen = .drawing
                return [.acceptStroke] + enter(point, cell: cell, at: time)
            }
            pen = .drawing
            state = .notEntered
            return [.acceptStroke]

        case .inProgress:
            var actions: [MazeAction] = []
            if noDrawingDeadline != nil {
                noDrawingDeadline = nil
                actions.append(.cancelTimer(.noDrawing))
            }
            guard let last = activePath.last else {
                fatalError("Internal inconsistency: inProgress with an empty activePath")
            }
            if let refusal = resumeRefusal(point, location: location, from: last) {
                pen = .ignoring
                actions.append(.refuseStroke(refusal))
                actions += pause(.resumeFar, at: time)
                return actions
            }
            pen = .drawing
            actions.append(.acceptStroke)
            actions += accept(point, cell: cellIndex(location), at: time)
            return actions

        case .paused:
            guard let resume = resumePoint else { fatalError("Internal inconsistency: paused without a resume point") }
            if let refusal = resumeRefusal(point, location: location, from: resume) {
                pen = .ignoring
                return [.refuseStroke(refusal)]
            }
            pen = .drawing
            state = .inProgress
            resumePoint = nil
            return [.acceptStroke] + accept(point, cell: cellIndex(location), at: time)

        case .crossedWall:
            guard case .cell = location else {
                pen = .ignoring
                return [.refuseStroke(.outsideMaze)]
            }
            var actions: [MazeAction] = []
            if noDrawingDeadline != nil {
                noDrawingDeadline = nil
                actions.append(.cancelTimer(.noDrawing))
            }
            pen = .drawing
            actions.append(.acceptStroke)
            return actions + crossedWallSample(point, location: location, at: time)
        }
    }

    /// The pen moved to `point` while down.
    public mutating func penMoved(_ point: FormPosition, at time: EventTime) -> [MazeAction] {
        guard pen == .drawing else { return [] }
        let location = locate(point)
        switch state {
        case .notEntered:
            guard case .cell(let cell) = location,
                isWithinSkip(from: startIndex, to: cell, limit: settings.maximumSkipLength)
            else { return [] }
            return enter(point, cell: cell, at: time)
        case .inProgress:
            return inProgressSample(point, location: location, at: time)
        case .crossedWall:
            return crossedWallSample(point, location: location, at: time)
        case .notStarted, .paused, .finished:
            return []
        }
    }

    /// The pen lifted at `point` (its last position in contact), or the driver ended the stroke.
    public mutating func penUp(_ point: FormPosition, at time: EventTime) -> [MazeAction] {
        switch pen {
        case .up:
            return []
        case .ignoring:
            pen = .up
            return []
        case .drawing:
            break
        }
        var actions = penMoved(point, at: time)
        let wasEnded = pen == .ignoring
        pen = .up
        if wasEnded { return actions }
        switch state {
        case .finished:
            if !isComplete {
                let deadline = time.advanced(by: settings.finishTimeout)
                finishDeadline = deadline
                actions.append(.armTimer(.finish, deadline: deadline))
            }
        case .inProgress, .crossedWall:
            // After a cross the wall-cross timer keeps running too: lifting does not excuse it.
            let deadline = time.advanced(by: settings.noDrawingTimeout)
            noDrawingDeadline = deadline
            actions.append(.armTimer(.noDrawing, deadline: deadline))
        case .notEntered:
            state = .notStarted
            actions.append(interrupt(.notEntered, at: time))
        case .notStarted, .paused:
            break
        }
        return actions
    }

    /// The driver's clock reached `time`: handles every armed timer due by then, earliest first.
    ///
    /// Calls for timers already cancelled, or before any deadline, return no actions.
    public mutating func timerFired(at time: EventTime) -> [MazeAction] {
        var actions: [MazeAction] = []
        while let deadline = nextDeadline, deadline <= time {
            if deadline == wallCrossDeadline {
                wallCrossDeadline = nil
                if state == .crossedWall { actions += wallCrossExpired(at: time) }
            } else if deadline == noDrawingDeadline {
                noDrawingDeadline = nil
                if state == .inProgress || state == .crossedWall, pen == .up {
                    actions += pause(.noDrawing, at: time)
                }
            } else {
                finishDeadline = nil
                if state == .finished, !isComplete {
                    isComplete = true
                    actions.append(.finish(at: time))
                }
            }
        }
        return actions
    }

    /// The operator resumed a test paused for `paused`: every armed timer goes on from where it
    /// stopped, `paused` later than it was due (the pause itself is the driver's: it stops calling
    /// `timerFired` and ends a stroke under way with `penUp`).
    public mutating func postponeTimers(by paused: EventDuration) {
        wallCrossDeadline = wallCrossDeadline?.advanced(by: paused)
        noDrawingDeadline = noDrawingDeadline?.advanced(by: paused)
        finishDeadline = finishDeadline?.advanced(by: paused)
    }

    // MARK: Rules

    /// Whether the path may go from node `from` to node `to` skipping at most `limit` cells:
    /// the BFS distance minus one (the cells in between) does not exceed the limit.
    @inline(__always)
    private func isWithinSkip(from: Int, to: Int, limit: Int) -> Bool {
        if from == to { return true }
        guard let steps = graph.distance(from: from, to: to) else { return false }
        return steps - 1 <= limit
    }

    /// Where `point` falls for the proctor: as `MazeOnForm.location(of:)`, except that a cell
    /// the patient does not see as part of the maze (off a reduced maze's corridor) is outside.
    @inline(__always)
    private func locate(_ point: FormPosition) -> MazeLocation {
        let location = mazeOnForm.location(of: point)
        if case .cell(let index) = location, !isShown[index] { return .outside }
        return location
    }

    /// The cell a located point counts for: its own, or the opening's cell in an opening's mouth.
    @inline(__always)
    private func cellIndex(_ location: MazeLocation) -> Int? {
        switch location {
        case .cell(let index), .opening(let index): return index
        case .outside: return nil
        }
    }

    /// Why a stroke beginning at `point` may not resume the path at `pausePoint`, or nil if it may.
    private func resumeRefusal(_ point: FormPosition, location: MazeLocation, from pausePoint: MazePathPoint)
        -> MazeRefusal?
    {
        guard case .cell(let cell) = location else { return .outsideMaze }
        guard formDistance(point, pausePoint.position) <= pauseCircleRadiusCentimetres else {
            return .outsidePauseCircle
        }
        guard isWithinSkip(from: pausePoint.cellIndex, to: cell, limit: settings.maximumPauseSkipLength) else {
            return .acrossWallFromPausePoint
        }
        return nil
    }

    /// The stroke entered the maze at `cell`.
    private mutating func enter(_ point: FormPosition, cell: Int, at time: EventTime) -> [MazeAction] {
        state = .inProgress
        return accept(point, cell: cell, at: time)
    }

    /// Adds an acceptable point to the path; reaching the end cell finishes the maze.
    @inline(__always)
    private mutating func accept(_ point: FormPosition, cell: Int?, at time: EventTime) -> [MazeAction] {
        guard let cell else { return [] }
        activePath.append(MazePathPoint(position: point, time: time, cellIndex: cell))
        if cell == endIndex, case .cell = mazeOnForm.location(of: point) {
            state = .finished
            return [.reachedEnd(at: time)]
        }
        return []
    }

    /// A sample in `inProgress`: follow the path, or note a wall cross beyond the skip limit.
    @inline(__always)
    private mutating func inProgressSample(_ point: FormPosition, location: MazeLocation, at time: EventTime)
        -> [MazeAction]
    {
        guard let last = activePath.last?.cellIndex else {
            fatalError("Internal inconsistency: inProgress with an empty activePath")
        }
        let cell = cellIndex(location)
        if let cell,
            cell == last || !settings.enableWallCrossDetection
                || isWithinSkip(from: last, to: cell, limit: settings.maximumSkipLength)
        {
            // Same cell, a neighbour, a cut corner or a clipped wall within the skip limit.
            return accept(point, cell: cell, at: time)
        }
        guard settings.enableWallCrossDetection else { return [] }
        state = .crossedWall
        let deadline = time.advanced(by: settings.wallCrossTimeout)
        wallCrossDeadline = deadline
        return [.armTimer(.wallCross, deadline: deadline)]
    }

    /// A sample in `crossedWall`: interrupt once the cross has lasted the timeout, or go back to
    /// `inProgress` when the pen is back within the skip limit of the path.
    private mutating func crossedWallSample(_ point: FormPosition, location: MazeLocation, at time: EventTime)
        -> [MazeAction]
    {
        if let deadline = wallCrossDeadline, time >= deadline {
            wallCrossDeadline = nil
            return wallCrossExpired(at: time)
        }
        guard let last = activePath.last?.cellIndex else {
            fatalError("Internal inconsistency: crossedWall with an empty activePath")
        }
        guard let cell = cellIndex(location), isWithinSkip(from: last, to: cell, limit: settings.maximumSkipLength)
        else { return [] }
        state = .inProgress
        var actions: [MazeAction] = []
        if wallCrossDeadline != nil {
            wallCrossDeadline = nil
            actions.append(.cancelTimer(.wallCross))
        }
        return actions + accept(point, cell: cell, at: time)
    }

    /// The cross lasted the timeout: end the stroke if it is under way, and pause before the cross.
    private mutating func wallCrossExpired(at time: EventTime) -> [MazeAction] {
        var actions = pause(.wallCross, at: time)
        if pen == .drawing {
            pen = .ignoring
            actions.insert(.endStroke(at: time), at: 0)
        }
        return actions
    }

    /// An interruption without a resume point (start-related): the maze returns to its start.
    private mutating func interrupt(_ kind: MazeInterruptionKind, at time: EventTime) -> MazeAction {
        let interruption = MazeInterruption(kind: kind, time: time, resumePoint: nil)
        interruptions.append(interruption)
        return .interrupt(interruption)
    }

    /// Interrupts and pauses: the resume point lies `pause backtrack distance` back along the path,
    /// and the path after it is dropped.
    private mutating func pause(_ kind: MazeInterruptionKind, at time: EventTime) -> [MazeAction] {
        var actions: [MazeAction] = []
        if wallCrossDeadline != nil {
            wallCrossDeadline = nil
            actions.append(.cancelTimer(.wallCross))
        }
        if noDrawingDeadline != nil {
            noDrawingDeadline = nil
            actions.append(.cancelTimer(.noDrawing))
        }
        guard !activePath.isEmpty else { fatalError("Internal inconsistency: pausing with an empty activePath") }
        let resumeIndex = MazeProctor.backtrack(activePath, by: pauseBacktrackDistanceCentimetres)
        activePath.removeSubrange((resumeIndex + 1)...)
        let resume = activePath[resumeIndex]
        resumePoint = resume
        state = .paused
        let interruption = MazeInterruption(kind: kind, time: time, resumePoint: resume.position)
        interruptions.append(interruption)
        actions.append(.interrupt(interruption))
        return actions
    }

    /// The index of the first point, walking back from the end of `path`, whose distance along the
    /// path from the end reaches `length`; the first point when the path is shorter.
    static func backtrack(_ path: [MazePathPoint], by length: Double) -> Int {
        var index = path.count - 1
        var travelled = 0.0
        while index > 0, travelled < length {
            travelled += formDistance(path[index].position, path[index - 1].position)
            index -= 1
        }
        return index
    }
}
