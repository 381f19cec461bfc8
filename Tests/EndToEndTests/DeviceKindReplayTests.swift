import Foundation
import Testing

/// `replay` and `info` refuse a recording of a node that is not a pen, once, at open, naming its
/// kind: before any question about resolution or profiles (a pad reports none).
@Suite("Replaying a node that is not a pen")
struct DeviceKindReplayTests {
    static let advice = " Record from the tablet's pen node (`styluskit devices` lists each node with its kind),"
        + " or replay a recording of it.\n"

    @Test(
        "each kind's refusal is pinned, for replay and info alike",
        arguments: [
            (
                "Wacom-Intuos-Pro-M-Pad.events",
                "Error: \"Wacom Intuos Pro M Pad\" is the tablet's pad (buttons and ring), not its pen: it has pad"
                    + " controls (BTN_0…, a ring or strip) and no pen tool (BTN_TOOL_PEN); its BTN_STYLUS alone does"
                    + " not make it a pen."
            ),
            (
                "Wacom-Intuos-Pro-M-Finger.events",
                "Error: \"Wacom Intuos Pro M Finger\" is a touch surface, not a pen: its finger tools or multitouch"
                    + " axes report fingers."
            ),
            (
                "Wacom-Intuos4-Lens-Cursor.events",
                "Error: \"Wacom Intuos4 6x9 Lens Cursor\" is a lens cursor or mouse (a puck: BTN_TOOL_LENS/BTN_TOOL_MOUSE),"
                    + " not a pen: a puck's position is not handwriting."
            ),
        ])
    func refused(file: String, message: String) throws {
        let out = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let recording = Paths.fixtures.appendingPathComponent("recordings/kinds/\(file)").path
        let replay = try run(Paths.styluskit, ["replay", recording, "--test", "clock", "--out", out.path])
        #expect(replay.status == 1)
        #expect(replay.standardError == message + Self.advice)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty)
        let info = try run(Paths.styluskit, ["info", recording])
        #expect(info.status == 1)
        #expect(info.standardError == message + Self.advice)
    }
}
