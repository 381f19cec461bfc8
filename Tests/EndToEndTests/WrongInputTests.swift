import Foundation
import Testing

/// A file given to the command that does not take its kind is named as what it is, with the command
/// that takes it (issue 22: before, a recording given to `adf show` was "not well-formed XML").
@Suite("Files given to the wrong command")
struct WrongInputTests {
    static let recording = Paths.realRecordings.appendingPathComponent("Wacom-DTH2242-Pen.events").path
    static let results = Paths.fixtures.appendingPathComponent("golden/clock-small.csk").path
    static let journal = Paths.fixtures.appendingPathComponent("fuzz-corpus/journal/seed-clock-every-line.evemu").path

    @Test("A recording given to adf show, adf validate or plot is named as a recording, with replay to run")
    func recordingAsResults() throws {
        let advice =
            "\(Self.recording) is a recording of a tablet's events, not a results file. Replay it into one with "
            + "`styluskit replay \(Self.recording) --test clock|maze|sdt`, then give the .csk, .msk, .ssk or .tsk it writes."
        let show = try styluskit(["adf", "show", Self.recording])
        #expect(show.status == 65)
        #expect(show.standardError == "Error: \(advice)\n")
        let validate = try styluskit(["adf", "validate", Self.recording, Self.results])
        #expect(validate.status == 1)
        #expect(validate.standardOutput == "\(advice)\n\(Self.results): valid\n")
        let plot = try styluskit(["plot", Self.recording, "--out", "/tmp/styluskit-never-written.png"])
        #expect(plot.standardError == "Error: \(advice)\n")
    }

    @Test("A journal given where a results file goes names recover")
    func journalAsResults() throws {
        let show = try styluskit(["adf", "show", Self.journal])
        #expect(show.status == 65)
        #expect(
            show.standardError
                == "Error: \(Self.journal) is a StylusKit journal (a live session's events), not a results file. Rebuild its "
                + "results file with `styluskit recover \(Self.journal)`, then give that .csk, .msk, .ssk or .tsk.\n")
    }

    @Test("A results file given to replay or info is named as one, with adf show and render")
    func resultsAsRecording() throws {
        let advice =
            "\(Self.results) is a results file (ADF XML), not a recording. `styluskit adf show \(Self.results)` summarises "
            + "it, `styluskit render \(Self.results) --out FILE.png` draws it; replay takes an evemu or libinput recording."
        let replay = try styluskit(["replay", Self.results, "--test", "clock", "--out", "/tmp/styluskit-never-written"])
        #expect(replay.status == 65)
        #expect(replay.standardError == "Error: \(advice)\n")
        let info = try styluskit(["info", Self.results])
        #expect(info.standardError == "Error: \(advice)\n")
    }

    @Test(
        "A recording, a picture or the other profile given where a maze, settings or a tablet profile goes is named as what it is"
    )
    func wrongKindsOfTextFiles() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("out").path
        let maze = try styluskit(["replay", Self.recording, "--test", "maze", "--maze", Self.recording, "--out", out])
        #expect(maze.status == 65)
        #expect(
            maze.standardError
                == "Error: \(Self.recording) is a recording of a tablet's events (`styluskit replay \(Self.recording) --test ...` or "
                + "`styluskit info \(Self.recording)` take it), not a maze file. Give the maze file itself.\n")
        let picture = directory.appendingPathComponent("plot.png").path
        #expect(try styluskit(["plot", Self.results, "--out", picture]).status == 0)
        let settings = try styluskit(["replay", Self.recording, "--test", "clock", "--settings", picture, "--out", out])
        #expect(settings.status == 65)
        #expect(
            settings.standardError
                == "Error: \(picture) is a PNG picture, not a settings file. Give the settings file itself.\n")
        let display = Paths.packageRoot.appendingPathComponent("Calibration/displays/wacom-cintiq-13hd.yaml").path
        let profile = try styluskit(["replay", Self.recording, "--test", "clock", "--profile", display, "--out", out])
        #expect(profile.status == 65)
        #expect(
            profile.standardError
                == "Error: \(display) is a display profile (--display-profile takes it), not a tablet profile. Give the tablet profile itself.\n"
        )
    }
}
