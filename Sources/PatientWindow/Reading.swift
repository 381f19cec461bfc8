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
    private var open: (step: String, shown: EventTime, spoken: EventDuration)?

    public init() {}

    /// The instructions of `step` were shown at `time`, speech lasting `spoken`.
    public mutating func shown(step: String, at time: EventTime, spoken: EventDuration) {
        open = (step, time, spoken)
    }

    /// The pen touched at `time`: closes the reading under way, if any.
    public mutating func touched(at time: EventTime) {
        guard let open else { return }
        readings.append(Reading(
            step: open.step, seconds: Double(time.duration(since: open.shown).microseconds) / 1_000_000,
            spokenSeconds: Double(open.spoken.microseconds) / 1_000_000))
        measures.append(Measure(
            step: open.step, shown: open.shown, spoken: open.shown.advanced(by: open.spoken), firstTouch: time))
        self.open = nil
    }
}

/// The spoken length of instructions without a window (for tests and planning a session).
public enum PatientScreenSpeech {
    /// How long espeak-ng's `voice` takes to say `text`.
    public static func duration(of text: String, voice: String) throws(SpeechError) -> EventDuration {
        let speech = try Espeak.synthesise(text, voice: voice)
        return EventDuration(microseconds: Int64(speech.samples.count) * 1_000_000 / Int64(max(1, speech.rate)))
    }
}
