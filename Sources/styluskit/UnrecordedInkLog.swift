import ADF
import Rendering
import Sessions

/// Collects the ink a test driver kept out of the results file, per step, for `render RECORDING`.
///
/// The driver says when unrecorded ink begins (`refused()` when the proctor refuses a stroke at
/// touch-down, `ignoringRest()` when it stops recording a stroke under way), hands over every
/// sample it does not record (`add`), and says when the pen lifts (`penLifted()`). A stroke whose
/// samples fall in two steps (a step ended under the pen) is split, each part drawn on its step.
final class UnrecordedInkLog: UnrecordedInkSink {
    private struct Open {
        var reason: UnrecordedStroke.Reason
        var step: Int?
        var points: [PenPoint]
    }

    /// Per step index, the finished unrecorded strokes.
    private(set) var strokesByStep: [Int: [UnrecordedStroke]] = [:]
    private var open: Open?

    /// The proctor refused the stroke that just began.
    func refused() {
        close()
        open = Open(reason: .refused, step: nil, points: [])
    }

    /// The proctor stopped recording the stroke under way; the rest of it is ignored.
    func ignoringRest() {
        // Already unrecorded (a refused stroke, or a rest already ignored): it stays what it was.
        guard open == nil else { return }
        open = Open(reason: .ignoredRest, step: nil, points: [])
    }

    /// A sample the driver did not record, seen while step `step` (an index) was shown.
    func add(_ point: PenPoint, step: Int) {
        guard var stroke = open else { return }
        if let current = stroke.step, current != step {
            close()
            stroke = Open(reason: stroke.reason, step: nil, points: [])
        }
        stroke.step = step
        stroke.points.append(point)
        open = stroke
    }

    /// The pen lifted: the unrecorded stroke under way, if any, is finished.
    func penLifted() { close() }

    /// The strokes of each of `steps` steps, in order, as `ResultsPicture` takes them.
    func ink(steps: Int) -> UnrecordedInk {
        close()
        return .known((0..<steps).map { strokesByStep[$0] ?? [] })
    }

    private func close() {
        defer { open = nil }
        guard let stroke = open, let step = stroke.step, !stroke.points.isEmpty else { return }
        strokesByStep[step, default: []].append(UnrecordedStroke(reason: stroke.reason, points: stroke.points))
    }
}
