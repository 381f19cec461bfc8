import ArgumentParser
import Dispatch
import FileLocations
import Foundation
import Serving
import SystemErrors
import VisitReport

/// `styluskit serve DIR...`: the results browser, a local web application (docs/serve.md).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serves the visits and results files under the folders given as a local web page: "
            + "ink playback, scoring.",
        discussion: """
            Listens on 127.0.0.1 on a free port and prints the address to open, which carries a \
            one-time access token (a new one each run): another user of this machine cannot read the \
            ink without it. Pages: the visits and results files (filterable), a visit, a test with its \
            ink played back at 1x, 2x or 4x or scrubbed. Patient details are shown only after the \
            clinician key is unlocked on the page (its password is used once and never stored). Only files inside the folders given are served \
            (no '..', no symlink out), and results files and journals are never written: the one file written is \
            the scores file (scores.jsonl, append-only) of the raters who score tests on the page (\(DocumentationPages.path("scoring.md"))). \
            See \(DocumentationPages.path("serve.md")). Stop with Ctrl-C.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "The folders to serve (visit folders, or folders that hold them or results files).")
    var folders: [String] = ["."]

    @Option(help: "The port to listen on (default: a free one).")
    var port = 0

    @Option(
        help: ArgumentHelp(
            "A CSV file of normative ranges: test,measure,low,high,label (\(DocumentationPages.path("report.md"))); "
                + "the visit and test pages then draw each measure against its range.",
            valueName: "file"), completion: .file())
    var ranges: String?

    @OptionGroup var key: KeyFileOptions

    func run() throws {
        let served: ServedFolders
        do { served = try ServedFolders(folders) } catch { throw ValidationError(error.description) }
        let normative = try ranges.map { try NormativeRanges(file: $0) }
        let server = ResultsServer(folders: served, keyFile: key.path, ranges: normative)
        let token = server.token
        let given = served.folders.map(\.given).joined(separator: " ")
        let port = self.port
        let running: @Sendable (Int) async -> Void = { port in
            let text =
                "Serving \(given) at\n  http://127.0.0.1:\(port)/?token=\(token)\n"
                + "Open that address in a browser on this machine. Stop with Ctrl-C.\n"
            // Written at once, not buffered: a script waits for the address.
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        let done = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task {
            do { try await server.run(port: port, running: running) } catch { failure.error = error }
            done.signal()
        }
        done.wait()
        if let error = failure.error {
            throw ServeFailed(reason: "\(error)")
        }
    }
}

/// Where the server task leaves its error for the waiting command.
private final class FailureBox: @unchecked Sendable {
    // Written by the task before it signals, read by the command after the wait: never at once.
    var error: (any Error)?
}

/// The server could not start or stopped on an error.
struct ServeFailed: Error, CustomStringConvertible, ExitStatusCarrying {
    var reason: String
    var exitStatus: ExitStatus { .unavailable }
    var description: String {
        "The results browser stopped: \(reason). If the port is taken, give another with --port or leave it out."
    }
}
