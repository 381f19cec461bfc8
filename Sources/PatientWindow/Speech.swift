import Dispatch
import Foundation
public import StylusInput
import Synchronization

/// Spoken instructions as 16-bit mono samples at `rate` Hz.
public struct SynthesisedSpeech: Hashable, Sendable {
    public var samples: [Int16]
    public var rate: Int

    /// How long the samples take to play.
    public var duration: EventDuration {
        EventDuration(microseconds: Int64(samples.count) * 1_000_000 / Int64(max(1, rate)))
    }
}

/// Turns text into speech; called only on the speech thread, one text at a time.
public protocol SpeechSynthesiser: Sendable {
    func synthesise(_ text: String, voice: String) throws(SpeechError) -> SynthesisedSpeech
}

/// espeak-ng, offline.
public struct EspeakSynthesiser: SpeechSynthesiser {
    public init() {}

    public func synthesise(_ text: String, voice: String) throws(SpeechError) -> SynthesisedSpeech {
        let speech = try Espeak.synthesise(text, voice: voice)
        return SynthesisedSpeech(samples: speech.samples, rate: speech.rate)
    }
}

/// Names one request for speech, to match its outcome to it.
public struct SpeechToken: Hashable, Sendable, Comparable {
    public let number: Int

    public static func < (lhs: SpeechToken, rhs: SpeechToken) -> Bool { lhs.number < rhs.number }
}

/// What became of one request for speech.
public struct SpeechOutcome: Sendable {
    public var token: SpeechToken
    public var speech: Result<SynthesisedSpeech, SpeechError>
}

/// The handoff between the event loop and the speech thread: texts go one way, speech the other.
///
/// The loop's side (`request`, `cancel`, `collect`) never waits for a synthesis: the lock is held
/// only to move one request or one outcome, never while speech is made, and `collect` does not
/// even wait for that (a busy lock means "nothing yet", asked again at the next turn of the loop).
public final class SpeechQueue: Sendable {
    struct Request: Sendable {
        var token: SpeechToken
        var text: String
        var voice: String
    }

    private struct State {
        var waiting: [Request] = []
        var done: [SpeechOutcome] = []
        var issued = 0
        var closed = false
    }

    private let state = Mutex(State())
    /// One signal per request (and one to close): the speech thread sleeps on it.
    private let wake = DispatchSemaphore(value: 0)

    public init() {}

    /// Asks for `text` to be spoken with `voice`; returns at once.
    public func request(_ text: String, voice: String) -> SpeechToken {
        let token = state.withLock { state in
            state.issued += 1
            let token = SpeechToken(number: state.issued)
            state.waiting.append(Request(token: token, text: text, voice: voice))
            return token
        }
        wake.signal()
        return token
    }

    /// Drops every request not yet made into speech, and every outcome not yet collected.
    public func cancelAll() {
        state.withLock { state in
            state.waiting.removeAll()
            state.done.removeAll()
        }
    }

    /// The outcomes ready since the last call, oldest first; empty when none is (or the lock is busy).
    public func collect() -> [SpeechOutcome] {
        state.withLockIfAvailable { state in
            defer { state.done.removeAll() }
            return state.done
        } ?? []
    }

    // MARK: The speech thread's side

    /// The next request, waiting for one; nil once the queue is closed.
    func take() -> Request? {
        while true {
            wake.wait()
            let next: Request?? = state.withLock { state in
                if state.closed { return .some(nil) }
                return state.waiting.isEmpty ? nil : .some(state.waiting.removeFirst())
            }
            // A request cancelled after its signal leaves a signal with nothing behind it.
            if let next { return next }
        }
    }

    /// Hands an outcome back to the loop.
    func deliver(_ outcome: SpeechOutcome) {
        state.withLock { $0.done.append(outcome) }
    }

    /// Ends the speech thread once it has finished the synthesis under way.
    func close() {
        state.withLock { $0.closed = true }
        wake.signal()
    }
}

/// One thread that makes speech from the queue's requests, so the event loop never waits for it.
///
/// The thread owns the synthesiser: for espeak-ng, whose state is global, this thread makes every
/// espeak call of a session. It ends when the worker is released.
public final class SpeechWorker {
    public let queue = SpeechQueue()

    /// Starts the thread.
    public init(synthesiser: some SpeechSynthesiser) {
        let queue = self.queue
        let thread = Thread {
            while let request = queue.take() {
                let speech = Result { () throws(SpeechError) in
                    try synthesiser.synthesise(request.text, voice: request.voice)
                }
                queue.deliver(SpeechOutcome(token: request.token, speech: speech))
            }
        }
        thread.name = "speech"
        thread.start()
    }

    deinit { queue.close() }
}
