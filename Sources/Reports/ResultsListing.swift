public import ADF
internal import Foundation
internal import Recordings
internal import Sessions
internal import StylusInput
import TestMaterials

extension ADFResultsList {
    /// The results files of `directory` as `styluskit results` lists them: each marked incomplete
    /// when the journal beside it (same name, `.evemu`) tells that its session stopped before its
    /// last step ended; after them, the live sessions' journals that have no results file, each
    /// with the `styluskit recover` command that rebuilds it.
    public init(withJournalsIn directory: String, recursive: Bool) throws {
        try self.init(directory: directory, recursive: recursive)
        var orphans: [Entry] = []
        for relative in Self.journals(in: directory, recursive: recursive) {
            let path = Self.join(directory, relative)
            guard let reader = try? JournalReader(path: path), reader.opening.isJournal,
                let begin = reader.opening.begin,
                let anchor = reader.opening.anchor
            else { continue }
            let variant = reader.opening.test.variant
            let results = (relative as NSString).deletingPathExtension + "." + variant.fileExtension
            let ended = JournalReader.sessionEnded(path: path)
            if let index = entries.firstIndex(where: { $0.file == results }) {
                if ended == false { entries[index].markIncomplete() }
            } else {
                let start = Int64((Double(begin.microseconds + anchor.offsetMicroseconds) / 1_000).rounded(.down))
                orphans.append(
                    .journalWithoutResults(
                        file: relative, test: variant.rawValue, startUnixMilliseconds: start,
                        recover: "styluskit recover \(shellQuoted(path))", incomplete: ended == false ? true : nil))
            }
        }
        add(orphans)
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
