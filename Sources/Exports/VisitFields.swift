internal import Foundation
import Measures
import Scoring
public import Sessions
public import TestMaterials
public import Visits

/// The columns of a visit's row, shared by the REDCap files and the plain CSV (README.md, "Exports").
///
/// The visit's facts come first, then each test slot in a fixed order (clock, maze, sdt; a
/// protocol with a second maze test gets a `maze2` slot), so one instrument fits every protocol:
/// a test the protocol does not have is an empty status and empty measures.
public struct VisitField: Hashable, Sendable {
    /// What a field holds.
    public enum Content: Hashable, Sendable {
        case recordID
        case participant
        case visitFolder
        case visitDate
        case visitStarted
        case visitFinished
        case visitStatus
        case protocolName
        case protocolTitle
        case protocolSHA256
        case softwareVersion
        case deviceName
        case deviceModel
        case deviceID
        case testStatus(TestSlot)
        case testSkipReason(TestSlot)
        case testOutcome(TestSlot)
        case testStarted(TestSlot)
        case testFinished(TestSlot)
        case testResultsSHA256(TestSlot)
        case testResultsInvalid(TestSlot)
        case measure(TestSlot, column: String, unit: String?, integer: Bool)
        case testResultsFile(TestSlot)
        /// The scoring by trained raters (docs/scoring.md): `what` is `ScoreColumn`'s raw value.
        case score(TestSlot, ScoreColumn)
    }

    /// The scoring columns of a test slot whose test has a scoring system (docs/scoring.md).
    public enum ScoreColumn: String, Hashable, Sendable, CaseIterable {
        /// The state's label: not scored, being scored, awaiting second rater, adjudicate, scored, scored
        /// (adjudicated).
        case state
        /// The scoring system's name and version.
        case system
        /// The final points over the test's steps; empty until final.
        case points
        /// The final errors over the test's steps; empty until final.
        case errors
        /// Each step's final points, `STEP POINTS/MAXIMUM` separated by `; `; empty until final.
        case steps
        /// The share of items the two raters marked the same; empty until both are done.
        case agreement
        /// Cohen's kappa over the items marked with categories; empty until both are done, or undefined.
        case kappa
        /// The raters' ids, and the adjudicator's.
        case raters
    }

    /// The variable name: lowercase letters, digits and `_`, starting with a letter (REDCap's rule).
    public let name: String
    public let content: Content
    public let label: String
    /// REDCap's field type: `text`, `dropdown` or `file`.
    public let type: String
    /// REDCap's text validation: `number`, `integer`, `date_ymd`, `datetime_seconds_ymd` or empty.
    public let validation: String
    /// The coded choices of a dropdown, in order.
    public let choices: [(code: String, label: String)]
    public let note: String
    /// The section header REDCap shows above the field (each test slot's first field has one).
    public let section: String

    public static func == (a: VisitField, b: VisitField) -> Bool { a.name == b.name && a.content == b.content }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The visit status's codes: a new status takes the next code, so a code never changes meaning.
    public static let visitStatuses: [VisitManifest.Status] = [.inProgress, .complete, .aborted, .stopped]
    /// A test status's codes, likewise.
    public static let testStatuses: [VisitManifest.Test.Status] = [
        .done, .incomplete, .skipped, .aborted, .pending, .running, .stopped,
    ]
    /// A test outcome's codes (who ended it), likewise.
    public static let outcomes: [VisitManifest.Outcome] = [.finished, .movedOn, .stopped, .recovered]
}

/// One test slot of the row: the `occurrence`-th test of `kind` in a visit.
public struct TestSlot: Hashable, Sendable {
    public let kind: TestKind
    public let occurrence: Int

    /// The variable names' prefix: `clock`, `maze`, `sdt`; `maze2` for a second maze test.
    public var prefix: String { occurrence == 1 ? kind.rawValue : "\(kind.rawValue)\(occurrence)" }

    /// `Clock`, `Maze`, `Symbol-digit`, `Maze (2nd)`.
    public var title: String {
        let name =
            switch kind {
            case .clock: "Clock"
            case .maze: "Maze"
            case .sdt: "Symbol-digit"
            }
        return occurrence == 1 ? name : "\(name) (test \(occurrence) of its kind)"
    }
}

/// The fields of an export of some visits, and each visit's values for them.
public struct VisitFields: Sendable {
    public let fields: [VisitField]

    /// The fields for `records`: every kind's first slot, and further slots when a visit repeats a kind.
    public init(for records: [VisitRecord]) {
        var slots: [TestSlot] = []
        for kind in TestKind.allCases {
            let most = records.map { $0.tests.count { $0.kind == kind } }.max() ?? 0
            for occurrence in 1...max(1, most) { slots.append(TestSlot(kind: kind, occurrence: occurrence)) }
        }
        self.init(slots: slots, marksInvalid: records.contains { $0.tests.contains { $0.invalid != nil } })
    }

    /// The fields with these test slots; `marksInvalid` adds each slot's `_results_invalid` field
    /// (an export with `--allow-invalid` that measured an invalid results file).
    public init(slots: [TestSlot], marksInvalid: Bool = false) {
        func text(
            _ name: String, _ content: VisitField.Content, _ label: String, _ note: String = "", validation: String = ""
        )
            -> VisitField
        {
            VisitField(
                name: name, content: content, label: label, type: "text", validation: validation, choices: [],
                note: note, section: "")
        }
        var fields: [VisitField] = [
            text(
                "record_id", .recordID, "Record ID",
                "The participant id, or the participant id and the visit's start (--record-id)"),
            text("participant_id", .participant, "Participant ID", "The study's pseudonym, as visit.json has it"),
            text(
                "visit_folder", .visitFolder, "Visit folder",
                "The visit's folder under the participant's: its UTC start"),
            text(
                "visit_date", .visitDate, "Visit date (UTC)", "The day the visit began, in UTC", validation: "date_ymd"),
            text("visit_started", .visitStarted, "Visit started (UTC)", "", validation: "datetime_seconds_ymd"),
            text(
                "visit_finished", .visitFinished, "Visit finished (UTC)", "Empty while the visit is in progress",
                validation: "datetime_seconds_ymd"),
            VisitField(
                name: "visit_status", content: .visitStatus, label: "Visit status", type: "dropdown", validation: "",
                choices: Self.codes(VisitField.visitStatuses.map(\.rawValue)), note: "visit.json's status", section: ""),
            text("protocol_name", .protocolName, "Protocol", "The protocol file's name key"),
            text("protocol_title", .protocolTitle, "Protocol title"),
            text("protocol_sha256", .protocolSHA256, "Protocol SHA-256", "Of the protocol copy in the visit folder"),
            text("software_version", .softwareVersion, "StylusKit version", "styluskit --version"),
            text("device_name", .deviceName, "Tablet", "The kernel's name for the tablet"),
            text("device_model", .deviceModel, "Tablet model", "libwacom's model name"),
            text("device_id", .deviceID, "Tablet USB id", "vendor:product, 0x056a:0x0357"),
        ]
        let measureColumns = Self.measureColumns
        for slot in slots {
            let p = slot.prefix
            let t = slot.title
            fields.append(
                VisitField(
                    name: "\(p)_status", content: .testStatus(slot), label: "\(t): status", type: "dropdown",
                    validation: "",
                    choices: Self.codes(VisitField.testStatuses.map(\.rawValue)),
                    note: "Empty when the protocol has no such test",
                    section: t))
            fields.append(
                text("\(p)_skip_reason", .testSkipReason(slot), "\(t): reason skipped", "The operator's reason"))
            fields.append(
                VisitField(
                    name: "\(p)_outcome", content: .testOutcome(slot), label: "\(t): who ended it", type: "dropdown",
                    validation: "",
                    choices: Self.codes(VisitField.outcomes.map(\.rawValue)),
                    note:
                        "finished: by the participant or a time limit; moved-on: the operator; stopped: a signal; recovered: from its journal",
                    section: ""))
            fields.append(
                text("\(p)_started", .testStarted(slot), "\(t): started (UTC)", validation: "datetime_seconds_ymd"))
            fields.append(
                text("\(p)_finished", .testFinished(slot), "\(t): finished (UTC)", validation: "datetime_seconds_ymd"))
            fields.append(text("\(p)_results_sha256", .testResultsSHA256(slot), "\(t): results file SHA-256"))
            if marksInvalid {
                fields.append(
                    text(
                        "\(p)_results_invalid", .testResultsInvalid(slot), "\(t): results file invalid",
                        "What styluskit adf validate rejects in it (exported with --allow-invalid); empty when valid"))
            }
            for (column, integer) in measureColumns where Self.column(column, appliesTo: slot.kind) {
                let unit = Self.unit(of: column)
                let name =
                    column.hasPrefix(slot.kind.rawValue + "_")
                    ? p + column.dropFirst(slot.kind.rawValue.count) : "\(p)_\(column)"
                fields.append(
                    VisitField(
                        name: name, content: .measure(slot, column: column, unit: unit, integer: integer),
                        label: "\(t): \(Self.words(column))", type: "text", validation: integer ? "integer" : "number",
                        choices: [],
                        note: (unit.map { "Unit: \($0). " } ?? "")
                            + "styluskit features --level test column \(column) (docs/measures.md)",
                        section: ""))
            }
            if ScoringSystem.standard(forTest: slot.kind.rawValue) != nil {
                fields += Self.scoreFields(slot)
            }
            fields.append(
                VisitField(
                    name: "\(p)_results_file", content: .testResultsFile(slot), label: "\(t): results file",
                    type: "file", validation: "",
                    choices: [],
                    note:
                        "The ADF results file; uploaded with the API's file import (files.csv), not by the CSV import",
                    section: ""))
        }
        self.fields = fields
    }

    /// A test slot's scoring fields (`clock_score_state`, ...; docs/scoring.md).
    static func scoreFields(_ slot: TestSlot) -> [VisitField] {
        VisitField.ScoreColumn.allCases.map { column in
            let (label, validation, note): (String, String, String) =
                switch column {
                case .state:
                    (
                        "scoring state", "",
                        "not scored, being scored, awaiting second rater, adjudicate, scored or scored (adjudicated)"
                    )
                case .system: ("scoring system", "", "The scoring system's name and version (docs/scoring.md)")
                case .points: ("score", "integer", "Final points over the test's steps; empty until final")
                case .errors: ("score errors", "integer", "Final errors over the test's steps; empty until final")
                case .steps: ("score per step", "", "STEP POINTS/MAXIMUM per step, separated by '; '")
                case .agreement:
                    ("raters' exact agreement", "number", "Share of items both raters marked the same, 0-1")
                case .kappa:
                    ("raters' Cohen's kappa", "number", "Over the items marked with categories; empty when undefined")
                case .raters: ("raters", "", "The two raters' ids, then the adjudicator's")
                }
            return VisitField(
                name: "\(slot.prefix)_score_\(column.rawValue)", content: .score(slot, column),
                label: "\(slot.title): \(label)", type: "text", validation: validation, choices: [], note: note,
                section: "")
        }
    }

    /// The value of a scoring column for a test's scoring.
    static func scoreValue(_ column: VisitField.ScoreColumn, of scoring: DoubleScoring?) -> String {
        guard let scoring else { return "" }
        let final = scoring.finalMarks.map { StepScore.scores(of: scoring.items, marks: $0) }
        let agreement = FileAgreement(scoring)
        switch column {
        case .state: return scoring.state.label
        case .system: return "\(scoring.system.name) \(scoring.system.version)"
        case .points: return final.map { String($0.reduce(0) { $0 + $1.points }) } ?? ""
        case .errors: return final.map { String($0.reduce(0) { $0 + $1.errors }) } ?? ""
        case .steps:
            return final.map { $0.map { "\($0.step) \($0.points)/\($0.maximumPoints)" }.joined(separator: "; ") } ?? ""
        case .agreement: return agreement?.exact.map { String(format: "%.4f", $0) } ?? ""
        case .kappa: return agreement?.kappa.map { String(format: "%.4f", $0) } ?? ""
        case .raters:
            return (scoring.raters.map(\.rater.text) + (scoring.adjudication.map { [$0.rater.text] } ?? [])).joined(
                separator: " ")
        }
    }

    /// The measures of the `--level test` table that describe a test (its identity column aside), each with whether it
    /// is a count.
    ///
    /// `refused_strokes` is left out: a results file cannot tell refused strokes (docs/measures.md),
    /// so measured from one it is always empty.
    public static let measureColumns: [(column: String, integer: Bool)] = {
        let empty = InkTest(
            assessment: .clock, steps: [InkStep(identifier: "", start: 0, end: 0, strokes: [InkStroke(points: [])])])
        let row = MeasureLevel.test.rows(of: empty)[0]
        return zip(row.columns, row.values).compactMap { column, value -> (column: String, integer: Bool)? in
            guard column != "refused_strokes" else { return nil }
            switch value {
            case .count: return (column, true)
            case .number: return (column, false)
            case .text: return nil
            }
        }
    }()

    /// Whether a test-level column has a value for a test of `kind` (docs/measures.md, "Per test").
    public static func column(_ column: String, appliesTo kind: TestKind) -> Bool {
        if column.hasPrefix("copy_command_") { return kind == .clock }
        if column.hasPrefix("maze_") || column == "wall_crosses" { return kind == .maze }
        if column.hasPrefix("boxes_attempted_") || column.hasPrefix("time_per_box_") { return kind == .sdt }
        return true
    }

    /// A column's unit from its name's suffix (docs/measures.md): `s`, `mm`, or nil for counts and ratios.
    static func unit(of column: String) -> String? {
        if column.hasSuffix("_s") { return "s" }
        if column.hasSuffix("_mm") { return "mm" }
        if column.hasSuffix("_ratio") { return "ratio" }
        return nil
    }

    /// `time_per_box_copy_s` as `time per box copy`; `total_time_s` by what it is, as the report and `features` name
    /// it.
    static func words(_ column: String) -> String {
        // Beside `wall_time_s` and `paused_time_s`, "total time" would not say which it is (docs/measures.md).
        if column == "total_time_s" { return "time drawing (wall time less paused time)" }
        var name = column
        for suffix in ["_s", "_mm"] where name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return name.replacingOccurrences(of: "_", with: " ")
    }

    static func codes(_ labels: [String]) -> [(code: String, label: String)] {
        labels.enumerated().map { (String($0.offset + 1), $0.element) }
    }

    /// The value of `field` for `record`, as REDCap imports it (`coded`: dropdowns as their codes,
    /// dates `Y-M-D`) or as the plain CSV has it (dropdowns as words, times as visit.json's).
    public func value(_ field: VisitField, of record: VisitRecord, recordID: String, coded: Bool) -> String {
        let manifest = record.manifest
        func time(_ iso: String?, dateOnly: Bool = false) -> String {
            guard let iso else { return "" }
            guard coded else { return dateOnly ? String(iso.prefix(10)) : iso }
            // visit.json's 2026-11-25T09:30:12Z is REDCap's 2026-11-25 09:30:12 (UTC).
            if dateOnly { return String(iso.prefix(10)) }
            return iso.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
        }
        func test(_ slot: TestSlot) -> VisitRecord.TestRecord? {
            record.tests.first { $0.kind == slot.kind && $0.occurrence == slot.occurrence }
        }
        switch field.content {
        case .recordID: return recordID
        case .participant: return manifest.participant
        case .visitFolder: return record.name
        case .visitDate: return time(manifest.started, dateOnly: true)
        case .visitStarted: return time(manifest.started)
        case .visitFinished: return time(manifest.finished)
        case .visitStatus:
            return coded
                ? VisitField.visitStatuses.firstIndex(of: manifest.status).map { String($0 + 1) } ?? ""
                : manifest.status.rawValue
        case .protocolName: return manifest.protocol.name
        case .protocolTitle: return manifest.protocol.title
        case .protocolSHA256: return manifest.protocol.sha256
        case .softwareVersion: return manifest.software.version
        case .deviceName: return manifest.device?.name ?? ""
        case .deviceModel: return manifest.device?.model ?? ""
        case .deviceID: return manifest.device.map { "\($0.vendor):\($0.product)" } ?? ""
        case .testStatus(let slot):
            guard let status = test(slot)?.entry.status else { return "" }
            return coded ? VisitField.testStatuses.firstIndex(of: status).map { String($0 + 1) } ?? "" : status.rawValue
        case .testSkipReason(let slot): return test(slot)?.entry.skipReason ?? ""
        case .testOutcome(let slot):
            guard let word = test(slot)?.entry.outcome else { return "" }
            guard coded else { return word }
            return VisitField.outcomes.firstIndex { $0.rawValue == word }.map { String($0 + 1) } ?? ""
        case .testStarted(let slot): return time(test(slot)?.entry.started)
        case .testFinished(let slot): return time(test(slot)?.entry.finished)
        case .testResultsSHA256(let slot):
            return test(slot)?.measures == nil ? "" : test(slot)?.entry.sha256?.results ?? ""
        case .testResultsInvalid(let slot): return test(slot)?.invalid ?? ""
        case .measure(let slot, let column, _, _): return test(slot)?.measures?[column]?.text ?? ""
        case .testResultsFile(let slot): return test(slot)?.resultsPath ?? ""
        case .score(let slot, let column): return Self.scoreValue(column, of: test(slot)?.scoring)
        }
    }
}
