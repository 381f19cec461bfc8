import Foundation
import Visits

/// The visits `styluskit results` lists after the results files: participant, start, protocol,
/// tests done, skipped and in all, and the visit's status (docs/json/results.md).
public struct VisitListReport: Sendable {
    /// One visit folder found under the directory.
    public struct Entry: Encodable, Sendable, Hashable {
        /// Always `visit`: what tells these objects from the results files' in the JSON Lines.
        public var kind = "visit"
        /// The folder, relative to the directory listed.
        public var folder: String
        /// The participant id; nil when visit.json could not be read.
        public var participant: String?
        /// When the visit began (visit.json's `started`).
        public var date: String?
        /// The protocol's name; nil when visit.json could not be read.
        public var `protocol`: String?
        /// The tests done (or incomplete: recovered); nil when visit.json could not be read.
        public var done: Int?
        /// The tests skipped; nil when visit.json could not be read.
        public var skipped: Int?
        /// The protocol's tests; nil when visit.json could not be read.
        public var total: Int?
        /// The tests a signal stopped early (neither done nor skipped).
        public var stopped: Int?
        /// `in-progress`, `complete`, `stopped`, `aborted`, or why visit.json could not be read.
        public var status: String

        private enum CodingKeys: String, CodingKey {
            case kind, folder, participant, date, `protocol`, done, skipped, total, stopped, status
        }
    }

    /// The visits found, sorted by folder.
    public let entries: [Entry]

    /// The visits at or under `directory` (at any depth: a visit folder is always `PARTICIPANT/START/`), sorted by
    /// folder.
    public init(directory: String) {
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        entries = VisitFolder.all(under: directory).map { folder in
            let relative =
                folder.path == directory
                ? "." : folder.path.hasPrefix(prefix) ? String(folder.path.dropFirst(prefix.count)) : folder.path
            do {
                let manifest = try folder.readManifest()
                let counts = manifest.counts
                return Entry(
                    folder: relative, participant: manifest.participant, date: manifest.started,
                    protocol: manifest.protocol.name,
                    done: counts.done, skipped: counts.skipped, total: counts.total, stopped: manifest.stoppedTests,
                    status: manifest.status.rawValue)
            } catch {
                return Entry(folder: relative, status: "unreadable: \(error)")
            }
        }
    }

    /// The section after the results files' listing: empty when there is no visit, so a directory
    /// without visits lists exactly as before.
    public var text: String {
        guard !entries.isEmpty else { return "" }
        let header = ["PARTICIPANT", "DATE", "PROTOCOL", "DONE", "SKIPPED", "TESTS", "STATUS", "FOLDER"]
        let rows = entries.map { entry -> [String] in
            [
                entry.participant ?? "-", entry.date ?? "-", entry.protocol ?? "-", entry.done.map(String.init) ?? "-",
                entry.skipped.map(String.init) ?? "-", entry.total.map(String.init) ?? "-", entry.status, entry.folder,
            ]
        }
        let rightAligned: Set<Int> = [3, 4, 5]
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                if column == cells.count - 1 { return cell }
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }
        return "\n\nVisits (\(entries.count)):\n" + ([line(header)] + rows.map(line)).joined(separator: "\n")
    }

    /// One JSON object per visit, sorted keys, unknown facts null.
    public func jsonLines() throws -> [String] {
        try entries.map { try JSONLine.encode($0) }
    }
}
