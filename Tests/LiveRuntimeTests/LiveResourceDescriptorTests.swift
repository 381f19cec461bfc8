import Foundation
import LiveRuntime
import Recordings
import StylusInput
import Testing

/// The live runtime's descriptor owners, each opened and let go a thousand times: the process's open
/// descriptors (`/proc/self/fd`) must not grow (issue 29, item 7). Other suites run in parallel in the
/// same process and open files of their own, so the check allows a few of theirs, far fewer than the
/// thousand (or two thousand) a leak of one descriptor a round leaves.
@Suite("Live resources' descriptors", .serialized)
struct LiveResourceDescriptorTests {
    static let rounds = 1_000

    /// The number of descriptors the process has open now.
    static func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    @Test("SignalPipe: a thousand pipes opened and closed (by close() and by letting go) leave no descriptor open")
    func signalPipes() throws {
        let before = try Self.openDescriptors()
        for round in 0..<Self.rounds {
            let signals = SignalPipe.install()
            #expect(signals.readEnd >= 0)
            // Half closed by their owner, half by being let go.
            if round.isMultiple(of: 2) { signals.close() }
        }
        let grown = try Self.openDescriptors() - before
        #expect(grown < Self.rounds / 20, "\(grown) more descriptors open")
    }

    /// The signal on `pipe`, waiting up to a second for it: the handler may run on another thread.
    static func signalled(_ pipe: SignalPipe) -> Int32? {
        var ready = [pollfd(fd: pipe.readEnd, events: Int16(POLLIN), revents: 0)]
        _ = poll(&ready, 1, 1_000)
        return pipe.take()
    }

    @Test(
        "SignalPipe: a signal reaches the innermost open pipe, and once every pipe is closed it is dropped, ending nothing"
    )
    func signalPipeHandlers() throws {
        // SIGTERM ignored before the pipe, so that a broken handler could not end the test run.
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var original = sigaction()
        sigaction(SIGTERM, &ignore, &original)
        defer { sigaction(SIGTERM, &original, nil) }
        // The test runner's threads may block SIGTERM; this one takes it while the test runs.
        var terminate = sigset_t()
        sigemptyset(&terminate)
        sigaddset(&terminate, SIGTERM)
        var blocked = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &terminate, &blocked)
        defer { pthread_sigmask(SIG_SETMASK, &blocked, nil) }

        let outer = SignalPipe.install()
        let inner = SignalPipe.install()
        raise(SIGTERM)
        #expect(Self.signalled(inner) == SIGTERM)
        #expect(outer.take() == nil)
        inner.close()
        // The outer pipe has the signals again once the inner one is done.
        raise(SIGTERM)
        #expect(Self.signalled(outer) == SIGTERM)
        outer.close()
        #expect(outer.readEnd == -1)
        outer.close()

        // No pipe is open: the handler stays and drops the signal (SIG_IGN above only guards a failure).
        var now = sigaction()
        sigaction(SIGTERM, nil, &now)
        #expect(unsafeBitCast(now.__sigaction_handler.sa_handler, to: Int.self) != unsafeBitCast(SIG_IGN, to: Int.self))
        raise(SIGTERM)
        let later = SignalPipe.install()
        #expect(later.take() == nil)
        later.close()
    }

    @Test("Journal: a thousand journals written and let go (removed or kept) leave no descriptor open")
    func journals() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "journal-fds-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let header = try RecordingReader(path: Fixture.path(Fixture.cintiq)).header
        let start = EventTime(microseconds: 1_000_000)
        let before = try Self.openDescriptors()
        for round in 0..<Self.rounds {
            let journal = try Journal(directory: directory, name: "live-\(round)", header: header, now: start)
            try journal.control(.begin(start), now: start)
            if round.isMultiple(of: 2) { journal.remove() }
        }
        let grown = try Self.openDescriptors() - before
        #expect(grown < Self.rounds / 20, "\(grown) more descriptors open")
    }

    @Test("RecordingReader: a thousand readers of a recording file, read part way and let go, leave no descriptor open")
    func recordingReaders() throws {
        let path = Fixture.path(Fixture.cintiq)
        let before = try Self.openDescriptors()
        for _ in 0..<Self.rounds {
            let reader = try RecordingReader(path: path)
            _ = try reader.next()
        }
        let grown = try Self.openDescriptors() - before
        #expect(grown < Self.rounds / 20, "\(grown) more descriptors open")
    }
}

/// The repository's fixtures.
private enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// A real Wacom Cintiq 13HD's recording.
    static let cintiq = "Fixtures/recordings/real/Wacom-Cintiq-13HD-touch-Pen.events"
}
