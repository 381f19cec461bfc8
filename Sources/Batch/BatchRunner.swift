internal import Dispatch
internal import Foundation

/// What became of one input: its output, or the error that stopped it.
public struct BatchOutcome<Output: Sendable>: Sendable {
    public var input: String
    public var result: Result<Output, any Error>

    public var failed: Bool {
        if case .failure = result { return true }
        return false
    }
}

/// Runs a command's work on many inputs at once, keeping the outcomes in the order of the inputs.
public enum BatchRunner {
    /// The outcome of `work` on each of `inputs`, in their order, on up to `jobs` threads; an
    /// error stops only its own input. `progress` is told of each input done, from any thread.
    public static func run<Output: Sendable>(
        _ inputs: [String], jobs: Int, progress: BatchProgress? = nil,
        work: @escaping @Sendable (String) throws -> Output
    ) -> [BatchOutcome<Output>] {
        run(inputs, jobs: jobs, progress: progress, eachAt: { _, input in try work(input) })
    }

    /// As `run(_:jobs:progress:work:)`, for work that also needs the input's position (an output
    /// name chosen for the whole list beforehand).
    public static func run<Output: Sendable>(
        _ inputs: [String], jobs: Int, progress: BatchProgress? = nil,
        eachAt work: @escaping @Sendable (Int, String) throws -> Output
    ) -> [BatchOutcome<Output>] {
        let slots = Slots<BatchOutcome<Output>>(count: inputs.count)
        let one: @Sendable (Int) -> Void = { index in
            let outcome = BatchOutcome(input: inputs[index], result: Result { try work(index, inputs[index]) })
            slots.set(index, outcome)
            progress?.done(failed: outcome.failed)
        }
        let threads = min(max(1, jobs), inputs.count)
        if threads <= 1 {
            for index in inputs.indices { one(index) }
        } else {
            // Each thread takes the next input in turn; an input's slot is its position, so the
            // order of the outcomes does not depend on which thread finished first.
            let next = Counter()
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while let index = next.take(below: inputs.count) { one(index) }
            }
        }
        progress?.finish()
        return slots.values
    }

    /// The number of cores, the default of `--jobs`.
    public static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// One value per input, written from several threads under a lock.
    final class Slots<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Value?]

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ value: Value) {
            lock.lock()
            defer { lock.unlock() }
            slots[index] = value
        }

        var values: [Value] {
            lock.lock()
            defer { lock.unlock() }
            return slots.map { slot in
                guard let slot else {
                    preconditionFailure(
                        "a batch's results were read before every input's thread set its own: read them after the join")
                }
                return slot
            }
        }
    }

    /// The next index to work on, shared by the threads.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0

        func take(below count: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }
}
