import Dispatch
import Foundation
public import StylusInput
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A live tablet read on a thread of its own, so that a session whose frames are slow to draw
/// (a software renderer, a loaded machine) never leaves the kernel's buffer to overflow.
///
/// The kernel keeps only a few dozen frames for each reader of an evdev node (about 60 ms of a
/// 200 Hz pen); a loop that reads, then draws for longer than that, loses samples to
/// `SYN_DROPPED`. Here the reader thread owns the `LiveTablet` (every libevdev call of it is made
/// on that thread), sleeps in poll(2) on the node and moves each batch into a buffer at once; the
/// session's loop polls `fileDescriptor` (a pipe that is readable while events wait) and takes
/// them with `read`, exactly as it would from the tablet itself. A `SYN_DROPPED` that still
/// happens is handled as `LiveTablet` handles it, and an unplug or a read error reaches the loop
/// after every event read before it.
public final class ReadAheadTablet: Sendable {
    public let node: String
    public let description: DeviceDescription
    public let anchor: ClockAnchor
    public let grabbed: Bool

    private struct Buffer {
        var events: [InputEvent] = []
        var drops: [DroppedEvents] = []
        /// How the reader thread ended: unplugged, or a read failure to hand to the loop.
        var ending: Result<LiveReadStatus, LiveInputError>?
        var endingDelivered = false
    }

    /// The events read ahead, shared with the reader thread.
    private final class Shared: Sendable {
        let buffer = Mutex(Buffer())
    }

    private let shared = Shared()
    /// Readable while events (or the ending) wait: the loop's descriptor.
    private let ready: (read: Int32, write: Int32)
    /// Written once to stop the reader thread.
    private let stop: (read: Int32, write: Int32)
    /// Signalled when the reader thread has closed the tablet.
    private let finished = DispatchSemaphore(value: 0)

    /// The descriptor to poll for events waiting.
    public var fileDescriptor: Int32 { ready.read }

    /// Opens `node` as `LiveTablet` does (the same checks, the same errors) and starts reading it.
    public convenience init(node: String, grab: Bool = false) throws(LiveInputError) {
        try self.init(tablet: LiveTablet(node: node, grab: grab))
    }

    /// Takes over `tablet`: from here on only the reader thread touches it.
    public init(tablet: LiveTablet) throws(LiveInputError) {
        node = tablet.node
        description = tablet.description
        anchor = tablet.anchor
        grabbed = tablet.grabbed
        guard let ready = Self.pipe(), let stop = Self.pipe() else {
            throw .readFailed(
                node: tablet.node,
                reason: "cannot create a pipe for the reader thread (\(String(cString: strerror(errno))))")
        }
        self.ready = ready
        self.stop = stop
        let reader = Reader(tablet: tablet, shared: shared, ready: ready.write, stop: stop.read, finished: finished)
        let thread = Thread { reader.run() }
        thread.name = "tablet " + tablet.node
        thread.start()
    }

    deinit {
        var byte: UInt8 = 1
        _ = write(stop.write, &byte, 1)
        // The tablet (its descriptor, its grab) is closed on the reader thread before this returns.
        finished.wait()
        for fd in [ready.read, ready.write, stop.read, stop.write] { close(fd) }
    }

    /// Every `SYN_DROPPED` read so far.
    public var drops: [DroppedEvents] { shared.buffer.withLock { $0.drops } }

    /// Appends the events read ahead (at most `limit`) to `events`; `.removed` once, after the last
    /// event read before the unplug; a read failure is thrown once, after the events before it.
    public func read(into events: inout [InputEvent], limit: Int = 4096) throws(LiveInputError) -> LiveReadStatus {
        // Empty the pipe first: the reader writes after appending, so nothing appended later goes unsignalled.
        var scratch = [UInt8](repeating: 0, count: 256)
        while Glibc.read(ready.read, &scratch, scratch.count) > 0 {}
        let outcome: Result<LiveReadStatus, LiveInputError> = shared.buffer.withLock { buffer in
            let taken = min(limit, buffer.events.count)
            events += buffer.events.prefix(taken)
            buffer.events.removeFirst(taken)
            if !buffer.events.isEmpty {
                wake(ready.write)
                return .success(.drained)
            }
            guard let ending = buffer.ending, !buffer.endingDelivered else { return .success(.drained) }
            buffer.endingDelivered = true
            return ending
        }
        return try outcome.get()
    }

    /// The reader thread's side: poll, read, hand over, until stopped, unplugged or failed.
    private final class Reader: @unchecked Sendable {
        /// Closed (set to nil) on the reader thread before `finished` is signalled.
        var tablet: LiveTablet?
        let shared: Shared
        let ready: Int32
        let stop: Int32
        let finished: DispatchSemaphore

        init(tablet: LiveTablet, shared: Shared, ready: Int32, stop: Int32, finished: DispatchSemaphore) {
            self.tablet = tablet
            self.shared = shared
            self.ready = ready
            self.stop = stop
            self.finished = finished
        }

        func run() {
            if let tablet { read(tablet) }
            tablet = nil
            finished.signal()
        }

        private func read(_ tablet: LiveTablet) {
            var batch: [InputEvent] = []
            batch.reserveCapacity(4096)
            while true {
                var fds = [
                    pollfd(fd: tablet.fileDescriptor, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
                ]
                let polled = poll(&fds, nfds_t(fds.count), -1)
                if polled < 0 && errno == EINTR { continue }
                if fds[1].revents != 0 { return }
                batch.removeAll(keepingCapacity: true)
                let outcome: Result<LiveReadStatus, LiveInputError>
                do throws(LiveInputError) {
                    outcome = .success(try tablet.read(into: &batch))
                } catch {
                    outcome = .failure(error)
                }
                let ended = outcome != .success(.drained)
                shared.buffer.withLock { buffer in
                    buffer.events += batch
                    buffer.drops = tablet.drops
                    if ended { buffer.ending = outcome }
                }
                if !batch.isEmpty || ended { wake(ready) }
                // Unplugged or failed: nothing more will come; wait to be stopped so the tablet closes here.
                if ended {
                    var stopFD = [pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
                    while poll(&stopFD, 1, -1) < 0 && errno == EINTR {}
                    return
                }
            }
        }
    }

    private static func pipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard Glibc.pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }
}

/// Makes the pipe readable; a write that fails on a full pipe is not needed, it is readable already.
private func wake(_ fd: Int32) {
    var byte: UInt8 = 1
    _ = write(fd, &byte, 1)
}
