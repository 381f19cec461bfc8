import Foundation
import Testing

/// Every help text is user-facing, so each is pinned by a golden file, compared byte for byte.
/// After a deliberate change, regenerate with `styluskit [COMMAND] --help > Fixtures/golden/help/NAME.txt`
/// and review the diff.
@Suite("Help texts")
struct HelpTests {
    @Test(
        "Help matches its golden file",
        arguments: [
            "styluskit",
            "replay",
            "info",
            "convert",
            "synth",
            "adf",
            "adf validate",
            "adf show",
            "results",
            "score",
            "score items",
            "score list",
            "score mark",
            "score show",
            "score export",
            "devices",
            "monitor",
            "play",
            "record",
            "record-visit",
            "administer",
            "visit",
            "recover",
            "render",
            "plot",
            "features",
            "report",
            "calibrate",
            "calibrate display",
            "calibrate tablet",
            "calibrate pressure",
            "calibrate print-sheet",
            "calibrate print-mazes",
            "calibrate print-form",
            "calibrate print-trails",
            "trails",
            "trails generate",
            "keys",
            "keys init",
            "keys change-password",
            "patient",
            "patient encode",
            "patient show",
            "patient decrypt",
            "serve",
        ])
    func help(_ command: String) throws {
        let arguments =
            command == "styluskit" ? ["--help"] : command.split(separator: " ").map(String.init) + ["--help"]
        let result = try styluskit(arguments)
        #expect(result.status == 0)
        let golden = try String(
            contentsOf: Paths.fixtures.appendingPathComponent(
                "golden/help/\(command.replacingOccurrences(of: " ", with: "-")).txt"),
            encoding: .utf8)
        #expect(result.standardOutput == golden)
    }
}
