public import ADF

/// Where a driver records the test: the calls `ADFRecorder` takes, in its order (`beginStep`,
/// strokes, interruptions, `endStep`..., then `finishResults`).
///
/// A session's results go to a file (`ADFRecorder`, for replay, record, administer and recover)
/// or stay in memory (`ResultsInMemory`, for `features RECORDING`): the same driver makes the
/// same calls either way, so both hold the same test.
public protocol SessionRecording: AnyObject {
    func beginStep(_ identifier: String, start: StepMark, drawingTags: SymbolDigitDrawingTags?) throws
    func beginStroke(unixMilliseconds: Double) throws
    func addPoint(_ point: PenPoint) throws
    func endStroke(unixMilliseconds: Double) throws
    func interruption(_ type: String, unixMilliseconds: Double) throws
    /// Records a step's reading time; false when no step has that identifier.
    func instructionTimes(_ times: InstructionTimes, step identifier: String) throws -> Bool
    /// Records a trail making step's `Trail` (before its `endStep`).
    func trailRecord(_ record: TrailRecord) throws
    func endStep(_ end: StepMark) throws
    /// Ends the recording with the session's environment and display; returns where the results
    /// went (the results file's path).
    func finishResults(environment: ClockSketchData, display: DisplayData) throws -> String
}

extension SessionRecording {
    func beginStep(_ identifier: String, start: StepMark) throws {
        try beginStep(identifier, start: start, drawingTags: nil)
    }
}

extension ADFRecorder: SessionRecording {
    public func finishResults(environment: ClockSketchData, display: DisplayData) throws -> String {
        try finish(environment: environment, display: display)
    }
}
