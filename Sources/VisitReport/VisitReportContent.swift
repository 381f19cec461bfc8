public import ADF
import Features
import Foundation
import Measures
public import PatientData
public import Proctoring
import Scoring
public import Sessions
import SystemErrors
public import TestMaterials
public import Visits

/// One measure as the report shows it: its name for a clinician, the value `features` computes
/// and, with a ranges file, where the value lies.
public struct ReportedMeasure: Hashable, Sendable {
    /// The `styluskit features --level test` column.
    public var column: String
    public var label: String
    public var unit: String
    /// The value as `features` gives it (six significant digits); nil where it does not apply.
    public var value: Double?

    /// Whether the measure is a count (`features` writes it whole).
    public var isCount: Bool
    public var range: NormativeRanges.Range?

    /// The value as printed: counts whole, the rest with two decimals.
    public var valueText: String {
        guard let value else { return "n/a" }
        return isCount ? String(Int(value.rounded())) : String(format: "%.2f", value)
    }

    public var place: RangePlace? {
        guard let value, let range else { return nil }
        return range.place(value)
    }
}

/// One interruption as the report words it.
public struct ReportedInterruption: Hashable, Sendable {
    public var type: String
    /// Seconds from the start of its step.
    public var seconds: Double
    /// The step it came in, from 1.
    public var step: Int

    /// What the interruption was, in a clinician's words.
    public var meaning: String {
        switch type {
        case "wall-cross": "the pen crossed a wall"
        case "no-drawing": "the pen stayed up too long"
        case "start-far": "began away from the start arrow"
        case "not-entered": "lifted before entering the maze"
        case "resume-far": "resumed away from where the path ended"
        case "skip": "wrote beyond the next box"
        case "trails-error": "went to a wrong circle, sent back"
        case "trails-prompt": "stopped; told to keep going"
        case "device-removed": "the tablet was unplugged"
        case "device-reconnected": "the tablet was plugged in again"
        case "operator-paused": "the operator paused the test"
        case "operator-resumed": "the operator resumed the test"
        case "events-dropped": "the computer lost pen samples"
        default: type
        }
    }
}

/// What the report says of one test of the visit.
public struct ReportedTest: Sendable {
    public var entry: VisitManifest.Test
    /// The test's name for a clinician.
    public var name: String
    /// The results read, for a test done or incomplete.
    public var document: ADFDocument?
    /// The maze files the protocol names, when they can still be read (results files do not carry them).
    public var mazes: [AdministeredMaze]
    public var measures: [ReportedMeasure]
    public var interruptions: [ReportedInterruption]
    /// Each step's instructions reading time in seconds, where the results file has one (step from 1).
    public var readingTimes: [(step: Int, seconds: Double)]
    /// What the operator and the clinician should know beyond the measures (maze outlines missing...).
    public var notes: [String]
    /// The raters' scores and agreement (docs/scoring.md), only when the visit folder has a scores file: empty
    /// otherwise, so a report without scoring is unchanged.
    public var scores: [String] = []

    /// An outcome's word and what it means: `moved-on: the operator moved on`.
    static func outcome(_ word: String) -> String {
        VisitManifest.Outcome(rawValue: word).map { "\(word): \($0.words)" } ?? word
    }

    /// The time a clock test's patient was told and shown, as its results file records it (a
    /// clock step's `Start clockTime`; none recorded is the spec's 10 past 11); nil for other tests.
    public var clockTime: ClockSettings? {
        guard let document, document.variant == .clock else { return nil }
        let recorded = document.steps.lazy.compactMap(\.start.clockTime).first
        return recorded.map { ClockSettings(hours: $0.hours, minutes: $0.minutes) } ?? ClockSettings()
    }

    /// The status line: what became of the test.
    public var statusLine: String {
        switch entry.status {
        case .done: "done" + (entry.outcome.map { " (\(Self.outcome($0)))" } ?? "")
        case .stopped: "STOPPED: a signal stopped the test early; its steps left ended then (results written)"
        case .incomplete: "INCOMPLETE: the visit was killed during the test; results recovered from its journal"
        case .skipped: "SKIPPED: " + (entry.skipReason.map { $0.isEmpty ? "no reason given" : $0 } ?? "no reason given")
        case .aborted:
            "ABORTED: the operator aborted the visit during this test; its journal is kept for `styluskit recover`"
        case .running: "NOT FINISHED: the visit stopped during this test; run `styluskit visit` again to recover it"
        case .pending: "NOT TAKEN"
        }
    }
}

/// Everything a visit report shows, read from the visit folder: the manifest's facts, and each
/// test's results file measured as `styluskit features --level test` measures it.
public struct VisitReportContent: Sendable {
    public var folder: VisitFolder
    public var manifest: VisitManifest
    public var tests: [ReportedTest]
    /// The patient's details, only when the clinician key was unlocked and a results file holds them.
    public var patient: PatientDetails?
    /// Whether a ranges file was given.
    public var hasRanges: Bool
    /// Whether a clinician key was given (and unlocked): without one the patient's details are not looked for.
    public var keyGiven: Bool

    /// The measures the report shows per test: the common ones, then each test's own.
    static func columns(test: String) -> [(column: String, label: String, unit: String)] {
        // Three durations, each named for what it is (as `adf show`, `features` and the exports name them).
        var columns: [(String, String, String)] = [
            ("wall_time_s", "Wall time", "s"), ("paused_time_s", "Paused time", "s"),
            ("total_time_s", "Time drawing", "s"),
            ("strokes", "Strokes", ""), ("on_surface_time_s", "Pen-down time", "s"),
            ("in_air_time_s", "Pen-up time", "s"), ("path_length_mm", "Ink length", "mm"),
        ]
        switch test {
        case "clock":
            columns += [
                ("copy_command_total_time_ratio", "Copy / command time", ""),
                ("copy_command_strokes_ratio", "Copy / command strokes", ""),
            ]
        case "maze":
            columns += [
                ("maze_completion_time_s", "Completion time", "s"), ("wall_crosses", "Wall crosses", ""),
                ("maze_path_solution_ratio", "Path / solution length", ""),
            ]
        case "sdt":
            columns += [("boxes_attempted_test", "Boxes attempted", ""), ("time_per_box_test_s", "Time per box", "s")]
        case "trails":
            // The part times and the two derived scores researchers report. The errors are marked on the
            // pictures and listed with the interruptions; more lines here would push those off the block.
            columns += [
                ("trails_time_a_s", "Part A time", "s"), ("trails_time_b_s", "Part B time", "s"),
                ("trails_b_minus_a_s", "B − A", "s"), ("trails_b_over_a", "B / A", ""),
            ]
        default: break
        }
        return columns
    }

    /// A column not shown by default, in words: `maze_time_across_walls_s` is "maze time across walls", in s.
    static func words(_ column: String) -> (column: String, label: String, unit: String) {
        for (suffix, unit) in [("_mm", "mm"), ("_s", "s")] where column.hasSuffix(suffix) {
            return (column, column.dropLast(suffix.count).replacingOccurrences(of: "_", with: " "), unit)
        }
        return (column, column.replacingOccurrences(of: "_", with: " "), "")
    }

    /// Reads the visit in `folder`; `ranges` mark the values, `clinician` (an unlocked key) opens the patient's
    /// details. A results file that `adf validate` rejects is refused, unless `allowsInvalid` (`--allow-invalid`): its
    /// test then carries a note naming the first problem.
    ///
    /// - Throws: `VisitError` for a folder that is not a visit; `ReportError` for a test marked
    ///   done or incomplete whose results file is missing, unreadable or invalid.
    public static func read(
        folder path: String, ranges: NormativeRanges?, clinician: ClinicianKey?, allowsInvalid: Bool = false
    ) throws -> VisitReportContent {
        let folder = try VisitFolder(existing: path)
        let manifest = try folder.readManifest()
        var tests: [ReportedTest] = []
        var patient: PatientDetails?
        for (position, entry) in manifest.tests.enumerated() {
            var reported = ReportedTest(
                entry: entry, name: Self.name(of: entry.test), document: nil, mazes: [], measures: [],
                interruptions: [],
                readingTimes: [], notes: [])
            guard
                entry.status == .done || entry.status == .stopped || entry.status == .incomplete
                    || (entry.status == .aborted && entry.results != nil)
            else {
                tests.append(reported)
                continue
            }
            guard let name = entry.results else {
                throw ReportError.noResultsNamed(folder: folder.path, index: entry.index, test: entry.test)
            }
            let file = folder.file(name)
            guard FileManager.default.fileExists(atPath: file) else {
                // An aborted test may have no results file: its journal is the record.
                if entry.status == .aborted {
                    tests.append(reported)
                    continue
                }
                throw ReportError.missingResults(folder: folder.path, index: entry.index, test: entry.test, file: name)
            }
            let read: ADFValidatedFile
            do {
                read = try ADFReader.readValidated(path: file)
            } catch {
                throw ReportError.unreadableResults(
                    file: file, index: entry.index, test: entry.test, reason: "\(error)")
            }
            // The file the visit wrote, and no other (issue 34, item 3): checked once it has been read, so a
            // damaged file keeps its own message. A null checksum is refused: without one, a swapped file passes.
            _ = try folder.checkedResults(name, of: entry)
            if !read.isValid {
                let invalid = ADFInvalidFile(path: file, problems: read.problems)
                guard allowsInvalid else {
                    throw ReportError.invalidResults(
                        file: file, index: entry.index, test: entry.test, problem: invalid.summary)
                }
                reported.notes.append(
                    "INVALID results file (`styluskit adf validate` rejects it: \(invalid.summary)); its measures may not be true"
                )
            }
            let document = read.file.document
            reported.document = document
            if entry.test == "maze" {
                let loaded = folder.mazes(ofTestAt: position, in: manifest) ?? []
                reported.mazes = loaded
                if loaded.isEmpty {
                    reported.notes.append(
                        "maze outlines not drawn: neither its journal nor the protocol's maze files can be read from here"
                    )
                }
            }
            // An axis the pen did not measure is said, so an empty measure of it is not read as a fault.
            for absent in document.absentValueSentences {
                reported.notes.append(absent + ": its measures are left empty")
            }
            reported.measures = Self.measures(of: document, test: entry.test, mazes: reported.mazes, ranges: ranges)
            for (number, step) in document.steps.enumerated() {
                for interruption in step.interruptions {
                    reported.interruptions.append(
                        ReportedInterruption(
                            type: interruption.type,
                            seconds: (interruption.unixMilliseconds - step.start.unixMilliseconds) / 1000,
                            step: number + 1))
                }
                if let instructions = step.start.instructions {
                    reported.readingTimes.append((number + 1, Double(instructions.readingMilliseconds) / 1000))
                }
            }
            reported.notes += Self.unspokenNotes(
                document.steps.map { step in
                    step.start.instructions.flatMap { $0.spokenUnixMilliseconds == nil ? $0.notSpoken ?? "" : nil }
                })
            reported.notes += Self.stepOutcomeNotes(document.steps.map(\.end.outcome))
            reported.scores = Self.scoreLines(ofResults: file)
            if let clinician, patient == nil, let sealed = document.environment.localPatientEncodedID,
                let start = document.steps.first?.start.unixMilliseconds
            {
                patient = try clinician.open(
                    sealed, in: ResultsFileBinding(resultsPath: file, startUnixMilliseconds: start))
            }
            tests.append(reported)
        }
        return VisitReportContent(
            folder: folder, manifest: manifest, tests: tests, patient: patient, hasRanges: ranges != nil,
            keyGiven: clinician != nil)
    }

    /// The measures the report shows of `document` (a `test` of the visit: clock, maze, sdt, trails), measured as
    /// `styluskit features --level test` measures it, each with its range from `ranges`: the common ones, the test's
    /// own, then `extra` columns, then any other the ranges file gives a range for in this test. The results
    /// browser shows the same (with the trails errors as `extra`: its page has the room the report lacks).
    public static func measures(
        of document: ADFDocument, test: String, mazes: [AdministeredMaze], ranges: NormativeRanges?,
        extra: [String] = []
    ) -> [ReportedMeasure] {
        let row = MeasureLevel.test.rows(of: FeaturesInk.test(of: document, mazes: mazes))[0]
        var shown = columns(test: test) + extra.map(Self.words)
        for range in ranges?.ranges ?? [] where range.test == test || range.test == "*" {
            if !shown.contains(where: { $0.column == range.measure }) { shown.append(Self.words(range.measure)) }
        }
        return shown.map { column in
            ReportedMeasure(
                column: column.column, label: column.label, unit: column.unit,
                value: row[column.column]?.text.flatMap { Double($0) },
                isCount: { if case .count? = row[column.column] { true } else { false } }(),
                range: ranges?.range(test: test, measure: column.column))
        }
    }

    /// The scoring lines of the results file at `path` when its folder has a scores file: the state, and once final
    /// each step's points; once both raters are done, their agreement. A scores file that cannot be read is said.
    static func scoreLines(ofResults path: String) -> [String] {
        let folder = PathText.folder(of: path)
        guard FileManager.default.fileExists(atPath: ScoresFile(folder: folder).path) else { return [] }
        do {
            let file = try ResultsScoring(path: path)
            guard ScoringSystem.standard(forTest: file.test) != nil else { return [] }
            let scoring = try file.scoring().0
            var line = "Scores (\(scoring.system.name) \(scoring.system.version)): \(scoring.state.label)"
            if let final = scoring.finalMarks {
                line +=
                    ", "
                    + StepScore.scores(of: scoring.items, marks: final).map {
                        "\($0.step) \($0.points)/\($0.maximumPoints)"
                    }.joined(separator: ", ")
            }
            let people =
                scoring.raters.map(\.rater.text) + (scoring.adjudication.map { ["adjudicator " + $0.rater.text] } ?? [])
            if !people.isEmpty { line += "; raters " + people.joined(separator: ", ") }
            var lines = [line]
            if let agreement = FileAgreement(scoring) {
                let same = agreement.items.count { $0.agrees }
                lines.append(
                    "Raters' agreement: \(same) of \(agreement.items.count) items"
                        + (agreement.kappa.map { String(format: ", Cohen's kappa %.2f", $0) } ?? ", kappa undefined"))
            }
            return lines
        } catch {
            return ["Scores not read: \(error)"]
        }
    }

    /// The report's notes on the steps the participant did not finish, one per outcome in
    /// `StepOutcome`'s order: `Step 2 ended: moved-on (the operator moved on).`; none when they
    /// finished every step.
    static func stepOutcomeNotes(_ outcomes: [StepOutcome]) -> [String] {
        StepOutcome.allCases.filter { $0 != .finished }.compactMap { outcome in
            let numbers = outcomes.indices.filter { outcomes[$0] == outcome }.map { $0 + 1 }
            guard !numbers.isEmpty else { return nil }
            return "Step\(numbers.count == 1 ? "" : "s") " + numbers.map(String.init).joined(separator: ", ")
                + " ended: \(outcome.rawValue) (\(outcome.meaning))."
        }
    }

    /// The report's notes on instructions that were shown but not spoken, one per reason:
    /// `Instructions shown, not spoken (no audio output device): steps 1, 2.`
    /// `reasons` has, step by step, why its instructions were not spoken (nil: spoken, or no measure).
    static func unspokenNotes(_ reasons: [String?]) -> [String] {
        var steps: [(reason: String, steps: [Int])] = []
        for (number, reason) in reasons.enumerated() {
            guard let reason else { continue }
            if let index = steps.firstIndex(where: { $0.reason == reason }) {
                steps[index].steps.append(number + 1)
            } else {
                steps.append((reason, [number + 1]))
            }
        }
        return steps.map { reason, numbers in
            "Instructions shown, not spoken (\(reason)): step\(numbers.count == 1 ? "" : "s") "
                + numbers.map(String.init).joined(separator: ", ") + "."
        }
    }

    /// A manifest's UTC time (`2026-11-25T09:30:12Z`) in `zone`, the zone said:
    /// `2026-11-25 10:30:12 UTC+01:00 (Europe/Berlin)`, or `2026-11-25 09:30:12 UTC`. The zone is
    /// the site's: the process's (`TZ`, else the system's). A time that does not parse is shown as written.
    static func localTime(_ iso: String, zone: TimeZone = .current) -> String {
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime]
        guard let date = parser.date(from: iso) else { return iso }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let fields: [Calendar.Component] = [.year, .month, .day, .hour, .minute, .second]
        let time = String(
            format: "%04d-%02d-%02d %02d:%02d:%02d", arguments: fields.map { calendar.component($0, from: date) })
        let offset = zone.secondsFromGMT(for: date)
        if offset == 0
            && ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Universal", "Zulu", "Etc/Universal", "Etc/Zulu"].contains(
                zone.identifier)
        {
            return time + " UTC"
        }
        let sign = offset < 0 ? "-" : "+"
        let zoneOffset = String(format: "UTC%@%02d:%02d", sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
        return "\(time) \(zoneOffset) (\(zone.identifier))"
    }

    /// The test's name as a clinician reads it.
    static func name(of test: String) -> String {
        switch test {
        case "clock": "Clock drawing"
        case "maze": "Maze"
        case "sdt": "Symbol digit"
        case "trails": "Trail making"
        default: test
        }
    }
}
