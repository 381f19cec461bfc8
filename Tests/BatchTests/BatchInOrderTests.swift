import Batch
import Foundation
import Testing

/// `BatchRunner.run(_:jobs:progress:window:eachAt:inOrder:)`: outcomes handed over in the inputs' order as they
/// are done, so a command can write each one and keep nothing (issue 34, item 5).
@Suite("Batch: outcomes handed over in order as they are done")
struct BatchInOrderTests {
    /// What the work and the delivery did, in the order they did it, from any thread.
    final class Log: @unchecked Sendable {
        enum Entry: Equatable {
            case started(Int)
            case delivered(Int)
        }
        private let lock = NSLock()
        private var entries: [Entry] = []

        func started(_ index: Int) { lock.withLock { entries.append(.started(index)) } }
        func delivered(_ index: Int) { lock.withLock { entries.append(.delivered(index)) } }
        var all: [Entry] { lock.withLock { entries } }
    }

    struct Refusal: Error {}

    @Test("With one job, each input is delivered before the next is worked on, a failure kept as such")
    func oneJob() {
        let log = Log()
        let inputs = (0..<20).map { "input-\($0)" }
        var outputs: [String] = []
        let kept = BatchRunner.run(
            inputs, jobs: 1,
            eachAt: { index, input in
                log.started(index)
                if index == 7 { throw Refusal() }
                return input.uppercased()
            },
            inOrder: { outcome in
                log.delivered(inputs.firstIndex(of: outcome.input) ?? -1)
                if let output = try? outcome.result.get() { outputs.append(output) }
            })
        #expect(log.all == inputs.indices.flatMap { [Log.Entry.started($0), .delivered($0)] })
        #expect(outputs == inputs.filter { $0 != "input-7" }.map { $0.uppercased() })
        #expect(kept.map(\.input) == inputs)
        #expect(kept.map(\.failed) == inputs.indices.map { $0 == 7 })
    }

    @Test(
        "With several jobs, outcomes come in the inputs' order, and no input is begun a window past the oldest undelivered"
    )
    func severalJobs() {
        let log = Log()
        let inputs = (0..<300).map(String.init)
        let window = 6
        var delivered: [String] = []
        let kept = BatchRunner.run(
            inputs, jobs: 3, window: window,
            eachAt: { index, _ in
                log.started(index)
                // Slow inputs, so the faster threads run ahead of them and wait at the window's edge.
                if index % 37 == 0 { usleep(20_000) }
                return index
            },
            inOrder: { outcome in
                #expect((try? outcome.result.get()) == Int(outcome.input))
                delivered.append(outcome.input)
                log.delivered(delivered.count - 1)
            })
        #expect(delivered == inputs)
        #expect(kept.map(\.input) == inputs && !kept.contains { $0.failed })
        // An input is begun only when fewer than `window` are taken and undelivered; the caller may have
        // taken one outcome whose delivery is not logged yet, hence the one more.
        var deliveredSoFar = 0
        var latest = 0
        for entry in log.all {
            switch entry {
            case .delivered: deliveredSoFar += 1
            case .started(let index):
                #expect(index < deliveredSoFar + window + 1, "input \(index) begun with \(deliveredSoFar) delivered")
                latest = max(latest, index)
            }
        }
        #expect(latest == inputs.count - 1)
    }
}
