import ADF
import Foundation
import LiveRuntime
import Recordings
import Sessions
import StylusInput
import TestSupport
import Testing

@testable import styluskit

/// The journal with faults injected under it (short writes, EINTR, a really full disk), and
/// `recover` on what a full disk left: every frame the journal holds comes back in the ADF.
@Suite("Journal under faults")
struct JournalFaultTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let recording = packageRoot.appendingPathComponent("Fixtures/recordings/real/dell_canvas_pen.evemu").path

    /// The recording's frames, each as the live loop hands it over (one batch per SYN_REPORT).
    static func frames() throws -> (RecordingHeader, [[InputEvent]]) {
        let reader = try RecordingReader(path: recording)
        var frames: [[InputEvent]] = []
        var frame: [InputEvent] = []
        while let event = try reader.next() {
            frame.append(event)
            if event.type == .synchronization && event.code == 0 {
                frames.append(frame)
                frame = []
            }
        }
        return (reader.header, frames)
    }

    /// Journals the recording's frames as `record` does (anchor and begin first, a continue in the
    /// middle); stops at the first error, which it returns.
    @discardableResult
    static func journal(
        to path: String, fileDescriptor fd: Int32, calls: SystemCalls = .system
    ) throws -> JournalError? {
        let (header, frames) = try frames()
        let start = frames[0][0].time
        do {
            let journal = try Journal(path: path, fileDescriptor: fd, header: header, now: start, calls: calls)
            try journal.control(.anchor(realtimeMicroseconds: 0, monotonicMicroseconds: 0), now: start)
            try journal.control(.begin(start), now: start)
            for (index, frame) in frames.enumerated() {
                let now = frame[0].time
                if index == frames.count / 2 { try journal.control(.continue(now), now: now) }
                try journal.append(frame, now: now)
            }
        } catch let error as JournalError {
            return error
        }
        return nil
    }

    static func create(_ path: String) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        try #require(fd >= 0, "cannot create \(path)")
        return fd
    }

    /// The whole journal on a healthy disk.
    static func reference(in directory: String) throws -> [UInt8] {
        let path = directory + "/reference.evemu"
        try #require(try journal(to: path, fileDescriptor: create(path)) == nil)
        defer { unlink(path) }
        return try Array(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func scratch() throws -> String {
        let path = NSTemporaryDirectory() + "journal-faults-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("Short writes on every other call: the journal is byte for byte the healthy disk's")
    func shortWrites() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reference = try Self.reference(in: directory)
        let disk = FaultyDisk()
        disk.writeFault = { $0 % 2 == 1 ? .short : nil }
        let path = directory + "/j.evemu"
        #expect(try Self.journal(to: path, fileDescriptor: Self.create(path), calls: disk.calls) == nil)
        #expect(disk.injected > 900)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == reference)
    }

    @Test("EINTR on every other write and fsync: retried, the journal is byte for byte the healthy disk's")
    func interrupted() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reference = try Self.reference(in: directory)
        let disk = FaultyDisk()
        disk.writeFault = { $0 % 2 == 1 ? .interrupt : nil }
        disk.syncFault = { $0 % 2 == 1 ? .interrupt : nil }
        let path = directory + "/j.evemu"
        #expect(try Self.journal(to: path, fileDescriptor: Self.create(path), calls: disk.calls) == nil)
        #expect(disk.injected > 900)
        #expect(disk.syncs > 4)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == reference)
    }

    /// Frames in contact among the complete lines of an evemu journal of the Dell Canvas pen,
    /// counted on the text, not through our reader, by libinput's rule (src/evdev-tablet.c): in
    /// proximity (BTN_TOOL_PEN), the tip goes down at pressure >= 5% of 0..4095 (204) and up at
    /// <= 1% (40).
    static func contactFrames(_ text: String) -> (frames: Int, contact: Int) {
        var pen = false
        var pressure = 0
        var down = false
        var frames = 0
        var contact = 0
        // A last line without its newline was cut off by the fault. Its event is whole if the cut
        // fell in the comment, after the tab the writer puts behind the value; otherwise it is no event.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if let last = lines.last, !last.contains("\t") { lines.removeLast() }
        for line in lines {
            // `E: <time> <type hex> <code hex> <value decimal>`, then a tab and a comment.
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 5, fields[0] == "E:", let value = Int(fields[4]) else { continue }
            switch (fields[2], fields[3]) {
            case ("0001", "0140"): pen = value != 0
            case ("0003", "0018"): pressure = value
            case ("0000", "0000"):
                frames += 1
                if !pen {
                    down = false
                } else if !down && pressure >= 204 {
                    down = true
                } else if down && pressure <= 40 {
                    down = false
                }
                if down { contact += 1 }
            default: break
            }
        }
        return (frames, contact)
    }

    /// The `styluskit` binary built beside this test bundle.
    static var styluskit: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("styluskit")
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = styluskit
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "The recording's contact frames by libinput's pressure rule are the points replay writes: the count recover is checked against"
    )
    func contactFramesArePoints() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = try String(contentsOfFile: Self.recording, encoding: .utf8)
        // awk (the same rule): 978 SYN_REPORT lines, 226 of them in contact.
        #expect(Self.contactFrames(text + "\n") == (978, 226))
        let replay = try Self.run(["replay", Self.recording, "--test", "clock", "--out", directory])
        try #require(replay.status == 0, "\(replay.output)")
        let adf = try String(contentsOfFile: directory + "/dell_canvas_pen.csk", encoding: .utf8)
        #expect(adf.components(separatedBy: "<point ").count - 1 == 226)
    }

    @Test(
        "A really full disk (a 168 KiB tmpfs when root, else /dev/full): the message says what to do, the journal keeps every byte before the fault, recover writes every contact frame"
    )
    func diskFullThenRecover() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reference = try Self.reference(in: directory)
        let small = directory + "/small"
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: false)
        // 168 KiB fill up in the recording's one stroke (6.6 s to 7.8 s, bytes 145 K to 191 K of 197 K).
        let mounted = mount("tmpfs", small, "tmpfs", 0, "size=168k,mode=0700") == 0
        defer { if mounted { _ = umount(small) } }
        let path = small + "/clock-20260101T000000Z.evemu"
        let fd = try Self.create(path)
        var calls = SystemCalls.system
        if !mounted {
            // The kernel's ENOSPC from the 870th write on (a frame in the stroke), through the seam.
            let full = open("/dev/full", O_WRONLY | O_CLOEXEC)
            try #require(full >= 0)
            final class Count: @unchecked Sendable { var writes = 0 }
            let count = Count()
            calls.write = { fd, bytes, size in
                count.writes += 1
                return Foundation.write(count.writes >= 870 ? full : fd, bytes, size)
            }
        }
        let failure = try #require(try Self.journal(to: path, fileDescriptor: fd, calls: calls), "the journal fit")
        #expect(
            failure.description
                == "Writing the journal \(path) failed: the disk is full (No space left on device). The test was stopped; "
                + "the journal keeps everything written before the error. Free space on the disk that holds \(small), "
                + "then run `styluskit recover \(path)`.")
        let kept = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(kept.count > 100_000 && kept.count < reference.count)
        #expect(Array(reference.prefix(kept.count)) == kept, "the journal is not what was written before the fault")
        let expected = Self.contactFrames(String(decoding: kept, as: UTF8.self))
        #expect(expected.frames > 100 && expected.contact > 0)
        // Space is freed elsewhere: recover writes the results there.
        let out = directory + "/recovered"
        let recovered = try Self.run(["recover", path, "--out", out])
        try #require(recovered.status == 0, "\(recovered.output)")
        let adf = try String(contentsOfFile: out + "/clock-20260101T000000Z.csk", encoding: .utf8)
        #expect(
            adf.components(separatedBy: "<point ").count - 1 == expected.contact,
            "the journal ends: \(String(decoding: kept.suffix(300), as: UTF8.self).debugDescription)")
        #expect(try Self.run(["adf", "validate", out + "/clock-20260101T000000Z.csk"]).status == 0)
    }

    @Test(
        "record's message when the results file fails: the ADF problem, the journal that keeps the session, and what to do"
    )
    func recordMessages() {
        let journal = "/data/clock-20260101T000000Z.evemu"
        let results = "/data/clock-20260101T000000Z.csk"
        let kept = "The session is safe in its journal \(journal), which keeps every event read. "
        #expect(
            LiveSessionError.resultsNotWritten(
                .fileSystem(operation: "write", path: results, errno: ENOSPC, reason: "No space left on device"),
                journal: journal
            ).description
                == "Could not write \(results): the disk is full (No space left on device). " + kept
                + "Free space on the disk that holds /data, then run `styluskit recover \(journal)`.")
        #expect(
            LiveSessionError.resultsNotWritten(
                .fileSystem(operation: "flush to disk", path: results, errno: EIO, reason: "Input/output error"),
                journal: journal
            ).description
                == "Could not flush to disk \(results): the disk reported an input/output error (Input/output error); it may be failing. "
                + kept + "Copy the journal to another disk, then run `styluskit recover` on the copy.")
        #expect(
            LiveSessionError.resultsNotWritten(.destinationExists(path: results), journal: journal).description
                == "A results file already exists at \(results). " + kept
                + "Run `styluskit recover \(journal) --out DIR` to write the results file into another directory.")
        #expect(
            LiveSessionError.resultsNotWritten(
                .xmlWriter("libxml2 could not end an element; the results file is incomplete and was not kept."),
                journal: journal
            ).description
                == "libxml2 could not end an element; the results file is incomplete and was not kept. " + kept
                + "Run `styluskit recover \(journal)` (with --out DIR to write elsewhere).")
    }

    @Test("The journal's message for another errno, and for one it cannot create")
    func otherJournalMessages() {
        #expect(
            JournalError.writeFailed(path: "/data/j.evemu", errno: EACCES, reason: "Permission denied").description
                == "Writing the journal /data/j.evemu failed: Permission denied. The test was stopped; the journal keeps everything "
                + "written before the error. Fix the cause (space, permissions, the disk), then run `styluskit recover /data/j.evemu`."
        )
        #expect(
            JournalError.cannotCreate(path: "/data/j.evemu", reason: "No space left on device").description
                == "Cannot create the journal /data/j.evemu: No space left on device. Choose a writable --out directory with free space."
        )
    }
}
