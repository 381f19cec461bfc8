import ArgumentParser
import Proctoring
import Sessions
import TestMaterials

/// The tests' options (`--settings FILE`), shared by the commands that proctor.
struct SettingsOptions: ParsableArguments {
    @Option(
        name: .customLong("settings"),
        help:
            "A settings file (YAML; see Fixtures/settings/README.md) with the tests' options (default: the built-in defaults).",
        completion: .file())
    var settingsFile: String?

    /// The settings of `--settings FILE`, or the spec's defaults without it.
    func load() throws -> ProctoringSettings { try ProctoringSettings(file: settingsFile) }
}
