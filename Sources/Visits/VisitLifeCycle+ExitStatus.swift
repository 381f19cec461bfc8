public import SystemErrors

extension VisitLifeCycle.Refusal: ExitStatusCarrying {
    /// An event the visit cannot take in its state is the caller's mistake, refused as the outcome it names.
    public var exitStatus: ExitStatus { .failure }
}
