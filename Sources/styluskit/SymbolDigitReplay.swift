import ADF
import ArgumentParser
import Foundation
import Proctoring
import Recordings
import StylusGeometry
import StylusInput

/// How `replay --test sdt` decides where one part of the symbol-digit test ends and the next
/// begins, since a recording carries no continue presses.
///
/// - `longestPauses` (`--step-split longest-pause`, the default): the parts are split at the
///   longest pen-up pauses between strokes, one fewer than the parts at most, and only at pauses
///   of at least `minimumPartPause`: moving from one box to the next takes a fraction of a
///   second, while a part's instructions take several. Each boundary is the pause's midpoint.
/// - `none`: every stroke belongs to the first part; the others are empty.
/// - `at`: the parts end at these offsets after the recording's first event, in increasing
///   order; an offset that falls inside a stroke moves to that stroke's end, as for the clock.
///
/// Parts no boundary ends run to the end of the recording, where the rest are passed through.
enum SymbolDigitStepSplit: Hashable {
    case longestPauses
    case none
    case at([EventDuration])

    /// Pauses shorter than this never split parts.
    static let minimumPartPause = EventDuration.milliseconds(5_000)

    /// Reads `--step-split` for the symbol-digit test.
    init(parsing text: String) throws {
        switch text {
        case "longest-pause": self = .longestPauses
        case "none": self = .none
        default:
            var offsets: [EventDuration] = []
            for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                guard let seconds = Double(word.trimmingCharacters(in: .whitespaces)), seconds >= 0, seconds.isFinite,
                    offsets.last.map({ $0 < .seconds(seconds) }) ?? true
                else {
                    throw ValidationError(
                        "--step-split '\(text)' is not a rule for --test sdt; give 'longest-pause', 'none', or the "
                            + "seconds after the first event at which each part ends, increasing and comma-separated (e.g. '60,120').")
                }
                offsets.append(.seconds(seconds))
            }
            self = .at(offsets)
        }
    }

    /// The instants at which parts end, in time order (at most `parts - 1` of them matter).
    func boundaries(strokes: [ContactInterval], recordingStart: EventTime, parts: Int) -> [EventTime] {
        switch self {
        case .none:
            return []
        case .at(let offsets):
            return offsets.map { offset in
                let requested = recordingStart.advanced(by: offset)
                let enclosing = strokes.first { $0.start <= requested && requested < $0.end }
                return enclosing?.end ?? requested
            }
        case .longestPauses:
            let pauses = zip(strokes, strokes.dropFirst()).enumerated().map { index, pair in
                (index: index, gap: pair.1.start.microseconds - pair.0.end.microseconds, before: pair.0.end)
            }
            // Longest first; of equal pauses the earliest, so the rule is deterministic.
            let chosen = pauses.filter { $0.gap >= Self.minimumPartPause.microseconds }
                .sorted { ($0.gap, -$0.index) > ($1.gap, -$1.index) }
                .prefix(max(0, parts - 1))
            return chosen.sorted { $0.index < $1.index }.map {
                EventTime(microseconds: $0.before.microseconds + $0.gap / 2)
            }
        }
    }
}

/// What happened in one part of a replayed symbol-digit test.
struct SymbolDigitReplayStep: Codable {
    struct Interruption: Codable {
        var type: String
        /// Unix time in milliseconds, as in the results file.
        var time: Double
        /// The box written in, counted from 1 in the order boxes are filled (the samples are 1-5).
        var writtenIn: Int
        /// The box the arrow pointed at, counted from 1.
        var continueIn: Int
    }

    var step: String
    var strokes: Int = 0
    var points: Int = 0
    /// Boxes (counted from 1) that at least one stroke counted for.
    var boxes: [Int] = []
    var interruptions: [Interruption] = []
    /// Delayed-recall reminders given.
    var reminders: Int = 0
}

/// What a symbol-digit replay wrote.
struct SymbolDigitReplayResult {
    var steps: [SymbolDigitReplayStep]
    var output: String
}

/// One symbol-digit proctor decision, as `replay --test sdt --events` prints it: one JSON object per line.
struct SymbolDigitProctorEvent: Codable {
    /// Unix time in milliseconds of the input (for a timer, its deadline).
    var time: Double
    /// The step on screen before the input (`symbolDigitStep-test`), absent before the first; for
    /// `step-started` and `step-ended`, the step started or ended.
    var step: String?
    /// `down`, `move`, `up`, `timer` or `continue` (a step boundary of the split rule).
    var input: String
    var before: String
    var after: String
    /// `step-started`, `step-ended`, `accept-stroke`, `stroke-ended`, `interrupt`, `reveal-form`,
    /// `arm-timer`, `cancel-timer`, `remind-delayed-recall` or `finished`.
    var action: String
    /// The box a finished stroke counts for (from 1); absent when it lies in none.
    var box: Int?
    /// The interruption's type (`skip`) and the box the arrow points at (from 1).
    var interruption: String?
    var continueIn: Int?
    var timer: String?
    /// When an armed timer is due, Unix ms.
    var deadline: Double?
}

/// Drives a recording through frame assembly, normalisation and the `SymbolDigitProctor` into an
/// ADF recorder, on virtual time (see `SymbolDigitDriver`).
struct SymbolDigitReplay {
    let options: RecordingOptions
    let normalizer: Normalizer
    let anchor: WallClockAnchor
    let settings: SymbolDigitSettings
    /// Where the form's top-left corner lies on the form the pen is mapped to.
    let origin: FormPosition
    let boundaries: [EventTime]
    let recordingStart: EventTime
    let recordingEnd: EventTime
    /// Whether to print each proctor decision as a JSON line (`--events`).
    let events: Bool
    /// Where the ink the proctor did not record goes (`render RECORDING`), if anywhere.
    var unrecordedInk: UnrecordedInkLog? = nil

    func run(into recorder: ADFRecorder, environment: ClockSketchData, display: DisplayData) throws -> SymbolDigitReplayResult {
        let reader = try options.openReader()
        let driver = try SymbolDigitDriver(
            device: reader.header.device, normalizer: normalizer, anchor: anchor, recorder: recorder, settings: settings,
            origin: origin, boundaries: boundaries, events: events)
        driver.unrecordedInk = unrecordedInk
        try driver.begin(at: recordingStart)
        while let event = try reader.next() { try driver.process(event) }
        return try driver.finish(at: recordingEnd, environment: environment, display: display)
    }
}

/// The symbol-digit test's driver, shared by `replay`, `record` and `recover`: frames in, the
/// `SymbolDigitProctor`'s decisions out into the recorder, on the events' own clock.
///
/// Before each frame, whatever is due fires in time order: the delayed-recall timer at its
/// deadline (at or before the frame), a step boundary (the split rule's, or a journal's continue
/// press) strictly before it (a boundary may lie on a stroke's last frame, which still belongs to
/// the part that ends). At the end, everything due by then fires, and the parts left are passed
/// through at the end, as the clock's are.
final class SymbolDigitDriver {
    let normalizer: Normalizer
    let anchor: WallClockAnchor
    let recorder: ADFRecorder
    let settings: SymbolDigitSettings
    /// Whether to print each proctor decision as a JSON line (`--events`).
    let events: Bool
    /// Called with each pen sample the driver saw (the live status line).
    var onSample: ((PenSample) -> Void)?
    /// Called with each decision, in words (the live decision log).
    var onDecision: ((String) -> Void)?
    /// Collects the samples of the ignored rest of strokes a step ended under, if set.
    var unrecordedInk: UnrecordedInkLog?

    private enum Pen {
        case up
        /// A stroke is under way; `recorded` while its samples go into the results file.
        case down(recorded: Bool)
    }

    private var assembler: FrameAssembler
    private var proctor: SymbolDigitProctor
    private(set) var steps: [SymbolDigitReplayStep] = []
    private var pen = Pen.up
    private var lastContact: PenSample?
    private var pending: [EventTime]
    private var pendingInterruptions: [SessionInterruption]
    private let encoder = JSONEncoder()

    init(
        device: DeviceDescription, normalizer: Normalizer, anchor: WallClockAnchor, recorder: ADFRecorder,
        settings: SymbolDigitSettings, origin: FormPosition, boundaries: [EventTime] = [], events: Bool = false,
        interruptions: [SessionInterruption] = []
    ) throws {
        self.normalizer = normalizer
        self.anchor = anchor
        self.recorder = recorder
        self.settings = settings
        self.events = events
        assembler = try FrameAssembler(device: device)
        proctor = SymbolDigitProctor(settings: settings, origin: origin)
        pending = boundaries.sorted()
        pendingInterruptions = interruptions.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    var framesDiscarded: Int { assembler.framesDiscarded }
    var isFinished: Bool { proctor.state == .finished }
    /// When something is next due by itself: the proctor's timer (a live loop sleeps until then).
    var nextDeadline: EventTime? { isFinished ? nil : proctor.nextDeadline }
    /// The proctor, for `administer` to show what it decided.
    var proctorOnScreen: SymbolDigitProctor { proctor }
    /// True while the current stroke's samples go into the results file (`administer` inks only those).
    var isRecordingStroke: Bool {
        if case .down(recorded: true) = pen { return true }
        return false
    }

    func begin(at time: EventTime) throws {
        try perform(proctor.begin(at: time), input: "continue", at: time, before: .notStarted, step: nil)
    }

    /// One event; a frame it completes runs through the proctor after everything due before it.
    func process(_ event: InputEvent) throws {
        guard !isFinished, let frame = assembler.process(event) else { return }
        try advance(to: frame.time)
        guard !isFinished, case .pen(let penFrame) = frame else { return }
        let sample = normalizer.sample(penFrame)
        try self.sample(sample)
        onSample?(sample)
    }

    /// Runs everything due before a frame at `time`, earliest first.
    func advance(to time: EventTime) throws {
        while !isFinished {
            let timer = proctor.nextDeadline.flatMap { $0 <= time ? $0 : nil }
            let boundary = pending.first.flatMap { $0 < time ? $0 : nil }
            let step = proctor.currentStep?.identifier
            let before = proctor.state
            if let interruption = pendingInterruptions.first, interruption.time < time,
                boundary.map({ interruption.time <= $0 }) ?? true
            {
                pendingInterruptions.removeFirst()
                try interrupt(interruption)
            } else if let boundary, timer.map({ boundary < $0 }) ?? true {
                pending.removeFirst()
                let actions = proctor.continuePressed(at: boundary)
                try perform(actions, input: "continue", at: boundary, before: before, step: step)
            } else if let timer {
                try perform(proctor.timerFired(at: timer), input: "timer", at: timer, before: before, step: step)
            } else {
                return
            }
        }
    }

    /// A live continue press at `time`, after everything due by then.
    func continuePressed(at time: EventTime) throws {
        try advance(to: time)
        guard !isFinished else { return }
        let before = proctor.state
        let step = proctor.currentStep?.identifier
        try perform(proctor.continuePressed(at: time), input: "continue", at: time, before: before, step: step)
    }

    /// A live session's interruption, recorded at once in the open part's `Interruptions`.
    func interrupt(_ interruption: SessionInterruption) throws {
        guard !isFinished, proctor.currentStep != nil, !steps.isEmpty else { return }
        let time = anchor.unixMilliseconds(interruption.time)
        try recorder.interruption(interruption.kind.rawValue, unixMilliseconds: time)
        steps[steps.count - 1].interruptions.append(.init(type: interruption.kind.rawValue, time: time, writtenIn: 0, continueIn: 0))
    }

    /// Ends the session at `end`: a pen still down lifts with its last sample, everything due by
    /// `end` fires, and the parts left are passed through at `end`.
    func finish(at end: EventTime, environment: ClockSketchData, display: DisplayData) throws -> SymbolDigitReplayResult {
        if !isFinished {
            // A recording that ends in contact: the pen lifts with its last sample.
            if case .down = pen, let last = lastContact { try lift(at: last.time) }
            // Past the last event, so a boundary on the last frame is due too.
            try advance(to: end.advanced(by: EventDuration(microseconds: 1)))
            while !isFinished {
                let before = proctor.state
                let step = proctor.currentStep?.identifier
                try perform(proctor.continuePressed(at: end), input: "continue", at: end, before: before, step: step)
            }
        }
        let output = try recorder.finish(environment: environment, display: display)
        return SymbolDigitReplayResult(steps: steps, output: output)
    }

    private func ms(_ time: EventTime) -> Double { anchor.unixMilliseconds(time) }

    private func log(_ action: SymbolDigitAction, input: String, at time: EventTime, before: SymbolDigitState, step: String?) {
        guard events else { return }
        var event = SymbolDigitProctorEvent(
            time: ms(time), step: step, input: input, before: before.rawValue, after: proctor.state.rawValue, action: "")
        switch action {
        case .stepStarted(let started, _):
            event.action = "step-started"
            event.step = started.identifier
        case .stepEnded(let ended, _):
            event.action = "step-ended"
            event.step = ended.identifier
        case .acceptStroke: event.action = "accept-stroke"
        case .strokeEnded(let stroke):
            event.action = "stroke-ended"
            event.box = stroke.box.map { $0 + 1 }
        case .interrupt(let interruption):
            event.action = "interrupt"
            event.interruption = interruption.kind.rawValue
            event.box = interruption.writtenIn + 1
            event.continueIn = interruption.continueIn + 1
        case .revealForm: event.action = "reveal-form"
        case .armTimer(let timer, let deadline):
            event.action = "arm-timer"
            event.timer = timer.rawValue
            event.deadline = ms(deadline)
        case .cancelTimer(let timer):
            event.action = "cancel-timer"
            event.timer = timer.rawValue
        case .remindDelayedRecall: event.action = "remind-delayed-recall"
        case .finished: event.action = "finished"
        }
        // Encoding a struct of strings and finite numbers cannot fail.
        if let data = try? encoder.encode(event) { print(String(decoding: data, as: UTF8.self)) }
    }

    /// Carries out the actions of one proctor call.
    private func perform(_ actions: [SymbolDigitAction], input: String, at time: EventTime, before: SymbolDigitState,
                         step: String?) throws {
        for action in actions {
            log(action, input: input, at: time, before: before, step: step)
            switch action {
            case let .stepStarted(started, at):
                try recorder.beginStep(
                    started.identifier, start: StepMark(unixMilliseconds: ms(at)),
                    drawingTags: SymbolDigitDrawingTags(
                        setID: started.setID(displayMode: settings.displayMode),
                        structureID: started.part.structureID))
                steps.append(SymbolDigitReplayStep(step: started.identifier))
                onDecision?("\(started.identifier) started")
            case let .stepEnded(ended, at):
                try recorder.endStep(StepMark(unixMilliseconds: ms(at)))
                onDecision?("\(ended.identifier) ended")
            case .acceptStroke:
                guard let sample = lastContact else { continue }
                try recorder.beginStroke(unixMilliseconds: ms(sample.time))
                pen = .down(recorded: true)
                steps[steps.count - 1].strokes += 1
            case .strokeEnded(let stroke):
                if case .down(recorded: true) = pen {
                    try recorder.endStroke(unixMilliseconds: ms(stroke.end))
                    pen = .down(recorded: false)
                    // Ended by a continue press while the pen is down, the rest of the stroke is
                    // ignored; ended by the lift, nothing follows and the log keeps nothing.
                    unrecordedInk?.ignoringRest()
                }
                if let box = stroke.box, !steps[steps.count - 1].boxes.contains(box + 1) {
                    steps[steps.count - 1].boxes.append(box + 1)
                }
                onDecision?(stroke.box.map { "stroke in box \($0 + 1)" } ?? "stroke in no box")
            case .interrupt(let interruption):
                let time = ms(interruption.time)
                try recorder.interruption(interruption.kind.rawValue, unixMilliseconds: time)
                steps[steps.count - 1].interruptions.append(
                    .init(
                        type: interruption.kind.rawValue, time: time, writtenIn: interruption.writtenIn + 1,
                        continueIn: interruption.continueIn + 1))
                onDecision?("interruption \(interruption.kind.rawValue): continue in box \(interruption.continueIn + 1)")
            case .remindDelayedRecall:
                steps[steps.count - 1].reminders += 1
                onDecision?("delayed-recall reminder")
            case .finished:
                onDecision?("test finished")
            case .revealForm, .armTimer, .cancelTimer:
                // Timers are read back from the proctor (`nextDeadline`); nothing is drawn in a replay.
                break
            }
        }
    }

    /// A sample in contact goes into the results file while its stroke is recorded, else to the
    /// unrecorded ink (if collected).
    private func keep(_ sample: PenSample) throws {
        guard case .down(let recorded) = pen else { return }
        let point = PenPoint(
            x: sample.canvasPosition.xPoints, y: sample.canvasPosition.yPoints, altitude: sample.altitude,
            azimuth: sample.azimuth, force: sample.force, unixMilliseconds: ms(sample.time))
        if recorded {
            try recorder.addPoint(point)
            steps[steps.count - 1].points += 1
        } else if !steps.isEmpty {
            unrecordedInk?.add(point, step: steps.count - 1)
        }
    }

    /// The pen left the surface at `time`: the stroke ends at its last sample in contact.
    private func lift(at time: EventTime) throws {
        if let last = lastContact {
            let before = proctor.state
            let step = proctor.currentStep?.identifier
            try perform(proctor.penUp(last.formPosition, at: time), input: "up", at: time, before: before, step: step)
        }
        pen = .up
        lastContact = nil
        unrecordedInk?.penLifted()
    }

    private func sample(_ sample: PenSample) throws {
        let point = sample.formPosition
        let before = proctor.state
        let step = proctor.currentStep?.identifier
        switch (pen, sample.isInContact) {
        case (.up, true):
            lastContact = sample
            pen = .down(recorded: false)
            try perform(proctor.penDown(point, at: sample.time), input: "down", at: sample.time, before: before, step: step)
            try keep(sample)
        case (.down, true):
            lastContact = sample
            // penMoved decides nothing (the box is decided on lifting), so there is nothing to log.
            _ = proctor.penMoved(point, at: sample.time)
            try keep(sample)
        case (.down, false):
            try lift(at: sample.time)
        case (.up, false):
            break
        }
    }
}

extension Replay {
    /// `replay --test sdt`: the symbol-digit proctor over the recording, into a `.ssk` file.
    func runSymbolDigit(settings: SymbolDigitSettings, unrecordedInk: UnrecordedInkLog? = nil) throws {
        let split = try SymbolDigitStepSplit(parsing: stepSplit)
        let session = try ReplaySession(self, variant: .symbolDigit)
        let (normalizer, anchor, first, last) = (session.normalizer, session.anchor, session.first, session.last)
        let boundaries = split.boundaries(strokes: session.scan.strokes, recordingStart: first, parts: settings.steps.count)
        let replay = SymbolDigitReplay(
            options: recording, normalizer: normalizer, anchor: anchor, settings: settings,
            origin: SymbolDigitForm.origin(centredOn: session.form), boundaries: boundaries, recordingStart: first,
            recordingEnd: last, events: events, unrecordedInk: unrecordedInk)
        let result = try replay.run(into: session.recorder, environment: session.environment, display: session.display)
        try session.file.commit()
        SymbolDigitReplaySummary(replayed: session.replayed(self), parts: result.steps).print(json: json, toStandardError: events)
    }
}

/// What `replay --test sdt` prints.
struct SymbolDigitReplaySummary: ReplayReport {
    var replayed: ReplayedRecording
    var parts: [SymbolDigitReplayStep]

    enum TestKeys: CodingKey { case parts }

    func encodeTest(into container: inout KeyedEncodingContainer<TestKeys>) throws {
        try container.encode(parts, forKey: .parts)
    }

    var text: String {
        var lines = openingLines
        for part in parts {
            var line = "  part      \(part.step): \(part.strokes) strokes in \(part.boxes.count) boxes, \(part.points) points"
            if part.interruptions.isEmpty {
                line += ", no interruptions"
            } else {
                let shown = part.interruptions.prefix(5).map {
                    "\($0.type) at \(String(format: "%.0f", $0.time.rounded(.down))) ms (box \($0.writtenIn), continue in \($0.continueIn))"
                }
                let more = part.interruptions.count - shown.count
                line += ", interruptions: " + shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
            }
            if part.reminders > 0 { line += ", \(part.reminders) delayed-recall reminders" }
            lines.append(line)
        }
        return (lines + closingLines).joined(separator: "\n")
    }
}

extension SymbolDigitDriver {
    /// Adds a journal's control to the plan as `recover` reads it, before any frame stamped after it.
    func plan(boundary: EventTime) { pending.insertInTimeOrder(boundary, time: \.self) }
    func plan(interruption: SessionInterruption) { pendingInterruptions.insertInTimeOrder(interruption, time: \.time) }
}
