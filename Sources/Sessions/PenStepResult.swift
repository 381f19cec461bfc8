/// What one pen test adds to a step's result beside the counts every pen test keeps (`PenStepResult`): a maze's
/// name and finish, a trail making part's outcome and circles, a symbol-digit part's boxes and reminders.
public protocol PenStepFacts: Encodable, Sendable {
    /// How the test's steps list their interruptions; the maze's and trail making test's are `StepInterruption`s.
    associatedtype Interruption: Encodable, Sendable = StepInterruption
}

/// What every pen test counts of one step.
public struct PenStepCounts<Interruption: Encodable & Sendable>: Encodable, Sendable {
    /// The step's identifier in the results file.
    public var step: String
    /// Strokes recorded (accepted by the proctor).
    public var strokes = 0
    /// Strokes the proctor refused (before the step's start, after its end): not recorded.
    public var refusedStrokes = 0
    /// Points recorded.
    public var points = 0
    /// The step's interruptions, in time order.
    public var interruptions: [Interruption] = []
}

/// What happened in one step of a pen test (a maze, a trail making part, a symbol-digit part): what every such test
/// counts, and its own test's facts, each read and written as the step's own (`result.strokes`, `result.maze`).
/// Encoded as one object, the facts' keys beside the counts', as `replay --json` gives each test's steps.
@dynamicMemberLookup
public struct PenStepResult<Facts: PenStepFacts>: Encodable, Sendable {
    /// What every pen test counts.
    public var counts: PenStepCounts<Facts.Interruption>
    /// What the step's own test adds.
    public var facts: Facts

    /// A step just shown: nothing counted yet.
    public init(step: String, facts: Facts) {
        counts = PenStepCounts(step: step)
        self.facts = facts
    }

    /// A count of the step (`strokes`, `points`, `interruptions`…).
    public subscript<Count>(dynamicMember count: WritableKeyPath<PenStepCounts<Facts.Interruption>, Count>) -> Count {
        get { counts[keyPath: count] }
        set { counts[keyPath: count] = newValue }
    }

    /// A fact of the step's own test (`maze`, `outcome`, `boxes`…).
    public subscript<Fact>(dynamicMember fact: WritableKeyPath<Facts, Fact>) -> Fact {
        get { facts[keyPath: fact] }
        set { facts[keyPath: fact] = newValue }
    }

    /// The counts' keys and the facts' in one object.
    public func encode(to encoder: any Encoder) throws {
        try counts.encode(to: encoder)
        try facts.encode(to: encoder)
    }
}
