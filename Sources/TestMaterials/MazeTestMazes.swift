internal import Foundation
public import Proctoring
public import Recordings
internal import SystemErrors

/// Where the mazes of a maze test come from: one maze file, or a battery file.
public enum MazeTestMazes {
    /// Reads the mazes of `--maze FILE` (default settings) or `--battery FILE` (its settings,
    /// its maze files relative to its folder), in the order they are shown; `defaults` are the
    /// settings a single maze gets and a battery's own lines start from.
    /// `read` reads a file (path, purpose); a live session's keeps what it read for the journal,
    /// `recover`'s serves the journal's copies.
    public static func load(
        maze: String?, battery: String?, defaults: MazeSettings = MazeSettings(),
        read: (_ path: String, _ role: JournaledFile.Role) throws -> String = { try readText($0, purpose: $1.purpose) }
    ) throws -> [AdministeredMaze] {
        if let maze {
            return [AdministeredMaze(maze: try Maze(parsing: try read(maze, .maze), source: maze), settings: defaults)]
        }
        guard let battery else { return [] }
        let parsed = try MazeBattery(parsing: try read(battery, .battery), source: battery, defaults: defaults)
        let folder = PathText.folder(of: battery)
        return try parsed.entries.map { entry in
            let path =
                entry.mazeFile.hasPrefix("/")
                ? entry.mazeFile : (folder as NSString).appendingPathComponent(entry.mazeFile)
            return AdministeredMaze(
                maze: try Maze(parsing: try read(path, .maze), source: path), settings: entry.settings)
        }
    }

    public static func readMaze(_ path: String) throws -> Maze {
        try Maze(parsing: try readText(path, purpose: "maze file"), source: path)
    }
}
