import ArgumentParser
import Features
import FileLocations
import Foundation
import Reports
import Scoring
import Serving
import SystemErrors
import Visits

/// `styluskit score`: scoring by trained raters from the command line, for a site's scripts
/// (\(DocumentationPages.path("scoring.md"))).
struct ScoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "score",
        abstract: "Scores results files by two blind raters and an adjudicator: items, marks, states and export.",
        discussion: """
            Marks are kept in scores.jsonl beside the results files (append-only, one record a line; \
            \(DocumentationPages.path("scoring.md"))); results files and journals are only read. A rater sees only their own \
            marks until both raters are done.
            """ + "\n\n" + ExitStatus.help,
        subcommands: [
            ScoreItems.self, ScoreList.self, ScoreMark.self, ScoreShow.self, ScoreExport.self,
        ])
}

/// The options naming a scoring system.
struct ScoringSystemOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The scoring system (\(ScoringSystem.allCases.map(\.name).joined(separator: ", "))); default: the "
                + "one the file is already scored under, else its test's standard one.",
            valueName: "name"))
    var system: String?

    /// The system asked for, or nil.
    func chosen() throws -> ScoringSystem? {
        guard let system else { return nil }
        guard let found = ScoringSystem.allCases.first(where: { $0.name == system }) else {
            throw ValidationError(
                "--system \(system) is not a scoring system: give one of "
                    + ScoringSystem.allCases.map(\.name).joined(separator: ", "))
        }
        return found
    }
}

/// `styluskit score items RESULTS`: what a rater marks on the file.
struct ScoreItems: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "items",
        abstract: "Lists the items a rater marks on a results file, with the marks each allows.",
        discussion: """
            One line an item: its identifier (what 'score mark' takes), the answer the form's key \
            expects (symbol-digit boxes; - otherwise), the marks it allows with their points, and \
            what the rater checks.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: ArgumentHelp("A results file (.csk, .msk, .ssk).", valueName: "results"), completion: .file())
    var results: String

    @OptionGroup var system: ScoringSystemOption

    @OptionGroup var output: JSONOutput

    func run() throws {
        let file = try ResultsScoring(path: results)
        let (scoring, _) = try file.scoring(system: try system.chosen())
        if output.json {
            print(try ScoringJSON.items(resultsFile: results, system: scoring.system.name))
            return
        }
        print("\(file.name): \(scoring.system.title); system \(scoring.system.name) \(scoring.system.version)")
        for item in scoring.items {
            let marks =
                switch item.scale {
                case .categories(let categories): categories.map { "\($0.name)=\($0.points)" }.joined(separator: ",")
                case .count(let maximum): "0-\(maximum)"
                }
            print("\(item.id)\t\(item.expected ?? "-")\t\(marks)\t\(item.label)")
        }
    }
}

/// `styluskit score list PATH...`: where each file's scoring stands.
struct ScoreList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Lists results files with their scoring system and state (not scored, awaiting second rater, ...).",
        discussion: """
            A PATH is a results file or a folder: every results file under it, at any depth. One \
            line a file: its path, test, scoring system and version, state, and the raters (no marks: \
            the raters are blind to each other until both are done). Lines the scores file could not \
            take are said on standard error.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: ArgumentHelp("Results files or folders.", valueName: "path"))
    var paths: [String] = ["."]

    @OptionGroup var output: JSONOutput

    func run() throws {
        for path in try ScoredFiles.find(paths) {
            let file = try ResultsScoring(path: path)
            guard ScoringSystem.standard(forTest: file.test) != nil else {
                if output.json {
                    print(ScoredFiles.json(path: path, file: file, scoring: nil))
                    continue
                }
                print("\(path)\t\(file.test)\t-\tno scoring system for this test yet")
                continue
            }
            let (scoring, problems) = try file.scoring()
            ScoredFiles.say(problems, of: file)
            if output.json {
                print(ScoredFiles.json(path: path, file: file, scoring: scoring))
                continue
            }
            print(
                "\(path)\t\(file.test)\t\(scoring.system.name) \(scoring.system.version)\t\(ScoredFiles.words(scoring))"
            )
        }
    }
}

/// `styluskit score mark RESULTS --rater ID`: a rater's (or adjudicator's) marks saved.
struct ScoreMark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mark",
        abstract: "Saves a rater's marks on a results file, read from a file or standard input.",
        discussion: """
            The marks are one a line, 'ITEM MARK' (an item of 'score items', a mark it allows: \
            correct, 2, yes, or a count); empty lines and lines starting with # are skipped. A later \
            mark of the same item replaces an earlier one. --done says the sheet is finished: every \
            item must be marked, and no mark is taken after it. The first two raters of a file score \
            it; where they differ, a third person gives --adjudicate and marks those items only. A \
            record that breaks a rule is refused and nothing is written.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: ArgumentHelp("A results file (.csk, .msk, .ssk).", valueName: "results"), completion: .file())
    var results: String

    @Option(help: ArgumentHelp("The rater's id (\(RaterID.rules)).", valueName: "id"))
    var rater: String

    @Option(help: ArgumentHelp("The file of marks, or - for standard input.", valueName: "file"))
    var marks: String = "-"

    @Flag(help: "The sheet is finished: every item is marked and the marks are final.")
    var done = false

    @Flag(help: "Decide, as a third person, the items the two raters marked differently.")
    var adjudicate = false

    @OptionGroup var system: ScoringSystemOption

    func validate() throws { _ = try RaterID(option: rater) }

    func run() throws {
        let file = try ResultsScoring(path: results)
        let (scoring, _) = try file.scoring(system: try system.chosen())
        let text = try MarksText.read(marks)
        let parsed = try MarksText.parse(text, items: scoring.items)
        let record = ScoreRecord(
            rater: try RaterID(option: rater), role: adjudicate ? .adjudicator : .rater,
            unixMilliseconds: Int64((Date().timeIntervalSince1970 * 1000).rounded()), results: file.name,
            resultsSHA256: file.sha256, system: scoring.system, marks: parsed, done: done)
        let saved = try file.save(record)
        print(
            "\(file.name): \(parsed.count) mark\(parsed.count == 1 ? "" : "s") saved for \(rater)\(done ? ", done" : "")"
                + "; \(ScoredFiles.words(saved))")
    }
}

/// `styluskit score show RESULTS --rater ID`: what that person may see of the file's scoring.
struct ScoreShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract:
            "Shows a results file's scoring as one person may see it: their own marks until both raters are done.",
        discussion: """
            Before both raters are done, --rater sees their own marks only. After, every sheet is \
            shown with each step's points, the differences, the agreement (exact share of items, \
            Cohen's kappa over the items marked with categories) and, once final, the final scores.
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: ArgumentHelp("A results file (.csk, .msk, .ssk).", valueName: "results"), completion: .file())
    var results: String

    @Option(help: ArgumentHelp("Who is looking: a rater's or adjudicator's id.", valueName: "id"))
    var rater: String

    @OptionGroup var output: JSONOutput

    func validate() throws { _ = try RaterID(option: rater) }

    func run() throws {
        let file = try ResultsScoring(path: results)
        let (scoring, problems) = try file.scoring()
        ScoredFiles.say(problems, of: file)
        if output.json {
            print(try ScoringJSON.scoring(resultsFile: results, system: scoring.system.name, viewer: rater))
            return
        }
        print("\(file.name): \(scoring.system.name) \(scoring.system.version), \(ScoredFiles.words(scoring))")
        let viewer = try RaterID(option: rater)
        for sheet in scoring.sheets(visibleTo: viewer) {
            let isAdjudication = sheet.rater == scoring.adjudication?.rater
            print("\(isAdjudication ? "adjudicator" : "rater") \(sheet.rater)\(sheet.done ? " (done)" : ""):")
            for score in StepScore.scores(of: scoring.items, marks: sheet.marks) where !isAdjudication {
                print("  \(score.step): \(ScoredFiles.words(score))")
            }
            for item in scoring.items {
                if let mark = sheet.marks[item.id] { print("  \(item.id) \(mark)") }
            }
        }
        if let agreement = FileAgreement(scoring) {
            print(ScoredFiles.words(agreement))
        }
        if let final = scoring.finalMarks {
            for score in StepScore.scores(of: scoring.items, marks: final) {
                print("final \(score.step): \(ScoredFiles.words(score))")
            }
        }
    }
}

/// `styluskit score export PATH... --out FILE|-`: every file's scores, a row per step.
struct ScoreExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Writes every scored step of the results files as a CSV row: raters' points, final score, agreement.",
        discussion: """
            A PATH is a results file or a folder (every results file under it). Columns: results, \
            sha256, test, system, system_version, state, step, first_rater, second_rater, \
            first_points, second_points, final_points, final_errors, maximum_points, \
            exact_agreement, kappa, adjudicator. The raters' points and the agreement are empty \
            until both raters are done (they are blind until then), the final ones until the state \
            is final; a kappa that is undefined is empty (\(DocumentationPages.path("scoring.md")), "Agreement").
            """ + "\n\n" + ExitStatus.help)

    @Argument(help: ArgumentHelp("Results files or folders.", valueName: "path"))
    var paths: [String]

    @Option(help: ArgumentHelp("The file to write, or - for standard output.", valueName: "file"), completion: .file())
    var out: String = "-"

    @Flag(help: "Overwrite --out if it exists.")
    var force = false

    func run() throws {
        var text = ScoresCSV.header
        var files = 0
        for path in try ScoredFiles.find(paths) {
            let file = try ResultsScoring(path: path)
            guard ScoringSystem.standard(forTest: file.test) != nil else { continue }
            let (scoring, problems) = try file.scoring()
            ScoredFiles.say(problems, of: file)
            text += ScoresCSV.rows(path: path, file: file, scoring: scoring)
            files += 1
        }
        if out == "-" {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        if !force, FileManager.default.fileExists(atPath: out) {
            throw ValidationError("\(out) exists: give --force to overwrite it, or another --out")
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw ScoresFileError.fileSystem(path: out, reason: SystemErrorText.reason(error))
        }
        print("\(out): \(files) results file\(files == 1 ? "" : "s")")
    }
}

extension RaterID {
    /// The id `--rater` gives, or the usage error that says why `text` is not one (checked in
    /// `validate()`, so `run()` always has its id).
    init(option text: String) throws {
        guard let id = RaterID(text) else {
            throw ValidationError("--rater \(text) is not a rater id: \(RaterID.rules)")
        }
        self = id
    }
}
