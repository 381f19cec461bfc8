import Foundation
import Testing

/// A journal keeps what its session was given (settings, profiles, mazes, whole), so `recover`
/// needs no options and no file but the journal, and says what it used; older journals recover as
/// before and say what they lack.
@Suite("Journals that keep their session's files")
struct JournalFilesTests {
    static let recording = Paths.realRecordings.appendingPathComponent("dell_canvas_pen.evemu")
    static let banner = "#      Waiting for events      #\n################################\n"

    /// `file ROLE ... path=PATH` for the file at `path` as it is now.
    static func fileLine(_ role: String, _ path: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return "file \(role) bytes=\(data.count) base64=\(data.base64EncodedString()) path=\(path)"
    }

    static func calibration(_ file: String) -> String {
        Paths.packageRoot.appendingPathComponent("Calibration/" + file).path
    }

    /// `text` with control lines after its banner, written to `url`.
    static func journal(_ text: String, controls: [String], to url: URL) throws {
        #expect(text.contains(banner))
        let lines = controls.map { "# StylusKit control: \($0)\n" }.joined()
        try text.replacingOccurrences(of: banner, with: banner + lines).write(
            to: url, atomically: true, encoding: .utf8)
    }

    @Test(
        "A clock journal keeping its settings, tablet and display profiles: recover with no options and none of the files gives replay's file with them"
    )
    func clockWithProfiles() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tablet = directory.appendingPathComponent("my tablet.yaml").path
        let display = directory.appendingPathComponent("my-display.yaml").path
        let settings = directory.appendingPathComponent("settings.yaml").path
        try FileManager.default.copyItem(
            atPath: Paths.packageRoot.appendingPathComponent("Calibration/tablets/dell-canvas-isd-v4.yaml").path,
            toPath: tablet)
        try FileManager.default.copyItem(
            atPath: Paths.packageRoot.appendingPathComponent("Calibration/displays/dell-canvas-27.yaml").path,
            toPath: display)
        try "schema: 2\nclock:\n  button-delay: 4 s\n".write(toFile: settings, atomically: true, encoding: .utf8)
        let replayed = try styluskit([
            "replay", Self.recording.path, "--test", "clock", "--step-split", "3", "--profile", tablet,
            "--display-profile", display,
            "--settings", settings, "--out", directory.appendingPathComponent("replay").path,
        ])
        try #require(replayed.status == 0, "\(replayed.standardError)")
        let journal = directory.appendingPathComponent("clock-20260101T000000Z.evemu")
        try Self.journal(
            try String(contentsOf: Self.recording, encoding: .utf8),
            controls: [
                "anchor realtime-us=0 monotonic-us=0", "test clock", try Self.fileLine("settings", settings),
                try Self.fileLine("tablet-profile", tablet), try Self.fileLine("display-profile", display),
                "begin 0.000001",
                "continue 3.000001", "end 7.900000",
            ], to: journal)
        for file in [tablet, display, settings] { try FileManager.default.removeItem(atPath: file) }
        let recovered = try styluskit([
            "recover", journal.path, "--out", directory.appendingPathComponent("recover").path,
        ])
        try #require(recovered.status == 0, "\(recovered.standardError)")
        let a = try Data(contentsOf: directory.appendingPathComponent("replay/dell_canvas_pen.csk"))
        let b = try Data(contentsOf: directory.appendingPathComponent("recover/clock-20260101T000000Z.csk"))
        #expect(a == b)
        #expect(String(decoding: b, as: UTF8.self).contains("StylusKit profiles: tablet=my tablet; display=my-display"))
        let lines = recovered.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(4)) == [
                "Recovered \(journal.path)",
                "  settings  \(settings) (kept in the journal)",
                "  tablet    \(tablet) (kept in the journal)",
                "  display   \(display) (kept in the journal)",
            ])
        #expect(!recovered.standardOutput.contains("incomplete"))

        // Options for an older journal are harmless here: passed over, with a note, the same file.
        let again = try styluskit([
            "recover", journal.path, "--profile", "/nowhere/t.yaml", "--display-profile", "no-such-display", "--out",
            directory.appendingPathComponent("again").path,
        ])
        try #require(again.status == 0, "\(again.standardError)")
        #expect(
            again.standardOutput.contains(
                "note: --profile and --display-profile ignored: the journal keeps what the session used."))
        #expect(try Data(contentsOf: directory.appendingPathComponent("again/clock-20260101T000000Z.csk")) == b)
    }

    @Test(
        "A maze journal keeping non-default settings and its maze: recover gives replay --settings's file, which differs from the defaults'"
    )
    func mazeWithSettings() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let maze = directory.appendingPathComponent("detour.maze").path
        let settings = directory.appendingPathComponent("slow-cross.yaml").path
        try FileManager.default.copyItem(
            atPath: Paths.fixtures.appendingPathComponent("synth/detour.maze").path, toPath: maze)
        // The scenario's wall cross interrupts by default, not with the detection off.
        try "schema: 2\nmaze:\n  enable-wall-cross-detection: false\n".write(
            toFile: settings, atomically: true, encoding: .utf8)
        let recording = directory.appendingPathComponent("cross.evemu")
        let synth = try styluskit([
            "synth", Paths.fixtures.appendingPathComponent("synth/wall-cross-0.6s.scenario").path, "--seed", "1",
            "--output",
            recording.path,
        ])
        try #require(synth.status == 0, "\(synth.standardError)")
        for (name, extra) in [("with", ["--settings", settings]), ("defaults", [])] {
            let replayed = try styluskit(
                [
                    "replay", recording.path, "--test", "maze", "--maze", maze, "--out",
                    directory.appendingPathComponent(name).path,
                ] + extra)
            try #require(replayed.status == 0, "\(replayed.standardError)")
        }
        let text = try String(contentsOf: recording, encoding: .utf8)
        let first = try #require(text.split(separator: "\n").first { $0.hasPrefix("E: ") }?.split(separator: " ")[1])
        let journal = directory.appendingPathComponent("journal.evemu")
        try Self.journal(
            text,
            controls: [
                "anchor realtime-us=0 monotonic-us=0", "test maze maze=\(maze)",
                try Self.fileLine("settings", settings),
                // The profiles replay chose for the synthesized Cintiq 13HD (a pen display: its screen by the tablet
                // profile's link).
                try Self.fileLine("tablet-profile", Self.calibration("tablets/wacom-cintiq-13hd-touch.yaml")),
                try Self.fileLine("display-profile", Self.calibration("displays/wacom-cintiq-13hd.yaml")),
                try Self.fileLine("maze", maze), "begin \(first)",
            ], to: journal)
        try FileManager.default.removeItem(atPath: maze)
        try FileManager.default.removeItem(atPath: settings)
        let recovered = try styluskit([
            "recover", journal.path, "--out", directory.appendingPathComponent("recover").path,
        ])
        try #require(recovered.status == 0, "\(recovered.standardError)")
        let withSettings = try Data(contentsOf: directory.appendingPathComponent("with/cross.msk"))
        let defaults = try Data(contentsOf: directory.appendingPathComponent("defaults/cross.msk"))
        let b = try Data(contentsOf: directory.appendingPathComponent("recover/journal.msk"))
        // The journal has no 'end' line: the maze it left open says so on its End, and nothing else differs.
        let recoveredText = String(decoding: b, as: UTF8.self)
        #expect(recoveredText.components(separatedBy: #" journalEnded="true""#).count == 2)
        #expect(Data(recoveredText.replacingOccurrences(of: #" journalEnded="true""#, with: "").utf8) == withSettings)
        #expect(withSettings != defaults)
        #expect(String(decoding: defaults, as: UTF8.self).contains(#"type="wall-cross""#))
        #expect(!String(decoding: b, as: UTF8.self).contains(#"type="wall-cross""#))
        let lines = recovered.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(5)) == [
                "Recovered \(journal.path)",
                "  settings  \(settings) (kept in the journal)",
                "  tablet    \(Self.calibration("tablets/wacom-cintiq-13hd-touch.yaml")) (kept in the journal)",
                "  display   \(Self.calibration("displays/wacom-cintiq-13hd.yaml")) (kept in the journal)",
                "  mazes     \(maze) (kept in the journal)",
            ])
        // No 'end' line: the session was stopped early, and the summary says so.
        #expect(
            lines.last
                == "  status    incomplete: the session stopped before its last step ended (the journal has no 'end' line); "
                + "the rebuilt file ends at its last event: the steps left open end there and no timer fires after it")
    }

    @Test(
        "A journal from before the files were kept: recover chooses the profiles again and says what the journal lacks")
    func olderJournal() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let journal = directory.appendingPathComponent("journal.evemu")
        try Self.journal(
            try String(contentsOf: Self.recording, encoding: .utf8),
            controls: ["anchor realtime-us=0 monotonic-us=0", "begin 0.000001"], to: journal)
        let recovered = try styluskit(["recover", journal.path, "--out", directory.path])
        try #require(recovered.status == 0, "\(recovered.standardError)")
        let tablet = Paths.packageRoot.appendingPathComponent("Calibration/tablets/dell-canvas-isd-v4.yaml").path
        let display = Paths.packageRoot.appendingPathComponent("Calibration/displays/dell-canvas-27.yaml").path
        let lines = recovered.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.prefix(4)) == [
                "Recovered \(journal.path)",
                "  settings  the built-in defaults (the journal names no settings file)",
                "  tablet    \(tablet) (chosen now: the journal names no tablet profile)",
                "  display   \(display) (chosen now: the journal names no display profile)",
            ])
        // Without the lines there is no telling whether it ended: no status line.
        #expect(!recovered.standardOutput.contains("incomplete"))
        let given = try styluskit([
            "recover", journal.path, "--profile", tablet, "--out", directory.appendingPathComponent("given").path,
        ])
        try #require(given.status == 0, "\(given.standardError)")
        #expect(given.standardOutput.contains("  tablet    \(tablet) (--profile: the journal names no tablet profile)"))
    }
}
