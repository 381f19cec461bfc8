/// The maze as a graph: a node per cell, an edge between adjacent cells not separated by a wall.
///
/// Shortest-path lengths between every pair of cells are computed once, by a breadth-first
/// search from each cell, so the proctor answers "how many cells apart" in constant time for
/// every pen sample. Nodes are numbered in row-major order (`Maze.index(of:)`).
public struct MazeGraph: Sendable {
    /// The largest maze whose distance table is precomputed (50 × 50 cells, a 12.5 MB table).
    public static let maximumCellCount = 2_500

    /// The marker for "no path" in `distances`.
    private static let unreachable = UInt16.max

    public let cellCount: Int
    /// For each node, the indices of its neighbours, in the order top, left, right, bottom.
    private let neighbours: [[Int]]
    /// `distances[from * cellCount + to]`: edges on a shortest path, or `unreachable`.
    private let distances: [UInt16]

    /// Builds the graph of `maze` and its all-pairs distance table.
    /// - Precondition: the maze has at most `maximumCellCount` cells (the maze parser checks this).
    public init(_ maze: Maze) {
        precondition(maze.cellCount <= MazeGraph.maximumCellCount, "maze too large for the distance table")
        cellCount = maze.cellCount
        var neighbours = [[Int]](repeating: [], count: maze.cellCount)
        for index in 0..<maze.cellCount {
            let cell = maze.cell(atIndex: index)
            if cell.row > 0, !maze.hasWall(on: .top, of: cell) { neighbours[index].append(index - maze.columns) }
            if cell.column > 0, !maze.hasWall(on: .left, of: cell) { neighbours[index].append(index - 1) }
            if cell.column < maze.columns - 1, !maze.hasWall(on: .right, of: cell) {
                neighbours[index].append(index + 1)
            }
            if cell.row < maze.rows - 1, !maze.hasWall(on: .bottom, of: cell) {
                neighbours[index].append(index + maze.columns)
            }
        }
        self.neighbours = neighbours
        var distances = [UInt16](repeating: MazeGraph.unreachable, count: maze.cellCount * maze.cellCount)
        var queue = [Int](repeating: 0, count: maze.cellCount)
        for source in 0..<maze.cellCount {
            let row = source * maze.cellCount
            distances[row + source] = 0
            var head = 0
            var tail = 0
            queue[tail] = source
            tail += 1
            while head < tail {
                let node = queue[head]
                head += 1
                let next = distances[row + node] + 1
                for neighbour in neighbours[node] where distances[row + neighbour] == MazeGraph.unreachable {
                    distances[row + neighbour] = next
                    queue[tail] = neighbour
                    tail += 1
                }
            }
        }
        self.distances = distances
    }

    /// The number of edges on a shortest path between two nodes, or nil when no path joins them.
    @inline(__always)
    public func distance(from source: Int, to destination: Int) -> Int? {
        let value = distances[source * cellCount + destination]
        return value == MazeGraph.unreachable ? nil : Int(value)
    }

    /// The nodes adjacent to `node` (no wall between), in the order top, left, right, bottom.
    public func neighbours(of node: Int) -> [Int] { neighbours[node] }

    /// A shortest path from `source` to `destination`, both included, or nil when none exists.
    ///
    /// Among equally short paths the one found first by a breadth-first search from `source`
    /// (neighbours in the order top, left, right, bottom) is returned, so the answer is deterministic.
    public func shortestPath(from source: Int, to destination: Int) -> [Int]? {
        guard distance(from: source, to: destination) != nil else { return nil }
        var parent = [Int](repeating: -1, count: cellCount)
        parent[source] = source
        var queue = [source]
        var head = 0
        while head < queue.count, parent[destination] == -1 {
            let node = queue[head]
            head += 1
            for neighbour in neighbours[node] where parent[neighbour] == -1 {
                parent[neighbour] = node
                queue.append(neighbour)
            }
        }
        var path = [destination]
        while let last = path.last, last != source {
            path.append(parent[last])
        }
        return path.reversed()
    }
}

extension Maze {
    /// The solution: the cells of a shortest path from the start cell to the end cell, both included.
    ///
    /// Reduced renderings keep only these cells. The parser guarantees a path exists.
    public var solution: [MazeCell] {
        let graph = MazeGraph(self)
        guard let path = graph.shortestPath(from: index(of: start.cell), to: index(of: end.cell)) else {
            return []
        }
        return path.map { cell(atIndex: $0) }
    }
}
