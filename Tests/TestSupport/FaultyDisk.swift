import Foundation
package import Recordings

/// A disk that fails on cue: the system's write(2) and fsync(2) with faults applied by call number
/// (counted from 1), for the fault-injection tests of every writer built on `SystemCalls`.
package final class FaultyDisk: @unchecked Sendable {
    package enum Fault {
        /// The call writes a third of what it was asked (at least one byte), as a pipe or a signal may make it.
        case short
        /// The call fails with EINTR before doing anything.
        case interrupt
        /// The call fails with this errno (ENOSPC, EIO, ...).
        case fail(Int32)
    }

    package var writeFault: (Int) -> Fault? = { _ in nil }
    package var syncFault: (Int) -> Fault? = { _ in nil }
    package private(set) var writes = 0
    package private(set) var syncs = 0
    /// How many calls got a fault.
    package private(set) var injected = 0

    package init() {}

    package var calls: SystemCalls {
        SystemCalls(
            write: { fd, bytes, count in
                self.writes += 1
                return self.apply(self.writeFault(self.writes), count) { Foundation.write(fd, bytes, $0) }
            },
            fsync: { fd in
                self.syncs += 1
                return Int32(self.apply(self.syncFault(self.syncs), 1) { _ in Int(Foundation.fsync(fd)) })
            })
    }

    private func apply(_ fault: Fault?, _ count: Int, _ real: (Int) -> Int) -> Int {
        guard let fault else { return real(count) }
        injected += 1
        switch fault {
        case .short: return real(max(1, count / 3))
        case .interrupt:
            errno = EINTR
            return -1
        case .fail(let code):
            errno = code
            return -1
        }
    }
}
