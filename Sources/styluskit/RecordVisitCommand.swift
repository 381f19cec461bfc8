import ArgumentParser
import FileLocations
import Reports
import SystemErrors
import Visiting

/// `styluskit record --visit`: a visit without a window, each test recorded as `record` records it.
struct RecordVisit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record-visit",
        abstract:
            "Records a visit from a pen tablet without a window: the protocol's tests in order, into one visit folder.",
        usage: "styluskit record --visit --protocol <protocol> --participant <participant> [<options>]",
        discussion: """
            `styluskit record --visit` is `styluskit visit` without the patient window: \
            each test of the protocol is recorded as `styluskit record` records it (Ctrl-C ends the step on \
            screen; SIGTERM ends the test, writes its results and stops the visit, exit status 4), its journal \
            and results file written into the visit folder OUT/<participant>/<UTC start>/ beside visit.json \
            (\(DocumentationPages.path("visit.md"))). Between tests the terminal shows the coming test, the protocol's prompt and the \
            break: Enter starts the test, 's REASON' skips it, 'q' aborts the visit (exit status 3). Running \
            the same command again resumes the participant's latest visit when it has a test left, and \
            refuses one with none left; --new-visit begins another (\(DocumentationPages.path("visit.md")), "Life cycle").

            Examples:
              styluskit record --visit --protocol standard.yaml --participant P-0042
            """ + "\n\n" + ExitStatus.help,
        // Reached as `record --visit` (`spelled`); `record`'s own options, its required --test first, do not apply.
        shouldDisplay: false)

    @OptionGroup var visit: VisitOptions

    func run() throws {
        var runner = try visit.runner()
        // The patient's details and the clinician's password are asked for once, before the first test.
        let seal = try visit.patient.sealer()
        let test = WindowlessVisitTest(
            node: visit.device, grab: visit.grab, profileFile: visit.profile.profileFile,
            displayProfile: visit.display.displayProfile,
            seal: seal, note: { printError($0) })
        let ended = try runner.run(operator: VisitTerminal(), administer: test.run)
        try visit.finish(runner, ended: ended)
    }
}

extension RecordVisit {
    /// `record --visit ...` as the parser knows it, `record-visit ...`: a command of its own, so
    /// that `record`'s options (its required --test) stay as they are.
    static func spelled(_ arguments: [String]) -> [String] {
        let start = arguments.first == "help" ? 1 : 0
        guard arguments.count > start, arguments[start] == "record", let flag = arguments.firstIndex(of: "--visit")
        else {
            return arguments
        }
        var words = arguments
        words.remove(at: flag)
        words[start] = "record-visit"
        return words
    }
}
