import Foundation
import Recordings
import StylusInput
import Testing

/// The journal's disk-full and I/O-error path: the test stops with a message that says what failed
/// and what to do, the journal refuses every later write, and a failed fsync is never retried.
@Suite("Journal errors")
struct JournalErrorTests {
    static let header = RecordingHeader(
        format: .evemu(.current), kernel: "6.1.0", deviceNode: "/dev/input/event7",
        device: DeviceDescription(
            name: "Test Pen", id: InputID(bustype: 3, vendor: 0x56a, product: 0x4200, version: 1), properties: [],
            codes: [.synchronization: [], .key: [330], .absolute: [0, 1]],
            absInfo: [
                0: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                1: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            ]))

    /// Counts fsync calls; fails them with `errno` when `failWith` is set.
    final class SyncCounter: @unchecked Sendable {
        var calls = 0
        var failWith: Int32?
        func sync(_ fd: Int32) -> Int32 {
            calls += 1
            if let failWith {
                errno = failWith
                return -1
            }
            return fsync(fd)
        }
    }

    static let event = InputEvent(time: EventTime(microseconds: 1_000), type: .absolute, code: 0, value: 5)

    func temporaryFile() throws -> (path: String, fd: Int32) {
        let path = NSTemporaryDirectory() + "journal-\(UUID().uuidString).evemu"
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        return (path, fd)
    }

    @Test("/dev/full: the header write fails with ENOSPC, the message says so and what to do, no fsync is tried")
    func devFullHeader() throws {
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        let counter = SyncCounter()
        do {
            _ = try Journal(
                path: "/dev/full", fileDescriptor: fd, header: Self.header, now: EventTime(microseconds: 0),
                calls: SystemCalls(write: SystemCalls.system.write, fsync: counter.sync))
            Issue.record("a journal on /dev/full was created")
        } catch let error as JournalError {
            // strerror(ENOSPC) in glibc.
            #expect(
                error.description.hasPrefix(
                    "Writing the journal /dev/full failed: the disk is full (No space left on device). The test was stopped;"
                ))
            #expect(error.description.contains("`styluskit recover /dev/full`"))
        }
        #expect(counter.calls == 0)
    }

    @Test(
        "Disk full after the header: the append fails, every later write and sync throws the same error without touching the disk"
    )
    func diskFullLater() throws {
        let (path, fd) = try temporaryFile()
        defer { unlink(path) }
        let counter = SyncCounter()
        let journal = try Journal(
            path: path, fileDescriptor: fd, header: Self.header, now: EventTime(microseconds: 0),
            calls: SystemCalls(write: SystemCalls.system.write, fsync: counter.sync))
        #expect(counter.calls == 1)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_size > 0)
        // The journal's descriptor now writes to /dev/full: the next write gets ENOSPC.
        let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(full >= 0)
        #expect(dup2(full, fd) == fd)
        close(full)
        var first: JournalError?
        do { try journal.append([Self.event], now: EventTime(microseconds: 300_000)) } catch let error as JournalError {
            first = error
        }
        let failure = try #require(first)
        #expect(failure.description.contains("failed: the disk is full (No space left on device)."))
        for attempt in 0..<3 {
            let later = EventTime(microseconds: 400_000 + Int64(attempt) * 300_000)
            #expect(throws: JournalError.self) { try journal.append([Self.event], now: later) }
            #expect(throws: JournalError.self) { try journal.control(.continue(later), now: later) }
            #expect(throws: JournalError.self) { try journal.sync(now: later) }
            #expect(throws: JournalError.self) { try journal.syncIfDue(now: later) }
        }
        #expect(counter.calls == 1, "fsync was called after the write error")
        do { try journal.sync(now: EventTime(microseconds: 9_000_000)) } catch let error as JournalError {
            #expect(error.description == failure.description)
        }
    }

    @Test("A failed fsync (EIO) is reported once and never retried; the file keeps what was written before")
    func fsyncErrorNotRetried() throws {
        let (path, fd) = try temporaryFile()
        defer { unlink(path) }
        let counter = SyncCounter()
        let journal = try Journal(
            path: path, fileDescriptor: fd, header: Self.header, now: EventTime(microseconds: 0),
            calls: SystemCalls(write: SystemCalls.system.write, fsync: counter.sync))
        counter.failWith = EIO
        var caught: JournalError?
        do { try journal.control(.continue(EventTime(microseconds: 5)), now: EventTime(microseconds: 5)) } catch let
            error as JournalError
        {
            caught = error
        }
        let failure = try #require(caught)
        #expect(
            failure.description
                == "Writing the journal \(path) failed: the disk reported an input/output error (Input/output error); it may be failing. "
                + "The test was stopped; the journal keeps everything written before the error. "
                + "Copy the journal to another disk, then run `styluskit recover` on the copy.")
        #expect(counter.calls == 2)
        counter.failWith = nil
        #expect(throws: JournalError.self) { try journal.sync(now: EventTime(microseconds: 10_000_000)) }
        #expect(throws: JournalError.self) {
            try journal.append([Self.event], now: EventTime(microseconds: 10_000_000))
        }
        #expect(counter.calls == 2, "fsync was retried after it failed")
        // The control line was written before the fsync failed; nothing after it was.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("# StylusKit control: continue 0.000005\n"))
        #expect(text.hasPrefix("# EVEMU 1.3\n"))
    }
}
