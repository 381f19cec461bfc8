import ADF
import ArgumentParser
import Foundation
import Proctoring
import Recordings
import Sessions
import StylusInput

/// `styluskit recover JOURNAL`: the ADF of a live session rebuilt from its journal.
struct Recover: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rebuilds the ADF results file of a live session from its journal.",
        discussion: """
            The journal's control lines give the step changes and the clock anchor, so the rebuilt \
            file equals what the live session wrote (or would have written, had it not been \
            interrupted). An incomplete last frame is dropped. Steps the session never ended end \
            at the journal's last event, and the summary says the session was incomplete.

            The journal keeps what the session was given: its settings file, its tablet and display \
            profiles and its maze or battery files, whole. So recover needs no options, and prints \
            what it used. A journal written before StylusKit kept them (before settings, profiles \
            and mazes had 'file' and 'none' lines) is recovered as then: the profiles are chosen \
            again (--profile and --display-profile, when the session was given them, else the \
            calibration search path), the settings are the defaults, and the maze or battery file \
            is read again from the path its 'test maze' line names.
            """)

    @Argument(help: "The journal (.evemu) a `styluskit record` or `administer` session wrote.")
    var journal: String

    @OptionGroup var profile: ProfileOptions
    @OptionGroup var display: DisplayOptions

    @Option(help: "The directory to write the results file into (default: the journal's directory).")
    var out: String?

    @Flag(help: "Replace a results file of the same name.")
    var force = false

    func run() throws {
        let destinationDirectory = out ?? (journal as NSString).deletingLastPathComponent
        if let out { try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true) }
        let result = try JournalReplay(path: journal).rebuild(
            profile: profile, display: display, directory: destinationDirectory.isEmpty ? "." : destinationDirectory, force: force)
        print("Recovered \(journal)")
        for line in result { print(line) }
    }
}

/// A journal read back in one pass: its description rebuilds the session's setup, its events go
/// through the same driver as replay, its control lines become the plan as they are read.
struct JournalReplay {
    let path: String

    /// The journal's stem, to name the results after.
    var stem: String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

    /// Rebuilds the results file; returns the summary's lines: what the session used, then the driver's.
    func rebuild(profile: ProfileOptions, display: DisplayOptions, directory: String, force: Bool) throws -> [String] {
        let reader = try JournalReader(path: path)
        let opening = reader.opening
        guard let clockPair = opening.anchor, let start = opening.begin else { throw RecoverError.notAJournal(path) }
        let anchor = WallClockAnchor(offsetMicroseconds: clockPair.offsetMicroseconds)
        let header = reader.header
        let test = opening.test
        let sources = try SessionSources.journal(opening, device: header.device, profile: profile, display: display)
        let setup = try SessionSetup(
            test: test, device: header.device, profile: sources.tabletProfile, results: sources.results,
            settings: sources.settings, mazes: sources.mazes)
        let destination = ADFRecorder.resultsPath(directory: directory, name: stem, variant: test.variant)
        // With --force the old file stays until the new one replaces it in one rename.
        let recorder = try ADFRecorder(destination: destination, variant: test.variant, replacing: force)
        let driver = try setup.driver(device: header.device, anchor: anchor, recorder: recorder)
        try driver.begin(at: start)
        var scan = try RecordingScan(header: header)
        var lastBoundary: EventTime?
        var ended = false
        var measures: [(step: String, shown: EventTime, spoken: EventTime, firstTouch: EventTime)] = []
        while let item = try reader.next() {
            switch item {
            case let .event(event):
                scan.add(event)
                try driver.process(event)
            case let .control(control):
                switch control {
                case let .continue(time):
                    driver.plan(boundary: time)
                    lastBoundary = max(lastBoundary ?? time, time)
                case let .gap(droppedAt, _): driver.plan(interruption: SessionInterruption(kind: .eventsDropped, time: droppedAt))
                case let .removed(time): driver.plan(interruption: SessionInterruption(kind: .deviceRemoved, time: time))
                case let .reconnected(time): driver.plan(interruption: SessionInterruption(kind: .deviceReconnected, time: time))
                case let .tap(button, time):
                    // A button of a later version is passed over, as its line would be.
                    if let button = ClockButton(rawValue: button) { driver.plan(tap: ButtonTap(button: button, time: time)) }
                case let .instructions(step, shown, spoken, touch): measures.append((step, shown, spoken, touch))
                case .end: ended = true
                // The description is read from the opening lines; a second one later is not the session's.
                case .anchor, .begin, .test, .file, .none, .patient: break
                }
            }
        }
        try scan.finish(truncation: reader.truncation, file: path)
        // The session ends at its journal's last event, or its last continue press if later.
        let end = max(scan.lastEventTime ?? start, lastBoundary ?? start)
        try driver.end(at: end)
        // On the steps the session showed, as administer records them once its session has ended.
        try InstructionTimesRecording.record(measures, anchor: anchor, recorder: recorder)
        var environment = setup.environment(header: header, penID: scan.penID)
        opening.patient.map(SealedPatient.init)?.fill(&environment)
        var lines = sources.used
        lines += try driver.results(environment: environment, display: setup.display).liveLines
        // Journals that keep their session's files also mark its end; older ones cannot tell.
        if !ended && opening.marksItsEnd {
            lines.append(JournalCompleteness.incompleteNote)
        }
        return lines
    }
}

/// Whether a journal's session ran to its end, for `recover`, `results` and `adf show`.
enum JournalCompleteness {
    /// The line `recover` prints for a session stopped early.
    static let incompleteNote =
        "  status    incomplete: the session stopped before its last step ended (the journal has no 'end' line); "
        + "the steps left open end at its last event"
}

enum RecoverError: Error, CustomStringConvertible {
    case notAJournal(String)

    var description: String {
        switch self {
        case let .notAJournal(path):
            "\(path) is not a StylusKit journal: it has no '# StylusKit control: anchor' and 'begin' lines. "
                + "To turn an ordinary recording into a results file, use `styluskit replay`."
        }
    }
}
