import ADF
import ArgumentParser
import Reports
import Foundation
import Recordings
import Sessions
import StylusInput

/// `styluskit results [DIR] [--recursive] [--json]`: the results files of a directory, and the visits under it.
struct ResultsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "results",
        abstract: "Lists the results files (.csk, .msk, .ssk) in a directory with their test, date, duration, strokes and status.",
        discussion: """
            The date is the start of the test's first step, in UTC. The status is "valid", or \
            the number of problems 'styluskit adf validate' reports for the file; ", incomplete" \
            follows when the journal beside the file (same name, .evemu) tells that its session \
            stopped before its last step ended. Files are sorted by date, then by name. Live \
            sessions' journals that have no results file are listed after them, each with the \
            'styluskit recover' command that rebuilds it.

            Visits (folders with a visit.json, at any depth under the directory) are listed last: \
            participant, start, protocol, tests done, skipped and in all, and the visit's status \
            (in-progress, complete or aborted).
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: "The directory to list.")
    var directory = "."

    @Flag(help: "Also list the results files in subdirectories.")
    var recursive = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        var list = try ADFResultsList(directory: directory, recursive: recursive)
        var orphans: [ADFResultsList.Entry] = []
        for relative in Self.journals(in: directory, recursive: recursive) {
            let path = Self.join(directory, relative)
            guard let reader = try? JournalReader(path: path), reader.opening.isJournal, let begin = reader.opening.begin,
                let anchor = reader.opening.anchor
            else { continue }
            let variant = reader.opening.test.variant
            let stem = (relative as NSString).deletingPathExtension
            let results = stem + "." + variant.fileExtension
            let ended = JournalReader.sessionEnded(path: path)
            if let index = list.entries.firstIndex(where: { $0.file == results }) {
                if ended == false { list.entries[index].markIncomplete() }
            } else {
                let start = Int64((Double(begin.microseconds + anchor.offsetMicroseconds) / 1_000).rounded(.down))
                orphans.append(
                    .journalWithoutResults(
                        file: relative, test: variant.rawValue, startUnixMilliseconds: start,
                        recover: "styluskit recover \(shellQuoted(path))", incomplete: ended == false ? true : nil))
            }
        }
        list.add(orphans)
        let visits = VisitListReport(directory: directory)
        if json {
            // JSON Lines: no file, no line.
            if !list.entries.isEmpty { print(try list.json()) }
            for line in try visits.jsonLines() { print(line) }
        } else {
            print(list.text + visits.text)
        }
    }

    private static func join(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : "\(directory)/\(relative)"
    }

    /// The `.evemu` files of `directory` (relative paths), as the results files are found: not
    /// hidden, subdirectories only when `recursive`, links to directories not followed.
    static func journals(in directory: String, recursive: Bool, relative: String = "") -> [String] {
        let here = relative.isEmpty ? directory : join(directory, relative)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: here) else { return [] }
        var found: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = relative.isEmpty ? name : "\(relative)/\(name)"
            let path = join(directory, child)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { continue }
            let type = attributes[.type] as? FileAttributeType
            if type == .typeDirectory {
                if recursive { found += journals(in: directory, recursive: true, relative: child) }
            } else if type == .typeRegular, name.hasSuffix(".evemu") {
                found.append(child)
            }
        }
        return found
    }
}
