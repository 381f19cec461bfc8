import ADF
import Foundation
import Proctoring
public import Sessions

extension SessionResult {
    /// What `record`, `administer` and `recover` print of the result: a line per step, then the results file.
    public var liveLines: [String] {
        switch self {
        case .clock(let result):
            [
                "  strokes   \(result.strokes) ("
                    + result.strokesPerStep.map { "\($0.strokes) in \($0.step.identifier)" }.joined(separator: ", ")
                    + ")",
                "  points    \(result.points)",
                "  results   \(result.output)",
            ]
        case .maze(let result):
            result.steps.map { step in
                "  maze      \(step.maze): \(step.finished ? "finished" : "not finished"), \(counted(step.strokes, "stroke"))"
                    + (step.refusedStrokes > 0 ? " (\(step.refusedStrokes) refused)" : "")
                    + ", \(counted(step.points, "point")), \(counted(step.interruptions.count, "interruption"))"
            } + ["  results   \(result.output)"]
        case .symbolDigit(let result):
            result.steps.map { part in
                "  part      \(part.step): \(counted(part.strokes, "stroke")) in \(counted(part.boxes.count, "box")), "
                    + "\(counted(part.points, "point")), \(counted(part.interruptions.count, "interruption"))"
            } + ["  results   \(result.output)"]
        case .trails(let result):
            result.steps.map { trailsLine($0) } + ["  results   \(result.output)"]
        }
    }
}

/// A trail making part's line in the summaries: `  part      trailsStep-A (standard-A): finished in 41.2 s, 25
/// circles, 1 error, 0 prompts, 3 strokes, 812 points`.
func trailsLine(_ part: TrailsStepResult) -> String {
    let time = part.completionSeconds.map { " in " + String(format: "%.1f s", $0) } ?? ""
    return "  part      \(part.step) (\(part.layout)): \(part.outcome)\(time), "
        + "\(counted(part.circlesConnected, "circle")) connected, \(counted(part.errors, "error")), "
        + "\(counted(part.prompts, "prompt")), \(counted(part.strokes, "stroke"))"
        + (part.refusedStrokes > 0 ? " (\(part.refusedStrokes) refused)" : "") + ", \(counted(part.points, "point"))"
}
