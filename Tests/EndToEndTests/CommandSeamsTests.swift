import Foundation
import Testing
import Visits

/// The command line's seams of issue 33, item 5, one test each.
@Suite("Command-line seams")
struct CommandSeamsTests {
    /// The description lines of a real recording: an evemu file of no events.
    func descriptionOnly(of recording: String) throws -> String {
        let text = try String(contentsOf: Paths.realRecordings.appendingPathComponent(recording), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("E:") }
            .joined(separator: "\n")
    }

    @Test("convert refuses to write a recording of 0 events, and writes nothing")
    func convertRefusesNoEvents() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("pen.evemu")
        try descriptionOnly(of: "Wacom-Cintiq-22HDT-Pen.events").write(to: input, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("out.evemu")
        let result = try styluskit(["convert", input.path, output.path])
        #expect(result.status == 65)
        #expect(
            result.standardError
                == "Error: \(input.path) has no events to convert (its device sent none); nothing was written. In a file of "
                + "several devices (libinput record --all), the pen that drew may be another one: choose it with "
                + "--device-index N, counting from 0.\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["pen.evemu"])
    }

    @Test("convert takes --device-index, as the other commands that read a recording do")
    func convertDeviceIndex() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = Paths.fixtures.appendingPathComponent("recordings/kinds/libinput-record-all.yml").path
        let pen = directory.appendingPathComponent("pen.evemu")
        let result = try styluskit(["convert", all, pen.path, "--device-index", "1"])
        #expect(result.status == 0, "\(result.standardError)")
        let info = try styluskit(["info", pen.path, "--json"])
        #expect(info.standardOutput.contains(#""device":"Wacom DTH2242 Pen""#))
    }

    @Test("features --out - prints the table, as without --out, and makes no folder named -")
    func featuresOutDash() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path
        let printed = try styluskit(["features", results, "--level", "test", "--quiet"], in: directory)
        let dash = try styluskit(["features", results, "--level", "test", "--quiet", "--out", "-"], in: directory)
        #expect(dash.status == 0, "\(dash.standardError)")
        #expect(!printed.standardOutput.isEmpty)
        #expect(dash.standardOutput == printed.standardOutput)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("-").path))
    }

    @Test("An unknown option gets its command's nearest option, or the option that takes it as a value")
    func didYouMeanOptions() throws {
        let results = Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path
        let json = try styluskit(["features", results, "--json"])
        #expect(json.status == 64)
        // --json anywhere asks for a JSON error, though this command has no such option.
        #expect(
            json.standardError
                == #"{"error":"Unknown option '--json'. Did you mean '--format json'? See 'styluskit features --help' "#
                + #"for more information.","exitStatus":64}"# + "\n")
        let typo = try styluskit(["features", results, "--levle", "test"])
        #expect(typo.standardError.hasPrefix("Error: Unknown option '--levle'. Did you mean '--level'?\n"))
        let far = try styluskit(["features", results, "--colourful"])
        #expect(far.standardError.hasPrefix("Error: Unknown option '--colourful'.\n"))
    }

    @Test("Under --json a bad option is one compact sentence with the pointer to the help, not the usage screen")
    func compactJSONErrors() throws {
        let results = Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path
        let result = try styluskit(["features", results, "--level", "bogus", "--json"])
        #expect(result.status == 64)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardError.utf8)) as? [String: Any])
        #expect(
            object["error"] as? String
                == "The value 'bogus' is invalid for '--level <level>'. Please provide one of 'stroke', 'step' or 'test'. "
                + "See 'styluskit features --help' for more information.")
        #expect(object["exitStatus"] as? Int == 64)
    }

    /// A one-character name (`a`) crashed with signal 4 in Foundation's `deletingLastPathComponent`.
    @Test(
        "export csv --out NAME writes NAME in the working directory, as ./NAME does, a one-character name too",
        arguments: ["visits.csv", "a"])
    func exportCSVBareName(name: String) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try VisitFixture.make(root: directory.appendingPathComponent("visits").path)
        let result = try styluskit(["export", "csv", folder.path, "--out", name], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "\(name): 1 visit\n")
        let written = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        #expect(written == (try styluskit(["export", "csv", folder.path, "--out", "-"])).standardOutput)
    }

    /// A scratch folder with a PDF, a PNG and a CSV table in it, named as a recording or results file might be.
    struct WrongKinds {
        let directory: URL
        var pdf: String { directory.appendingPathComponent("form.pdf").path }
        var png: String { directory.appendingPathComponent("plot.png").path }
        var csv: String { directory.appendingPathComponent("features.csv").path }
        /// A PDF named as a results file.
        var pdfNamedResults: String { directory.appendingPathComponent("clock.csk").path }

        init() throws {
            directory = try Paths.temporaryDirectory()
            let pdfBytes = Data("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n".utf8)
            try pdfBytes.write(to: URL(fileURLWithPath: pdf))
            try pdfBytes.write(to: URL(fileURLWithPath: pdfNamedResults))
            try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]).write(to: URL(fileURLWithPath: png))
            try "file,test,step\nclock.csk,clock,1\n".write(toFile: csv, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test("features ends with README's 73 when its table exists, not 1")
    func featuresCannotCreate() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path
        let out = directory.appendingPathComponent("tables").path
        let first = try styluskit(["features", results, "--level", "test", "--quiet", "--out", out])
        try #require(first.status == 0, "\(first.standardError)")
        let again = try styluskit(["features", results, "--level", "test", "--quiet", "--out", out])
        #expect(again.status == 73)
        #expect(
            again.standardError
                == "Error: \(out)/features-test.csv exists. Give --force to overwrite it, or another --out directory.\n"
        )
    }

    @Test("A journal given to replay is a file of the wrong kind (65), as a results file is, not a usage error (64)")
    func replayJournalIsDataError() throws {
        let journal = Paths.fixtures.appendingPathComponent("fuzz-corpus/journal/seed-clock-every-line.evemu").path
        let results = Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path
        let fromJournal = try styluskit(["replay", journal, "--test", "clock", "--out", "/nonexistent-out"])
        let fromResults = try styluskit(["replay", results, "--test", "clock", "--out", "/nonexistent-out"])
        #expect(fromJournal.status == 65)
        #expect(fromJournal.standardError.contains("is a StylusKit journal"))
        #expect(fromResults.status == 65)
    }

    @Test("A results file that cannot be opened is missing input (66), not 1")
    func missingResultsFile() throws {
        let show = try styluskit(["adf", "show", "/nonexistent/clock.csk"])
        #expect(show.status == 66, "\(show.standardError)")
        let plot = try styluskit(["plot", "/nonexistent/clock.csk", "--out", "/tmp/never-written.png"])
        #expect(plot.status == 66, "\(plot.standardError)")
    }

    @Test("A PDF, PNG or CSV given where a recording or results file is read is named as what it is")
    func wrongKindsNamed() throws {
        let files = try WrongKinds()
        defer { files.remove() }
        let validate = try styluskit(["adf", "validate", files.pdf])
        #expect(validate.status == 1)
        #expect(
            validate.standardOutput
                == "\(files.pdf) is a PDF document (a printed form, a report or a picture), not a results file. Give the "
                + ".csk, .msk, .ssk or .tsk file a session wrote (styluskit replay, record and recover write them).\n")
        let named = try styluskit(["adf", "validate", files.pdfNamedResults])
        #expect(named.standardOutput.contains("is a PDF document"), "\(named.standardOutput)")
        #expect(!named.standardOutput.contains("Document is empty"))
        for (arguments, kind) in [
            (["replay", files.pdf, "--test", "clock"], "a PDF document"),
            (["replay", files.csv, "--test", "clock"], "a table of comma-separated values"),
            (["info", files.png], "a PNG picture"),
            (["convert", files.csv, files.directory.appendingPathComponent("x.evemu").path], "a table"),
            (["render", files.png, "--out", files.directory.appendingPathComponent("x.svg").path], "a PNG picture"),
            (
                ["render", files.pdfNamedResults, "--out", files.directory.appendingPathComponent("y.svg").path],
                "a PDF"
            ),
            (["plot", files.csv, "--out", files.directory.appendingPathComponent("z.png").path], "a table"),
        ] {
            let result = try styluskit(arguments)
            #expect(result.status == 65, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(" is \(kind)"), "\(arguments): \(result.standardError)")
            #expect(!result.standardError.contains("expected a description line"))
        }
        let features = try styluskit(["features", files.pdfNamedResults, files.png, "--quiet"])
        #expect(features.status == 1)
        #expect(features.standardError.contains("clock.csk is a PDF document"), "\(features.standardError)")
        #expect(features.standardError.contains("plot.png is a PNG picture"), "\(features.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: files.directory.path).count == 4)
    }

    @Test("report and calibrate print check --out's extension and refuse a directory, before anything is made")
    func outputKindChecked() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try VisitFixture.make(root: directory.appendingPathComponent("visits").path)
        let picture = directory.appendingPathComponent("report.png").path
        let report = try styluskit(["report", folder.path, "--out", picture])
        #expect(report.status == 64)
        #expect(
            report.standardError
                == "Error: --out \(picture): this command writes a PDF, so the name must end in .pdf (or be - for "
                + "standard output); give a name such as report.pdf.\n")
        #expect(!FileManager.default.fileExists(atPath: picture))
        let intoDirectory = try styluskit(["report", folder.path, "--out", directory.path, "--force"])
        #expect(intoDirectory.status == 64, "a directory has no .pdf: \(intoDirectory.standardError)")
        let folderNamedPDF = directory.appendingPathComponent("old.pdf").path
        try FileManager.default.createDirectory(atPath: folderNamedPDF, withIntermediateDirectories: true)
        let overDirectory = try styluskit(["report", folder.path, "--out", folderNamedPDF, "--force"])
        #expect(overDirectory.status == 73)
        #expect(
            overDirectory.standardError
                == "Error: --out \(folderNamedPDF) is a directory; --force replaces a file, never a directory. Give the "
                + "name of a PDF to write there, such as \(folderNamedPDF)/out.pdf.\n")
        let sheet = try styluskit(["calibrate", "print-sheet", "--out", directory.appendingPathComponent("s.svg").path])
        #expect(sheet.status == 64, "\(sheet.standardError)")
    }

    @Test("- is standard output for the PDFs of report and calibrate print, their summary on standard error")
    func pdfToStandardOutput() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try VisitFixture.make(root: directory.appendingPathComponent("visits").path)
        let report = try styluskit(["report", folder.path, "--out", "-"], in: directory)
        #expect(report.status == 0, "\(report.standardError)")
        #expect(report.standardOutput.hasPrefix("%PDF-"))
        #expect(report.standardError.hasPrefix("-: "), "\(report.standardError)")
        let sheet = try styluskit(["calibrate", "print-sheet", "--out", "-", "--json"], in: directory)
        #expect(sheet.status == 0, "\(sheet.standardError)")
        #expect(sheet.standardOutput.hasPrefix("%PDF-"))
        #expect(sheet.standardError.hasPrefix("{"), "\(sheet.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["visits"])
    }

    @Test("Under --json a batch run's failures are JSON lines with their input, then a JSON summary")
    func batchFailuresAsJSONLines() throws {
        let files = try WrongKinds()
        defer { files.remove() }
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events").path
        let out = files.directory.appendingPathComponent("out").path
        let replay = try styluskit(["replay", recording, files.pdf, "--test", "clock", "--out", out, "--json"])
        #expect(replay.status == 1)
        let lines = replay.standardError.split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(replay.standardError)")
        let objects = try lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
        }
        #expect(objects[0]["input"] as? String == files.pdf)
        #expect(objects[0]["exitStatus"] as? Int == 65)
        #expect((objects[0]["error"] as? String)?.contains("is a PDF document") == true)
        #expect(objects[1]["command"] as? String == "styluskit replay")
        #expect(
            objects[1]["inputs"] as? Int == 2 && objects[1]["done"] as? Int == 1 && objects[1]["failed"] as? Int == 1)
        let text = try styluskit(["replay", recording, files.pdf, "--test", "clock", "--out", out, "--force"])
        #expect(text.standardError.hasPrefix("styluskit replay: 1 of 2 inputs failed:\n"))
        let features = try styluskit(["features", files.csv, recording, "--test", "clock", "--format", "json"])
        #expect(features.status == 1)
        let featureLines = features.standardError.split(separator: "\n")
        #expect(featureLines.count == 2)
        #expect(
            featureLines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil },
            "\(features.standardError)")
    }

    @Test("Where an output cannot stream, - is refused saying why, and no file named - is made")
    func dashRefusedWhereItCannotStream() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-Intuos4-6x9.stylus-tap.events").path
        let results = Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path
        let convert = try styluskit(["convert", recording, "-"], in: directory)
        #expect(convert.status == 64)
        #expect(
            convert.standardError.hasPrefix(
                "Error: The output - (standard output) cannot be taken here: a converted recording is put in place whole, "
                    + "and not at all when it has no events. Give a file name such as out.evemu.\n"),
            "\(convert.standardError)")
        let render = try styluskit(["render", results, "--out", "-"], in: directory)
        #expect(render.status == 64)
        #expect(render.standardError.contains("so --out - (standard output) cannot say it"), "\(render.standardError)")
        let scenario = Paths.fixtures.appendingPathComponent("synth/clock.scenario").path
        let synth = try styluskit(["synth", scenario, "--output", "-"], in: directory)
        #expect(synth.status == 64, "\(synth.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    /// Whether ALSA is installed, for SDL's ALSA audio driver to load.
    static let hasALSA = ["/usr/lib/x86_64-linux-gnu/libasound.so.2", "/usr/lib/aarch64-linux-gnu/libasound.so.2"]
        .contains { FileManager.default.fileExists(atPath: $0) }

    @Test(
        "administer on a machine without a sound card: no ALSA lines on the operator's terminal, the session's own warning",
        .enabled(if: hasALSA, "ALSA (libasound2) is not installed"))
    func alsaKeptOffTheTerminal() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events").path
        // SDL's ALSA driver with no card to open, as on a laptop with its sound off or a machine without one:
        // ALSA's default error handler printed eight `ALSA lib conf.c:...` lines before the session's first word.
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "SDL_VIDEODRIVER=offscreen", "SDL_RENDER_DRIVER=software", "SDL_AUDIODRIVER=alsa",
                Paths.styluskit.path, "administer", "--offscreen", "--test", "clock", "--feed", recording, "--out",
                directory.appendingPathComponent("out").path,
            ], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("Administering clock on "), "\(result.standardError)")
        #expect(!result.standardError.contains("ALSA lib"), "\(result.standardError)")
    }

    @Test("Every command that reads a recording takes --device-index: features and render as replay, info and convert")
    func deviceIndexEverywhere() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = Paths.fixtures.appendingPathComponent("recordings/kinds/libinput-record-all.yml").path
        let features = try styluskit(["features", all, "--test", "clock", "--device-index", "1", "--level", "test"])
        #expect(features.status == 0, "\(features.standardError)")
        #expect(features.standardOutput.split(separator: "\n").count == 2)
        let picture = directory.appendingPathComponent("pen.svg").path
        let render = try styluskit(["render", all, "--test", "clock", "--device-index", "1", "--out", picture])
        #expect(render.status == 0, "\(render.standardError)")
        #expect(FileManager.default.fileExists(atPath: picture))
        for command in [["features"], ["render", "--out", directory.appendingPathComponent("x.svg").path]] {
            let beyond = try styluskit(
                [command[0], all, "--test", "clock", "--device-index", "9"] + command.dropFirst() + ["--quiet"])
            #expect(beyond.status != 0 && beyond.standardError.contains("9"), "\(command): \(beyond.standardError)")
        }
    }
}
