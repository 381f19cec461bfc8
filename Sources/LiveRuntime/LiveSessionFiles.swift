public import ADF
import FileLocations
import Foundation
public import LinuxInput
public import Recordings
public import Sessions
public import StylusInput
import TestMaterials

/// The files a live session (`record`, `administer`, a visit's tests) writes, opened before its first
/// step: the journal with its anchor, test and patient lines, and the results file's recorder. Every
/// live session opens and finishes them here, so their journals and results files are the same.
public struct LiveSessionFiles {
    public let journal: Journal
    /// The results file's path.
    public let destination: String
    public let recorder: ADFRecorder
    /// Event time to Unix time, from the tablet's realtime/monotonic pair.
    public let anchor: WallClockAnchor
    /// The patient's encrypted fields, when --patient was given.
    public let sealed: SealedPatient?

    /// The journal's header for `device` at `node`, as written and as read back: the session runs
    /// on the one read back, so `recover` sees exactly what it saw.
    public static func journalHeader(node: String, device: DeviceDescription) throws -> (
        written: RecordingHeader, read: RecordingHeader
    ) {
        var uts = utsname()
        uname(&uts)
        let kernel = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let written = RecordingHeader(format: .evemu(.current), kernel: kernel, deviceNode: node, device: device)
        let read = try RecordingReader(bytes: Array(EvemuWriter().header(written).utf8), name: "journal header").header
        return (written, read)
    }

    /// Creates the journal and the recorder in `directory`, named after the test and the tablet's
    /// realtime clock, and journals the session's description at `start`: the anchor, the test,
    /// the files it was given (`sources`) and the patient's sealed fields.
    ///
    /// The patient's fields are sealed first (the password asked for, the key read): a session
    /// that fails there leaves no journal behind, since it would hold nothing to recover.
    public init(
        directory: String, test: JournaledTest, sources: SessionMaterials, header: RecordingHeader,
        clockAnchor: ClockAnchor,
        start: EventTime, seal: (_ resultsFile: String, _ startUnixMilliseconds: Double) throws -> SealedPatient?
    ) throws {
        try OutputDirectory.create(directory)
        let stem = test.name + "-" + FileNameTime.utc(unixMicroseconds: clockAnchor.realtimeMicroseconds)
        destination = ADFRecorder.resultsPath(directory: directory, name: stem, variant: test.variant)
        anchor = WallClockAnchor(offsetMicroseconds: clockAnchor.offsetMicroseconds)
        // Asked for before the patient starts; the first step starts at `start`, which binds the fields to this file.
        sealed = try seal(destination, anchor.unixMilliseconds(start))
        recorder = try ADFRecorder(destination: destination, variant: test.variant)
        journal = try Journal(directory: directory, name: stem, header: header, now: start)
        try beforeFirstEvent { [journal = self.journal, sealed = self.sealed] in
            try journal.control(
                .anchor(
                    realtimeMicroseconds: clockAnchor.realtimeMicroseconds,
                    monotonicMicroseconds: clockAnchor.monotonicMicroseconds),
                now: start)
            try journal.control(.test(test), now: start)
            for line in sources.journalLines { try journal.control(line, now: start) }
            if let sealed { try journal.control(.patient(local: sealed.local, external: sealed.external), now: start) }
        }
    }

    /// Runs `body`, what comes before the session's first event (the journal's description, then
    /// what comes before its first step); on a failure the journal, which holds nothing to recover
    /// yet, is removed.
    public func beforeFirstEvent<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            journal.remove()
            throw error
        }
    }

    /// Runs `body`, the session from its first step to its results; a results file that cannot be
    /// written is reported with the journal that keeps the session and how to recover it.
    public func keepingJournal<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ADFError {
            throw LiveSessionError.resultsNotWritten(error, journal: journal.path)
        }
    }

    /// Ends the session at `end` and writes the results file; returns its result. The
    /// environment's pen id comes from the journal itself, as `recover` reads it.
    public func finish(driver: any SessionDriver, setup: SessionDriverSetup, header: RecordingHeader, at end: EventTime)
        throws -> SessionResult
    {
        try finishScanning(driver: driver, setup: setup, header: header, at: end).result
    }

    /// `finish`, with the journal's scan it made (the pen's id; absent axes and the eraser, for the live summaries).
    public func finishScanning(
        driver: any SessionDriver, setup: SessionDriverSetup, header: RecordingHeader, at end: EventTime
    ) throws -> (result: SessionResult, scan: RecordingScan) {
        let reader = try JournalReader(path: journal.path)
        var scan = try RecordingScan(header: reader.header)
        while let item = try reader.next() { if case .event(let event) = item { scan.add(event) } }
        try scan.finish(truncation: reader.truncation, file: journal.path)
        var environment = setup.environment(header: header, penID: scan.penID)
        sealed?.fill(&environment)
        return (try driver.finish(at: end, environment: environment, display: setup.display), scan)
    }
}
