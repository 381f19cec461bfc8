import Foundation
import Testing

/// `replay` and `info` refuse a recording of a node that is not a pen, once, at open, naming its
/// kind: before any question about resolution or profiles (a pad reports none). Each kind's
/// message is pinned in-process (SessionsTests' RealRecordingSessionTests.notAPen); here, the
/// binary's exit status and what it prints, for one kind.
@Suite("Replaying a node that is not a pen")
struct DeviceKindReplayTests {
    static let advice =
        " Record from the tablet's pen node (`styluskit devices` lists each node with its kind),"
        + " or replay a recording of it.\n"

    @Test("a pad's refusal is printed alike by replay and info, with exit status 65 and no results file")
    func refused() throws {
        let message =
            "Error: \"Wacom Intuos Pro M Pad\" is the tablet's pad (buttons and ring), not its pen: it has pad"
            + " controls (BTN_0…, a ring or strip) and no pen tool (BTN_TOOL_PEN); its BTN_STYLUS alone does"
            + " not make it a pen."
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let recording = Paths.fixtures.appendingPathComponent("recordings/kinds/Wacom-Intuos-Pro-M-Pad.events").path
        let replay = try run(Paths.styluskit, ["replay", recording, "--test", "clock", "--out", out.path])
        #expect(replay.status == 65)
        #expect(replay.standardError == message + Self.advice)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        let info = try run(Paths.styluskit, ["info", recording])
        #expect(info.status == 65)
        #expect(info.standardError == message + Self.advice)
    }
}

/// `info` names the recorded tablet's model as libwacom knows it, with the source.
@Suite(
    "info: the model from libwacom",
    .enabled(
        if: FileManager.default.fileExists(atPath: "/usr/share/libwacom/libwacom.stylus"),
        "libwacom's data files are not installed"))
struct InfoModelTests {
    @Test("a Cintiq 13HD touch recording is a pen display, an Intuos4's a tablet")
    func model() throws {
        let cintiq = try run(
            Paths.styluskit,
            ["info", Paths.realRecordings.appendingPathComponent("Wacom-Cintiq-13HD-touch-Pen.events").path])
        #expect(cintiq.status == 0)
        #expect(
            cintiq.standardOutput.contains(
                "\n  model      Wacom Cintiq 13HD touch (DTH-1300), pen display, 304.8 x 177.8 mm (from libwacom)\n"))
        let intuos = try run(
            Paths.styluskit,
            [
                "info", Paths.realRecordings.appendingPathComponent("Wacom-Intuos4-6x9.stylus-tap.events").path,
                "--desc",
                Paths.realRecordings.appendingPathComponent("Wacom-Intuos4-6x9.desc").path,
            ])
        #expect(
            intuos.standardOutput.contains(
                "\n  model      Wacom Intuos4 6x9 (PTK-640), tablet, 228.6 x 152.4 mm (from libwacom)\n"))
        // A device libwacom does not know has no model line.
        let ucLogic = try run(
            Paths.styluskit,
            ["info", Paths.realRecordings.appendingPathComponent("UC-LOGIC-Tablet-WP5540U-Pen.events").path])
        #expect(!ucLogic.standardOutput.contains("  model "))
    }
}
