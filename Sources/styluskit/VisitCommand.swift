import ADF
import Administering
import ArgumentParser
import FileLocations
import Reports
import Sessions
import SystemErrors
import Visiting

/// `styluskit visit`: every test of a protocol administered in the patient window, one after the other, into one visit
/// folder.
struct Visit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Administers a visit: every test of a protocol in the patient window, in order, into one visit folder.",
        discussion: """
            Each test is administered exactly as `styluskit administer` administers it (the window, the \
            operator keys N, R, P, Escape twice and Ctrl+Q, the journal and the results file), with the \
            protocol's settings file and each maze test's battery or maze. The files go into the visit \
            folder OUT/<participant>/<UTC start>/ beside its visit.json manifest, rewritten after every \
            change of state (\(DocumentationPages.path("visit.md"))).

            Between tests the terminal (never the participant's screen) names the coming test and the \
            protocol's prompt and counts down its break (the participant's screen shows the break and its \
            countdown, nothing else); the operator types Enter to start the test (during \
            a break, to end it early), 's REASON' to skip it (recorded as skipped with the reason; 's' alone \
            asks for one) or 'q' to abort the visit. Ctrl+Q twice in the window aborts the visit with its test, \
            the journal kept for `styluskit recover` (exit status 3). Ctrl-C (SIGINT) or SIGTERM stop the test \
            safely as administer does, its results written, and end the run, the visit stopped (exit status 4).

            Running the same command again resumes the participant's latest visit at its next test when \
            it has one left (in progress, stopped or aborted; it says so); a test the visit was killed in is \
            first rebuilt from its journal, as `styluskit recover` does, and marked incomplete. When its \
            latest visit has no test left, the command refuses and asks for --new-visit, which begins a new \
            visit. Nothing is written until the first test's journal opens (\(DocumentationPages.path("visit.md")), "Life cycle").

            Examples:
              styluskit visit --protocol standard.yaml --participant P-0042 --out visits
              styluskit visit --protocol short.yaml --participant P-0042 --new-visit --json
            """ + "\n\n" + ExitStatus.help)

    @OptionGroup var visit: VisitOptions

    @Option(
        help: ArgumentHelp(
            "The monitor to show the tests on: SDL's name, the connector (DP-1) or the EDID's monitor name.",
            discussion: "Default: the connected display the display profile's 'match' names, else the first monitor."),
        completion: ShellCompletions.monitors)
    var outputDisplay: String?

    @Option(help: "The espeak-ng voice the instructions are spoken with (`espeak-ng --voices` lists them).")
    var voice = "en"

    @OptionGroup var screen: WindowScreenOptions

    /// For tests: the recordings fed through the live input path instead of a tablet, one per protocol test in order.
    @Option(help: .hidden, completion: .file())
    var feed: [String] = []

    /// For tests: how much faster than recorded the feeds run.
    @Option(help: .hidden)
    var feedSpeed = 1.0

    func validate() throws {
        if !feed.isEmpty && visit.device != nil { throw ValidationError("Give --device or --feed, not both.") }
        if !(feedSpeed > 0) { throw ValidationError("--feed-speed must be greater than 0.") }
    }

    func run() throws {
        var runner = try visit.runner()
        runner.feeds = feed
        let desk = VisitTerminal()
        // The participant's screen stays covered from before the first test to after the last: each
        // test's window opens over this one, and the breaks are shown on it.
        let cover = try? VisitCover(outputDisplay: outputDisplay, offscreen: screen.offscreen, note: { printError($0) })
        desk.breakShown = { left in cover?.show(breakSecondsLeft: left) }
        desk.waiting = { cover?.show(breakSecondsLeft: nil) }
        // The patient's details and the clinician's password are asked for once, before the first test.
        let seal = try visit.patient.sealer()
        let ended = try runner.run(operator: desk) { test, opened in
            // The request lives only for this one session, so `opened` does not outlive the call.
            try withoutActuallyEscaping(opened) { opened in
                var request = try request(test, seal: seal)
                request.opened = { try opened(VisitTestOpened(sessionOf: $0, node: $1, device: $2, sources: $3)) }
                let session = try WindowedLiveSession.run(request, note: { printError($0) })
                cover?.testEnded()
                if session.aborted { return .aborted }
                if session.stoppedBy != nil { return .stopped }
                return session.stepsEndedByOperator > 0 ? .movedOn : .finished
            }
        }
        try visit.finish(runner, ended: ended)
    }

    /// The administer request of one test of the visit.
    func request(
        _ test: VisitTestRequest,
        seal: @escaping (_ resultsFile: String, _ startUnixMilliseconds: Double) throws -> SealedPatient?
    ) throws -> AdministerRequest {
        let pen: AdministerPen =
            try test.feed.map { .feed(path: $0, speed: feedSpeed) } ?? .tablet(node: visit.device, grab: visit.grab)
        var request = AdministerRequest(
            test: test.journaled, pen: pen, directory: test.directory,
            seal: seal)
        (request.settingsFile, request.profileFile) = (test.settingsFile, visit.profile.profileFile)
        request.displayProfile = visit.display.displayProfile
        (request.outputDisplay, request.voice) = (outputDisplay, voice)
        screen.apply(to: &request)
        return request
    }
}
