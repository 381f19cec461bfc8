internal import Foundation
public import Recordings

/// The tests StylusKit administers, as every command names them (`--test`), a visit protocol lists them and a
/// journal starts its name with them: the vocabulary of every layer, so it lives with the journal's.
public enum TestKind: String, CaseIterable, Sendable {
    case clock
    case maze
    case sdt
    case trails
}

extension JournaledTest {
    /// The trail making test's form when no option names one.
    public static let standardTrailsForm = "standard"

    /// `test` as a journal names it, with the maze file or the battery file a maze test is given
    /// (the battery when both are; callers refuse both, and neither, first: `checkMazeOptions`), and
    /// the trail making test's form and layout files.
    public init(
        _ test: TestKind, maze: String?, battery: String?, trailsForm: String? = nil, trailsLayouts: [String] = []
    ) {
        switch test {
        case .clock: self = .clock
        case .sdt: self = .sdt
        case .maze: self = battery.map { .battery(file: $0) } ?? .maze(mazeFile: maze ?? "")
        case .trails: self = .trails(form: trailsForm ?? Self.standardTrailsForm, layouts: trailsLayouts)
        }
    }

    /// The test with its maze or battery file as an absolute path, a relative one taken from the
    /// current directory, so that `recover` finds it from any directory.
    public var absolute: JournaledTest {
        func absolute(_ path: String) -> String {
            path.hasPrefix("/")
                ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        }
        switch self {
        case .clock, .sdt: return self
        case .maze(let file): return .maze(mazeFile: absolute(file))
        case .battery(let file): return .battery(file: absolute(file))
        case .trails(let form, let layouts): return .trails(form: form, layouts: layouts.map(absolute))
        }
    }
}
