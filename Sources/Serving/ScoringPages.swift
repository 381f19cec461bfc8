import ADF
import Foundation
import Scoring
import SystemErrors
import Visits

/// The scoring page's data: a results file's blind double scoring as one rater may see it, and a rater's
/// marks checked and appended to the folder's scores file (docs/scoring.md, docs/serve.md "Scoring").
///
/// The scores file is the only file the server writes, and only through `ScoresFile.append`, which
/// checks the record against the double-scoring rules under the file's lock: the page cannot make a
/// third rater, change a done sheet or see the other rater's marks before both are done.
struct ScoringPages {
    let real: String
    let document: ADFDocument
    let system: ScoringSystem
    let form: ScoredForm
    let sha256: String
    let scoring: DoubleScoring
    let linesPassedOver: Int

    /// The scoring of the results file at `real`, under `systemName` or its test's standard system.
    init(real: String, document: ADFDocument, systemName: String?) throws(ScoringPageError) {
        let test = InkJSON.testName(document.variant)
        if let systemName {
            guard let named = ScoringSystem.allCases.first(where: { $0.name == systemName }), named.test == test
            else { throw .noSystem("No scoring system '\(systemName)' for the \(test) test.") }
            system = named
        } else {
            guard let standard = ScoringSystem.standard(forTest: test) else {
                throw .noSystem("The \(test) test has no scoring system yet (docs/scoring.md).")
            }
            system = standard
        }
        let sha256: String
        do { sha256 = try VisitFolder.sha256(file: real) } catch { throw .unreadable("\(error)") }
        let contents: ScoresFileContents
        do {
            contents = try Self.scoresFile(of: real).read()
        } catch {
            throw .unreadable("\(error)")
        }
        let displayMode = document.steps.contains { $0.drawingTags?.setID.hasSuffix("-display") ?? false }
        self.real = real
        self.document = document
        self.sha256 = sha256
        form = ScoredForm(steps: document.steps.map(\.identifier), displayMode: displayMode)
        scoring = DoubleScoring(
            system: system, form: form, results: (real as NSString).lastPathComponent, resultsSHA256: sha256,
            records: contents.records)
        linesPassedOver = contents.problems.count
    }

    static func scoresFile(of real: String) -> ScoresFile {
        ScoresFile(folder: PathText.folder(of: real))
    }

    /// What `viewer` may see: the items, the state, the sheets visible to them (their own until both raters
    /// are done), each sheet's step scores, and once both are done the agreement and the final scores.
    func json(viewer: RaterID?) -> String {
        var out = "{\"system\":" + InkJSON.quoted(system.name) + ",\"version\":\(system.version)"
        out += ",\"title\":" + InkJSON.quoted(system.title)
        out += ",\"state\":" + InkJSON.quoted(scoring.state.label)
        out += ",\"final\":\(scoring.state.isFinal)"
        out += ",\"raters\":[" + scoring.raters.map { InkJSON.quoted($0.rater.text) }.joined(separator: ",") + "]"
        out += ",\"doneRaters\":["
        out += scoring.raters.filter(\.done).map { InkJSON.quoted($0.rater.text) }.joined(separator: ",") + "]"
        out += ",\"adjudicator\":" + (scoring.adjudication.map { InkJSON.quoted($0.rater.text) } ?? "null")
        out += ",\"linesPassedOver\":\(linesPassedOver),\"refused\":\(scoring.refused.count)"
        out += ",\"items\":[" + scoring.items.map(Self.itemJSON).joined(separator: ",") + "]"
        // No id (the page before its rater gives one) or one the rules refuse is no rater: they see what anyone
        // sees, every sheet once both raters are done and none before (any rater's view then is everyone's).
        let bothDone = scoring.raters.count == 2 && scoring.raters.allSatisfy(\.done)
        let sheets =
            viewer.map { scoring.sheets(visibleTo: $0) }
            ?? (bothDone ? scoring.sheets(visibleTo: scoring.raters[0].rater) : [])
        out += ",\"sheets\":[" + sheets.map(sheetJSON).joined(separator: ",") + "]"
        out += ",\"differences\":[" + scoring.differences.map { InkJSON.quoted($0.id) }.joined(separator: ",") + "]"
        if let agreement = FileAgreement(scoring) { out += ",\"agreement\":" + Self.agreementJSON(agreement) }
        if let marks = scoring.finalMarks {
            out += ",\"finalScores\":" + Self.scoresJSON(StepScore.scores(of: scoring.items, marks: marks))
        }
        return out + "}"
    }

    func sheetJSON(_ sheet: ScoreSheet) -> String {
        var out = "{\"rater\":" + InkJSON.quoted(sheet.rater.text) + ",\"done\":\(sheet.done)"
        out += ",\"adjudicator\":\(scoring.adjudication?.rater == sheet.rater)"
        out +=
            ",\"marks\":{"
            + sheet.marks.sorted { $0.key < $1.key }.map { Self.markJSON($0.key, $0.value) }
            .joined(separator: ",") + "}"
        out += ",\"scores\":" + Self.scoresJSON(StepScore.scores(of: scoring.items, marks: sheet.marks))
        return out + "}"
    }

    static func markJSON(_ item: String, _ value: MarkValue) -> String {
        switch value {
        case .category(let name): InkJSON.quoted(item) + ":" + InkJSON.quoted(name)
        case .count(let count): InkJSON.quoted(item) + ":\(count)"
        }
    }

    static func itemJSON(_ item: ScoreItem) -> String {
        var out = "{\"id\":" + InkJSON.quoted(item.id) + ",\"step\":" + InkJSON.quoted(item.step)
        out += ",\"label\":" + InkJSON.quoted(item.label)
        if let expected = item.expected { out += ",\"expected\":" + InkJSON.quoted(expected) }
        switch item.scale {
        case .categories(let categories):
            out += ",\"categories\":["
            out += categories.map {
                "{\"name\":" + InkJSON.quoted($0.name) + ",\"points\":\($0.points),\"meaning\":"
                    + InkJSON.quoted($0.meaning) + "}"
            }.joined(separator: ",")
            out += "]"
        case .count(let maximum): out += ",\"countMaximum\":\(maximum)"
        }
        return out + "}"
    }

    static func scoresJSON(_ scores: [StepScore]) -> String {
        "["
            + scores.map {
                "{\"step\":" + InkJSON.quoted($0.step) + ",\"points\":\($0.points),\"maximum\":\($0.maximumPoints)"
                    + ",\"errors\":\($0.errors),\"unmarked\":\($0.unmarked)}"
            }.joined(separator: ",") + "]"
    }

    static func agreementJSON(_ agreement: FileAgreement) -> String {
        var out = "{\"first\":" + InkJSON.quoted(agreement.first.text)
        out += ",\"second\":" + InkJSON.quoted(agreement.second.text)
        out += ",\"exact\":" + (agreement.exact.map(InkJSON.number) ?? "null")
        out += ",\"kappa\":" + (agreement.kappa.map { String(format: "%.4f", $0) } ?? "null")
        out += ",\"itemsCompared\":\(agreement.items.count)"
        out += ",\"itemsAgreeing\":\(agreement.items.count { $0.agrees })"
        out += ",\"steps\":["
        out += agreement.steps.map {
            "{\"step\":" + InkJSON.quoted($0.step) + ",\"first\":\($0.first),\"second\":\($0.second),\"agrees\":"
                + "\($0.agrees)}"
        }.joined(separator: ",")
        return out + "]}"
    }

    /// Appends `record` to the scores file if the double-scoring rules take it against the file as it is
    /// under its lock.
    func save(_ record: ScoreRecord) throws(ScoresFileError) {
        try Self.scoresFile(of: real).append(record) { contents throws(ScoringRefusal) in
            var now = DoubleScoring(
                system: system, form: form, results: scoring.results, resultsSHA256: sha256, records: contents.records)
            try now.add(record)
        }
    }

    /// A rater's marks from the page, as the record to append: `{"rater", "role", "marks": {item: value},
    /// "done"}`, a category as a string and a count as a number.
    static func record(
        from body: [String: Any], results real: String, system: ScoringSystem, sha256: String, now: Date
    ) throws(ScoringPageError) -> ScoreRecord {
        guard let text = body["rater"] as? String, let rater = RaterID(text) else {
            throw .badRecord("Give your rater id: \(RaterID.rules).")
        }
        guard let role = ScoreRecord.Role(rawValue: body["role"] as? String ?? "rater") else {
            throw .badRecord("The role is 'rater' or 'adjudicator'.")
        }
        guard let given = body["marks"] as? [String: Any], given.count <= ScoresFileFormat.maximumMarks else {
            throw .badRecord("Send the marks as {\"item\": value, ...}, at most \(ScoresFileFormat.maximumMarks).")
        }
        var marks: [Mark] = []
        for (item, value) in given.sorted(by: { $0.key < $1.key }) {
            if let name = value as? String {
                marks.append(Mark(item: item, value: .category(name)))
            } else if let count = value as? Int {
                marks.append(Mark(item: item, value: .count(count)))
            } else {
                throw .badRecord("The mark of \(item) is neither a category nor a whole count.")
            }
        }
        return ScoreRecord(
            rater: rater, role: role, unixMilliseconds: Int64((now.timeIntervalSince1970 * 1000).rounded(.down)),
            results: (real as NSString).lastPathComponent, resultsSHA256: sha256, system: system, marks: marks,
            done: body["done"] as? Bool ?? false)
    }
}

/// Why the scoring page cannot answer; each becomes a 4xx with these words.
enum ScoringPageError: Error, CustomStringConvertible {
    case noSystem(String)
    case unreadable(String)
    case badRecord(String)

    var description: String {
        switch self {
        case .noSystem(let words), .badRecord(let words): words
        case .unreadable(let words): "The scores cannot be read: \(words)"
        }
    }
}

/// The scoring page's JSON for the command line (`styluskit score show --json`, `score items --json`), so a
/// site's script reads what the page reads (docs/scoring.md, "The command line").
public enum ScoringJSON {
    /// The scoring of the results file at `path` as `viewer` may see it: the JSON of `GET /api/scoring`.
    ///
    /// - Throws: the results file's reading error, or why it has no scoring (words for the operator).
    public static func scoring(resultsFile path: String, system: String?, viewer: String) throws -> String {
        try pages(path, system: system).json(viewer: RaterID(viewer))
    }

    /// The items a rater marks on the results file at `path`:
    /// `{"results", "system", "version", "title", "items": [...]}`, each item as the page's.
    public static func items(resultsFile path: String, system: String?) throws -> String {
        let pages = try pages(path, system: system)
        var out = "{\"results\":" + InkJSON.quoted((path as NSString).lastPathComponent)
        out += ",\"system\":" + InkJSON.quoted(pages.system.name) + ",\"version\":\(pages.system.version)"
        out += ",\"title\":" + InkJSON.quoted(pages.system.title)
        return out + ",\"items\":[" + pages.scoring.items.map(ScoringPages.itemJSON).joined(separator: ",") + "]}"
    }

    static func pages(_ path: String, system: String?) throws -> ScoringPages {
        try ScoringPages(
            real: path, document: try ADFReader.readValidated(path: path).file.document, systemName: system)
    }
}
