internal import Foundation
public import Proctoring
public import StylusInput

/// How long the patient took over a step's instructions: from the moment they were shown (and
/// began to be spoken) to the pen's first touch in that step. Measured unobtrusively, as the
/// original app did; a repeat of the instructions starts the measure again.
public struct InstructionReading: Sendable {
    /// One step's reading time.
    public struct Reading: Hashable, Sendable, Codable {
        public var step: String
        /// Seconds from the instructions to the first touch.
        public var seconds: Double
        /// Seconds the instructions took to speak; nil when they were shown, not spoken.
        public var spokenSeconds: Double?
        /// Why the instructions were shown but not spoken (`UnspokenReason.words`); nil when spoken.
        public var notSpoken: String?

        public init(step: String, seconds: Double, spokenSeconds: Double) {
            self.step = step
            self.seconds = seconds
            self.spokenSeconds = spokenSeconds
        }

        /// Instructions shown but not spoken, for `reason`.
        public init(step: String, seconds: Double, notSpoken reason: UnspokenReason) {
            self.step = step
            self.seconds = seconds
            notSpoken = reason.words
        }
    }

    /// One step's measure as event times (the session's clock), for the journal and TaskData.
    public struct Measure: Hashable, Sendable {
        public var step: String
        /// The instructions appeared and began to be spoken.
        public var shown: EventTime
        /// How the speech went: played to an end time, or not played and why.
        public var speech: InstructionSpeech
        /// The pen's first touch after them.
        public var firstTouch: EventTime

        /// Instructions whose speech was played and ended at `spoken`.
        public init(step: String, shown: EventTime, spoken: EventTime, firstTouch: EventTime) {
            self.init(step: step, shown: shown, speech: .played(until: spoken), firstTouch: firstTouch)
        }

        public init(step: String, shown: EventTime, speech: InstructionSpeech, firstTouch: EventTime) {
            self.step = step
            self.shown = shown
            self.speech = speech
            self.firstTouch = firstTouch
        }

        /// The speech ended (played), nil when the instructions were not spoken.
        public var spoken: EventTime? {
            if case .played(let until) = speech { until } else { nil }
        }
    }

    public private(set) var readings: [Reading] = []
    /// The same measures as `readings`, as times.
    public private(set) var measures: [Measure] = []
    private var open: (step: String, shown: EventTime, speech: InstructionSpeech?)?

    public init() {}

    /// The instructions of `step` were put on screen at `time`; when their speech ends is not known
    /// yet (it is being synthesised off the event loop): `speechEnds(at:)` tells it.
    public mutating func shown(step: String, at time: EventTime) {
        open = (step, time, nil)
    }

    /// The instructions of `step` were shown at `time`, speech lasting `spoken`.
    public mutating func shown(step: String, at time: EventTime, spoken: EventDuration) {
        open = (step, time, .played(until: time.advanced(by: spoken)))
    }

    /// The speech of the instructions under way was played (queued on the audio output) and ends
    /// at `time` (when they were shown plus the samples' duration).
    public mutating func speechEnds(at time: EventTime) {
        // Instructions known to be unspoken stay so (a touch ends a script's speech only if some was played).
        guard let current = open else { return }
        if case .notPlayed = current.speech { return }
        open = (current.step, current.shown, .played(until: max(time, current.shown)))
    }

    /// The speech of the instructions under way was not played, for `reason`: they are shown, not spoken.
    public mutating func speechNotPlayed(_ reason: UnspokenReason) {
        guard let current = open else { return }
        open = (current.step, current.shown, .notPlayed(reason))
    }

    /// The step of the latest instructions shown and how their speech went, nil while it is not
    /// known yet (being synthesised): the open reading's, else the last measure's.
    public var latestSpeech: (step: String, speech: InstructionSpeech?)? {
        if let open { return (open.step, open.speech) }
        return measures.last.map { ($0.step, $0.speech) }
    }

    /// Whether instructions are open and the end of their speech is not known yet.
    public var awaitsSpeech: Bool { open != nil && open?.speech == nil }

    /// The pen touched at `time`: closes the reading under way, if any.
    ///
    /// A touch before the speech was synthesised leaves the instructions shown, not spoken
    /// (`UnspokenReason.touchedFirst`): the patient began before hearing anything and the speech is
    /// dropped (the caller cancels it, so it is never heard over the drawing).
    public mutating func touched(at time: EventTime) {
        guard let open else { return }
        let speech = open.speech ?? .notPlayed(.touchedFirst)
        let seconds = Double(time.duration(since: open.shown).microseconds) / 1_000_000
        switch speech {
        case .played(let until):
            readings.append(
                Reading(
                    step: open.step, seconds: seconds,
                    spokenSeconds: Double(until.duration(since: open.shown).microseconds) / 1_000_000))
        case .notPlayed(let reason):
            readings.append(Reading(step: open.step, seconds: seconds, notSpoken: reason))
        }
        measures.append(Measure(step: open.step, shown: open.shown, speech: speech, firstTouch: time))
        self.open = nil
    }
}

/// What became of a step's spoken instructions: played (the audio output opened and the samples
/// queued) until a time, or not played and why. Only a played speech gives `instructionsSpoken`.
public enum InstructionSpeech: Hashable, Sendable {
    case played(until: EventTime)
    case notPlayed(UnspokenReason)

    /// The speech outcome of one request: played when there were samples and the output took them.
    public static func of(
        _ speech: Result<SynthesisedSpeech, SpeechError>, shown: EventTime, played: (SynthesisedSpeech) -> Bool
    )
        -> InstructionSpeech
    {
        switch speech {
        case .success(let samples):
            played(samples) ? .played(until: shown.advanced(by: samples.duration)) : .notPlayed(.noAudioOutput)
        case .failure(let error):
            .notPlayed(error.unspokenReason)
        }
    }
}

extension InstructionReading.Reading {
    /// The summary's line: `  reading   clockStep-command: 4.2 s to the first touch (instructions spoken in 3.4 s)`,
    /// or `(instructions shown, not spoken: no audio output device)`: never a speech that was not played.
    public var line: String {
        let speech =
            spokenSeconds.map { "instructions spoken in \(String(format: "%.1f", $0)) s" }
            ?? "instructions shown, not spoken: \(notSpoken ?? UnspokenReason.noAudioOutput.words)"
        return "  reading   \(step): \(String(format: "%.1f", seconds)) s to the first touch (\(speech))"
    }
}

/// The spoken length of instructions without a window (for tests and planning a session).
public enum PatientScreenSpeech {
    /// How long espeak-ng's `voice` takes to say `text`.
    public static func duration(of text: String, voice: String) throws(SpeechError) -> EventDuration {
        try EspeakSynthesiser().synthesise(text, voice: voice).duration
    }
}
