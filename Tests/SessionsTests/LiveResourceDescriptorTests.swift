import Foundation
import Recordings
import Sessions
import Testing

/// The live runtime's descriptor owners, each opened and let go a thousand times: the process's open
/// descriptors (`/proc/self/fd`) must be the same number after as before (issue 29, item 7).
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
        #expect(try Self.openDescriptors() == before)
    }

    @Test("SignalPipe: a signal reaches the open pipe, and closing puts back the handler that was there before")
    func signalPipeHandlers() throws {
        // SIGTERM ignored before the pipe, so a signal after the pipe is closed ends nothing.
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var original = sigaction()
        sigaction(SIGTERM, &ignore, &original)
        defer { sigaction(SIGTERM, &original, nil) }

        let outer = SignalPipe.install()
        let inner = SignalPipe.install()
        raise(SIGTERM)
        #expect(inner.take() == SIGTERM)
        #expect(outer.take() == nil)
        inner.close()
        // The outer pipe has the signals again once the inner one is done.
        raise(SIGTERM)
        #expect(outer.take() == SIGTERM)
        outer.close()
        #expect(outer.readEnd == -1)
        outer.close()

        var now = sigaction()
        sigaction(SIGTERM, nil, &now)
        #expect(unsafeBitCast(now.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
        raise(SIGTERM)
    }

    @Test("Journal: a thousand journals written and let go (removed or kept) leave no descriptor open")
    func journals() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("journal-fds-\(UUID().uuidString)").path
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
        #expect(try Self.openDescriptors() == before)
    }

    @Test("RecordingReader: a thousand readers of a recording file, read part way and let go, leave no descriptor open")
    func recordingReaders() throws {
        let path = Fixture.path(Fixture.cintiq)
        let before = try Self.openDescriptors()
        for _ in 0..<Self.rounds {
            let reader = try RecordingReader(path: path)
            _ = try reader.next()
        }
        #expect(try Self.openDescriptors() == before)
    }
}
