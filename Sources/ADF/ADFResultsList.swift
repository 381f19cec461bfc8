import Foundation
public import SystemErrors

/// The results files of a directory as `styluskit results` lists them: one entry per file,
/// with its test, date, duration, strokes and whether it is valid.
public struct ADFResultsList: Sendable, Hashable {
    /// One results file.
    public struct Entry: Sendable, Hashable, Codable {
        /// The path relative to the listed directory.
        public var file: String
        /// "clock", "maze" or "symbolDigit" (from the root element; from the extension when
        /// the file cannot be read).
        public var test: String
        /// The first step's start as UTC ISO 8601 (e.g. "2023-01-12T14:54:17Z"); nil when
        /// the file cannot be read or has no steps.
        @NullWhenNil public var date: String? = nil
        /// From the first step's start to the last step's end; nil when unreadable.
        @NullWhenNil public var durationMilliseconds: Int64? = nil
        /// nil when unreadable.
        @NullWhenNil public var strokes: Int? = nil
        /// How many problems `ADFValidator` finds (0: valid).
        public var problems: Int
        /// "valid", or the number of problems ("1 problem", "3 problems").
        public var status: String

        /// True when the session stopped before its last step ended, as the journal beside the
        /// file tells (ADF has no field for it); nil when no journal tells either way.
        @NullWhenNil public var incomplete: Bool? = nil
        /// For a session's journal that has no results file: the command that rebuilds it
        /// (the entry's `file` is the journal); nil for a results file.
        @NullWhenNil public var recover: String? = nil

        /// The first step's start in Unix ms: the sort key; not part of the output.
        var startUnixMilliseconds: Int64?

        enum CodingKeys: String, CodingKey {
            case file, test, date, durationMilliseconds, strokes, problems, status, incomplete, recover
        }

        /// A live session's journal without its results file, listed with the command that rebuilds it.
        public static func journalWithoutResults(
            file: String, test: String, startUnixMilliseconds: Int64?, recover: String, incomplete: Bool?
        ) -> Entry {
            Entry(
                file: file, test: test, date: startUnixMilliseconds.map(ADFResultsList.iso8601(unixMilliseconds:)),
                durationMilliseconds: nil, strokes: nil, problems: 0, status: "no results file", incomplete: incomplete,
                recover: recover, startUnixMilliseconds: startUnixMilliseconds)
        }

        /// Marks the entry's session as stopped before its last step ended (from its journal).
        public mutating func markIncomplete() {
            incomplete = true
            if recover == nil { status += ", incomplete" }
        }
    }

    /// The directory as given.
    public var directory: String
    /// Sorted by date (files without one last), then by file.
    public var entries: [Entry]

    /// Lists the results files in `directory`: regular files (or links to them) whose name
    /// ends in `.csk`, `.msk`, `.ssk` or `.tsk` (in any case), hidden files excepted (the writer's
    /// unfinished files start with a dot). Subdirectories are searched only when `recursive`,
    /// and then without following links to directories (which could loop).
    ///
    /// Every file is read point by point (flat memory) and validated; a file that cannot be
    /// read is listed with its problems rather than stopping the listing.
    ///
    /// - Throws: `ADFResultsListError.notADirectory` if `directory` cannot be listed.
    public init(directory: String, recursive: Bool = false, limits: ADFReadLimits = .standard) throws {
        self.directory = directory
        var found: [String] = []
        try Self.collect(directory: directory, relative: "", recursive: recursive, into: &found)
        let validator = ADFValidator(limits: limits)
        entries = found.map { relative in
            let path = Self.join(directory, relative)
            let problems = validator.validate(path: path).count
            var entry = Entry(
                file: relative, test: ADFReader.variant(path: path)?.rawValue ?? "unknown",
                date: nil, durationMilliseconds: nil, strokes: nil, problems: problems,
                status: problems == 0 ? "valid" : "\(problems) problem\(problems == 1 ? "" : "s")")
            if let summary = try? ADFSummary(path: path, limits: limits) {
                entry.test = summary.test
                entry.durationMilliseconds = summary.durationMilliseconds
                entry.strokes = summary.strokes
                entry.status += Self.stepOutcomes(summary.steps.map(\.outcome))
                if let start = summary.steps.first?.start {
                    entry.startUnixMilliseconds = start
                    entry.date = Self.iso8601(unixMilliseconds: start)
                }
            }
            return entry
        }
        sort()
    }

    /// `, steps ended: 1 moved-on, 2 skipped` for the steps someone or something other than the
    /// participant ended, in `StepOutcome`'s order; nothing when the participant finished every step.
    static func stepOutcomes(_ outcomes: [String]) -> String {
        let counts = StepOutcome.allCases.filter { $0 != .finished }.compactMap { outcome -> String? in
            let count = outcomes.filter { $0 == outcome.rawValue }.count
            return count == 0 ? nil : "\(count) \(outcome.rawValue)"
        }
        return counts.isEmpty ? "" : ", steps ended: " + counts.joined(separator: ", ")
    }

    /// Adds entries (journals without results files) in their place in the order.
    public mutating func add(_ more: [Entry]) {
        entries += more
        sort()
    }

    private mutating func sort() {
        entries.sort { a, b in
            switch (a.startUnixMilliseconds, b.startUnixMilliseconds) {
            case (let x?, let y?) where x != y: x < y
            case (.some, nil): true
            case (nil, .some): false
            default: a.file < b.file
            }
        }
    }

    private static func join(_ directory: String, _ relative: String) -> String {
        directory.hasSuffix("/") ? directory + relative : "\(directory)/\(relative)"
    }

    private static func collect(
        directory: String, relative: String, recursive: Bool, into found: inout [String]
    ) throws {
        let here = relative.isEmpty ? directory : join(directory, relative)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: here)
        } catch {
            throw ADFResultsListError.notADirectory(path: here)
        }
        for name in names where !name.hasPrefix(".") {
            let child = relative.isEmpty ? name : "\(relative)/\(name)"
            let path = join(directory, child)
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR {
                if recursive { try collect(directory: directory, relative: child, recursive: true, into: &found) }
                continue
            }
            guard ADFReader.variant(path: name) != nil else { continue }
            if kind == S_IFLNK {
                // A link to a results file is listed; a link to a directory is not followed.
                guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            } else if kind != S_IFREG {
                continue
            }
            found.append(child)
        }
    }

    /// `unixMilliseconds` as UTC ISO 8601 to the second, e.g. "2023-01-12T14:54:17Z".
    ///
    /// Foundation's ISO 8601 format style is fixed (Gregorian calendar, UTC, no locale), so the
    /// text does not depend on the locale or the time zone settings. Milliseconds are dropped
    /// towards the past, so a moment is dated by the second it falls in (-1 ms is 23:59:59).
    public static func iso8601(unixMilliseconds: Int64) -> String {
        let seconds = unixMilliseconds >= 0 ? unixMilliseconds / 1000 : (unixMilliseconds - 999) / 1000
        return Date(timeIntervalSince1970: Double(seconds)).formatted(.iso8601)
    }

    /// The listing as a table: a header, then one line per file; or a sentence when the
    /// directory holds no results files.
    public var text: String {
        let journals = entries.filter { $0.recover != nil }
        let entries = entries.filter { $0.recover == nil }
        var lines: [String] = []
        if entries.isEmpty {
            lines.append("No results files (.csk, .msk, .ssk, .tsk) in \(directory).")
        } else {
            lines.append(table(entries))
        }
        if !journals.isEmpty {
            lines.append("")
            lines.append("Journals without a results file (each command rebuilds one):")
            for journal in journals {
                lines.append(
                    "  \(journal.file)  \(journal.test)" + (journal.date.map { ", \($0)" } ?? "")
                        + (journal.incomplete == true ? ", incomplete" : "") + ": " + (journal.recover ?? ""))
            }
        }
        return lines.joined(separator: "\n")
    }

    private func table(_ entries: [Entry]) -> String {
        let header = ["DATE", "TEST", "DURATION", "STROKES", "STATUS", "FILE"]
        let rows = entries.map { entry -> [String] in
            [
                entry.date ?? "-",
                entry.test,
                entry.durationMilliseconds.map {
                    DecimalFormat.string(Double($0) / 1000, decimals: 3) + " s"
                } ?? "-",
                entry.strokes.map(String.init) ?? "-",
                entry.status,
                entry.file,
            ]
        }
        let rightAligned: Set<Int> = [2, 3]
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column == cells.count - 1 { return cell }
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }

    /// The entries as JSON Lines, one object per file with sorted keys (unknown facts null).
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try entries.map { String(decoding: try encoder.encode($0), as: UTF8.self) }.joined(separator: "\n")
    }
}

/// Why a directory of results files could not be listed.
public enum ADFResultsListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path is not a directory that can be read.
    case notADirectory(path: String)

    public var description: String {
        switch self {
        case .notADirectory(let path):
            "Cannot list \(path): it is not a directory or is not readable. "
                + "Give the directory that holds the results files (.csk, .msk, .ssk, .tsk)."
        }
    }
}
