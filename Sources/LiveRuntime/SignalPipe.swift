internal import Foundation
internal import Glibc
public import LinuxInput
public import StylusInput

/// SIGINT and SIGTERM turned into bytes on a non-blocking pipe, so a live loop's poll wakes for them.
///
/// The pipe owns both its ends and the handlers it installed: `close()` (or the owner letting it go)
/// puts back the handlers and the pipe that were there before and closes both ends, so a live loop
/// run again and again (a visit's tests, a calibration's rounds) leaves no descriptor behind.
public final class SignalPipe {
    /// The write end the handler writes to: a C signal handler captures nothing, so it reads a global.
    nonisolated(unsafe) static var writeEnd: Int32 = -1
    private static let signals = [SIGINT, SIGTERM]

    /// The end a loop polls and takes signals from; -1 once closed.
    public private(set) var readEnd: Int32
    private var ownWriteEnd: Int32
    private let previousWriteEnd: Int32

    /// Opens the pipe and installs the handlers of SIGINT and SIGTERM, which write to it.
    public init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        readEnd = ends[0]
        ownWriteEnd = ends[1]
        previousWriteEnd = Self.writeEnd
        Self.writeEnd = ends[1]
        for number in Self.signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalPipe.writeEnd, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
    }

    /// Installs the handlers; the returned pipe keeps them until it is closed or let go.
    public static func install() -> SignalPipe { SignalPipe() }

    deinit { close() }

    /// Puts back the previous write end, then closes both ends; a second call does nothing.
    ///
    /// The handlers stay: once a live loop has taken SIGINT and SIGTERM, a signal that comes while no
    /// pipe is open (between a visit's tests, say) is dropped, as it always was, rather than ending
    /// the process half way through writing a test's files. The write end is put back first, so a
    /// signal arriving meanwhile never writes to a descriptor number that a later `open` may reuse.
    public func close() {
        guard readEnd >= 0 else { return }
        if Self.writeEnd == ownWriteEnd { Self.writeEnd = previousWriteEnd }
        _ = Glibc.close(readEnd)
        _ = Glibc.close(ownWriteEnd)
        readEnd = -1
        ownWriteEnd = -1
    }

    /// One wait of a live loop on this pipe and `source` (see `wait(_:for:node:timeout:)`).
    public func wait(for source: any PenEventSource, node: String, timeout: Int32) throws(LiveInputError) -> Bool {
        try Self.wait(readEnd, for: source, node: node, timeout: timeout)
    }

    /// Sleeps for `duration` unless a signal comes first; true when one came. Whole milliseconds are
    /// waited in poll(2), which a signal ends; the rest (under 1 ms) in nanosleep, to keep a 266 Hz
    /// pen's 3.76 ms intervals.
    public func sleep(for duration: EventDuration) -> Bool {
        let microseconds = max(0, duration.microseconds)
        var fds = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)]
        _ = poll(&fds, nfds_t(fds.count), Int32(clamping: microseconds / 1_000))
        if fds[0].revents & Int16(POLLIN) != 0 { return true }
        var rest = timespec(tv_sec: 0, tv_nsec: Int(microseconds % 1_000) * 1_000)
        _ = nanosleep(&rest, nil)
        return false
    }

    /// The signal waiting on this pipe, if any.
    public func take() -> Int32? { Self.take(from: readEnd) }

    /// One wait of a live loop, the same for `record` and the calibrate commands: poll(2) on the
    /// pipe's read end `pipe` and on `source`'s descriptor (skipped while it is -1: an unplugged
    /// tablet, a feed) for up to `timeout` milliseconds (-1: until one is ready). Returns true
    /// when a signal is waiting; an interrupted wait returns as a timeout does.
    public static func wait(_ pipe: Int32, for source: any PenEventSource, node: String, timeout: Int32)
        throws(LiveInputError) -> Bool
    {
        var fds = [
            pollfd(fd: pipe, events: Int16(POLLIN), revents: 0),
            pollfd(fd: source.fileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR {
            throw .readFailed(node: node, reason: String(cString: strerror(errno)))
        }
        return fds[0].revents & Int16(POLLIN) != 0
    }

    /// The signal waiting on the pipe's read end `pipe`, if any.
    public static func take(from pipe: Int32) -> Int32? {
        var signal: UInt8 = 0
        return read(pipe, &signal, 1) == 1 ? Int32(signal) : nil
    }
}
