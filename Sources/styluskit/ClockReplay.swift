import ADF
import Proctoring
import Recordings
import StylusGeometry
import StylusInput

/// Maps the recording's clock to Unix time for ADF's millisecond timestamps.
///
/// A recording stamped with Unix-epoch times keeps them. One with relative times (evemu 1.3,
/// libinput-record) has its time zero placed at `startTime`, or at the epoch itself when the
/// user gave none: inventing a date would be worse than an obviously unset one.
struct WallClockAnchor {
    /// Microseconds added to an event time to get Unix time in microseconds.
    let offsetMicroseconds: Int64
    /// True when the recording's own times were already Unix times.
    let recordingHasUnixTimes: Bool

    /// Event times from 2001-09-09 (10^9 s) on are taken as Unix times: relative recordings
    /// are never that long, and no tablet recording predates it.
    static let earliestUnixTime = EventTime(seconds: 1_000_000_000, microseconds: 0)

    /// A live session's anchor: its realtime/monotonic pair's offset.
    init(offsetMicroseconds: Int64) {
        self.offsetMicroseconds = offsetMicroseconds
        recordingHasUnixTimes = false
    }

    init(firstEventTime: EventTime, startTimeMilliseconds: Int64?) {
        if firstEventTime >= Self.earliestUnixTime {
            offsetMicroseconds = 0
            recordingHasUnixTimes = true
        } else {
            offsetMicroseconds = (startTimeMilliseconds ?? 0) * 1_000
            recordingHasUnixTimes = false
        }
    }

    func unixMilliseconds(_ time: EventTime) -> Double {
        Double(time.microseconds + offsetMicroseconds) / 1_000
    }
}

/// What a clock replay wrote.
struct ClockReplayResult {
    var strokesPerStep: [(step: ClockStep, strokes: Int)]
    var points: Int
    var output: String
}

/// Drives a recording through frame assembly, normalisation and the clock session into an ADF recorder.
///
/// The session's timers run on virtual time: before each frame, a due button timer fires, and the
/// step boundary chosen by the split rule presses continue at its exact instant.
struct ClockReplay {
    let options: RecordingOptions
    let normalizer: Normalizer
    let anchor: WallClockAnchor
    let boundary: EventTime?
    let recordingStart: EventTime
    let recordingEnd: EventTime
    var settings = ClockSettings()

    func run(into recorder: ADFRecorder, environment: ClockSketchData, display: DisplayData, finishTo destination: String?)
        throws -> ClockReplayResult
    {
        let reader = try options.openReader()
        let driver = try ClockDriver(
            device: reader.header.device, normalizer: normalizer, anchor: anchor, recorder: recorder,
            boundaries: boundary.map { [$0] } ?? [], settings: settings)
        try driver.begin(at: recordingStart)
        while let event = try reader.next() { try driver.process(event) }
        // Past the last event, so a boundary on the last frame is due too.
        try driver.advance(to: recordingEnd.advanced(by: EventDuration(microseconds: 1)))
        // The recording ends: continue through whatever steps remain, at its last event.
        return try driver.finish(at: recordingEnd, environment: environment, display: display, to: destination)
    }
}

/// The clock test's driver, shared by `replay`, `record` and `recover`: frames in, session actions
/// out into the recorder, with timers and step boundaries on the events' own clock.
///
/// Replay and recover hand it the step boundaries up front (the split rule's, or the journal's
/// control lines); a live session presses continue itself. Either way a boundary or timer fires
/// before the first frame stamped after it, so a journal replayed gives the live session's file.
final class ClockDriver {
    let normalizer: Normalizer
    let anchor: WallClockAnchor
    let recorder: ADFRecorder
    private(set) var session: ClockSession
    private var assembler: FrameAssembler
    private(set) var buttonDeadline: EventTime?
    private var pendingBoundaries: [EventTime]
    private var pendingInterruptions: [SessionInterruption]
    /// A journal's button taps, earliest first: each names the touch-down frame that was a tap.
    private var pendingTaps: [ButtonTap]
    private var strokesPerStep: [ClockStep: Int] = [:]
    private(set) var points = 0
    /// Called with each pen sample after the session saw it (the live status line).
    var onSample: ((PenSample) -> Void)?
    /// Called with each action the session took (the live decision log).
    var onAction: ((ClockAction) -> Void)?
    /// A live session's buttons: which one, if any, a touch-down with the pen up lands on.
    var buttonAt: ((PenSample) -> ClockButton?)?

    init(
        device: DeviceDescription, normalizer: Normalizer, anchor: WallClockAnchor, recorder: ADFRecorder, boundaries: [EventTime],
        interruptions: [SessionInterruption] = [], taps: [ButtonTap] = [], settings: ClockSettings = ClockSettings()
    ) throws {
        self.session = ClockSession(settings: settings)
        self.normalizer = normalizer
        self.anchor = anchor
        self.recorder = recorder
        self.assembler = try FrameAssembler(device: device)
        self.pendingBoundaries = boundaries.sorted()
        // Stable, so two interruptions at one instant keep the journal's order.
        self.pendingInterruptions = interruptions.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
        self.pendingTaps = taps.sorted { $0.time < $1.time }
    }

    var framesDiscarded: Int { assembler.framesDiscarded }

    func begin(at time: EventTime) throws {
        try perform(session.begin(at: time))
    }

    /// One event; a frame it completes runs through the session after everything due before it.
    func process(_ event: InputEvent) throws {
        guard let frame = assembler.process(event) else { return }
        try advance(to: frame.time)
        if case .pen(let penFrame) = frame {
            let sample = normalizer.sample(penFrame)
            if let button = try tappedButton(sample) {
                try perform(session.buttonTapped(button, by: sample))
            } else {
                try perform(session.sample(sample))
            }
            onSample?(sample)
        }
    }

    /// The button `sample` taps, if it is a touch-down on one: the journal's tap at its instant, or
    /// (live) the button under the pen.
    ///
    /// A journaled tap whose frame never came (a journal cut inside it) still ends its step, at its time.
    private func tappedButton(_ sample: PenSample) throws -> ClockButton? {
        while let tap = pendingTaps.first, tap.time < sample.time {
            pendingTaps.removeFirst()
            if tap.button == .continueTest { try perform(session.continuePressed(at: tap.time)) }
        }
        guard sample.isInContact, session.isPenUp else { return nil }
        if let tap = pendingTaps.first, tap.time == sample.time {
            pendingTaps.removeFirst()
            return tap.button
        }
        return buttonAt?(sample)
    }

    /// A live session's interruption (the tablet unplugged or back, events dropped), recorded at
    /// once in the open step's `Interruptions`; nothing is recorded outside a step.
    func interrupt(_ interruption: SessionInterruption) throws {
        guard session.currentStep != nil, !session.isFinished else { return }
        try recorder.interruption(interruption.kind.rawValue, unixMilliseconds: anchor.unixMilliseconds(interruption.time))
    }

    /// A live continue press (a step change) at `time`, after every timer due by then.
    func continuePressed(at time: EventTime) throws {
        try advance(to: time)
        try perform(session.continuePressed(at: time))
    }

    /// Runs everything due before a frame at `time`, earliest first, until nothing is due (an
    /// action may arm a timer that is due already).
    ///
    /// A timer due at the frame's own time fires first; a step boundary fires only strictly
    /// before the frame, because the split rule may place it on a stroke's last frame, which
    /// still belongs to the step that ends.
    func advance(to time: EventTime) throws {
        while true {
            let timer = buttonDeadline.flatMap { $0 <= time ? $0 : nil }
            let boundary = pendingBoundaries.first.flatMap { $0 < time ? $0 : nil }
            // A journaled interruption goes before a boundary at its instant or later: live, it was
            // recorded when it happened, before any later continue press.
            if let interruption = pendingInterruptions.first, interruption.time < time,
                boundary.map({ interruption.time <= $0 }) ?? true
            {
                pendingInterruptions.removeFirst()
                try interrupt(interruption)
            } else if let boundary, timer.map({ boundary < $0 }) ?? true {
                pendingBoundaries.removeFirst()
                try perform(session.continuePressed(at: boundary))
            } else if let timer {
                buttonDeadline = nil
                try perform(session.buttonTimerFired(at: timer))
            } else {
                return
            }
        }
    }

    /// The last boundary not yet reached, if any.
    var lastPendingBoundary: EventTime? { pendingBoundaries.last }

    /// Continues through whatever steps remain at `end` and writes the results file.
    func finish(at end: EventTime, environment: ClockSketchData, display: DisplayData, to destination: String?) throws
        -> ClockReplayResult
    {
        while !session.isFinished {
            try perform(session.continuePressed(at: end))
        }
        let output = try recorder.finish(environment: environment, display: display, to: destination)
        return ClockReplayResult(
            strokesPerStep: ClockStep.allCases.map { ($0, strokesPerStep[$0] ?? 0) }, points: points, output: output)
    }

    private func perform(_ actions: [ClockAction]) throws {
        for action in actions {
            onAction?(action)
            switch action {
            case let .stepStarted(step, time):
                try recorder.beginStep(step.identifier, start: StepMark(unixMilliseconds: anchor.unixMilliseconds(time)))
            case let .stepEnded(_, time):
                try recorder.endStep(StepMark(unixMilliseconds: anchor.unixMilliseconds(time)))
            case let .strokeBegan(sample):
                try recorder.beginStroke(unixMilliseconds: anchor.unixMilliseconds(sample.time))
                try recorder.addPoint(point(sample))
                points += 1
                if let step = session.currentStep { strokesPerStep[step, default: 0] += 1 }
            case let .strokeContinued(sample):
                try recorder.addPoint(point(sample))
                points += 1
            case let .strokeEnded(sample):
                try recorder.endStroke(unixMilliseconds: anchor.unixMilliseconds(sample.time))
            case let .armButtonTimer(deadline):
                buttonDeadline = deadline
            case .cancelButtonTimer:
                buttonDeadline = nil
            case .offerButtons, .finished, .buttonTapped:
                // A tap's step change comes as its own actions; the buttons themselves are the screen's.
                break
            }
        }
    }

    private func point(_ sample: PenSample) -> PenPoint {
        PenPoint(
            x: sample.canvasPosition.xPoints, y: sample.canvasPosition.yPoints, altitude: sample.altitude,
            azimuth: sample.azimuth, force: sample.force, unixMilliseconds: anchor.unixMilliseconds(sample.time))
    }
}

/// A tap on one of the clock's buttons: the pen touched down on it at `time` (the frame's time).
struct ButtonTap: Hashable {
    var button: ClockButton
    var time: EventTime
}

/// Why a live session was interrupted: written to the step's `Interruptions` as a `Pause` of this type.
struct SessionInterruption: Hashable {
    enum Kind: String {
        /// The tablet was unplugged (or its node vanished); the pen's samples stop until it is back.
        case deviceRemoved = "device-removed"
        /// The same tablet (vendor, product, name) is back and the session continues.
        case deviceReconnected = "device-reconnected"
        /// The kernel's buffer overflowed (`SYN_DROPPED`): events between this time and the resync are lost.
        case eventsDropped = "events-dropped"
    }

    var kind: Kind
    var time: EventTime
}

extension ClockDriver {
    /// Adds a journal's control to the plan as `recover` reads it, before any frame stamped after it.
    func plan(boundary: EventTime) { pendingBoundaries.insertInTimeOrder(boundary, time: \.self) }
    func plan(interruption: SessionInterruption) { pendingInterruptions.insertInTimeOrder(interruption, time: \.time) }
    func plan(tap: ButtonTap) { pendingTaps.insertInTimeOrder(tap, time: \.time) }
}

extension Array {
    /// Inserts `element` after every element at or before its time: the order the plan's
    /// up-front sort gives, a journal's order kept among equal times.
    mutating func insertInTimeOrder(_ element: Element, time: (Element) -> EventTime) {
        let key = time(element)
        var index = endIndex
        while index > startIndex && time(self[index - 1]) > key { index -= 1 }
        insert(element, at: index)
    }
}
