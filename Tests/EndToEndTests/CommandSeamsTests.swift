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

    @Test("export csv --out NAME writes NAME in the working directory, as ./NAME does")
    func exportCSVBareName() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = try VisitFixture.make(root: directory.appendingPathComponent("visits").path)
        let result = try styluskit(["export", "csv", folder.path, "--out", "visits.csv"], in: directory)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "visits.csv: 1 visit\n")
        let written = try String(contentsOf: directory.appendingPathComponent("visits.csv"), encoding: .utf8)
        #expect(written == (try styluskit(["export", "csv", folder.path, "--out", "-"])).standardOutput)
    }
}
