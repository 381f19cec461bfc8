import ADF
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
        }
    }
}
