internal import Foundation
internal import Proctoring
public import StylusInput

/// The instructions of the step on screen: shown as a banner (or as a script of highlighted
/// regions), spoken from the speech thread, and timed for the reading measure.
///
/// Nothing here waits for speech: a request goes to the speech thread and its outcome is collected
/// at the next turn of the loop (`collectSpeech`), when it is played and the reading's speech end known.
public final class SpokenInstructions {
    private let screen: PatientScreen
    private let voice: String
    private let now: () -> EventTime
    /// The reading times measured so far.
    public private(set) var reading = InstructionReading()
    /// The words shown until the patient's first touch (or the test's end).
    public private(set) var banner: String?
    /// The one text asked for, and when it was shown.
    private var request: (token: SpeechToken, shown: EventTime)?
    /// A script under way, and the speech of its segments: asked for, made, and last played.
    private var script: InstructionScript?
    private var scriptSpeech: [SpeechToken: Int] = [:]
    private var scriptSamples: [Int: SynthesisedSpeech] = [:]
    private var scriptPlayed: Int?
    private var scriptSpoke = false
    /// Why the script's first unspoken segment was not spoken.
    private var scriptSilence: UnspokenReason?
    /// A reminder's speech asked for and not played yet.
    private var reminder: SpeechToken?
    private var warned = false

    public init(screen: PatientScreen, voice: String, clock: @escaping () -> EventTime) {
        self.screen = screen
        self.voice = voice
        now = clock
    }

    /// Shows `text` as the instructions of `step` and asks for it to be spoken; the speech is
    /// played, and the end of the reading's speech known, when the speech thread has made it.
    public func show(_ text: String, step: String) {
        banner = text
        screen.silence()
        let shown = now()
        request = (screen.requestSpeech(text, voice: voice), shown)
        reading.shown(step: step, at: shown)
    }

    /// Starts a script of instructions, each segment's region highlighted while its words are
    /// spoken; every segment's speech is asked for at once. `banner` stays once the script is over.
    /// The reading's speech ends when the script's last segment does (known once every segment's
    /// speech is made), or at the first touch if that comes first: the touch ends the script.
    public func show(script segments: [InstructionSegment], banner: String, step: String) {
        self.banner = banner
        screen.silence()
        let shown = now()
        request = nil
        script = InstructionScript(segments: segments, start: shown)
        scriptSpeech = [:]
        for index in segments.indices {
            scriptSpeech[screen.requestSpeech(segments[index].words, voice: voice)] = index
        }
        scriptSamples = [:]
        scriptPlayed = nil
        scriptSpoke = false
        scriptSilence = nil
        reading.shown(step: step, at: shown)
    }

    /// The patient touched the form: the reading's first touch; a script ends (the form is
    /// revealed) and its speech stops there; the banner goes.
    public func touched(at time: EventTime) {
        if let script {
            // Speech already played ends at the touch; none played yet leaves the instructions shown, not spoken.
            if (!reading.awaitsSpeech || scriptSpoke) && script.end > time { reading.speechEnds(at: time) }
            screen.silence()
            self.script = nil
            scriptSpeech = [:]
        }
        reading.touched(at: time)
        banner = nil
        reminder = nil
    }

    /// Speaks a reminder the proctor gave (the view shows its words while it is up). It is not the
    /// step's instructions: the reading measure is untouched, and nothing playing is cut short to
    /// make room for it. Speech made after the patient touched again is dropped.
    public func remind(_ text: String) {
        reminder = screen.requestSpeech(text, voice: voice)
    }

    /// The test is over: no words stay on screen.
    public func withdrawBanner() { banner = nil }

    /// What a script under way shows at `time`: its region highlighted, the rest covered.
    public func scriptView(at time: EventTime) -> PatientView? { script?.view(at: time) }

    /// Plays the instructions' speech once made; speech the patient's first touch came before is dropped.
    public func collectSpeech() {
        let time = now()
        for outcome in screen.synthesisedSpeech() {
            if let index = scriptSpeech.removeValue(forKey: outcome.token), script != nil {
                switch outcome.speech {
                case .success(let speech) where screen.canPlay:
                    if script?.wantsSpeech(index, at: time) == true { scriptSamples[index] = speech }
                    script?.spoken(index, lasting: speech.duration, at: time)
                    scriptSpoke = true
                case .success:
                    // Made but not heard: the segment is not spoken.
                    warnOnce(.noAudioOutput)
                    scriptSilence = scriptSilence ?? .noAudioOutput
                    script?.unspoken(index)
                case .failure(let error):
                    warnOnce(error)
                    scriptSilence = scriptSilence ?? error.unspokenReason
                    script?.unspoken(index)
                }
                if let script, script.isSettled, reading.awaitsSpeech {
                    // Nothing spoken at all: shown, not spoken, for the first reason a segment gave.
                    if scriptSpoke {
                        reading.speechEnds(at: script.end)
                    } else {
                        reading.speechNotPlayed(scriptSilence ?? .noAudioOutput)
                    }
                }
                continue
            }
            if outcome.token == reminder {
                reminder = nil
                switch outcome.speech {
                case .success(let speech) where screen.canPlay: screen.play(speech)
                // Made but not heard, or not made: the reminder is shown only, as the warning says.
                case .success: warnOnce(.noAudioOutput)
                case .failure(let error): warnOnce(error)
                }
                continue
            }
            guard let request, outcome.token == request.token else { continue }
            self.request = nil
            guard reading.awaitsSpeech else { continue }
            switch InstructionSpeech.of(outcome.speech, shown: request.shown, played: { screen.play($0) }) {
            case .played(let until):
                reading.speechEnds(at: until)
            case .notPlayed(let reason):
                // Made but not heard, or not made: recorded as shown, not spoken, and why.
                if case .failure(let error) = outcome.speech { warnOnce(error) } else { warnOnce(.noAudioOutput) }
                reading.speechNotPlayed(reason)
            }
        }
        // Each segment's words as it comes up (late, if its speech was made after it began).
        if let script, let current = script.segment(at: time), current != scriptPlayed,
            let speech = scriptSamples[current]
        {
            screen.play(speech)
            scriptPlayed = current
        }
    }

    private func warnOnce(_ error: SpeechError) {
        // Said once on standard error: the session goes on with the instructions shown only.
        if !warned { FileHandle.standardError.write(Data("warning: \(error)\n".utf8)) }
        warned = true
    }
}
