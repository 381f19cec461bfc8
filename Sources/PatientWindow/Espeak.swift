import CEspeakNG
public import Proctoring
import Synchronization

/// What went wrong with the spoken instructions.
public enum SpeechError: Error, Hashable, Sendable, CustomStringConvertible {
    case unavailable
    case noSuchVoice(String)
    /// The speech was made but there is no audio output to play it on.
    case noAudioOutput

    /// What the record says of instructions this kept from being heard.
    public var unspokenReason: UnspokenReason {
        switch self {
        case .unavailable: .speechUnavailable
        case .noSuchVoice: .noSuchVoice
        case .noAudioOutput: .noAudioOutput
        }
    }

    public var description: String {
        switch self {
        case .unavailable:
            "espeak-ng could not start (is espeak-ng-data installed?); the instructions are shown but not spoken. Run scripts/setup.sh."
        case .noAudioOutput:
            "there is no audio output (SDL could not open one); the instructions are shown but not spoken, and the "
                + "results record them as not spoken. Connect speakers, or check the session's sound settings."
        case .noSuchVoice(let voice):
            "espeak-ng has no voice '\(voice)'; `espeak-ng --voices` lists them. Pass one of them to --voice."
        }
    }
}

/// The samples espeak's callback hands over; touched only while `espeakLock` is held.
nonisolated(unsafe) private var synthesised: [Int16] = []

/// espeak's state is global: one synthesis at a time in the whole process. A session makes every
/// call from its speech thread (`SpeechWorker`); the lock keeps a second caller (a test, a plan)
/// from interleaving with it. It holds the output's sample rate once espeak is set up.
private let espeakLock = Mutex<Int32?>(nil)

/// espeak-ng in synchronous mode: text in, 16-bit mono samples out, nothing played. Every espeak call
/// of the package is in this file; espeak's global state is set up once and never torn down while in use.
enum Espeak {
    /// Speaks `text` with `voice` into samples at the returned rate (Hz); blocks for the whole synthesis.
    static func synthesise(_ text: String, voice: String) throws(SpeechError) -> (samples: [Int16], rate: Int) {
        try espeakLock.withLock { (sampleRate: inout Int32?) throws(SpeechError) in
            try synthesise(text, voice: voice, sampleRate: &sampleRate)
        }
    }

    private static func synthesise(_ text: String, voice: String, sampleRate: inout Int32?) throws(SpeechError) -> (
        samples: [Int16], rate: Int
    ) {
        if sampleRate == nil {
            let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, Int32(espeakINITIALIZE_DONT_EXIT))
            guard rate > 0 else { throw .unavailable }
            espeak_SetSynthCallback { wav, count, _ in
                if let wav, count > 0 {
                    synthesised.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count)))
                }
                return 0
            }
            sampleRate = rate
        }
        guard espeak_SetVoiceByName(voice) == EE_OK else { throw .noSuchVoice(voice) }
        synthesised.removeAll(keepingCapacity: true)
        let bytes = Array(text.utf8CString)
        _ = bytes.withUnsafeBufferPointer { buffer in
            espeak_Synth(buffer.baseAddress, buffer.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, nil)
        }
        espeak_Synchronize()
        return (synthesised, Int(sampleRate ?? 22_050))
    }
}
