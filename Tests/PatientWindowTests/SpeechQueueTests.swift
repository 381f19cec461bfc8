import Dispatch
import Foundation
import Proctoring
import StylusInput
import Synchronization
import Testing

@testable import PatientWindow

/// A synthesiser held at a gate: it says when a synthesis has begun, and makes it only when let through.
/// Speech is 100 samples per character at 1 kHz (0.1 s per character); voice "none" is refused.
private struct GatedSynthesiser: SpeechSynthesiser {
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)

    func synthesise(_ text: String, voice: String) throws(SpeechError) -> SynthesisedSpeech {
        entered.signal()
        gate.wait()
        if voice == "none" { throw .noSuchVoice(voice) }
        return SynthesisedSpeech(samples: Array(repeating: 7, count: text.count * 100), rate: 1_000)
    }
}

/// What the loop's side saw, handed from the thread it ran on.
private final class Seen: Sendable {
    let value = Mutex<(token: SpeechToken?, collected: Int)>((nil, -1))
}

@Suite("Speech off the event loop")
struct SpeechQueueTests {
    @Test("The loop's side hands texts over and collects speech without waiting for the synthesis under way")
    func loopNeverWaits() throws {
        let synthesiser = GatedSynthesiser()
        let worker = SpeechWorker(synthesiser: synthesiser)
        let first = worker.queue.request("four", voice: "en")
        // The speech thread is now inside the synthesis, held at the gate.
        #expect(synthesiser.entered.wait(timeout: .now() + 10) == .success)
        // The loop's calls run on another thread, so that one waiting shows as a timeout, not a hang.
        let seen = Seen()
        let returned = DispatchSemaphore(value: 0)
        let queue = worker.queue
        DispatchQueue.global().async {
            let token = queue.request("refused", voice: "none")
            let collected = queue.collect().count
            seen.value.withLock { $0 = (token, collected) }
            returned.signal()
        }
        #expect(returned.wait(timeout: .now() + 10) == .success)
        let (second, collected) = seen.value.withLock { $0 }
        #expect(collected == 0)
        let secondToken = try #require(second)
        #expect(first < secondToken)

        synthesiser.gate.signal()
        synthesiser.gate.signal()
        var outcomes: [SpeechOutcome] = []
        let deadline = ContinuousClock.now + .seconds(10)
        while outcomes.count < 2 && ContinuousClock.now < deadline {
            outcomes += worker.queue.collect()
            Thread.sleep(forTimeInterval: 0.001)
        }
        #expect(outcomes.map(\.token) == [first, secondToken])
        let speech = try #require(try? outcomes.first?.speech.get())
        #expect(speech.samples.count == 400)
        #expect(speech.duration == .milliseconds(400))
        if outcomes.count == 2, case .failure(let error) = outcomes[1].speech {
            #expect(error == .noSuchVoice("none"))
        } else {
            Issue.record("the refused voice gave no failure: \(outcomes)")
        }
        #expect(worker.queue.collect().isEmpty)
    }

    @Test("Cancelled requests are never made; each outcome is collected once")
    func handoff() throws {
        let queue = SpeechQueue()
        let a = queue.request("a", voice: "en")
        _ = queue.request("b", voice: "en")
        queue.cancelAll()
        let c = queue.request("c", voice: "en")
        // The speech thread's side, run by hand: the cancelled requests left signals but no work.
        let taken = try #require(queue.take())
        #expect(taken.token == c && taken.text == "c")
        #expect(a < c)
        queue.deliver(SpeechOutcome(token: taken.token, speech: .success(SynthesisedSpeech(samples: [1, 2], rate: 2))))
        let outcomes = queue.collect()
        #expect(outcomes.map(\.token) == [c])
        #expect(queue.collect().isEmpty)
        queue.close()
        #expect(queue.take() == nil)
    }
}

@Suite("Reading time with speech made off the loop")
struct AsynchronousReadingTests {
    @Test("The speech's end arrives after the instructions are shown")
    func speechAfterShown() {
        var reading = InstructionReading()
        reading.shown(step: "mazeStep-1", at: EventTime(microseconds: 1_000_000))
        #expect(reading.awaitsSpeech)
        // Synthesis finished later; the speech ends 2.5 s after the text was shown.
        reading.speechEnds(at: EventTime(microseconds: 3_500_000))
        #expect(!reading.awaitsSpeech)
        reading.touched(at: EventTime(microseconds: 4_000_000))
        #expect(
            reading.measures == [
                .init(
                    step: "mazeStep-1", shown: EventTime(microseconds: 1_000_000),
                    spoken: EventTime(microseconds: 3_500_000),
                    firstTouch: EventTime(microseconds: 4_000_000))
            ])
        #expect(reading.readings == [.init(step: "mazeStep-1", seconds: 3, spokenSeconds: 2.5)])
    }

    @Test("A touch before the speech was made leaves the instructions shown, not spoken: nothing was heard")
    func touchBeforeSpeech() {
        var reading = InstructionReading()
        reading.shown(step: "mazeStep-1", at: EventTime(microseconds: 1_000_000))
        reading.touched(at: EventTime(microseconds: 1_200_000))
        #expect(!reading.awaitsSpeech)
        // The speech arriving afterwards changes nothing.
        reading.speechEnds(at: EventTime(microseconds: 4_000_000))
        #expect(
            reading.measures == [
                .init(
                    step: "mazeStep-1", shown: EventTime(microseconds: 1_000_000), speech: .notPlayed(.touchedFirst),
                    firstTouch: EventTime(microseconds: 1_200_000))
            ])
        #expect(reading.readings == [.init(step: "mazeStep-1", seconds: 0.2, notSpoken: .touchedFirst)])
    }
}

/// Instructions count as spoken only when their audio was played (an output opened, the samples queued).
@Suite("Speech as it happened")
struct SpeechAsItHappenedTests {
    static let shown = EventTime(microseconds: 1_000_000)
    static let speech = SynthesisedSpeech(samples: Array(repeating: 0, count: 22_050), rate: 22_050)

    @Test("Samples the audio output took are played, to the shown time plus their length")
    func played() {
        #expect(
            InstructionSpeech.of(.success(Self.speech), shown: Self.shown, played: { _ in true })
                == .played(until: EventTime(microseconds: 2_000_000)))
    }

    @Test("Samples no audio output took are not spoken: no audio output device")
    func noOutput() {
        #expect(
            InstructionSpeech.of(.success(Self.speech), shown: Self.shown, played: { _ in false })
                == .notPlayed(.noAudioOutput))
    }

    @Test(
        "Speech that could not be made is not spoken, and why",
        arguments: [
            (SpeechError.unavailable, UnspokenReason.speechUnavailable), (.noSuchVoice("xx"), .noSuchVoice),
            (.noAudioOutput, .noAudioOutput),
        ])
    func notMade(error: SpeechError, reason: UnspokenReason) {
        #expect(InstructionSpeech.of(.failure(error), shown: Self.shown, played: { _ in true }) == .notPlayed(reason))
    }

    @Test("Instructions not played give no speech end, and the summary says shown, not spoken and why")
    func notPlayedReading() {
        var reading = InstructionReading()
        reading.shown(step: "clockStep-command", at: Self.shown)
        reading.speechNotPlayed(.noAudioOutput)
        #expect(!reading.awaitsSpeech)
        // A touch ending a script's speech does not make unspoken instructions spoken.
        reading.speechEnds(at: EventTime(microseconds: 1_500_000))
        reading.touched(at: EventTime(microseconds: 5_200_000))
        #expect(reading.measures.map(\.spoken) == [nil])
        #expect(reading.measures.map(\.speech) == [.notPlayed(.noAudioOutput)])
        #expect(reading.readings.map(\.spokenSeconds) == [nil])
        #expect(
            reading.readings.map(\.line) == [
                "  reading   clockStep-command: 4.2 s to the first touch (instructions shown, not spoken: no audio output device)"
            ])
    }

    @Test("Played instructions keep their summary line")
    func playedLine() {
        #expect(
            InstructionReading.Reading(step: "clockStep-copy", seconds: 2.5, spokenSeconds: 2.0).line
                == "  reading   clockStep-copy: 2.5 s to the first touch (instructions spoken in 2.0 s)")
    }

    @Test("The reasons in words, as the record gives them")
    func words() {
        #expect(
            UnspokenReason.allCases.map(\.shownNotSpoken) == [
                "shown, not spoken: no audio output device", "shown, not spoken: espeak-ng could not start",
                "shown, not spoken: no such espeak-ng voice",
                "shown, not spoken: the pen touched before the speech was ready",
            ])
        #expect(
            UnspokenReason.allCases.map(\.code) == [
                "no-audio-output", "speech-unavailable", "no-such-voice", "touched-first",
            ])
        for reason in UnspokenReason.allCases { #expect(UnspokenReason(words: reason.words) == reason) }
    }
}
