import Exports
import Features
import FileLocations
import Foundation
import LinuxInput
import Measures
import Recordings
import Sessions
import StylusInput
import TestMaterials
import TestSupport
import Testing
import Visits

/// The repository's fixtures, and a calibration lookup that reads only its `Calibration/`.
enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// The shipped profiles only: no /etc or user folder can change what a test sees.
    static let lookup = CalibrationLookup(projectDirectory: root.path, environment: ["HOME": "/nonexistent"])

    /// The `styluskit` binary built beside this test bundle.
    static var styluskit: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("styluskit")
    }
}

/// Visit folders made the way `styluskit visit` makes them, without the window (that command is
/// built elsewhere): real recordings replayed into results files in the folder, and the manifest
/// written through the Visits API after each test.
final class VisitScene: Sendable {
    let root: String
    /// A complete standard visit: the clock and the maze battery done, symbol-digit skipped.
    let complete: VisitFolder
    /// An aborted short visit of the same participant: the clock done, aborted during the maze.
    let aborted: VisitFolder
    static let skipReason = #"tremor, "shaky" hand"#
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    init() throws {
        root =
            FileManager.default.temporaryDirectory.appendingPathComponent("styluskit-exports-\(UUID().uuidString)").path
        complete = try Self.visit(
            root: root, protocolFile: "Fixtures/protocols/standard.yaml", at: Self.start,
            tests: [
                .replay("Wacom-Cintiq-13HD-touch-Pen.events"), .replay("Wacom-Cintiq-22HDT-Pen.events"),
                .skip(Self.skipReason),
            ])
        aborted = try Self.visit(
            root: root, protocolFile: "Fixtures/protocols/short.yaml", at: Self.start + 86_400,
            tests: [.replay("dell_canvas_pen.evemu"), .abort])
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    enum Step {
        case replay(String)
        case skip(String)
        case abort
    }

    /// A visit of `tests` under `root`. `recordedSource` is the protocol path written in the
    /// manifest (default: the fixture's absolute path); `journals` writes each maze test's journal
    /// opening (the files the session read, kept), as a live session's journal begins.
    static func visit(
        root: String, protocolFile: String, at start: Date, tests: [Step], recordedSource: String? = nil,
        journals: Bool = false
    ) throws -> VisitFolder {
        let source = Fixture.path(protocolFile)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let parsed = try VisitProtocol(yaml: String(decoding: bytes, as: UTF8.self), source: source)
        let folder = try VisitFolder.create(root: root, participant: "P-0042", started: start)
        let sha = try folder.copyProtocol(bytes: bytes)
        var manifest = VisitManifest.begin(
            participant: "P-0042", protocol: parsed,
            facts: .init(
                name: parsed.name, title: parsed.title, schema: 1, file: VisitFolder.protocolName,
                source: recordedSource ?? source,
                sha256: sha),
            software: .init(version: "0.1.0-test"), calibration: .init(), at: start)
        manifest.device = .init(
            node: "feed:recording", name: "Wacom Cintiq 13HD Pen", vendor: "0x056a", product: "0x0304",
            model: "Cintiq 13HD",
            penDisplay: true)
        let resolved = parsed.resolved(against: (source as NSString).deletingLastPathComponent)
        for (position, step) in tests.enumerated() {
            let at = start + Double(position) * 300
            let kind = resolved.tests[position].test
            switch step {
            case .replay(let recording):
                var replay = RecordingReplay(
                    recording: Fixture.path("Fixtures/recordings/real/" + recording), test: kind,
                    facts: LibwacomDatabase.installedFacts)
                replay.lookup = Fixture.lookup
                replay.directory = folder.path
                replay.resultsName = "\(kind.rawValue)-\(VisitFolder.stamp(at))"
                if case .battery(let file) = resolved.tests[position].mazes { replay.battery = file }
                if case .maze(let file) = resolved.tests[position].mazes { replay.maze = file }
                let results = replay.resultsName! + "." + ["clock": "csk", "maze": "msk", "sdt": "ssk"][kind.rawValue]!
                manifest.start(position, at: at, journal: replay.resultsName! + ".evemu", results: results)
                try folder.write(manifest)
                _ = try replay.run()
                if journals, case .battery(let file) = resolved.tests[position].mazes {
                    try journalOpening(
                        recording: replay.recording, test: .battery(file: file), directory: folder.path,
                        name: replay.resultsName!)
                }
                manifest.finish(
                    position, at: at + 120, outcome: "finished",
                    checksums: .init(journal: nil, results: try VisitFolder.sha256(file: folder.file(results))))
            case .skip(let reason):
                manifest.skip(position, at: at, reason: reason)
            case .abort:
                manifest.start(position, at: at, journal: "\(kind.rawValue).evemu", results: "\(kind.rawValue).msk")
                manifest.abort(during: position, at: at + 10)
            }
            try folder.write(manifest)
        }
        return folder
    }
}

/// Writes the opening of a live session's journal (header, anchor, test, the files the session
/// read, begin) with the Journal writer `record` uses; the events are not needed to name the mazes.
func journalOpening(recording: String, test: JournaledTest, directory: String, name: String) throws {
    let header = try RecordingReader(path: recording).header
    let written = RecordingHeader(
        format: .evemu(.current), kernel: "6.1.0-exports-test", deviceNode: "/dev/input/event9", device: header.device)
    let sources = try SessionMaterials.live(
        test: test, device: header.device, settingsFile: nil, profileFile: nil, displayProfile: nil,
        lookup: Fixture.lookup,
        facts: LibwacomDatabase.installedFacts, note: { _ in })
    let start = EventTime(microseconds: 1_000_000)
    let journal = try Journal(directory: directory, name: name, header: written, now: start)
    try journal.control(
        .anchor(realtimeMicroseconds: 1_764_000_000_000_000, monotonicMicroseconds: start.microseconds), now: start)
    try journal.control(.test(test), now: start)
    for line in sources.journalLines { try journal.control(line, now: start) }
    try journal.control(.begin(start), now: start)
    try journal.sync(now: start)
}

/// Runs `python3` with `script` and `arguments`; nil when Python is not installed (the test is then skipped, not
/// passed).
func python(_ script: String, _ arguments: [String]) throws -> String? {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return nil }
    return try run(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script] + arguments).output
}

func run(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = Fixture.root
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

/// Parses CSV files with Python's csv module (an RFC 4180 reader independent of ours) into JSON: one array of rows per
/// file.
let parseCSV = """
    import csv, json, sys
    print(json.dumps([list(csv.reader(open(p, newline="", encoding="utf-8"), strict=True)) for p in sys.argv[1:]]))
    """

@Suite("export redcap and export csv of visit folders", .serialized)
struct ExportsTests {
    static let scene = Result { try VisitScene() }

    func scene() throws -> VisitScene { try Self.scene.get() }

    func export(event: String? = nil, recordID: REDCapExport.RecordID = .visit) throws -> REDCapExport {
        let scene = try scene()
        return try REDCapExport(records: try VisitRecord.readAll([scene.root]), event: event, recordID: recordID)
    }

    /// The dictionary's and the import file's rows as Python's csv module reads them back.
    func parsed(_ export: REDCapExport) throws -> (dictionary: [[String]], records: [[String]])? {
        let directory = try scene().root + "/out-\(UUID().uuidString)"
        let paths = try export.write(to: directory, force: false)
        guard let json = try python(parseCSV, Array(paths.prefix(2))) else { return nil }
        let tables = try JSONDecoder().decode([[[String]]].self, from: Data(json.utf8))
        return (tables[0], tables[1])
    }

    @Test("The dictionary has REDCap's 18 columns in REDCap's order, and an instrument of valid fields")
    func dictionary() throws {
        let export = try export()
        // REDCap's template header as our RFC 4180 writer puts it: only the field with commas is quoted.
        let header =
            "Variable / Field Name,Form Name,Section Header,Field Type,Field Label,\"Choices, Calculations, OR Slider Labels\","
            + "Field Note,Text Validation Type OR Show Slider Number,Text Validation Min,Text Validation Max,Identifier?,"
            + "Branching Logic (Show field only if...),Required Field?,Custom Alignment,Question Number (surveys only),"
            + "Matrix Group Name,Matrix Ranking?,Field Annotation"
        #expect(export.dictionary.split(separator: "\n").first.map(String.init) == header)
        guard let (rows, _) = try parsed(export) else {
            Issue.record("python3 is missing: the CSV round trip cannot be checked")
            return
        }
        #expect(rows[0] == REDCapExport.dictionaryHeader && rows[0].count == 18)
        let fields = rows.dropFirst()
        #expect(fields.first?[0] == "record_id")
        let name = try Regex("^[a-z][a-z0-9_]*$")
        for field in fields {
            #expect(field.count == 18)
            #expect(field[0].wholeMatch(of: name) != nil && field[0].count <= 100, "\(field[0])")
            #expect(field[1] == "styluskit_visit")
            #expect(["text", "dropdown", "file"].contains(field[3]), "\(field)")
            #expect(["", "number", "integer", "date_ymd", "datetime_seconds_ymd"].contains(field[7]), "\(field)")
            if field[3] == "dropdown" {
                #expect(field[5].wholeMatch(of: try Regex(#"^\d+, [a-z-]+( \| \d+, [a-z-]+)*$"#)) != nil, "\(field[5])")
            } else {
                #expect(field[5].isEmpty)
            }
            // A measure's note names its features column; the raters' scores (docs/scoring.md) are not measures.
            if field[7] == "number" || field[7] == "integer", !field[0].contains("_score_") {
                #expect(field[6].contains("styluskit features --level test column"))
            }
        }
        #expect(Set(fields.map { $0[0] }).count == fields.count, "variable names are unique")
        #expect(fields.contains { $0[0] == "clock_total_time_s" && $0[6].hasPrefix("Unit: s.") && $0[7] == "number" })
        #expect(fields.contains { $0[0] == "maze_wall_crosses" && $0[7] == "integer" })
        #expect(fields.contains { $0[0] == "maze_completion_time_s" })
        #expect(fields.contains { $0[0] == "sdt_results_file" && $0[3] == "file" })
        #expect(!fields.contains { $0[0] == "clock_wall_crosses" || $0[0] == "sdt_copy_command_strokes_ratio" })
        // The trail making test's columns belong to its slot only.
        #expect(!fields.contains { $0[0].hasPrefix("clock_trails") || $0[0].hasPrefix("maze_trails") })
        #expect(!fields.contains { $0[0].hasPrefix("sdt_trails") })
    }

    @Test(
        "The import file's header is the dictionary's fields in order without the file uploads; redcap_event_name second with --event"
    )
    func importHeader() throws {
        for event in [nil, "baseline_arm_1"] {
            let export = try export(event: event)
            guard let (dictionary, records) = try parsed(export) else {
                Issue.record("python3 is missing")
                return
            }
            var expected = dictionary.dropFirst().filter { $0[3] != "file" }.map { $0[0] }
            if event != nil { expected.insert("redcap_event_name", at: 1) }
            #expect(records[0] == expected)
            #expect(records.count == 3, "one row per visit")
            for row in records.dropFirst() {
                #expect(row.count == expected.count)
                if let event { #expect(row[1] == event) }
            }
        }
    }

    @Test(
        "A row: the visit's facts, coded statuses, Y-M-D dates, each measure as styluskit features prints it, a skipped test's reason and no measures"
    )
    func rows() throws {
        let scene = try scene()
        let export = try export()
        guard let (_, records) = try parsed(export) else {
            Issue.record("python3 is missing")
            return
        }
        let header = records[0]
        func value(_ row: Int, _ column: String) throws -> String {
            records[row][try #require(header.firstIndex(of: column), "\(column)")]
        }
        #expect(try value(1, "record_id") == "P-0042_20261118T110640Z")
        #expect(try value(1, "visit_date") == "2026-11-18")
        #expect(try value(1, "visit_started") == "2026-11-18 11:06:40")
        #expect(try value(1, "visit_status") == "2")
        #expect(try value(1, "protocol_name") == "standard")
        #expect(try value(1, "device_id") == "0x056a:0x0304")
        #expect(try value(1, "clock_status") == "1")
        #expect(try value(1, "sdt_status") == "3")
        #expect(try value(1, "sdt_skip_reason") == VisitScene.skipReason)
        for column in header
        where column.hasPrefix("sdt_") && !["sdt_status", "sdt_skip_reason", "sdt_finished"].contains(column) {
            #expect(try value(1, column).isEmpty, "\(column) of a skipped test")
        }
        #expect(try value(2, "visit_status") == "3")
        #expect(try value(2, "maze_status") == "4")
        #expect(try value(2, "maze_total_time_s").isEmpty)
        #expect(try value(2, "sdt_status").isEmpty, "the short protocol has no symbol-digit test")

        // Each measure is what `styluskit features --level test` prints for the results file.
        let manifest = try scene.complete.readManifest()
        for (position, prefix, extra) in [
            (0, "clock", [String]()), (1, "maze", ["--battery", Fixture.path("Fixtures/mazes/standard.battery")]),
        ] {
            let file = scene.complete.file(try #require(manifest.tests[position].results))
            let printed = try run(Fixture.styluskit, ["features", file, "--level", "test", "--quiet"] + extra)
            try #require(printed.status == 0, "\(printed.error)")
            let lines = printed.output.split(separator: "\n").map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            let (columns, values) = (lines[0], lines[1])
            var compared = 0
            for (column, measured) in zip(columns, values) where column != "file" && column != "test" {
                // Not measures: where the file stands in its visit (the row's own visit fields), and whether it is
                // invalid.
                if FeaturesTable.trailingColumns.contains(column) {
                    if ["participant_id", "visit_folder"].contains(column) {
                        #expect(try value(1, column) == measured, "\(column)")
                    }
                    continue
                }
                let name = column.hasPrefix(prefix + "_") ? column : "\(prefix)_\(column)"
                guard header.contains(name) else {
                    #expect(
                        measured.isEmpty, "\(column) is left out of the \(prefix) test but features has \(measured)")
                    continue
                }
                #expect(try value(1, name) == measured, "\(name)")
                compared += 1
            }
            #expect(compared >= 10)
        }
        #expect(try !value(1, "maze_solution_length_mm").isEmpty, "the protocol's battery gives the maze measures")
        #expect(try value(1, "clock_strokes") != "0")
    }

    @Test("files.csv names each results file for its file-upload field; the plain CSV has words, UTC times and paths")
    func filesAndPlainCSV() throws {
        let scene = try scene()
        let export = try export()
        let files = export.files.split(separator: "\n").map(String.init)
        #expect(files[0] == "record,redcap_event_name,field,file")
        #expect(files.count == 4, "the clock and the maze of the first visit, the clock of the second")
        #expect(files[1].hasPrefix("P-0042_20261118T110640Z,,clock_results_file,/") && files[1].hasSuffix(".csk"))
        #expect(export.readme.contains("API's file import"))

        let plain = PlainExport(records: try VisitRecord.readAll([scene.complete.path]))
        let path = scene.root + "/plain.csv"
        try CSVText.write(plain.text, to: path)
        guard let json = try python(parseCSV, [path]) else {
            Issue.record("python3 is missing")
            return
        }
        let rows = try JSONDecoder().decode([[[String]]].self, from: Data(json.utf8))[0]
        #expect(rows.count == 2)
        let row = Dictionary(uniqueKeysWithValues: zip(rows[0], rows[1]))
        #expect(rows[0].first == "participant_id" && !rows[0].contains("record_id"))
        #expect(row["visit_status"] == "complete" && row["sdt_status"] == "skipped" && row["clock_status"] == "done")
        #expect(row["visit_started"] == "2026-11-18T11:06:40Z")
        #expect(row["sdt_skip_reason"] == VisitScene.skipReason)
        #expect(row["clock_results_file"]?.hasPrefix(scene.complete.path + "/clock-") == true)
    }

    @Test("Refusals say what to do: two visits as one record, a bad event name, no visit, a changed results file")
    func refusals() throws {
        let scene = try scene()
        let records = try VisitRecord.readAll([scene.root])
        #expect(
            throws: ExportError.duplicateRecord(
                record: "P-0042", first: scene.complete.path, second: scene.aborted.path)
        ) {
            try REDCapExport(records: records, recordID: .participant)
        }
        #expect(
            ExportError.duplicateRecord(record: "P-0042", first: "a", second: "b").description
                == "a and b would both be REDCap record 'P-0042' in the same event. Give --record-id visit (one record per visit), "
                + "or export them with different --event names.")
        #expect(throws: ExportError.invalidName(option: "--event", value: "Baseline Arm")) {
            try REDCapExport(records: records, event: "Baseline Arm")
        }
        #expect(throws: ExportError.noVisits(path: scene.root + "/P-0042/nothing")) {
            try FileManager.default.createDirectory(
                atPath: scene.root + "/P-0042/nothing", withIntermediateDirectories: true)
            return try VisitRecord.readAll([scene.root + "/P-0042/nothing"])
        }
        // A results file changed after the visit is not exported.
        let copy = scene.root + "/changed"
        try FileManager.default.copyItem(atPath: scene.aborted.path, toPath: copy)
        let manifest = try VisitFolder(existing: copy).readManifest()
        let results = try #require(manifest.tests[0].results)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: copy + "/" + results))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n".utf8))
        try handle.close()
        #expect(throws: ExportError.changedResults(visit: copy, test: 1, kind: "clock", file: results)) {
            try VisitRecord.readAll([copy])
        }
        try FileManager.default.removeItem(atPath: copy)
        // A null SHA-256 is refused like a wrong one: without it, a swapped file would pass (issue 34, item 3).
        let unsealed = scene.root + "/unsealed"
        try FileManager.default.copyItem(atPath: scene.aborted.path, toPath: unsealed)
        let folder = try VisitFolder(existing: unsealed)
        var edited = try folder.readManifest()
        edited.tests[0].sha256?.results = nil
        try folder.write(edited)
        let named = try #require(edited.tests[0].results)
        #expect(
            throws: ExportError.unreadableVisit(
                path: unsealed, reason: VisitError.noChecksum(folder: unsealed, name: named).description)
        ) {
            try VisitRecord.readAll([unsealed])
        }
        try FileManager.default.removeItem(atPath: unsealed)
    }

    @Test(
        "A maze test's mazes come from its journal when the protocol's path no longer resolves; without either, a note and empty maze measures"
    )
    func mazesFromTheJournal() throws {
        let root = try scene().root + "/moved-\(UUID().uuidString)"
        let steps: [VisitScene.Step] = [
            .skip("not today"), .replay("Wacom-Cintiq-22HDT-Pen.events"), .skip("not today"),
        ]
        let journaled = try VisitScene.visit(
            root: root + "/a", protocolFile: "Fixtures/protocols/standard.yaml", at: VisitScene.start, tests: steps,
            recordedSource: "moved/standard.yaml", journals: true)
        let bare = try VisitScene.visit(
            root: root + "/b", protocolFile: "Fixtures/protocols/standard.yaml", at: VisitScene.start, tests: steps,
            recordedSource: "moved/standard.yaml")
        var notes: [String] = []
        let fromJournal = try VisitRecord.read(journaled) { notes.append($0) }
        #expect(notes.isEmpty)
        let complete = try VisitRecord.readAll([try scene().complete.path])[0]
        #expect(
            fromJournal.tests[1].measures?["maze_solution_length_mm"]
                == complete.tests[1].measures?["maze_solution_length_mm"])
        #expect(fromJournal.tests[1].measures?["maze_solution_length_mm"]?.text != nil)
        let without = try VisitRecord.read(bare) { notes.append($0) }
        #expect(without.tests[1].measures?["maze_solution_length_mm"]?.text == nil)
        #expect(without.tests[1].measures?["total_time_s"]?.text != nil)
        #expect(
            notes == [
                "\(bare.path): the mazes of test 2 are neither in its journal nor where moved/standard.yaml names them; its measures "
                    + "against the maze's solution are left empty."
            ])
    }

    @Test("Every test-level measure column is assigned to the tests it describes, and the others are empty for them")
    func measureColumns() throws {
        let records = try VisitRecord.readAll([try scene().complete.path])
        for test in records[0].tests {
            guard let kind = test.kind, let measures = test.measures else { continue }
            for (column, _) in VisitFields.measureColumns where !VisitFields.column(column, appliesTo: kind) {
                #expect(measures[column]?.text == nil, "\(column) has a value for a \(kind) test")
            }
        }
        #expect(VisitFields.measureColumns.count >= 20)
    }
}

/// The data dictionary against an independent model of REDCap's: linkml-redcap's LinkML schema of
/// the 18-column data dictionary (field types, validation types, the variable and form name
/// patterns), checked by LinkML's own validator.
@Suite("the data dictionary against linkml-redcap's schema")
struct REDCapSchemaTests {
    /// The pinned versions the check was written against.
    static let packages = ["linkml-redcap==0.1.2", "linkml==1.12.1"]

    /// A virtual environment's Python with the packages, or nil when they cannot be installed
    /// (no python3, no venv module, PyPI unreachable). Kept in .build between runs.
    static let python: URL? = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return nil }
        let venv = Fixture.root.appendingPathComponent(".build/redcap-venv")
        let venvPython = venv.appendingPathComponent("bin/python")
        let check = ["-c", "import linkml_redcap, linkml.validator"]
        if FileManager.default.isExecutableFile(atPath: venvPython.path), (try? run(venvPython, check))?.status == 0 {
            return venvPython
        }
        let timeout = URL(fileURLWithPath: "/usr/bin/timeout")
        guard (try? run(timeout, ["120", "/usr/bin/python3", "-m", "venv", venv.path]))?.status == 0,
            (try? run(
                timeout,
                [
                    "900", venvPython.path, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                    "--timeout", "20",
                    "--retries", "1",
                ] + packages))?.status == 0,
            (try? run(venvPython, check))?.status == 0
        else { return nil }
        return venvPython
    }()

    /// Reads a dictionary CSV, maps its 18 columns in order to the schema's Field slots, and prints each validation
    /// error.
    static let validate = """
        import csv, sys
        from linkml_redcap import schema_path, schema_view
        from linkml.validator import validate
        rows = list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8"), strict=True))
        slots = list(schema_view().get_class("Field").attributes.keys())
        assert len(rows[0]) == len(slots) == 18, rows[0]
        fields = [{slot: value for slot, value in zip(slots, row) if value != ""} for row in rows[1:]]
        for result in validate({"fields": fields}, str(schema_path()), "DataDictionary").results:
            print(result.message)
        """

    @Test(
        "The dictionary validates, and a broken one does not",
        .enabled(
            if: python != nil,
            "linkml-redcap and linkml could not be installed from PyPI (no network, or no python3 venv)"))
    func validates() throws {
        let python = try #require(Self.python)
        let scene = try VisitScene()
        let export = try REDCapExport(records: try VisitRecord.readAll([scene.root]), event: "baseline_arm_1")
        let good = scene.root + "/dictionary.csv"
        try CSVText.write(export.dictionary, to: good)
        let checked = try run(python, ["-c", Self.validate, good])
        #expect(checked.status == 0, "\(checked.error)")
        #expect(checked.output == "", "linkml-redcap's schema: \(checked.output)")
        // The checker can fail: a capital in a name and an unknown field type.
        let bad = scene.root + "/bad.csv"
        try CSVText.write(
            export.dictionary.replacingOccurrences(of: "\nclock_steps,", with: "\nClock_steps,")
                .replacingOccurrences(of: ",dropdown,Visit status", with: ",pulldown,Visit status"), to: bad)
        let refused = try run(python, ["-c", Self.validate, bad])
        #expect(
            refused.output.contains("'Clock_steps' does not match")
                && refused.output.contains("'pulldown' is not one of"),
            "\(refused.output)")
    }
}
