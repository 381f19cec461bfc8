import ArgumentParser
import Foundation
import LiveRuntime
import Recordings
import Reports
import Sessions
import StylusInput
import SystemErrors

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
        var recording = WindowlessLiveSession(
            test: session.journaledTest(), node: session.device, directory: session.out)
        recording.grab = session.grab
        (recording.settingsFile, recording.profileFile) = (session.proctoring.settingsFile, session.profile.profileFile)
        recording.displayProfile = session.display.displayProfile
        recording.seal = { [patient = session.patient] in try patient.seal(resultsFile: $0, startUnixMilliseconds: $1) }
        let status = LiveStatusLine(enabled: isatty(STDERR_FILENO) == 1) {
            FileHandle.standardError.write(Data($0.utf8))
        }
        if events {
            recording.eventLines = {
                status.clear()
                print($0)
            }
        }
        recording.beginning = { [events] files, node, device, driver in
            // With --events, standard output carries the JSON lines instead of the decisions' words.
            status.follow(driver, say: events ? nil : { print($0) })
            printError("Recording \(device.name) (\(node)) into \(files.journal.path); Ctrl-C ends the step.")
        }
        recording.happened = { happening in
            status.clear()
            printError(happening.recordMessage)
        }
        recording.turned = { status.refresh(now: $0) }
        // Cleared before the summary, or before the error when the session fails.
        defer { status.clear() }
        let recorded = try recording.run(note: { printError($0) })
        status.clear()
        var report = LiveSessionReport(recorded: recorded.journal, result: recorded.result, gaps: recorded.gaps)
        if let scan = recorded.scan { report.note(scan: scan) }
        report.print(json: json)
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
