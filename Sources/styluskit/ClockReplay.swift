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

    func run(into recorder: ADFRecorder, environment: ClockSketchData, display: DisplayData, finishTo destination: String?)
        throws -> ClockReplayResult
    {
        let reader = try options.openReader()
        var assembler = try FrameAssembler(device: reader.header.device)
        var session = ClockSession()
        var buttonDeadline: EventTime?
        var pendingBoundary = boundary
        var strokesPerStep: [ClockStep: Int] = [:]
        var points = 0

        func perform(_ actions: [ClockAction]) throws {
            for action in actions {
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
                case .offerButtons, .finished:
                    // Nobody taps the buttons in a replay: the split rule presses continue instead.
                    break
                }
            }
        }

        /// Runs everything due before the frame at `time` on the virtual clock, earliest first, until
        /// nothing is due (an action may arm a timer that is due already).
        ///
        /// A timer due at the frame's own time fires first; the step boundary fires only strictly
        /// before the frame, because the split rule may place it on a stroke's last frame, which
        /// still belongs to the step that ends.
        func advance(to time: EventTime) throws {
            while true {
                let timer = buttonDeadline.flatMap { $0 <= time ? $0 : nil }
                let boundary = pendingBoundary.flatMap { $0 < time ? $0 : nil }
                if let boundary, timer.map({ boundary < $0 }) ?? true {
                    pendingBoundary = nil
                    try perform(session.continuePressed(at: boundary))
                } else if let timer {
                    buttonDeadline = nil
                    try perform(session.buttonTimerFired(at: timer))
                } else {
                    return
                }
            }
        }

        try perform(session.begin(at: recordingStart))
        while let event = try reader.next() {
            guard let frame = assembler.process(event) else { continue }
            try advance(to: frame.time)
            if case .pen(let penFrame) = frame {
                try perform(session.sample(normalizer.sample(penFrame)))
            }
        }
        // Past the last event, so a boundary on the last frame is due too.
        try advance(to: recordingEnd.advanced(by: EventDuration(microseconds: 1)))
        // The recording ends: continue through whatever steps remain, at its last event.
        while !session.isFinished {
            try perform(session.continuePressed(at: recordingEnd))
        }
        let output = try recorder.finish(environment: environment, display: display, to: destination)
        return ClockReplayResult(
            strokesPerStep: ClockStep.allCases.map { ($0, strokesPerStep[$0] ?? 0) }, points: points, output: output)
    }

    private func point(_ sample: PenSample) -> PenPoint {
        PenPoint(
            x: sample.canvasPosition.xPoints, y: sample.canvasPosition.yPoints, altitude: sample.altitude,
            azimuth: sample.azimuth, force: sample.force, unixMilliseconds: anchor.unixMilliseconds(sample.time))
    }
}
