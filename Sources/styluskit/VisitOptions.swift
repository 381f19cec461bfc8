import ArgumentParser
import FileLocations
import Foundation
import Reports
import SystemErrors
import Visiting
import Visits

/// What a visit is given, shared by `visit` and `record --visit`: the protocol, the participant,
/// where the visit folders go, the tablet, the profiles and the patient.
struct VisitOptions: ParsableArguments {
    @Option(
        name: .customLong("protocol"),
        help:
            "The visit's protocol file (YAML; \(DocumentationPages.path("visit.md"))), e.g. Fixtures/protocols/standard.yaml.",
        completion: .file())
    var protocolFile: String

    @Option(help: "The participant's id: the study's pseudonym (letters, digits, '-', '_', '.'), never a name.")
    var participant: String

    @Option(help: "The folder the visit folders go under: OUT/<participant>/<UTC start>/.", completion: .directory)
    var out = "."

    @Flag(help: "Begin a new visit even if the participant has one in progress (default: resume it).")
    var newVisit = false

    @Option(
        help: "The tablet's pen node (default: the only pen tablet connected).", completion: ShellCompletions.penNodes)
    var device: String?

    @OptionGroup var profile: ProfileOptions
    @OptionGroup var display: DisplayOptions
    @OptionGroup var patient: PatientOptions

    @Flag(help: "Grab the tablet exclusively, so the pen does not move the desktop cursor during the tests.")
    var grab = false

    @Flag(help: "Print the summary as JSON.")
    var json = false

    /// The participant's visit in progress, or a new one.
    func runner() throws -> VisitRunner {
        try VisitRunner(
            protocolFile: protocolFile, participant: participant, root: out, newVisit: newVisit,
            version: StylusKit.configuration.version)
    }

    /// Prints what became of the visit and ends with its run's exit status: 0 complete, 3 aborted, 4 stopped.
    func finish(_ runner: VisitRunner, ended: VisitRunEnd) throws {
        let summary = VisitSummary(
            folder: runner.folder, lifeCycle: runner.lifeCycle, resumed: runner.resumed, ended: ended)
        if json {
            print(try JSONLine.encode(summary))
        } else {
            for line in summary.lines { print(line) }
        }
        let status = Self.exitStatus(ended)
        if status != .success { throw ExitCode(status.rawValue) }
    }

    /// The status a visit's run ends with: its own for each way it can end (README, "Exit status").
    static func exitStatus(_ ended: VisitRunEnd) -> ExitStatus {
        switch ended {
        case .complete: .success
        case .aborted: .aborted
        case .stopped: .stopped
        }
    }
}
