import Foundation
import Testing

/// Advice a person can follow (issue 22): each message says what is wrong with the name the
/// person gave, and a fix that exists, with the exit status README documents.
@Suite("Advice that can be followed")
struct AdviceTests {
    static let recording = Paths.realRecordings.appendingPathComponent("Wacom-DTH2242-Pen.events").path

    @Test("An existing results file names --force, --out and moving it away, exit 73")
    func existingResults() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try styluskit(["replay", Self.recording, "--test", "clock", "--out", directory.path])
        #expect(first.status == 0)
        let again = try styluskit(["replay", Self.recording, "--test", "clock", "--out", directory.path])
        #expect(again.status == 73)
        let results = directory.appendingPathComponent("Wacom-DTH2242-Pen.csk").path
        #expect(
            again.standardError
                == "Error: A results file already exists at \(results); results are never replaced without --force. "
                + "Pass --force to replace it, give another directory with --out, or move the existing file away.\n")
    }

    @Test(
        "A directory where a file goes is named as a directory: convert's output, synth's scenario, keys init's key file"
    )
    func directoriesForFiles() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let convert = try styluskit(["convert", Self.recording, directory.path])
        #expect(convert.status == 73)
        #expect(
            convert.standardError
                == "Error: \(directory.path) is a directory; give the path of the file to write, e.g. \(directory.path)/recording.evemu\n"
        )
        let synth = try styluskit(["synth", directory.path])
        #expect(synth.status == 64)
        #expect(
            synth.standardError
                == "Error: \(directory.path) is a directory, not a scenario; give the scenario file itself.\n")
        let keys = try styluskit(["keys", "init", "--key-file", directory.path])
        #expect(keys.status == 64)
        #expect(
            keys.standardError
                == "Error: \(directory.path) is a directory; give --key-file the path of the key file itself, e.g. \(directory.path)/clinician.key.\n"
        )
    }

    @Test("A node that is not an input event node is named as such, exit 65")
    func notAnEventNode() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = try styluskit(["record", "--test", "clock", "--device", "/dev/null", "--out", directory.path])
        #expect(record.status == 65)
        #expect(
            record.standardError
                == "Error: /dev/null is not an input event node (libevdev cannot read it); give a tablet's pen node, e.g. /dev/input/event5 (`styluskit devices` lists them).\n"
        )
    }

    @Test("convert refuses an output extension that names no recording format, instead of writing evemu under it")
    func convertExtension() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json").path
        let refused = try styluskit(["convert", Self.recording, output])
        #expect(refused.status == 64)
        #expect(
            refused.standardError.hasPrefix(
                "Error: \(output): .json is not a recording format; name the file .evemu or .events"))
        #expect(!FileManager.default.fileExists(atPath: output))
        let chosen = try styluskit(["convert", Self.recording, output, "--to", "evemu"])
        #expect(chosen.status == 0)
    }

    @Test("render and plot keep an existing picture unless --force; render of a maze result without its maze says so")
    func picturesNeedForce() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let results = Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path
        let picture = directory.appendingPathComponent("clock.png").path
        #expect(try styluskit(["render", results, "--out", picture]).status == 0)
        let again = try styluskit(["render", results, "--out", picture])
        #expect(again.status == 73)
        #expect(
            again.standardError
                == "Error: \(picture) already exists; pass --force to replace it, or give another name.\n")
        #expect(try styluskit(["render", results, "--out", picture, "--force"]).status == 0)
        let plot = directory.appendingPathComponent("plot.png").path
        #expect(try styluskit(["plot", results, "--out", plot]).status == 0)
        #expect(try styluskit(["plot", results, "--out", plot]).status == 73)
        #expect(try styluskit(["plot", results, "--out", plot, "--force"]).status == 0)

        let maze = try styluskit([
            "replay", Paths.realRecordings.appendingPathComponent("Wacom-DTH2242-Pen.events").path, "--test", "maze",
            "--maze",
            Paths.fixtures.appendingPathComponent("synth/detour.maze").path, "--out", directory.path,
        ])
        #expect(maze.status == 0)
        let mazePicture = try styluskit([
            "render", directory.appendingPathComponent("Wacom-DTH2242-Pen.msk").path, "--out",
            directory.appendingPathComponent("maze.png").path,
        ])
        #expect(mazePicture.status == 0)
        #expect(
            mazePicture.standardError
                == "note: results files do not keep their mazes; give --maze FILE or --battery FILE to draw them under the ink.\n"
        )
    }
}
