import ADF
import ArgumentParser
import Foundation
import Proctoring
import Recordings
import StylusInput

/// `styluskit recover JOURNAL`: the ADF of a live session rebuilt from its journal.
struct Recover: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rebuilds the ADF results file of a live session from its journal.",
        discussion: """
            The journal's control lines give the step changes and the clock anchor, so the rebuilt \
            file equals what the live session wrote (or would have written, had it not been \
            interrupted). An incomplete last frame is dropped. Steps the session never ended end \
            at the journal's last event.

            A maze test's journal names its --maze or --battery file (a 'test maze' control line): \
            recover reads that same file again, so it must still be at that path, unchanged (with a \
            battery, its maze files too).
            """)

    @Argument(help: "The journal (.evemu) a `styluskit record` session wrote.")
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

/// A journal read back: its events through the same driver as replay, its control lines as the step boundaries.
struct JournalReplay {
    let path: String

    /// The journal's stem, to name the results after.
    var stem: String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }

    /// Rebuilds the results file; returns the summary's lines.
    func rebuild(profile: ProfileOptions, display: DisplayOptions, directory: String, force: Bool) throws -> [String] {
        let options = try RecordingOptions.parse([path, "--allow-truncated"])
        let scan = try RecordingScan(options)
        // One pass for the control lines: the boundaries must be known before the events are driven.
        let controlReader = try options.openReader()
        // Only the control lines are wanted: the events are passed over, not kept (a journal can be hours long).
        while try controlReader.next() != nil {}
        let controls = controlReader.controlLines.compactMap(JournalControl.init(text:))
        var anchor: WallClockAnchor?
        var start: EventTime?
        var boundaries: [EventTime] = []
        var interruptions: [SessionInterruption] = []
        var taps: [ButtonTap] = []
        var sealed: SealedPatient?
        var test = JournaledTest.clock
        var measures: [(step: String, shown: EventTime, spoken: EventTime, firstTouch: EventTime)] = []
        for control in controls {
            switch control {
            case let .anchor(realtime, monotonic): anchor = WallClockAnchor(offsetMicroseconds: realtime - monotonic)
            case let .begin(time): start = start ?? time
            case let .continue(time): boundaries.append(time)
            case let .gap(droppedAt, _): interruptions.append(SessionInterruption(kind: .eventsDropped, time: droppedAt))
            case let .removed(time): interruptions.append(SessionInterruption(kind: .deviceRemoved, time: time))
            case let .reconnected(time): interruptions.append(SessionInterruption(kind: .deviceReconnected, time: time))
            case let .patient(fields): sealed = fields
            case let .test(journaled): test = journaled
            case let .tap(tap): taps.append(tap)
            case let .instructions(step, shown, spoken, touch): measures.append((step, shown, spoken, touch))
            }
        }
        guard let anchor, let start else { throw RecoverError.notAJournal(path) }
        let header = scan.header
        let match = try profile.profile(for: header.device)
        let setup = try SessionSetup(test: test, device: header.device, profile: match, display: display)
        let destination = ADFRecorder.resultsPath(directory: directory, name: stem, variant: test.variant)
        // With --force the old file stays until the new one replaces it in one rename.
        let recorder = try ADFRecorder(destination: destination, variant: test.variant, replacing: force)
        let driver = try setup.driver(
            device: header.device, anchor: anchor, recorder: recorder, boundaries: boundaries, interruptions: interruptions,
            taps: taps)
        try driver.begin(at: start)
        let reader = try options.openReader()
        while let event = try reader.next() { try driver.process(event) }
        let lastEvent = scan.lastEventTime ?? start
        let end = max(lastEvent, boundaries.last ?? start)
        try driver.advance(to: end.advanced(by: EventDuration(microseconds: 1)))
        try InstructionTimesRecording.record(measures, anchor: anchor, recorder: recorder)
        var environment = setup.environment(header: header, penID: scan.penID)
        sealed?.fill(&environment)
        return try driver.finishSession(at: end, environment: environment, display: setup.display)
    }
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
