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
            line += interruptionsText(maze.interruptions.map { "\($0.type) at \(milliseconds($0.time)) ms" })
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
            line += interruptionsText(
                part.interruptions.map {
                    "\($0.type) at \(milliseconds($0.time)) ms (box \($0.writtenIn), continue in \($0.continueIn))"
                })
            if part.reminders > 0 { line += ", \(part.reminders) delayed-recall reminders" }
            lines.append(line)
        }
        return (lines + closingLines).joined(separator: "\n")
    }
}

/// A step's interruptions in a summary line: the first five, so that a long session's summary
/// stays one readable line per step, and how many more.
private func interruptionsText(_ interruptions: [String]) -> String {
    guard !interruptions.isEmpty else { return ", no interruptions" }
    let shown = interruptions.prefix(5)
    let more = interruptions.count - shown.count
    return ", interruptions: " + shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
}

/// Unix ms as a summary shows them: whole milliseconds, rounded down.
private func milliseconds(_ time: Double) -> String {
    String(format: "%.0f", time.rounded(.down))
}
