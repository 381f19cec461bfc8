import Foundation
import Testing

/// The command line's own contract (issue 22): mistyped commands named with the nearest one,
/// documented exit statuses, and failures as one JSON object on standard error under --json.
@Suite("The command line: mistakes, exit statuses, JSON errors")
struct CommandLineTests {
    @Test("A mistyped command is named with the nearest command, exit 64")
    func mistypedCommand() throws {
        let typo = try styluskit(["replya", "x.evemu"])
        #expect(typo.status == 64)
        #expect(
            typo.standardError
                == "Error: 'replya' is not a styluskit command. Did you mean 'replay'? See 'styluskit --help' for the commands.\n"
        )
        let nested = try styluskit(["calibrate", "tablt"])
        #expect(nested.status == 64)
        #expect(
            nested.standardError
                == "Error: 'tablt' is not a styluskit calibrate command. Did you mean 'tablet'? See 'styluskit calibrate --help' for the commands.\n"
        )
    }

    @Test("help names an unknown command instead of printing the root help with exit 0")
    func helpForUnknownCommand() throws {
        let help = try styluskit(["help", "foo"])
        #expect(help.status == 64)
        #expect(help.standardOutput.isEmpty)
        #expect(
            help.standardError == "Error: 'foo' is not a styluskit command. See 'styluskit --help' for the commands.\n")
        let known = try styluskit(["help", "replay"])
        #expect(known.status == 0)
        #expect(known.standardOutput.hasPrefix("OVERVIEW: Replays a recording"))
    }

    @Test("A missing input exits 66, a usage error 64, each with its message; under --json as one JSON object")
    func statusesAndJSONErrors() throws {
        let missing = try styluskit(["info", "/nonexistent/recording.evemu"])
        #expect(missing.status == 66)
        #expect(missing.standardError.hasPrefix("Error: /nonexistent/recording.evemu: cannot open the recording"))
        let json = try styluskit(["info", "--json", "/nonexistent/recording.evemu"])
        #expect(json.status == 66)
        let lines = json.standardError.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["exitStatus"] as? Int == 66)
        #expect(
            (object["error"] as? String)?.hasPrefix("/nonexistent/recording.evemu: cannot open the recording") == true)
        let usage = try styluskit(["render", "x.csk", "--out", "x.png", "--dpi", "0"])
        #expect(usage.status == 64)
        #expect(usage.standardError.hasPrefix("Error: --dpi 0.0 is out of range"))
    }

    @Test("Every command's help ends its description with the exit statuses")
    func helpListsExitStatuses() throws {
        for command in [["replay"], ["adf", "show"], ["calibrate", "tablet"], ["keys", "init"]] {
            let help = try styluskit(command + ["--help"])
            #expect(help.standardOutput.contains("Exit status: 0 success;"), "\(command)")
        }
    }
}
