internal import ADF
public import FileLocations
internal import Foundation
internal import Proctoring
internal import Recordings
internal import StylusGeometry
public import StylusInput

/// What `recover` rebuilt from a journal.
public struct RecoveredSession: Sendable {
    /// What the session used (settings, profiles, mazes), as `recover` prints it.
    public var used: [String]
    public var result: SessionResult
    /// True when the journal marks no end: the session stopped before its last step ended.
    public var incomplete: Bool
    /// Where the journal is damaged, when it is and the prefix before the damage was kept (`keepsDamagedPrefix`).
    public var damage: JournalDamage? = nil
}

/// A complete line of a journal that cannot be read (a flipped byte, a disk error), and what was lost with it:
/// the lines after it are not used, since what they say may hang on the line lost (issue 34, item 2).
///
/// A journal cut off by a kill (its last line without its newline) is not damaged: that is a crash's
/// ordinary end, which `recover` rebuilds up to without a word beyond "incomplete".
public struct JournalDamage: Hashable, Sendable, CustomStringConvertible {
    /// The damaged line's number (from 1); nil when the reader could not say.
    public var line: Int?
    /// The lines from the damaged one to the end of the journal, and their bytes.
    public var droppedLines: Int
    public var droppedBytes: Int
    /// The events of the frame the damage cut, dropped with it.
    public var droppedEvents: Int

    /// The damage `truncation` reports, or nil when the reader stopped at a cut-off last line or the end.
    init?(_ truncation: TruncationReport?) {
        guard let truncation, let error = truncation.stoppedAt else { return nil }
        switch error {
        case .cutOffLine, .incompleteLastFrame: return nil
        case .malformedLine(_, let line, _, _), .outOfRange(_, let line, _, _), .lineTooLong(_, let line, _):
            self.line = line
        default: self.line = nil
        }
        droppedLines = truncation.droppedLines
        droppedBytes = truncation.droppedBytes
        droppedEvents = truncation.droppedEvents
    }

    /// `line 812 cannot be read: it and the 3 lines after it (12345 bytes) are lost, with 4 events ...`.
    /// Never quotes the line: a journal's lines may hold a patient's sealed details.
    public var description: String {
        let at = line.map { "line \($0)" } ?? "a line"
        let after = droppedLines - 1
        return "\(at) cannot be read: it and the \(after) line\(after == 1 ? "" : "s") after it "
            + "(\(droppedBytes) bytes) are lost, with \(droppedEvents) event\(droppedEvents == 1 ? "" : "s") of the "
            + "frame before it"
    }
}

/// A journal read back in one pass: its description rebuilds the session's setup, its events go
/// through the same driver as a live session and a replay, its control lines become the driver's
/// plan as they are read. The results file is the one the live session wrote.
public struct JournalRecovery {
    public let path: String
    public var lookup: CalibrationLookup
    /// The tablet database (libwacom's on a live machine), for a journal written before journals kept
    /// the session's display: whether its tablet is a pen display.
    public var facts: any DeviceFacts

    public init(path: String, lookup: CalibrationLookup = CalibrationLookup(), facts: any DeviceFacts) {
        self.path = path
        self.lookup = lookup
        self.facts = facts
    }

    /// The journal's stem, to name the results after.
    public var stem: String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

    /// Rebuilds the results file in `directory`, created if need be (replacing one there with `force`).
    ///
    /// `profileFile` and `displayProfile` serve only a journal written before journals kept the
    /// session's files; `note` is told what a person should know (the options ignored, a pen
    /// display on the reference canvas, a reading time left out).
    ///
    /// A damaged journal (`JournalDamage`) is refused, with no results file written, unless
    /// `keepsDamagedPrefix`: then the session is rebuilt from the lines before the damage, and `note` says
    /// what was lost.
    public func rebuild(
        profileFile: String? = nil, displayProfile: String? = nil, directory: String, force: Bool,
        keepsDamagedPrefix: Bool = false, note: (String) -> Void = { _ in }
    ) throws -> RecoveredSession {
        let journal = try open(profileFile: profileFile, displayProfile: displayProfile, note: note)
        try OutputDirectory.create(directory)
        let destination = ADFRecorder.resultsPath(directory: directory, name: stem, variant: journal.setup.test.variant)
        // With --force the old file stays until the new one replaces it in one rename.
        let recorder = try ADFRecorder(destination: destination, variant: journal.setup.test.variant, replacing: force)
        return try recover(
            journal, recorder: recorder, unrecordedInk: nil, samples: nil, keepsDamagedPrefix: keepsDamagedPrefix,
            note: note)
    }

    /// Rebuilds the session as `rebuild` does, keeping the results in memory instead of a file,
    /// with the hover samples and the ink the proctor kept out, which the file would not hold:
    /// what `features` measures.
    public func rebuildInMemory(
        profileFile: String? = nil, displayProfile: String? = nil, note: (String) -> Void = { _ in }
    ) throws -> SessionInMemory {
        let journal = try open(profileFile: profileFile, displayProfile: displayProfile, note: note)
        let memory = ResultsInMemory(variant: journal.setup.test.variant, label: path)
        let ink = SessionInk(anchor: journal.anchor)
        let recovered = try recover(
            journal, recorder: memory, unrecordedInk: ink, samples: ink.observe, keepsDamagedPrefix: true, note: note)
        ink.close()
        var warnings: [String] = []
        if let damage = recovered.damage {
            warnings.append("the journal is damaged: \(damage); it is measured up to the damaged line")
        }
        if recovered.incomplete {
            warnings.append(
                "the session stopped before its last step ended (the journal has no 'end' line); it is measured up to the journal's last event"
            )
        }
        return SessionInMemory(
            document: memory.finishedDocument, hover: ink.hover, unrecorded: ink.unrecorded,
            reportsUnrecordedInk: journal.setup.test.variant != .clock, mazes: journal.sources.mazes,
            form: journal.setup.form,
            warnings: warnings)
    }

    /// A journal opened: its reader past the opening lines, and the session set up from them.
    private struct Opened {
        var reader: JournalReader
        var anchor: WallClockAnchor
        var start: EventTime
        var sources: SessionMaterials
        var setup: SessionDriverSetup
    }

    private func open(profileFile: String?, displayProfile: String?, note: (String) -> Void) throws -> Opened {
        let reader = try JournalReader(path: path)
        let opening = reader.opening
        guard let clockPair = opening.anchor, let start = opening.begin else { throw RecoverError.notAJournal(path) }
        let anchor = WallClockAnchor(offsetMicroseconds: clockPair.offsetMicroseconds)
        let header = reader.header
        let sources = try SessionMaterials.journal(
            opening, device: header.device, profileFile: profileFile, displayProfile: displayProfile, lookup: lookup,
            facts: facts, note: note)
        let setup = try SessionDriverSetup(
            test: opening.test, device: header.device, profile: sources.tabletProfile, results: sources.results,
            settings: sources.settings, mazes: sources.mazes, trailsForm: sources.trailsForm)
        return Opened(reader: reader, anchor: anchor, start: start, sources: sources, setup: setup)
    }

    private func recover(
        _ journal: Opened, recorder: any SessionRecording, unrecordedInk: (any UnrecordedInkSink)?,
        samples: ((PenSample) -> Void)?, keepsDamagedPrefix: Bool,
        note: (String) -> Void
    ) throws -> RecoveredSession {
        let (reader, anchor, start, sources, setup) = (
            journal.reader, journal.anchor, journal.start, journal.sources, journal.setup
        )
        let opening = reader.opening
        let header = reader.header
        let recorder = JournalEndMarking(recorder)
        let driver = try setup.driver(
            device: header.device, anchor: anchor, recorder: recorder, unrecordedInk: unrecordedInk)
        driver.sampleObserver = samples
        // A window that spoke each part's instructions started it at their end, on a `ready` line.
        if opening.waitsForReady, let trails = driver as? TrailsDriver { trails.waitsForReady = true }
        try driver.begin(at: start)
        var scan = try RecordingScan(header: header)
        var lastBoundary: EventTime?
        var pendingOutcome: (time: EventTime, outcome: StepOutcome)?
        // The latest interruption or tap line: a cut journal's session lived to it too.
        var lastOtherControl: EventTime?
        var ended = false
        var measures:
            [(step: String, shown: EventTime, spoken: EventTime?, notSpoken: String?, firstTouch: EventTime)] = []
        while let item = try reader.next() {
            switch item {
            case .event(let event):
                scan.add(event)
                try driver.process(event)
            case .control(let control):
                switch control {
                case .outcome(let word, let time):
                    // A word of a later version is passed over, as its line would be: the participant's.
                    pendingOutcome = StepOutcome(rawValue: word).map { (time, $0) }
                case .continue(let time):
                    // The `outcome` line just before a continue at its instant says who ended the step.
                    let outcome = pendingOutcome.flatMap { $0.time == time ? $0.outcome : nil } ?? .finished
                    pendingOutcome = nil
                    driver.plan(boundary: time, outcome: outcome)
                    lastBoundary = max(lastBoundary ?? time, time)
                case .pause(let time):
                    driver.plan(pause: time)
                    lastBoundary = max(lastBoundary ?? time, time)
                case .resume(let time):
                    driver.plan(resume: time)
                    lastBoundary = max(lastBoundary ?? time, time)
                case .gap(let droppedAt, _):
                    driver.plan(interruption: SessionInterruption(kind: .eventsDropped, time: droppedAt))
                    lastOtherControl = max(lastOtherControl ?? droppedAt, droppedAt)
                case .removed(let time):
                    driver.plan(interruption: SessionInterruption(kind: .deviceRemoved, time: time))
                    lastOtherControl = max(lastOtherControl ?? time, time)
                case .reconnected(let time):
                    driver.plan(interruption: SessionInterruption(kind: .deviceReconnected, time: time))
                    lastOtherControl = max(lastOtherControl ?? time, time)
                case .tap(let button, let time):
                    // A button of a later version is passed over, as its line would be.
                    if let button = ClockButton(rawValue: button) {
                        driver.plan(tap: ButtonTap(button: button, time: time))
                    }
                    lastOtherControl = max(lastOtherControl ?? time, time)
                case .instructions(let step, let shown, let spoken, let touch):
                    measures.append((step, shown, spoken, nil, touch))
                case .instructionsNotSpoken(let step, let shown, let reason, let touch):
                    measures.append((step, shown, nil, reason, touch))
                case .ready(let step, let time):
                    // Planned, not lived to: the session's end is its events' and presses'.
                    (driver as? TrailsDriver)?.plan(ready: time, step: step)
                case .end: ended = true
                // The description is read from the opening lines; a second one later is not the session's.
                case .anchor, .begin, .test, .file, .none, .patient, .waitsForReady: break
                }
            }
        }
        let damage = JournalDamage(reader.truncation)
        if let damage {
            // Before the results are finished: the recorder's temporary file is dropped, the old results kept.
            guard keepsDamagedPrefix else { throw RecoverError.damaged(path, damage) }
            note("Warning: \(path) is damaged: \(damage). The results file holds the session up to the damaged line.")
        }
        try scan.finish(truncation: reader.truncation, file: path)
        // Journals that keep their session's files also mark its end; older ones cannot tell.
        let cut = !ended && opening.marksItsEnd
        // The session ends at its journal's last event, or its last continue, pause or resume press if later.
        var end = max(scan.lastEventTime ?? start, lastBoundary ?? start)
        if cut {
            // A crash stopped the session at the journal's last line: the rebuilt file ends there.
            // The maze's timers would otherwise run on past it (a no-drawing or wall-cross
            // interruption, a finish), as a whole journal's live session waited for them.
            end = max(end, lastOtherControl ?? end)
            driver.plan.lastInstant = end
        }
        // What the live session did after its last frame comes first, with the pen as it was: its
        // last continue presses (Escape, Ctrl-C, SIGTERM), interruptions and timers. Only a session
        // that did not end (killed) then ends by the rule of a recording's end, at its last event.
        try driver.advance(to: SessionEnding.justAfter(end))
        // On the steps the session showed, before the steps it never showed are passed through, as
        // administer records them.
        try InstructionTimesRecording.record(measures, anchor: anchor, recorder: recorder, warn: note)
        // The steps a cut journal leaves open end where it ends, and their `End` says so.
        recorder.marksJournalEnd = cut
        try driver.end(at: end)
        var environment = setup.environment(header: header, penID: scan.penID)
        opening.patient?.fill(&environment)
        let result = try driver.results(environment: environment, display: setup.display)
        return RecoveredSession(used: sources.used, result: result, incomplete: cut, damage: damage)
    }
}

/// A recording that marks the `End` of every step ended once `marksJournalEnd` is set
/// (`journalEnded="true"`): the steps a cut journal left open, which `recover` ends at its last event.
private final class JournalEndMarking: SessionRecording {
    let recording: any SessionRecording
    var marksJournalEnd = false

    init(_ recording: any SessionRecording) { self.recording = recording }

    func beginStep(_ identifier: String, start: StepMark, drawingTags: SymbolDigitDrawingTags?) throws {
        try recording.beginStep(identifier, start: start, drawingTags: drawingTags)
    }
    func beginStroke(unixMilliseconds: Double) throws { try recording.beginStroke(unixMilliseconds: unixMilliseconds) }
    func addPoint(_ point: PenPoint) throws { try recording.addPoint(point) }
    func endStroke(unixMilliseconds: Double) throws { try recording.endStroke(unixMilliseconds: unixMilliseconds) }
    func interruption(_ type: String, unixMilliseconds: Double) throws {
        try recording.interruption(type, unixMilliseconds: unixMilliseconds)
    }
    func instructionTimes(_ times: InstructionTimes, step identifier: String) throws -> Bool {
        try recording.instructionTimes(times, step: identifier)
    }
    func trailRecord(_ record: TrailRecord) throws { try recording.trailRecord(record) }
    func endStep(_ end: StepMark) throws {
        var end = end
        if marksJournalEnd { end.journalEnded = true }
        try recording.endStep(end)
    }
    func finishResults(environment: ClockSketchData, display: DisplayData) throws -> String {
        try recording.finishResults(environment: environment, display: display)
    }
}

/// Whether a journal's session ran to its end, for `recover`, `results` and `adf show`.
public enum JournalCompleteness {
    /// The line `recover` prints for a session stopped early.
    public static let incompleteNote =
        "  status    incomplete: the session stopped before its last step ended (the journal has no 'end' line); "
        + "the rebuilt file ends at its last event: the steps left open end there and no timer fires after it"
}

public enum RecoverError: Error, CustomStringConvertible {
    case notAJournal(String)
    /// A complete line of the journal cannot be read; nothing was written.
    case damaged(String, JournalDamage)

    public var description: String {
        switch self {
        case .notAJournal(let path):
            "\(path) is not a StylusKit journal: it has no '# StylusKit control: anchor' and 'begin' lines. "
                + "To turn an ordinary recording into a results file, use `styluskit replay`."
        case .damaged(let path, let damage):
            "\(path) is damaged: \(damage), so no results file was written. To rebuild the session up to the "
                + "damaged line, run `styluskit recover --keep-prefix \(path)`; `styluskit info \(path)` shows the line."
        }
    }
}
