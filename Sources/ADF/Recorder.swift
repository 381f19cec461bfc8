/// Records a test as it happens and writes its ADF results file at the end.
///
/// Points and motion samples arrive one at a time and go straight to spool files of
/// fixed-size records (unlinked at creation, so never left behind); memory grows with the
/// number of steps, strokes and interruptions only. `finish` writes the document from the
/// spools: TaskData needs every step's end and interruptions before PenData, and RawData
/// needs each stroke's sample count before its samples, which is why nothing is written early.
///
/// Calls must follow the test: `beginStep`, then strokes (`beginStroke`, `addPoint`...,
/// `endStroke`), motion samples and interruptions in any order, `endStep`; then the next step;
/// at last `finish`. Calls out of order throw `ADFError.outOfOrder`.
public final class ADFRecorder {
    /// The path the results file will be written to (or was, after `finish`).
    public private(set) var destination: String
    public let variant: ADFVariant

    private let points: Spool<PenPoint>
    private let motion: Spool<MotionSample>
    private var steps: [RecordedStep] = []
    private var strokes: [RecordedStroke] = []
    private var state = State.betweenSteps
    /// The calls the file's and spools' bytes go through (libc's, or a test's faults).
    private let calls: FileCalls
    /// Whether `finish` replaces an existing results file (else it refuses to).
    private let replacing: Bool
    /// Called after the document is written and synced, before it is moved into place: lets
    /// tests make the destination appear (or fail) at the last moment.
    var willMoveIntoPlace: () throws -> Void = {}

    private enum State {
        case betweenSteps
        case inStep
        case inStroke
        case finished
    }

    /// Prepares to record a test whose results go to `destination`.
    ///
    /// - Throws: `ADFError.destinationExists` at once if a file is already there (better
    ///   before the patient starts than after), or a file system error if the destination
    ///   directory is not writable.
    ///
    /// - Parameter replacing: replace a results file at the destination (`--force`): the new
    ///   file takes its place in one rename once it is complete, so until then the old one
    ///   stays as it was, whatever happens.
    public convenience init(destination: String, variant: ADFVariant, replacing: Bool = false) throws {
        try self.init(destination: destination, variant: variant, replacing: replacing, calls: .system)
    }

    /// A recorder whose writes go through `calls`: how tests inject faults.
    init(destination: String, variant: ADFVariant, replacing: Bool = false, calls: FileCalls) throws {
        if !replacing && Files.exists(destination) { throw ADFError.destinationExists(path: destination) }
        self.destination = destination
        self.variant = variant
        self.replacing = replacing
        self.calls = calls
        // What a killed writer left beside this name would otherwise stay forever.
        Files.removeStaleTemporaries(besides: destination)
        points = try Spool(besides: destination, purpose: "points", calls: calls)
        motion = try Spool(besides: destination, purpose: "motion", calls: calls)
    }

    /// The path `directory/name.ext` for a variant's results file.
    public static func resultsPath(directory: String, name: String, variant: ADFVariant) -> String {
        let separator = directory.hasSuffix("/") ? "" : "/"
        return "\(directory)\(separator)\(name).\(variant.fileExtension)"
    }

    private func expect(_ expected: State, _ call: String) throws {
        guard state == expected else {
            let now: String =
                switch state {
                case .betweenSteps: "no step is open (call beginStep first)"
                case .inStep: "a step is open and no stroke is (call beginStroke or endStep)"
                case .inStroke: "a stroke is still open (call endStroke first)"
                case .finished: "the recorder has already finished"
                }
            throw ADFError.outOfOrder("\(call): \(now)")
        }
    }

    private func requireFinite(_ value: Double, _ what: String) throws {
        guard value.isFinite else { throw ADFError.invalidValue("\(what) is \(value)") }
    }

    /// Starts step `identifier` (e.g. "clockStep-command").
    ///
    /// - Parameter drawingTags: for `.ssk` files, the part of the form this step records.
    public func beginStep(
        _ identifier: String, start: StepMark, drawingTags: SymbolDigitDrawingTags? = nil
    ) throws {
        try expect(.betweenSteps, "beginStep")
        try requireFinite(start.unixMilliseconds, "the start time of step \(identifier)")
        steps.append(
            RecordedStep(
                identifier: identifier, start: start, drawingTags: drawingTags,
                firstStroke: strokes.count, firstMotion: motion.count))
        state = .inStep
    }

    /// Starts a stroke (pen down) at `unixMilliseconds`.
    public func beginStroke(unixMilliseconds: Double) throws {
        try expect(.inStep, "beginStroke")
        try requireFinite(unixMilliseconds, "the start time of a stroke")
        strokes.append(RecordedStroke(firstPoint: points.count, beginTime: unixMilliseconds))
        steps[steps.count - 1].strokeCount += 1
        state = .inStroke
    }

    /// Adds a sample to the open stroke.
    public func addPoint(_ point: PenPoint) throws {
        try expect(.inStroke, "addPoint")
        try requireFinite(point.unixMilliseconds, "the time of a pen sample")
        guard
            point.x.isFinite, point.y.isFinite, point.altitude.isFinite,
            point.azimuth.isFinite, point.force.isFinite
        else {
            throw ADFError.invalidValue("a pen sample has a value that is not a number: \(point)")
        }
        try points.append(point)
        strokes[strokes.count - 1].pointCount += 1
    }

    /// Ends the open stroke (pen up, or ended by an interruption).
    ///
    /// ADF records no stroke end time; the time is taken for symmetry with the session's
    /// events and checked only for order of calls.
    public func endStroke(unixMilliseconds: Double) throws {
        try expect(.inStroke, "endStroke")
        state = .inStep
    }

    /// Adds a motion-sensor sample to the open step (with or without an open stroke).
    public func addMotion(_ sample: MotionSample) throws {
        guard state == .inStep || state == .inStroke else {
            try expect(.inStep, "addMotion")
            return
        }
        try requireFinite(sample.unixMilliseconds, "the time of a motion sample")
        try motion.append(sample)
        steps[steps.count - 1].motionCount += 1
    }

    /// Records an interruption of type `type` (e.g. "wall-cross") in the open step.
    public func interruption(_ type: String, unixMilliseconds: Double) throws {
        guard state == .inStep || state == .inStroke else {
            try expect(.inStep, "interruption")
            return
        }
        try requireFinite(unixMilliseconds, "the time of an interruption")
        steps[steps.count - 1].interruptions.append(
            Interruption(type: type, unixMilliseconds: unixMilliseconds))
    }

    /// Records the reading time of step `identifier`'s instructions on its `Start`, replacing
    /// any measure recorded before (a repeat of the instructions restarts the measure).
    ///
    /// May come at any time before `finish`, also after the step ended: the measure goes to
    /// the latest step of that identifier that started no later than the first touch (a maze
    /// battery may show the same maze twice), or else to the latest step of that identifier.
    ///
    /// - Returns: false when no step has that identifier (nothing is recorded).
    @discardableResult
    public func instructionTimes(_ times: InstructionTimes, step identifier: String) throws -> Bool {
        guard state != .finished else {
            try expect(.betweenSteps, "instructionTimes")
            return false
        }
        try requireFinite(times.shownUnixMilliseconds, "the time the instructions were shown")
        if let spoken = times.spokenUnixMilliseconds {
            try requireFinite(spoken, "the time the instructions were spoken")
        }
        try requireFinite(times.firstTouchUnixMilliseconds, "the time of the first touch")
        return times.attach(toStep: identifier, in: &steps, identifier: \.identifier, start: \.start)
    }

    /// Records what the open trail making step decided (its `Trail` element), replacing any
    /// record given before: the caller may give it as it grows or once, before `endStep`.
    ///
    /// - Throws: `ADFError.outOfOrder` outside a step or in a file of another test;
    ///   `ADFError.invalidValue` for a time or position that is not a number.
    public func trailRecord(_ record: TrailRecord) throws {
        guard state == .inStep || state == .inStroke else {
            try expect(.inStep, "trailRecord")
            return
        }
        guard variant == .trails else {
            throw ADFError.outOfOrder("trailRecord: a .\(variant.fileExtension) file has no trail records")
        }
        try requireFinite(record.circleRadius, "the circles' radius")
        for circle in record.circles {
            try requireFinite(circle.x, "the x of circle \(circle.order)")
            try requireFinite(circle.y, "the y of circle \(circle.order)")
        }
        for arrival in record.arrivals { try requireFinite(arrival.unixMilliseconds, "the time of an arrival") }
        for error in record.errors {
            try requireFinite(error.unixMilliseconds, "the time of an error")
            if let corrected = error.correctedUnixMilliseconds {
                try requireFinite(corrected, "the end of a correction")
            }
        }
        for prompt in record.prompts { try requireFinite(prompt.unixMilliseconds, "the time of a prompt") }
        steps[steps.count - 1].trail = record
    }

    /// Ends the open step.
    public func endStep(_ end: StepMark) throws {
        try expect(.inStep, "endStep")
        try requireFinite(end.unixMilliseconds, "the end time of a step")
        steps[steps.count - 1].end = end
        state = .betweenSteps
    }

    /// Writes the results file and returns its path.
    ///
    /// The document goes to a temporary file in the destination directory, is fsynced, and
    /// is then moved into place only if nothing exists there yet; on any failure the
    /// temporary file is removed. After success the recorder cannot be used again; after a
    /// failure nothing recorded is lost, and `finish` may be called again, e.g. with another
    /// destination.
    ///
    /// - Parameter otherDestination: where to write instead of `destination` (in any
    ///   writable directory; spools stay where they are).
    /// - Throws: `ADFError.destinationExists` if a results file appeared at the destination
    ///   meanwhile; file system and libxml2 errors.
    @discardableResult
    public func finish(
        environment: ClockSketchData, display: DisplayData, to otherDestination: String? = nil
    ) throws -> String {
        try expect(.betweenSteps, "finish")
        let destination = otherDestination ?? destination
        if !replacing && Files.exists(destination) { throw ADFError.destinationExists(path: destination) }
        // An ordinary new file (0666 less the umask): the analysis tools that read results
        // may run as another user of the group.
        let (fd, temporaryPath) = try Files.createTemporary(
            besides: destination, purpose: "writing", mode: 0o666)
        var open = true
        do {
            do {
                let writer = try XMLStreamWriter(fileDescriptor: fd, calls: calls)
                try DocumentWriter(
                    xml: writer, variant: variant, steps: steps, strokes: strokes,
                    points: points, motion: motion
                ).write(environment: environment, display: display)
            } catch let error as XMLWriterError {
                // A failed write is the disk's doing, said in the disk's words; the rest is libxml2's.
                if let code = error.writeErrno {
                    throw Files.failure("write", destination, code)
                }
                throw ADFError.xmlWriter(error.description)
            }
            try Files.sync(fd, path: destination, calls: calls)
            open = false
            try Files.close(fd, path: temporaryPath)
            try willMoveIntoPlace()
            if replacing {
                try Files.replace(destination, with: temporaryPath)
            } else {
                try Files.moveRefusingToReplace(temporaryPath, to: destination)
            }
        } catch {
            if open { try? Files.close(fd, path: temporaryPath) }
            Files.removeIfPresent(temporaryPath)
            throw error
        }
        self.destination = destination
        state = .finished
        try Files.syncDirectory(of: destination)
        return destination
    }
}

/// What the recorder keeps of a step (its samples are in the spools).
struct RecordedStep {
    var identifier: String
    var start: StepMark
    var end: StepMark?
    var drawingTags: SymbolDigitDrawingTags?
    var interruptions: [Interruption] = []
    var trail: TrailRecord?
    var firstStroke: Int
    var strokeCount = 0
    var firstMotion: Int
    var motionCount = 0
}

/// What the recorder keeps of a stroke: where its points are in the spool.
struct RecordedStroke {
    var firstPoint: Int
    var pointCount = 0
    var beginTime: Double
}
