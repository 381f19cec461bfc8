import ArgumentParser
import Foundation
import LinuxInput
import Reports
import Sessions
import SystemErrors

/// `styluskit recover JOURNAL`: the ADF of a live session rebuilt from its journal.
struct Recover: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rebuilds the ADF results file of a live session from its journal.",
        discussion: """
            The journal's control lines give the step changes and the clock anchor, so the rebuilt \
            file equals what the live session wrote. A journal cut by a crash (no 'end' line) \
            gives a file that ends at the journal's last event: an incomplete last frame is \
            dropped, the steps the session never ended end there, no timer fires after it (no \
            interruption or maze finish the session did not live to see), and the summary says \
            the session was incomplete.

            The journal keeps what the session was given: its settings file, its tablet and display \
            profiles and its maze or battery files, whole. So recover needs no options, and prints \
            what it used. A journal written before StylusKit kept them (before settings, profiles \
            and mazes had 'file' and 'none' lines) is recovered as then: the profiles are chosen \
            again (--profile and --display-profile, when the session was given them, else the \
            calibration search path), the settings are the defaults, and the maze or battery file \
            is read again from the path its 'test maze' line names.

            A damaged journal (a complete line in it that cannot be read: a flipped byte, a disk \
            error) is refused with exit status 65, naming the line and what would be lost: the \
            lines after it are not used, since they may hang on the line lost. --keep-prefix \
            rebuilds the session up to the damaged line instead, and says what was lost.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "The journal (.evemu) a `styluskit record` or `administer` session wrote.", completion: .file())
    var journal: String

    @OptionGroup var profile: ProfileOptions
    @OptionGroup var display: DisplayOptions

    @Option(
        help: "The directory to write the results file into (default: the journal's directory).", completion: .directory
    )
    var out: String?

    @Flag(help: "Replace a results file of the same name.")
    var force = false

    @Flag(
        help: """
            Rebuild a damaged journal (a complete line that cannot be read) up to the damaged line, and exit 0; \
            without it such a journal is refused with exit status 65, naming the line and what is lost.
            """)
    var keepPrefix = false

    @OptionGroup var output: JSONOutput

    func run() throws {
        let destinationDirectory = out ?? PathText.folder(of: journal)
        let recovered = try JournalRecovery(path: journal, facts: LibwacomDatabase.installedFacts).rebuild(
            profileFile: profile.profileFile, displayProfile: display.displayProfile,
            directory: destinationDirectory.isEmpty ? "." : destinationDirectory, force: force,
            keepsDamagedPrefix: keepPrefix, note: { printError($0) })
        LiveSessionReport(recovered: journal, session: recovered).print(json: output.json)
    }
}
