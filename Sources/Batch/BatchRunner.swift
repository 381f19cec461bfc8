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

    /// As `run(_:jobs:progress:eachAt:)`, handing each outcome to `deliver` on the calling thread, in the order
    /// of the inputs, as soon as it and every one before it are done, and keeping of it only its input and
    /// whether it failed: a table written as it is measured holds no more in memory over 30,000 inputs than over
    /// 30 (issue 34, item 5). No thread works more than `window` inputs past the oldest one not yet delivered,
    /// so the outputs waiting their turn behind a slow input are bounded too.
    public static func run<Output: Sendable>(
        _ inputs: [String], jobs: Int, progress: BatchProgress? = nil, window: Int? = nil,
        eachAt work: @escaping @Sendable (Int, String) throws -> Output,
        inOrder deliver: (BatchOutcome<Output>) -> Void
    ) -> [BatchOutcome<Void>] {
        let one: @Sendable (Int) -> BatchOutcome<Output> = { index in
            let outcome = BatchOutcome(input: inputs[index], result: Result { try work(index, inputs[index]) })
            progress?.done(failed: outcome.failed)
            return outcome
        }
        var kept: [BatchOutcome<Void>] = []
        kept.reserveCapacity(inputs.count)
        func handOver(_ outcome: BatchOutcome<Output>) {
            kept.append(BatchOutcome<Void>(input: outcome.input, result: outcome.result.map { _ in () }))
            deliver(outcome)
        }
        let threads = min(max(1, jobs), inputs.count)
        if threads <= 1 {
            for index in inputs.indices { handOver(one(index)) }
        } else {
            // The window is at least the threads, so the input the caller waits for has always been taken.
            let queue = OrderedOutcomes<BatchOutcome<Output>>(
                count: inputs.count, window: max(threads, window ?? 4 * threads))
            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: threads) { _ in
                    while let index = queue.take() { queue.put(index, one(index)) }
                }
            }
            for index in inputs.indices { handOver(queue.value(at: index)) }
        }
        progress?.finish()
        return kept
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

    /// The outcomes of inputs worked on by several threads and handed out in order: a thread takes the next
    /// input unless it is `window` past the oldest not handed out, and waits until it is not.
    final class OrderedOutcomes<Value: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        private let count: Int
        private let window: Int
        private var taken = 0
        private var handedOut = 0
        private var done: [Int: Value] = [:]

        init(count: Int, window: Int) {
            self.count = count
            self.window = window
        }

        /// The next input to work on, after waiting for room in the window; nil when every input is taken.
        func take() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while taken < count && taken >= handedOut + window { condition.wait() }
            guard taken < count else { return nil }
            taken += 1
            return taken - 1
        }

        /// Keeps the outcome of input `index` until it is handed out.
        func put(_ index: Int, _ value: Value) {
            condition.lock()
            defer { condition.unlock() }
            done[index] = value
            condition.broadcast()
        }

        /// The outcome of input `index`, waited for; inputs are handed out once each, in order.
        func value(at index: Int) -> Value {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let value = done.removeValue(forKey: index) {
                    handedOut = index + 1
                    condition.broadcast()
                    return value
                }
                condition.wait()
            }
        }
    }
}
