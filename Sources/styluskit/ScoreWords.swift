import ArgumentParser
import Features
import Foundation
import Scoring
import SystemErrors
import Visits

/// The results files a `score` command works on, and the words it prints them in.
enum ScoredFiles {
    static let extensions: Set<String> = ["csk", "msk", "ssk", "tsk"]

    /// The results files of `paths`: a file as given, a folder's results files at any depth, sorted by path.
    static func find(_ paths: [String]) throws -> [String] {
        var found: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ValidationError("\(path) does not exist: give a results file or a folder of them")
            }
            guard isDirectory.boolValue else {
                found.append(path)
                continue
            }
            var inFolder: [String] = []
            let enumerator = FileManager.default.enumerator(atPath: path)
            while let relative = enumerator?.nextObject() as? String {
                let name = (relative as NSString).lastPathComponent
                guard !name.hasPrefix("."), extensions.contains((name as NSString).pathExtension) else { continue }
                inFolder.append((path as NSString).appendingPathComponent(relative))
            }
            found += inFolder.sorted()
        }
        return found
    }

    /// The `results` listing's scoring lines: every results file in a folder that has a scores file (the directory,
    /// its subfolders under `recursive`, and the visit folders under it), `  PATH: STATE (RATERS)`.
    static func scoredLines(under directory: String, recursive: Bool) -> [String] {
        var folders = Set(VisitFolder.all(under: directory).map(\.path))
        folders.insert(directory)
        if recursive, let enumerator = FileManager.default.enumerator(atPath: directory) {
            while let relative = enumerator.nextObject() as? String {
                if (relative as NSString).lastPathComponent == ScoresFile.name {
                    folders.insert(
                        (directory as NSString).appendingPathComponent(PathText.folder(of: relative))
                    )
                }
            }
        }
        var lines: [String] = []
        for folder in folders.sorted() where FileManager.default.fileExists(atPath: ScoresFile(folder: folder).path) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted()
            where extensions.contains((name as NSString).pathExtension) && !name.hasPrefix(".") {
                let path = (folder as NSString).appendingPathComponent(name)
                do {
                    let file = try ResultsScoring(path: path)
                    guard ScoringSystem.standard(forTest: file.test) != nil else { continue }
                    lines.append("  \(path): \(words(try file.scoring().0))")
                } catch {
                    lines.append("  \(path): scoring not read: \(error)")
                }
            }
        }
        return lines
    }

    /// `score list --json`'s line for a file: `{"path", "test", "system", "version", "state", "raters":
    /// [{"rater", "done"}], "adjudicator"}`; a test with no scoring system has null for system, version and state.
    static func json(path: String, file: ResultsScoring, scoring: DoubleScoring?) -> String {
        var out = "{\"path\":" + JSONString.quoted(path) + ",\"test\":" + JSONString.quoted(file.test)
        guard let scoring else {
            return out + ",\"system\":null,\"version\":null,\"state\":null,\"raters\":[],\"adjudicator\":null}"
        }
        out += ",\"system\":" + JSONString.quoted(scoring.system.name) + ",\"version\":\(scoring.system.version)"
        out += ",\"state\":" + JSONString.quoted(scoring.state.label) + ",\"raters\":["
        out += scoring.raters.map { "{\"rater\":" + JSONString.quoted($0.rater.text) + ",\"done\":\($0.done)}" }
            .joined(separator: ",")
        out += "],\"adjudicator\":" + (scoring.adjudication.map { JSONString.quoted($0.rater.text) } ?? "null")
        return out + "}"
    }

    /// Says on standard error the scores file's lines that were not taken.
    static func say(_ problems: [ScoresFileProblem], of file: ResultsScoring) {
        for problem in problems {
            printError("styluskit score: \(file.scoresFile.path) \(problem) (passed over; the other records stand)")
        }
    }

    /// The state and who scores: `awaiting second rater (r01 done, r02 scoring)`.
    static func words(_ scoring: DoubleScoring) -> String {
        var people = scoring.raters.map { "\($0.rater) \($0.done ? "done" : "scoring")" }
        if let adjudication = scoring.adjudication {
            people.append("\(adjudication.rater) adjudicat\(adjudication.done ? "ed" : "ing")")
        }
        if case .bothDone(let differences) = scoring.state, differences > 0 {
            people.append(differences == 1 ? "1 item differs" : "\(differences) items differ")
        }
        return scoring.state.label + (people.isEmpty ? "" : " (" + people.joined(separator: ", ") + ")")
    }

    /// A step's score: `9 of 10 points, 0 errors` (and the marks' counts when there are several).
    static func words(_ score: StepScore) -> String {
        var text =
            "\(score.points) of \(score.maximumPoints) points, \(score.errors) error\(score.errors == 1 ? "" : "s")"
        // Points-named categories (Rouleau's "0"..."4") say nothing the points do not.
        if score.categories.count > 1, score.categories.keys.contains(where: { Int($0) == nil }) {
            text +=
                " ("
                + score.categories.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(
                    separator: ", ") + ")"
        }
        if score.unmarked > 0 { text += ", \(score.unmarked) not marked" }
        return text
    }

    /// The agreement: `agreement: 53 of 55 items (96.4 %), kappa 0.737; differ: ITEM A/B, ...`.
    static func words(_ agreement: FileAgreement) -> String {
        let same = agreement.items.count { $0.agrees }
        var text = "agreement \(agreement.first)/\(agreement.second): \(same) of \(agreement.items.count) items"
        if let exact = agreement.exact { text += String(format: " (%.1f %%)", exact * 100) }
        text += agreement.kappa.map { String(format: ", kappa %.3f", $0) } ?? ", kappa undefined (one category only)"
        for step in agreement.steps {
            text += "\n  \(step.step): points \(step.first) / \(step.second)\(step.agrees ? "" : " (differ)")"
        }
        for item in agreement.items where !item.agrees {
            text += "\n  differ: \(item.item) \(item.first) / \(item.second)"
        }
        return text
    }
}

/// The marks given to `score mark`: `ITEM MARK` a line.
enum MarksText {
    /// The most bytes of marks read: far more than every item of the largest form.
    static let maximumBytes = 4 << 20

    static func read(_ source: String) throws -> String {
        let data: Data
        if source == "-" {
            data = FileHandle.standardInput.readData(ofLength: maximumBytes + 1)
        } else {
            guard let handle = FileHandle(forReadingAtPath: source) else {
                throw ValidationError(
                    "cannot read --marks \(source): give a readable file of marks, or - for standard input")
            }
            defer { try? handle.close() }
            data = handle.readData(ofLength: maximumBytes + 1)
        }
        guard data.count <= maximumBytes else {
            throw ValidationError("the marks are more than \(maximumBytes) bytes: give one mark a line, 'ITEM MARK'")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The marks of `text`, each checked to name an item of `items` (the rules are checked when saving).
    static func parse(_ text: String, items: [ScoreItem]) throws -> [Mark] {
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // In the order items are first marked; a later line for the same item changes its mark.
        var marks: [Mark] = []
        var position: [String: Int] = [:]
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count == 2 else {
                throw ValidationError("marks line \(index + 1): give 'ITEM MARK' (an item of 'score items' and a mark)")
            }
            let id = String(words[0])
            guard let item = byID[id] else {
                throw ValidationError("marks line \(index + 1): no such item on this form; 'score items' lists them")
            }
            let value: MarkValue
            if case .count = item.scale {
                guard let count = Int(words[1]) else {
                    throw ValidationError("marks line \(index + 1): \(id) takes a count (a whole number)")
                }
                value = .count(count)
            } else {
                value = .category(String(words[1]))
            }
            if let at = position[id] {
                marks[at].value = value
            } else {
                position[id] = marks.count
                marks.append(Mark(item: id, value: value))
            }
        }
        return marks
    }
}

/// The CSV of `score export`.
enum ScoresCSV {
    static let columns = [
        "results", "sha256", "test", "system", "system_version", "state", "step", "first_rater", "second_rater",
        "first_points", "second_points", "final_points", "final_errors", "maximum_points", "exact_agreement",
        "kappa", "adjudicator",
    ]

    static var header: String { columns.joined(separator: ",") + "\n" }

    static func rows(path: String, file: ResultsScoring, scoring: DoubleScoring) -> String {
        let agreement = FileAgreement(scoring)
        let final = scoring.finalMarks.map { StepScore.scores(of: scoring.items, marks: $0) }
        let empty = StepScore.scores(of: scoring.items, marks: [:])
        var text = ""
        for (index, step) in empty.enumerated() {
            let stepAgreement = agreement?.steps[index]
            let fields: [String] = [
                path, file.sha256, file.test, scoring.system.name, String(scoring.system.version), scoring.state.label,
                step.step, agreement?.first.text ?? scoring.raters.first?.rater.text ?? "",
                agreement?.second.text ?? (scoring.raters.count > 1 ? scoring.raters[1].rater.text : ""),
                stepAgreement.map { String($0.first) } ?? "", stepAgreement.map { String($0.second) } ?? "",
                final.map { String($0[index].points) } ?? "", final.map { String($0[index].errors) } ?? "",
                String(step.maximumPoints), agreement?.exact.map { String(format: "%.4f", $0) } ?? "",
                agreement?.kappa.map { String(format: "%.4f", $0) } ?? "", scoring.adjudication?.rater.text ?? "",
            ]
            text += fields.map(FeaturesTable.csvField).joined(separator: ",") + "\n"
        }
        return text
    }
}
