public import Proctoring

/// One maze of a maze test, with the settings it is administered with.
public struct AdministeredMaze: Sendable {
    public var maze: Maze
    public var settings: MazeSettings

    /// The TaskData step identifier of this maze: `mazeStep-<maze name>`.
    public var stepIdentifier: String { maze.stepIdentifier }
}
