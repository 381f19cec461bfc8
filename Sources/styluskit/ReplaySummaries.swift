import Foundation
import Sessions

/// What `replay` prints.
struct ReplaySummary: ReplayReport {
    struct StepStrokes: Codable {
        var step: String
        var strokes: Int
    }

    var replayed: ReplayedRecording
    var strokes: Int
    var strokesPerStep: [StepStrokes]
    var points: Int

    enum TestKeys: CodingKey { case strokes, strokesPerStep, points }

    func encodeTest(into container: inout KeyedEncodingContainer<TestKeys>) throws {
        try container.encode(strokes, forKey: .strokes)
        try container.encode(strokesPerStep, forKey: .strokesPerStep)
        try container.encode(points, forKey: .points)
    }

    var text: String {
        let lines =
            openingLines + [
                "  strokes   \(strokes) (" + strokesPerStep.map { "\($0.strokes) in \($0.step)" }.joined(separator: ", ") + ")",
                "  points    \(points)",
            ]
        return (lines + closingLines).joined(separator: "\n")
    }
}

/// What `replay --test maze` prints.
struct MazeReplaySummary: ReplayReport {
    var replayed: ReplayedRecording
    var mazes: [MazeStepResult]

    enum TestKeys: CodingKey { case mazes }

    func encodeTest(into container: inout KeyedEncodingContainer<TestKeys>) throws {
        try container.encode(mazes, forKey: .mazes)
    }

    var text: String {
        var lines = openingLines
        for maze in mazes {
            var line = "  maze      \(maze.maze): \(maze.finished ? "finished" : "not finished"), \(maze.strokes) strokes"
            if maze.refusedStrokes > 0 { line += " (\(maze.refusedStrokes) refused)" }
            line += ", \(maze.points) points"
            if maze.interruptions.isEmpty {
                line += ", no interruptions"
            } else {
                // The first few, so that a long session's summary stays one readable line per maze.
                let shown = maze.interruptions.prefix(5).map {
                    "\($0.type) at \(String(format: "%.0f", $0.time.rounded(.down))) ms"
                }
                let more = maze.interruptions.count - shown.count
                line += ", interruptions: " + shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            }
            lines.append(line)
        }
        return (lines + closingLines).joined(separator: "\n")
    }
}

/// What `replay --test sdt` prints.
struct SymbolDigitReplaySummary: ReplayReport {
    var replayed: ReplayedRecording
    var parts: [SymbolDigitStepResult]

    enum TestKeys: CodingKey { case parts }

    func encodeTest(into container: inout KeyedEncodingContainer<TestKeys>) throws {
        try container.encode(parts, forKey: .parts)
    }

    var text: String {
        var lines = openingLines
        for part in parts {
            var line = "  part      \(part.step): \(part.strokes) strokes in \(part.boxes.count) boxes, \(part.points) points"
            if part.interruptions.isEmpty {
                line += ", no interruptions"
            } else {
                let shown = part.interruptions.prefix(5).map {
                    "\($0.type) at \(String(format: "%.0f", $0.time.rounded(.down))) ms (box \($0.writtenIn), continue in \($0.continueIn))"
                }
                let more = part.interruptions.count - shown.count
                line += ", interruptions: " + shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            }
            if part.reminders > 0 { line += ", \(part.reminders) delayed-recall reminders" }
            lines.append(line)
        }
        return (lines + closingLines).joined(separator: "\n")
    }
}
