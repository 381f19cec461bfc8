import Foundation
import TestSupport
import Testing

@testable import Recordings

/// `AtomicFileOutput` (convert's and synth's output) with faults injected under it: short writes
/// and EINTR leave the same file as a healthy disk; ENOSPC and EIO leave nothing under the final
/// name and no temporary file, and the message says what happened and what to do.
@Suite("Atomic output under faults")
struct AtomicOutputFaultTests {
    /// 3 MB of text: three 1 MiB flushes and a last one, each split further by short writes.
    static let content: [UInt8] = (0..<3_000_000).map { UInt8(truncatingIfNeeded: 32 + ($0 % 95)) }

    func write(through disk: FaultyDisk, to path: String) throws(RecordingError) {
        let output = try AtomicFileOutput(path: path, overwrite: false, calls: disk.calls)
        var offset = 0
        while offset < Self.content.count {
            let end = min(offset + 100_000, Self.content.count)
            try output.write(Array(Self.content[offset..<end]))
            offset = end
        }
        try output.commit()
    }

    @Test("Short writes (a third of what was asked, every other call): the file is complete")
    func shortWrites() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultyDisk()
        disk.writeFault = { $0 % 2 == 1 ? .short : nil }
        try write(through: disk, to: directory.path + "/out.evemu")
        // Three flushes (at 1.1 MB, 2.2 MB and the commit), each cut short once.
        #expect(disk.injected == 3)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: directory.path + "/out.evemu"))) == Self.content)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.evemu"])
    }

    @Test("EINTR on every other write and the first fsync: retried, the file is complete")
    func interrupted() throws {
        let directory = try TemporaryDirectory()
        let disk = FaultyDisk()
        disk.writeFault = { $0 % 2 == 1 ? .interrupt : nil }
        disk.syncFault = { $0 == 1 ? .interrupt : nil }
        try write(through: disk, to: directory.path + "/out.evemu")
        // Three flushes interrupted once each, and the first fsync; the file's fsync retried once, then the
        // folder's after the rename.
        #expect(disk.injected == 4)
        #expect(disk.syncs == 3)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: directory.path + "/out.evemu"))) == Self.content)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.evemu"])
    }

    @Test("ENOSPC after a short write: nothing under the final name, no temporary file, the message names the file")
    func diskFull() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.evemu"
        let disk = FaultyDisk()
        disk.writeFault = { $0 == 2 ? .short : $0 > 2 ? .fail(ENOSPC) : nil }
        var caught: RecordingError?
        do { try write(through: disk, to: path) } catch { caught = error }
        #expect(
            caught?.description
                == "\(path): writing failed: No space left on device; the new file was not written (nothing partial is left under its name):"
                + " free space on its disk (or fix its permissions), then run the command again")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }

    @Test("EIO from fsync: nothing under the final name (an old file stays as it was), no temporary file")
    func ioErrorOnSync() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/out.evemu"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        let disk = FaultyDisk()
        disk.syncFault = { _ in .fail(EIO) }
        var caught: RecordingError?
        do {
            let output = try AtomicFileOutput(path: path, overwrite: true, calls: disk.calls)
            try output.write(Self.content)
            try output.commit()
        } catch { caught = error }
        #expect(caught == .writeFailed(file: path, reason: "Input/output error"))
        #expect(disk.syncs == 1, "a failed fsync was retried")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.evemu"])
    }

    @Test("A real full disk (a 256 KiB tmpfs when root, else /dev/full under the seam): nothing is left behind")
    func realFullFaultyDisk() throws {
        let directory = try TemporaryDirectory()
        let small = directory.path + "/small"
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        let mounted = mount("tmpfs", small, "tmpfs", 0, "size=256k,mode=0700") == 0
        defer { if mounted { _ = umount(small) } }
        let disk = FaultyDisk()
        var calls = disk.calls
        if !mounted {
            let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
            try #require(full >= 0)
            calls.write = { _, bytes, count in Glibc.write(full, bytes, count) }
        }
        let path = small + "/out.evemu"
        var caught: RecordingError?
        do {
            let output = try AtomicFileOutput(path: path, overwrite: false, calls: calls)
            try output.write(Self.content)
            try output.commit()
        } catch { caught = error }
        #expect(caught == .writeFailed(file: path, reason: "No space left on device"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: small) == [])
    }
}
