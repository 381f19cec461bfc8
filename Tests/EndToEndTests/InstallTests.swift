import Foundation
import Testing

/// What an installed StylusKit relies on and the build tree can check (issue 33, item 4): every path
/// argument completes files in every shell, the build stamp is read from the binary as `make` wrote
/// it, and an installed binary's help names the installed documentation. integration/install/run.sh
/// checks the same in a Debian root.
@Suite("Installing")
struct InstallTests {
    /// The options and arguments whose value is a path, by their name in `--experimental-dump-help`.
    static let pathNames: Set<String> = [
        "recording", "recordings", "desc", "maze", "battery", "profile", "settings", "patient", "server-key",
        "key-file", "out", "journal", "inputs", "input", "file", "files", "feed", "screenshot", "edid", "like",
        "protocol", "ranges", "clinician-key", "private-key", "results", "from", "visit-dir", "directory", "layouts",
        "animate", "uinput",
    ]

    /// Every (command, option name, completion kind) of the command line.
    func completionKinds() throws -> [(command: String, name: String, kind: [String: Any]?)] {
        let result = try styluskit(["--experimental-dump-help"])
        #expect(result.status == 0)
        let root = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        var found: [(String, String, [String: Any]?)] = []
        func walk(_ command: [String: Any], _ path: String) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String != "flag" {
                let preferred = (argument["preferredName"] as? [String: Any])?["name"] as? String
                let name = preferred ?? argument["valueName"] as? String ?? "?"
                found.append((path, name, argument["completionKind"] as? [String: Any]))
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                walk(sub, "\(path) \(sub["commandName"] as? String ?? "?")")
            }
        }
        walk(try #require(root["command"] as? [String: Any]), "styluskit")
        return found
    }

    @Test("Every path argument completes files or folders; devices, display profiles and monitors call back")
    func pathCompletions() throws {
        let kinds = try completionKinds()
        var paths = 0
        for (command, name, kind) in kinds {
            let key = kind?.keys.first
            if name == "output", command == "styluskit calibrate display" {
                #expect(key == "custom", "\(command) --\(name) (a monitor) completes \(key ?? "nothing")")
            } else if Self.pathNames.contains(name) || name == "output" {
                paths += 1
                #expect(key == "file" || key == "directory", "\(command) \(name) completes \(key ?? "nothing")")
            } else if ["device", "display-profile", "output-display", "node"].contains(name) {
                #expect(key == "custom", "\(command) --\(name) completes \(key ?? "nothing")")
            }
        }
        #expect(paths > 60)
    }

    @Test("The display profile callback offers the shipped profiles' names")
    func displayProfileNames() throws {
        // As the bash script calls it: the option, the word's index and the cursor's, then the words.
        let result = try styluskit([
            "---completion", "replay", "--", "--display-profile", "3", "14", "styluskit", "replay", "--display-profile",
            "wacom-cintiq-1",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let names = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(names.contains("wacom-cintiq-13hd"))
        #expect(names.contains("wacom-cintiq-16"))
        #expect(!names.contains("wacom-cintiq-22hdt"))
    }

    /// A copy of the built binary at `prefix/bin/styluskit`, with `share/styluskit/Calibration` beside it
    /// as an install has (an empty folder: enough for the binary to know it is installed).
    func installedCopy(under prefix: URL) throws -> URL {
        let binary = prefix.appendingPathComponent("bin/styluskit")
        try FileManager.default.createDirectory(
            at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Paths.styluskit, to: binary)
        try FileManager.default.createDirectory(
            at: prefix.appendingPathComponent("share/styluskit/Calibration"), withIntermediateDirectories: true)
        return binary
    }

    @Test("The stamp make writes into the binary is what --version prints")
    func stamp() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try installedCopy(under: folder)
        let unstamped = try run(binary, ["--version"])
        #expect(unstamped.standardOutput.hasPrefix("0.1.0 (not stamped:"))
        let stamp = try run(
            URL(fileURLWithPath: "/usr/bin/python3"),
            [
                Paths.packageRoot.appendingPathComponent("scripts/stamp-build.py").path, binary.path,
                "commit 0123456789ab, built 2026-11-27T05:30Z",
            ])
        #expect(stamp.status == 0, "\(stamp.standardError)")
        let stamped = try run(binary, ["--version"])
        #expect(stamped.standardOutput == "0.1.0 (commit 0123456789ab, built 2026-11-27T05:30Z)\n")
    }

    @Test("An installed binary's help names the installed documentation, a checkout's its docs/ folder")
    func installedHelp() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = try installedCopy(under: folder.appendingPathComponent("usr"))
        let installed =
            try run(binary, ["help", "visit"]).standardOutput + run(binary, ["features", "--help"]).standardOutput
        let doc = folder.appendingPathComponent("usr/share/doc/styluskit").path
        #expect(installed.contains("\(doc)/visit.md"))
        #expect(installed.contains("\(doc)/json/features.md"))
        #expect(!installed.contains("docs/"))
        let checkout = try styluskit(["help", "visit"]).standardOutput
        #expect(checkout.contains("(docs/visit.md)"))
    }

    @Test(
        "sudo make install compiles nothing: with nothing built it stops and says to run make first",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make"), "make is not installed"))
    func sudoMakeInstallRefusesToBuild() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // SWIFT=false: were make to build, the compiler step would fail with false's silence instead.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "SUDO_USER=nobody", "make", "--no-print-directory", "-C", Paths.packageRoot.path, "install", "SWIFT=false",
            "GENERATED=\(folder.appendingPathComponent("nothing-built").path)",
            "DESTDIR=\(folder.appendingPathComponent("root").path)",
        ]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(
            message.contains(
                "bin/styluskit is missing or older than the sources; run make as nobody first, then sudo make install "
                    + "(which only copies)"), "\(message)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("root").path))
    }
}
