import ADF
import Foundation
import Reports
import LinuxInput
import Proctoring
import Recordings
import Sessions
import StylusGeometry
import StylusInput
import ArgumentParser

/// The live status line on standard error: samples per second, pressure, proximity and the last
/// decision, rewritten in place with `\r` at most four times a second, and only on a terminal.
final class StatusLine {
    let enabled: Bool
    private var samples = 0
    private var windowStart: EventTime?
    private var lastDraw: EventTime?
    private var rate = 0.0
    private var force = 0.0
    private var inProximity = false
    private var decision = "-"
    private var shown = false
    static let refreshInterval = EventDuration.milliseconds(250)

    init(enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.enabled = enabled
    }

    func sample(_ sample: PenSample) {
        samples += 1
        force = sample.force
        inProximity = sample.inProximity
    }

    func decision(_ text: String) { decision = text }

    /// Redraws the line if the last drawing is a quarter second old.
    func refresh(now: EventTime) {
        guard enabled else { return }
        let start = windowStart ?? now
        windowStart = start
        if let lastDraw, now.duration(since: lastDraw) < Self.refreshInterval { return }
        let elapsed = now.duration(since: start).seconds
        if elapsed > 0 { rate = Double(samples) / elapsed }
        samples = 0
        windowStart = now
        lastDraw = now
        let text =
            String(format: "%5.0f samples/s  pressure %.2f  ", rate, force)
            + (inProximity ? "in proximity  " : "out of range  ") + "last: " + decision
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + text).utf8))
        shown = true
    }

    /// Clears the line before other output, so messages do not land in the middle of it.
    func clear() {
        guard enabled, shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
        lastDraw = nil
    }
}

/// The files a live session (`record`, `administer`) writes, opened before its first step: the
/// journal with its anchor, test and patient lines, and the results file's recorder. Both
/// commands open and finish them here, so their journals and results files are the same.
struct LiveSessionFiles {
    let journal: Journal
    /// The results file's path.
    let destination: String
    let recorder: ADFRecorder
    /// Event time to Unix time, from the tablet's realtime/monotonic pair.
    let anchor: WallClockAnchor
    /// The patient's encrypted fields, when --patient was given.
    let sealed: SealedPatient?

    /// The journal's header for `device` at `node`, as written and as read back: the session runs
    /// on the one read back, so `recover` sees exactly what it saw.
    static func journalHeader(node: String, device: DeviceDescription) throws -> (written: RecordingHeader, read: RecordingHeader) {
        var uts = utsname()
        uname(&uts)
        let kernel = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let written = RecordingHeader(format: .evemu(.current), kernel: kernel, deviceNode: node, device: device)
        let read = try RecordingReader(bytes: Array(EvemuWriter().header(written).utf8), name: "journal header").header
        return (written, read)
    }

    /// Creates the journal and the recorder in `options.out`, named after the test and the tablet's
    /// realtime clock, and journals the session's description at `start`: the anchor, the test,
    /// the files it was given (`sources`) and the patient's sealed fields.
    ///
    /// The patient's fields are sealed first (the password asked for, the key read): a session
    /// that fails there leaves no journal behind, since it would hold nothing to recover.
    init(
        options: LiveSessionOptions, test: JournaledTest, sources: SessionSources, header: RecordingHeader,
        clockAnchor: ClockAnchor, start: EventTime
    ) throws {
        try OutputDirectory.create(options.out)
        let stem = test.name + "-" + Self.utcStamp(clockAnchor.realtimeMicroseconds)
        destination = ADFRecorder.resultsPath(directory: options.out, name: stem, variant: test.variant)
        anchor = WallClockAnchor(offsetMicroseconds: clockAnchor.offsetMicroseconds)
        // Asked for before the patient starts; the first step starts at `start`, which binds the fields to this file.
        sealed = try options.patient.seal(resultsFile: destination, startUnixMilliseconds: anchor.unixMilliseconds(start))
        recorder = try ADFRecorder(destination: destination, variant: test.variant)
        journal = try Journal(directory: options.out, name: stem, header: header, now: start)
        do {
            try journal.control(
                .anchor(realtimeMicroseconds: clockAnchor.realtimeMicroseconds, monotonicMicroseconds: clockAnchor.monotonicMicroseconds),
                now: start)
            try journal.control(.test(test), now: start)
            for line in sources.journalLines { try journal.control(line, now: start) }
            if let sealed { try journal.control(.patient(local: sealed.local, external: sealed.external), now: start) }
        } catch {
            // Before the first event the journal holds nothing to recover.
            journal.remove()
            throw error
        }
    }

    /// Runs `body`, what comes between the journal's description and its first step; on a
    /// failure the journal, which holds nothing to recover yet, is removed.
    func beforeFirstEvent<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            journal.remove()
            throw error
        }
    }

    /// Runs `body`, the session from its first step to its results; a results file that cannot be
    /// written is reported with the journal that keeps the session and how to recover it.
    func keepingJournal<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ADFError {
            throw RecordError.resultsNotWritten(error, journal: journal.path)
        }
    }

    /// Ends the session at `end` and writes the results file; returns the summary's lines. The
    /// environment's pen id comes from the journal itself, as `recover` reads it.
    func finish(driver: any SessionDriver, setup: SessionSetup, header: RecordingHeader, at end: EventTime) throws -> [String] {
        let reader = try JournalReader(path: journal.path)
        var scan = try RecordingScan(header: reader.header)
        while let item = try reader.next() { if case .event(let event) = item { scan.add(event) } }
        try scan.finish(truncation: reader.truncation, file: journal.path)
        var environment = setup.environment(header: header, penID: scan.penID)
        sealed?.fill(&environment)
        return try driver.finish(at: end, environment: environment, display: setup.display).liveLines
    }

    /// A journal's and results file's time in their names: `20261121T165543Z`.
    private static func utcStamp(_ unixMicroseconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: Date(timeIntervalSince1970: Double(unixMicroseconds) / 1_000_000))
    }
}
