import Foundation
import Testing

@testable import ADF

/// A disk that misbehaves on cue: every write, pwrite, pread and fsync of the recorder goes
/// through it, and a rule per call decides (by the call's number, from 1) whether it is cut
/// short, interrupted (EINTR) or fails with an errno. Calls it lets through reach libc.
///
/// write(2) carries the document (libxml2's output), pwrite(2) and pread(2) the spools.
final class FaultyDisk: @unchecked Sendable {
    enum Fault {
        /// Write at most half the bytes (at least 1), as a disk filling up or a signal would.
        case short
        /// Write nothing and fail with EINTR, as a signal arriving before any byte was written.
        case interrupt
        /// Fail with this errno.
        case fail(Int32)
    }

    var writeRule: (Int) -> Fault? = { _ in nil }
    var spoolWriteRule: (Int) -> Fault? = { _ in nil }
    var syncRule: (Int) -> Fault? = { _ in nil }
    var readRule: (Int) -> Fault? = { _ in nil }
    private(set) var writes = 0
    private(set) var spoolWrites = 0
    private(set) var syncs = 0
    private(set) var reads = 0
    /// Faults actually injected, by kind: proof that a test exercised what it claims.
    private(set) var shortened = 0
    private(set) var interrupted = 0
    private(set) var failed = 0

    var calls: FileCalls {
        FileCalls(
            write: { fd, bytes, count in
                self.writes += 1
                return self.apply(self.writeRule(self.writes), count) { Glibc.write(fd, bytes, $0) }
            },
            pwrite: { fd, bytes, count, offset in
                self.spoolWrites += 1
                return self.apply(self.spoolWriteRule(self.spoolWrites), count) { Glibc.pwrite(fd, bytes, $0, offset) }
            },
            pread: { fd, bytes, count, offset in
                self.reads += 1
                return self.apply(self.readRule(self.reads), count) { Glibc.pread(fd, bytes, $0, offset) }
            },
            fsync: { fd in
                self.syncs += 1
                return Int32(self.apply(self.syncRule(self.syncs), 1) { _ in Int(Glibc.fsync(fd)) })
            })
    }

    private func apply(_ fault: Fault?, _ count: Int, _ real: (Int) -> Int) -> Int {
        switch fault {
        case nil:
            return real(count)
        case .short:
            shortened += 1
            return real(max(1, count / 2))
        case .interrupt:
            interrupted += 1
            errno = EINTR
            return -1
        case .fail(let code):
            failed += 1
            errno = code
            return -1
        }
    }
}

/// Faults injected under the results writer (spools, libxml2's output, fsync): short writes and
/// EINTR are survived without a trace, ENOSPC and EIO leave nothing under the final name and no
/// temporary file, say what happened and what to do, and lose nothing the recorder was given.
@Suite("Results writer under faults")
struct FaultInjectionTests {
    /// Points per stroke and strokes: 3 × 1500 points fill the points spool past three of its
    /// 64 KiB chunks (1365 points each), so spool writes and reads happen mid-session.
    static let strokes = 3
    static let pointsPerStroke = 1500

    /// Records the same two-step clock session into `recorder`.
    static func record(_ recorder: ADFRecorder) throws {
        var time = 1_700_000_000_000.0
        for (step, name) in ["clockStep-command", "clockStep-copy"].enumerated() {
            try recorder.beginStep(name, start: StepMark(unixMilliseconds: time))
            for stroke in 0..<strokes {
                try recorder.beginStroke(unixMilliseconds: time)
                for i in 0..<pointsPerStroke {
                    time += 5
                    try recorder.addPoint(point(step: step, stroke: stroke, index: i, time: time))
                }
                try recorder.endStroke(unixMilliseconds: time)
            }
            time += 1000
            try recorder.endStep(StepMark(unixMilliseconds: time))
        }
    }

    static func point(step: Int, stroke: Int, index: Int, time: Double) -> PenPoint {
        PenPoint(
            x: Double(index) * 0.25, y: Double(step * 100 + stroke), altitude: 1.2, azimuth: 0.5,
            force: 0.75, unixMilliseconds: time)
    }

    static let totalPoints = 2 * strokes * pointsPerStroke

    /// The file the session gives on a healthy disk.
    static func reference(in directory: ScratchDirectory) throws -> Data {
        let path = directory.file("reference.csk")
        let recorder = try ADFRecorder(destination: path, variant: .clock)
        try record(recorder)
        try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// `<point ` elements in the file, counted on its text (not through our reader).
    static func pointElements(_ path: String) throws -> Int {
        try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "<point ").count - 1
    }

    @Test("Short writes on every other call (spools and document): the file is byte for byte the healthy disk's")
    func shortWrites() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let reference = try Self.reference(in: directory)
        let disk = FaultyDisk()
        disk.writeRule = { $0 % 2 == 1 ? .short : nil }
        disk.spoolWriteRule = { $0 % 2 == 1 ? .short : nil }
        disk.readRule = { $0 % 2 == 1 ? .short : nil }
        let path = directory.file("t.csk")
        let recorder = try ADFRecorder(destination: path, variant: .clock, calls: disk.calls)
        try Self.record(recorder)
        try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        #expect(disk.shortened > 10, "only \(disk.shortened) short writes and reads were injected")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == reference)
        #expect(try directory.contents() == ["t.csk"])
    }

    @Test("EINTR on every other write, read and fsync: retried, the file is byte for byte the healthy disk's")
    func interruptedCalls() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let reference = try Self.reference(in: directory)
        let disk = FaultyDisk()
        disk.writeRule = { $0 % 2 == 1 ? .interrupt : nil }
        disk.spoolWriteRule = { $0 % 2 == 1 ? .interrupt : nil }
        disk.readRule = { $0 % 2 == 1 ? .interrupt : nil }
        disk.syncRule = { $0 == 1 ? .interrupt : nil }
        let path = directory.file("t.csk")
        let recorder = try ADFRecorder(destination: path, variant: .clock, calls: disk.calls)
        try Self.record(recorder)
        try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        #expect(disk.interrupted > 10, "only \(disk.interrupted) EINTRs were injected")
        // The first fsync was interrupted and retried.
        #expect(disk.syncs == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == reference)
        #expect(try directory.contents() == ["t.csk"])
    }

    @Test(
        "ENOSPC while the document is written: nothing under the final name, no temporary file, the message says what to do; freed, finish writes every point"
    )
    func diskFullAtFinish() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let reference = try Self.reference(in: directory)
        let disk = FaultyDisk()
        let path = directory.file("t.csk")
        let recorder = try ADFRecorder(destination: path, variant: .clock, calls: disk.calls)
        try Self.record(recorder)
        // The disk fills after the document's first three writes (libxml2 writes 4 KB at a time).
        disk.writeRule = { $0 > 3 ? .fail(ENOSPC) : nil }
        var caught: ADFError?
        do {
            try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        } catch let error as ADFError {
            caught = error
        }
        let error = try #require(caught)
        #expect(disk.failed > 0)
        #expect(
            error.description
                == "Could not write \(path): the disk is full (No space left on device). No results file was kept "
                + "under that name; free space on the disk that holds \(directory.path) (or choose another directory), "
                + "then try again.")
        #expect(try directory.contents() == [], "a partial or temporary file was left")
        disk.writeRule = { _ in nil }
        try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == reference)
        #expect(try Self.pointElements(path) == Self.totalPoints)
    }

    @Test(
        "ENOSPC on a spool mid-session: addPoint says so; freed, the same point goes in again and nothing is lost or doubled"
    )
    func diskFullInSpool() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let reference = try Self.reference(in: directory)
        let disk = FaultyDisk()
        // The first spool write (the first full 64 KiB chunk) is cut short, then the disk is full.
        disk.spoolWriteRule = { $0 == 1 ? .short : .fail(ENOSPC) }
        let path = directory.file("t.csk")
        let recorder = try ADFRecorder(destination: path, variant: .clock, calls: disk.calls)
        var failures: [ADFError] = []
        var time = 1_700_000_000_000.0
        for (step, name) in ["clockStep-command", "clockStep-copy"].enumerated() {
            try recorder.beginStep(name, start: StepMark(unixMilliseconds: time))
            for stroke in 0..<Self.strokes {
                try recorder.beginStroke(unixMilliseconds: time)
                for i in 0..<Self.pointsPerStroke {
                    time += 5
                    let point = Self.point(step: step, stroke: stroke, index: i, time: time)
                    do {
                        try recorder.addPoint(point)
                    } catch let error as ADFError {
                        // Space is freed: the caller gives the same point again.
                        failures.append(error)
                        disk.spoolWriteRule = { _ in nil }
                        try recorder.addPoint(point)
                    }
                }
                try recorder.endStroke(unixMilliseconds: time)
            }
            time += 1000
            try recorder.endStep(StepMark(unixMilliseconds: time))
        }
        try #require(failures.count == 1)
        #expect(
            failures[0].description
                == "Could not write the points spool of \(path): the disk is full (No space left on device). No results "
                + "file was kept under that name; free space on the disk that holds \(directory.path) (or choose another "
                + "directory), then try again.")
        #expect(disk.shortened == 1 && disk.failed == 1)
        try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == reference)
    }

    @Test(
        "EIO from fsync before the move: nothing under the final name, no temporary file, the message says the disk may be failing"
    )
    func ioErrorOnSync() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let disk = FaultyDisk()
        disk.syncRule = { $0 == 1 ? .fail(EIO) : nil }
        let path = directory.file("t.csk")
        let recorder = try ADFRecorder(destination: path, variant: .clock, calls: disk.calls)
        try Self.record(recorder)
        #expect(
            throws: ADFError.fileSystem(
                operation: "flush to disk", path: path, errno: EIO, reason: "Input/output error")
        ) {
            try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        }
        #expect(
            ADFError.fileSystem(operation: "flush to disk", path: path, errno: EIO, reason: "Input/output error")
                .description
                == "Could not flush to disk \(path): the disk reported an input/output error (Input/output error); it may "
                + "be failing. No results file was kept under that name; write to another disk, then try again.")
        #expect(try directory.contents() == [])
        // Another disk (here: the same one, healthy again): every point is still there.
        try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        #expect(try Self.pointElements(path) == Self.totalPoints)
    }

    @Test("EIO from a write of the document: reported as the disk's error, not libxml2's")
    func ioErrorOnWrite() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let disk = FaultyDisk()
        let path = directory.file("t.csk")
        let recorder = try ADFRecorder(destination: path, variant: .clock, calls: disk.calls)
        try Self.record(recorder)
        disk.writeRule = { $0 == 2 ? .fail(EIO) : nil }
        #expect(throws: ADFError.fileSystem(operation: "write", path: path, errno: EIO, reason: "Input/output error")) {
            try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        }
        #expect(try directory.contents() == [])
    }

    @Test(
        "A real full disk (a 160 KiB tmpfs when root, else /dev/full): nothing under the final name, no temporary file")
    func realFullDisk() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let small = directory.file("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        let mounted = mount("tmpfs", small, "tmpfs", 0, "size=160k,mode=0700") == 0
        defer { if mounted { _ = umount(small) } }
        // Without root, the writes go to /dev/full: the kernel's ENOSPC all the same.
        var calls = FileCalls.system
        if !mounted {
            let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
            try #require(full >= 0)
            calls.write = { _, bytes, count in Glibc.write(full, bytes, count) }
            calls.pwrite = { _, bytes, count, _ in Glibc.write(full, bytes, count) }
        }
        let path = small + "/t.csk"
        let recorder = try ADFRecorder(destination: path, variant: .clock, calls: calls)
        // 2 × 3 × 1500 points: a 432 KB points spool (48 bytes a point), which alone overflows
        // 160 KiB: a spool write fails mid-session.
        var caught: ADFError?
        do {
            try Self.record(recorder)
            try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        } catch let error as ADFError {
            caught = error
        }
        let error = try #require(caught, "a results file fit on a full disk")
        #expect(
            error.description.contains(
                ": the disk is full (No space left on device). No results file was kept under that name; free space on the disk that holds \(small)"
            ))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: small) == [], "a partial or temporary file was left")
    }

    @Test("A killed writer's temporary files are removed by the next recorder of that name; a live writer's are not")
    func staleTemporaries() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        // pid 2^22 + 1 is above Linux's pid_max limit (2^22): no process can have it.
        let dead = Int32(4_194_305)
        let names = [".t.csk.writing-\(dead)-1", ".t.csk.points-\(dead)-1", ".t.csk.motion-\(dead)-3"]
        for name in names {
            _ = FileManager.default.createFile(atPath: directory.file(name), contents: Data("partial".utf8))
        }
        // A live writer's: this process's pid, and another name's, and a results file.
        let kept = [".t.csk.writing-\(getpid())-1", ".u.csk.writing-\(dead)-1", "t.csk.bak", ".t.csk.notes"]
        for name in kept { _ = FileManager.default.createFile(atPath: directory.file(name), contents: Data()) }
        let recorder = try ADFRecorder(destination: directory.file("t.csk"), variant: .clock)
        #expect(try directory.contents() == kept.sorted())
        // A temporary file whose writer holds the lock is kept even if its pid looks dead.
        let locked = directory.file(".t.csk.writing-\(dead)-2")
        let fd = open(locked, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        _ = try ADFRecorder(destination: directory.file("t.csk"), variant: .clock)
        #expect(FileManager.default.fileExists(atPath: locked))
        try recorder.beginStep("clockStep-command", start: StepMark(unixMilliseconds: 1))
        try recorder.endStep(StepMark(unixMilliseconds: 2))
        try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        #expect(try directory.contents() == (kept + ["t.csk", ".t.csk.writing-\(dead)-2"]).sorted())
    }

    @Test(
        "--force (replacing): ENOSPC at finish leaves the older results file as it was; freed, the new file replaces it"
    )
    func replacingKeepsOlderOnFailure() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let reference = try Self.reference(in: directory)
        let path = directory.file("t.csk")
        try "older results".write(toFile: path, atomically: false, encoding: .utf8)
        let disk = FaultyDisk()
        disk.writeRule = { $0 > 1 ? .fail(ENOSPC) : nil }
        let recorder = try ADFRecorder(destination: path, variant: .clock, replacing: true, calls: disk.calls)
        try Self.record(recorder)
        #expect(throws: ADFError.self) {
            try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "older results")
        #expect(try directory.contents() == ["t.csk"])
        disk.writeRule = { _ in nil }
        try recorder.finish(environment: ClockSketchData(), display: .referenceTablet)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == reference)
        #expect(try directory.contents() == ["t.csk"])
    }

    @Test("The other file system messages: read-only disk, any other errno, a directory that could not be flushed")
    func otherMessages() {
        #expect(
            ADFError.fileSystem(operation: "write", path: "/r/t.csk", errno: EROFS, reason: "Read-only file system")
                .description
                == "Could not write /r/t.csk: the disk is read-only (Read-only file system). Choose a writable directory, then try again."
        )
        #expect(
            ADFError.fileSystem(operation: "write", path: "/r/t.csk", errno: EACCES, reason: "Permission denied")
                .description
                == "Could not write /r/t.csk: Permission denied. Check that the directory exists, is writable and has free space."
        )
        #expect(
            ADFError.fileSystem(operation: "write", path: "/r/t.csk", errno: ENOSPC, reason: "No space left on device")
                .problem
                == "Could not write /r/t.csk: the disk is full (No space left on device)")
        #expect(
            Files.directorySyncFailure("/r/t.csk", EIO).description
                == "Could not flush to disk the directory entry of /r/t.csk: Input/output error; the file is complete, but a "
                + "power cut before the disk recovers could lose it. Check that the directory exists, is writable and has free space."
        )
    }
}
