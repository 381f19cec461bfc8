import ADF
import ArgumentParser
import Foundation
import Reports
import LinuxInput
import Proctoring
import Recordings
import Sessions
import StylusInput
import StylusGeometry

/// `styluskit record --test clock|maze|sdt`: a live session from a tablet, into a journal and an ADF file.
struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Records a live session from a pen tablet: a journal of every event, then the ADF results file.",
        discussion: """
            Ctrl-C ends the current step (the clock test's command step, then its copy step; the \
            maze on screen, then the next maze; the symbol-digit part under way); the test ends with \
            its last step. SIGTERM ends the test at once. Every event is appended to the journal \
            (DIR/<test>-<UTC time>.evemu) as it arrives; if the session dies, `styluskit recover` \
            rebuilds the results file from it: the journal keeps the --settings file, the tablet and \
            display profiles and the maze or battery files whole, so recover needs no options. The \
            proctor's timers fire on time whether or not the \
            pen moves. On a terminal, a status line on standard error shows the samples per second, \
            the pressure, the proximity and the last decision. `record --visit` records a whole visit \
            instead (see `styluskit record --visit --help`).
            """ + "\n\n" + ExitStatus.help)

    @OptionGroup var session: LiveSessionOptions

    @Flag(
        help:
            "Print the proctor's decisions as JSON lines, as replay --events does, each with the decision's CLOCK_MONOTONIC microseconds (decidedAtMicroseconds) beside its event's (sessionMicroseconds)."
    )
    var events = false

    @Flag(help: "Print the summary as one JSON object (after the --events lines, if any) instead of text.")
    var json = false

    func run() throws {
        let journaled = session.journaledTest()
        let node = try session.device ?? Self.onlyPenNode()
        let tablet = try ReconnectingTablet(node: node, grab: session.grab)
        let prepared = try LiveSessionStart(
            test: journaled, node: node, device: tablet.description, settingsFile: session.proctoring.settingsFile,
            profileFile: session.profile.profileFile, displayProfile: session.display.displayProfile, note: { printError($0) })
        let (written, header, sources, setup) = (prepared.written, prepared.header, prepared.sources, prepared.setup)
        let start = monotonicClockNow()
        let files = try LiveSessionFiles(
            options: session, test: journaled, sources: sources, header: written, clockAnchor: tablet.anchor, start: start)
        let (journal, recorder, anchor) = (files.journal, files.recorder, files.anchor)
        let jsonEvents = events
        let driver = try files.beforeFirstEvent {
            try setup.driver(
                device: header.device, anchor: anchor, recorder: recorder,
                events: jsonEvents
                    ? ProctorEventLog(unixMilliseconds: anchor.unixMilliseconds, decidedAt: monotonicClockNow, write: { print($0) })
                    : nil)
        }
        // From here on the journal holds the session: whatever stops the results file, recover can write it.
        try files.keepingJournal {
            let status = LiveStatusLine(enabled: isatty(STDERR_FILENO) == 1) { FileHandle.standardError.write(Data($0.utf8)) }
            driver.sampleObserver = { status.sample($0) }
            // The clock records every stroke, so its strokes are no news worth a line (the status line shows them).
            let printsStrokes = !(driver is ClockDriver)
            driver.decisionObserver = { words in
                status.decision(words)
                // With --events, standard output carries the JSON lines instead.
                if !jsonEvents && (printsStrokes || !words.hasPrefix("stroke ")) {
                    status.clear()
                    print(words)
                }
            }
            printError("Recording \(header.device.name) (\(node)) into \(journal.path); Ctrl-C ends the step.")
            try journal.control(.begin(start), now: start)
            try driver.begin(at: start)

            var live = LiveLoop(tablet: tablet, journal: journal, driver: driver)
            let end = try live.run(
                happened: { happening in
                    status.clear()
                    printError(happening.recordMessage)
                }, turned: { status.refresh(now: $0) })
            try journal.control(.end(end), now: end)
            status.clear()
            let result = try files.finish(driver: driver, setup: setup, header: header, at: end)
            LiveSessionReport(recorded: journal.path, result: result, gaps: live.gaps).print(json: json)
        }
    }

    static func onlyPenNode() throws -> String { try TabletDiscovery.scan().onlyPenNode() }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
