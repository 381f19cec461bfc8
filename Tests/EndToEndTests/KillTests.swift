import Foundation
import TestSupport
import Testing

/// `kill -9` at random moments of `styluskit replay ... --out DIR`: the results file is either
/// absent or complete (the uninterrupted run's bytes, valid by `adf validate`), and what a killed
/// run leaves behind never trips a later run, which also clears it away.
@Suite("kill -9 during replay")
struct KillDuringReplayTests {
    /// The largest real recording (28,518 events): the run lasts long enough to be hit mid-write.
    static let recording = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-22HDT-Pen.events")
    /// Kills at least this many runs, and more (up to `maximumKills`) until some died before
    /// their file was complete and some after: run times vary with the machine's load.
    static let kills = 12
    static let maximumKills = 36
    static let seed: UInt64 = 0x5EED_0009

    /// Starts `replay` into `directory`; the caller kills or waits.
    static func start(into directory: URL, force: Bool = false) throws -> Process {
        let process = Process()
        process.executableURL = Paths.styluskit
        process.arguments =
            ["replay", recording.path, "--test", "clock", "--out", directory.path] + (force ? ["--force"] : [])
        process.currentDirectoryURL = Paths.packageRoot
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test(
        "12 to 36 kills at seeded random moments, half of them with --force over an older results file: the file is absent, the old one or the complete new one; a later run succeeds and leaves no litter"
    )
    func killAtRandomMoments() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = directory.appendingPathComponent("Wacom-Cintiq-22HDT-Pen.csk")
        // The uninterrupted run: its file, its duration, and when its temporary file was there
        // (the document being written), watched every millisecond.
        let began = Date()
        let whole = try Self.start(into: directory)
        var writing: (first: Double, last: Double)?
        while whole.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            let now = Date().timeIntervalSince(began)
            if names.contains(where: { $0.hasPrefix(".Wacom-Cintiq-22HDT-Pen.csk.writing-") }) {
                writing = (writing?.first ?? now, now)
            }
            usleep(1000)
        }
        whole.waitUntilExit()
        let duration = Date().timeIntervalSince(began)
        let window = writing ?? (duration * 0.8, duration)
        try #require(whole.terminationStatus == 0)
        let reference = try Data(contentsOf: results)
        let validated = try styluskit(["adf", "validate", results.path])
        try #require(validated.status == 0, "\(validated.standardOutput)\(validated.standardError)")
        try FileManager.default.removeItem(at: results)
        // The older results --force replaces: another recording's (valid) file under this name.
        let other = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: other) }
        let replayed = try styluskit([
            "replay", Paths.realRecordings.appendingPathComponent("dell_canvas_pen.evemu").path, "--test", "clock",
            "--out", other.path,
        ])
        try #require(replayed.status == 0, "\(replayed.standardError)")
        let older = try Data(contentsOf: other.appendingPathComponent("dell_canvas_pen.csk"))
        try #require(older != reference)

        var generator = SplitMix64(state: Self.seed)
        var outcomes = (absent: 0, older: 0, complete: 0, midWrite: 0)
        var kill = 0
        while kill < Self.kills
            || (kill < Self.maximumKills && (outcomes.absent + outcomes.older == 0 || outcomes.complete == 0))
        {
            defer { kill += 1 }
            let force = kill % 2 == 1
            if force { try older.write(to: results) }
            // Kills past the first 12 happen only while an outcome is missing; each reaches 15%
            // further, as a loaded machine runs slower than the reference run did.
            func stretch(_ kill: Int) -> Double { pow(1.15, Double(max(0, kill - Self.kills))) }
            // Every other kill aims at the document's writing (±60 ms), the rest at any moment.
            let delay =
                kill % 4 < 2
                ? generator.unit() * duration * 1.5 * stretch(kill)
                : max(0, window.first - 0.06) + generator.unit() * (window.last - window.first + 0.12)
            let process = try Self.start(into: directory, force: force)
            usleep(useconds_t(delay * 1_000_000))
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if try FileManager.default.contentsOfDirectory(atPath: directory.path).contains(where: { $0.hasPrefix(".") }
            ) {
                outcomes.midWrite += 1
            }
            let what = "kill \(kill)\(force ? " (--force)" : "") after \(String(format: "%.3f", delay)) s"
            guard FileManager.default.fileExists(atPath: results.path) else {
                #expect(!force, "\(what) removed the older results file")
                outcomes.absent += 1
                continue
            }
            let written = try Data(contentsOf: results)
            if force && written == older {
                outcomes.older += 1
            } else {
                #expect(
                    written == reference, "\(what) left a results file that is neither the old one nor the whole run's")
                outcomes.complete += 1
            }
            let check = try styluskit(["adf", "validate", results.path])
            #expect(check.status == 0, "\(what): \(check.standardOutput)\(check.standardError)")
            try FileManager.default.removeItem(at: results)
        }
        // The kills landed both before and after the file was complete.
        #expect(
            outcomes.absent + outcomes.older > 0 && outcomes.complete > 0,
            "absent \(outcomes.absent), older \(outcomes.older), complete \(outcomes.complete) (a whole run took \(duration) s)"
        )
        print(
            "kill -9 during replay: \(kill) kills over \(String(format: "%.2f", duration)) s runs (writing from \(String(format: "%.3f", window.first)) to \(String(format: "%.3f", window.last)) s): absent \(outcomes.absent), older kept \(outcomes.older), complete \(outcomes.complete), temporary files left \(outcomes.midWrite) times"
        )
        // A later run into the same directory is not tripped by anything left, and clears it away.
        let later = try Self.start(into: directory)
        later.waitUntilExit()
        #expect(later.terminationStatus == 0)
        #expect(try Data(contentsOf: results) == reference)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [results.lastPathComponent])
    }
}
