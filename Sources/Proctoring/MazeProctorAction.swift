public import StylusGeometry
public import StylusInput

/// The states of the maze proctoring algorithm (assessments.md, "Maze proctoring algorithm").
public enum MazeState: String, Hashable, Sendable, CaseIterable {
    /// The maze is shown and nothing is drawn yet.
    case notStarted
    /// A stroke began near the start but has not entered the maze.
    case notEntered
    /// A stroke has entered the maze and no mistake is pending.
    case inProgress
    /// The path just crossed a wall beyond the skip limit; it may still come back in time.
    case crossedWall
    /// Drawing was interrupted: the maze is obscured except the pause circle around the resume point.
    case paused
    /// The patient reached the end.
    case finished
}

/// Why a stroke was refused: it is neither drawn nor recorded.
public enum MazeRefusal: String, Hashable, Sendable {
    /// The first stroke began far from the start arrow.
    case farFromStart = "far-from-start"
    /// The stroke began outside the maze after the patient had entered it.
    case outsideMaze = "outside-maze"
    /// The stroke began outside the circle around the point drawing must resume from.
    case outsidePauseCircle = "outside-pause-circle"
    /// The stroke began inside the circle but across a wall from the point drawing must resume from.
    case acrossWallFromPausePoint = "across-wall"
    /// The maze is finished; no more drawing.
    case mazeFinished = "maze-finished"
}

/// The kinds of interruption, as recorded in the results file.
public enum MazeInterruptionKind: String, Hashable, Sendable, CaseIterable {
    /// The path crossed a wall, skipping too many cells, for at least the wall-cross timeout.
    case wallCross = "wall-cross"
    /// The pen stayed up for the no-drawing timeout.
    case noDrawing = "no-drawing"
    /// A first stroke began far from the start arrow ("start at the green arrow").
    case startFar = "start-far"
    /// A stroke began at the start but lifted without entering the maze ("start at the green arrow").
    case notEntered = "not-entered"
    /// After lifting, a new stroke began away from where the path ended (too far, across a wall, or outside).
    case resumeFar = "resume-far"
}

/// One interruption: when, why, and where drawing must resume.
public struct MazeInterruption: Hashable, Sendable {
    public var kind: MazeInterruptionKind
    public var time: EventTime
    /// The centre of the pause circle; nil for the start-related kinds, which return to the start arrow.
    public var resumePoint: FormPosition?
}

/// The timers the maze proctor asks its driver to run.
public enum MazeTimer: String, Hashable, Sendable, CaseIterable {
    case wallCross = "wall-cross"
    case noDrawing = "no-drawing"
    case finish
}

/// What the driver of a maze proctor must do, in the order returned.
public enum MazeAction: Hashable, Sendable {
    /// Draw and record the stroke that just began.
    case acceptStroke
    /// Neither draw nor record the stroke that just began, nor any of its samples.
    case refuseStroke(MazeRefusal)
    /// Interrupt the patient; record it; obscure the maze except the pause circle when it has a resume point.
    case interrupt(MazeInterruption)
    /// Stop drawing the current stroke here: its remaining samples, until the pen lifts, are ignored.
    case endStroke(at: EventTime)
    /// Arm `timer` to fire at `deadline` (replacing an armed one); then call `MazeProctor.timerFired(at:)`.
    case armTimer(MazeTimer, deadline: EventTime)
    /// Disarm `timer`.
    case cancelTimer(MazeTimer)
    /// The path reached the end: the maze is solved.
    case reachedEnd(at: EventTime)
    /// The finish timeout has run after the last stroke: show the finish and move to the next maze.
    case finish(at: EventTime)
}

/// A point of the accepted path: where, when, and in which cell.
public struct MazePathPoint: Hashable, Sendable {
    public var position: FormPosition
    public var time: EventTime
    /// The cell's row-major index (`Maze.index(of:)`).
    public var cellIndex: Int
}
