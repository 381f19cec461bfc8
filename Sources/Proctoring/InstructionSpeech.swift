/// Why a step's instructions were shown but not spoken: the record says so, and why, wherever it
/// would otherwise give a time the speech ended (results file, journal, `visit.json`, summaries, report).
///
/// Instructions count as spoken only when their audio was played: an audio output opened and the
/// samples queued on it. Anything less is one of these.
public enum UnspokenReason: String, Hashable, Sendable, CaseIterable, Codable {
    /// The speech was made but there was no audio output to play it on.
    case noAudioOutput = "no-audio-output"
    /// espeak-ng could not start.
    case speechUnavailable = "speech-unavailable"
    /// espeak-ng has no such voice.
    case noSuchVoice = "no-such-voice"
    /// The pen touched before the speech was made: it was dropped, never heard.
    case touchedFirst = "touched-first"

    /// The code as the journal writes it (no spaces).
    public var code: String { rawValue }

    /// The reason in words, as the results file, `visit.json`, the summaries and the report give it.
    public var words: String {
        switch self {
        case .noAudioOutput: "no audio output device"
        case .speechUnavailable: "espeak-ng could not start"
        case .noSuchVoice: "no such espeak-ng voice"
        case .touchedFirst: "the pen touched before the speech was ready"
        }
    }

    /// What the record says of such instructions: `shown, not spoken: no audio output device`.
    public var shownNotSpoken: String { "shown, not spoken: \(words)" }

    /// The reason its words name, nil for words of no reason known here.
    public init?(words: String) {
        guard let reason = Self.allCases.first(where: { $0.words == words }) else { return nil }
        self = reason
    }
}
