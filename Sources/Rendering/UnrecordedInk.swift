public import ADF

/// Ink the proctor kept out of the results file, known only when a recording is replayed.
///
/// ADF records the strokes the proctor accepted and nothing else (adf.md has no element for
/// refused ink and allows no extensions), so a picture of a results file cannot show these; a
/// picture of a replayed recording draws them faintly under the recorded ink.
public struct UnrecordedStroke: Hashable, Sendable {
    /// Why the proctor did not record the ink.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// The proctor refused the stroke when it began (the maze's `refuseStroke`: far from the
        /// start, outside the maze or the pause circle, across a wall, after the finish).
        case refused
        /// The proctor stopped recording a stroke under way and ignored the rest until the pen
        /// lifted (the maze's `endStroke` at a wall cross, a step ending under the pen).
        case ignoredRest = "ignored-rest"
    }

    public var reason: Reason
    /// The samples, in canvas points and Unix ms as the recorded ones would have been.
    public var points: [PenPoint]

    public init(reason: Reason, points: [PenPoint]) {
        self.reason = reason
        self.points = points
    }
}

/// What a picture knows of the ink the proctor did not record.
public enum UnrecordedInk: Hashable, Sendable {
    /// A results file: refused ink is not in it.
    case notInResultsFile
    /// A replayed recording: per step of the document, in order, the ink the proctor kept out.
    case known([[UnrecordedStroke]])

    /// The unrecorded strokes of step `index`; empty when unknown or none.
    public func strokes(ofStep index: Int) -> [UnrecordedStroke] {
        guard case .known(let steps) = self, index < steps.count else { return [] }
        return steps[index]
    }
}
