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
        /// Seconds the instructions took to speak.
        public var spokenSeconds: Double

        public init(step: String, seconds: Double, spokenSeconds: Double) {
            self.step = step
            self.seconds = seconds
            self.spokenSeconds = spokenSeconds
        }
    }

    /// One step's measure as event times (the session's clock), for the journal and TaskData.
    public struct Measure: Hashable, Sendable {
        public var step: String
        /// The instructions appeared and began to be spoken.
        public var shown: EventTime
        /// The speech ended.
        public var spoken: EventTime
        /// The pen's first touch after them.
        public var firstTouch: EventTime

        public init(step: String, shown: EventTime, spoken: EventTime, firstTouch: EventTime) {
            self.step = step
            self.shown = shown
            self.spoken = spoken
            self.firstTouch = firstTouch
        }
    }

    public private(set) var readings: [Reading] = []
    /// The same measures as `readings`, as times.
    public private(set) var measures: [Measure] = []
    private var open: (step: String, shown: EventTime, spoken: EventTime?)?

    public init() {}

    /// The instructions of `step` were put on screen at `time`; when their speech ends is not known
    /// yet (it is being synthesised off the event loop): `speechEnds(at:)` tells it.
    public mutating func shown(step: String, at time: EventTime) {
        open = (step, time, nil)
    }

    /// The instructions of `step` were shown at `time`, speech lasting `spoken`.
    public mutating func shown(step: String, at time: EventTime, spoken: EventDuration) {
        open = (step, time, time.advanced(by: spoken))
    }

    /// The speech of the instructions under way ends at `time` (when they were shown plus the
    /// samples' duration; the time they were shown when nothing could be spoken).
    public mutating func speechEnds(at time: EventTime) {
        guard let current = open else { return }
        open = (current.step, current.shown, max(time, current.shown))
    }

    /// Whether instructions are open and the end of their speech is not known yet.
    public var awaitsSpeech: Bool { open != nil && open?.spoken == nil }

    /// The pen touched at `time`: closes the reading under way, if any.
    ///
    /// A touch before the speech was synthesised records the touch as the end of the speech: the
    /// patient began before hearing anything, the speech is dropped (the caller cancels it, so it
    /// is never heard over the drawing), and the instructions lasted, as shown only, until the
    /// touch. So the measure is always complete, with shown <= spoken <= first touch in that case.
    public mutating func touched(at time: EventTime) {
        guard let open else { return }
        let spoken = open.spoken ?? max(time, open.shown)
        readings.append(
            Reading(
                step: open.step, seconds: Double(time.duration(since: open.shown).microseconds) / 1_000_000,
                spokenSeconds: Double(spoken.duration(since: open.shown).microseconds) / 1_000_000))
        measures.append(Measure(step: open.step, shown: open.shown, spoken: spoken, firstTouch: time))
        self.open = nil
    }
}

/// The spoken length of instructions without a window (for tests and planning a session).
public enum PatientScreenSpeech {
    /// How long espeak-ng's `voice` takes to say `text`.
    public static func duration(of text: String, voice: String) throws(SpeechError) -> EventDuration {
        try EspeakSynthesiser().synthesise(text, voice: voice).duration
    }
}
