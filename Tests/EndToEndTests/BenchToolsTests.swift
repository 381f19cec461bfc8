import Foundation
import Testing

/// `styluskit monitor` on a recording, and `play`'s refusals without a uinput node (playing into the
/// kernel, and `monitor` on a live node, are the VM's: integration/vm/guest.sh, section 11b).
@Suite("The engineer's bench: monitor and play")
struct BenchToolsTests {
    static let dellCanvas = Paths.realRecordings.appendingPathComponent("dell_canvas_pen.evemu").path

    /// The JSON objects of `text`'s lines.
    static func objects(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test("monitor --json: a line per pen frame, in mm at 100 units per mm, tip down on replay's points, no drops")
    func monitorJSON() throws {
        let result = try styluskit(["monitor", "--recording", Self.dellCanvas, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = try Self.objects(result.standardOutput)
        // 978 SYN_REPORTs in the file (grep -c), every one of them a pen frame.
        #expect(lines.count == 978)
        let first = try #require(lines.first)
        // E: 0.000001 ABS_X 38433, ABS_Y 12999, BTN_TOOL_PEN 1.
        #expect(first["xMillimetres"] as? Double == 384.33 && first["yMillimetres"] as? Double == 129.99)
        #expect(first["rawX"] as? Int == 38433 && first["rawY"] as? Int == 12999)
        #expect(first["inProximity"] as? Bool == true && first["tipDown"] as? Bool == false)
        #expect(first["tool"] as? String == "pen" && first["seconds"] as? Double == 0 && first["frames"] as? Int == 1)
        let last = try #require(lines.last)
        // E: 7.935973 BTN_TOOL_PEN 0: out of proximity, 7.935972 s after the first frame.
        #expect(last["inProximity"] as? Bool == false && last["seconds"] as? Double == 7.935972)
        #expect(lines.allSatisfy { $0["drops"] as? Int == 0 })
        let touching = lines.filter { $0["tipDown"] as? Bool == true && $0["inProximity"] as? Bool == true }
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let replay = try styluskit(["replay", Self.dellCanvas, "--test", "clock", "--out", directory.path, "--json"])
        let points = try #require(
            (try? Self.objects(replay.standardOutput))?.last?["points"] as? Int, "\(replay.standardError)")
        #expect(touching.count == points)
        // Every touching frame has a pressure and its force: pressure / 4095 × 25/6 (the profile's range).
        for line in touching {
            let pressure = try #require(line["pressure"] as? Int)
            #expect(abs((line["force"] as? Double ?? -1) - (Double(pressure) / 4095 * 25 / 6)) <= 0.0005)
        }
    }

    @Test("monitor's text: the device, its area and profile, then a line per frame in fixed columns")
    func monitorText() throws {
        let result = try styluskit(["monitor", "--recording", Self.dellCanvas])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 + 978)
        #expect(lines[0] == "device   Wacom ISD-V4 Pen (0003:056a:4200) at \(Self.dellCanvas)")
        // 59674 / 100 and 33566 / 100 mm.
        #expect(lines[1] == "area     596.74 × 335.66 mm (100 × 100 units/mm)")
        #expect(lines[2].hasPrefix("profile  ") && lines[2].hasSuffix("dell-canvas-isd-v4.yaml"))
        #expect(
            lines[3]
                == "    0.000 s  pen   hover  x  384.33 y  129.99 mm  pressure -  tilt -  buttons -     1 frames/s  dropped 0"
        )
        #expect(result.standardError.isEmpty)
    }

    @Test("monitor's refusals: a node and a recording, window options without --window, a node that is not evdev")
    func monitorRefusals() throws {
        let both = try styluskit(["monitor", "/dev/input/event0", "--recording", Self.dellCanvas])
        #expect(both.status == 64 && both.standardError.contains("Give a pen NODE or --recording FILE, not both."))
        let display = try styluskit(["monitor", "--recording", Self.dellCanvas, "--output-display", "DP-1"])
        #expect(display.status == 64 && display.standardError.contains("belong to --window"))
        let null = try styluskit(["monitor", "/dev/null"])
        #expect(null.status == 65, "\(null.standardError)")
        #expect(null.standardError.contains("/dev/null is not an input event node"))
    }

    @Test("play without a uinput node, through a node that is not uinput, with a bad speed or no recording")
    func playRefusals() throws {
        let missing = try styluskit(["play", Self.dellCanvas, "--uinput", "/nonexistent/uinput"])
        #expect(missing.status == 69)
        #expect(
            missing.standardError
                == "Error: /nonexistent/uinput does not exist: the kernel's uinput module is not loaded. Load it with "
                + "`sudo modprobe uinput` (or give the node with --uinput FILE when it is elsewhere, e.g. /dev/input/uinput).\n"
        )
        #expect(missing.standardOutput.isEmpty)
        let null = try styluskit(["play", Self.dellCanvas, "--uinput", "/dev/null", "--json"])
        #expect(null.status == 69)
        #expect(
            null.standardError.contains(
                "The kernel refused a virtual tablet through /dev/null: Inappropriate ioctl for device."))
        let speed = try styluskit(["play", Self.dellCanvas, "--speed", "0"])
        #expect(speed.status == 64 && speed.standardError.contains("give a speed above 0"))
        let nothing = try styluskit(["play", "/nonexistent/recording.evemu", "--uinput", "/nonexistent/uinput"])
        #expect(nothing.status == 66, "\(nothing.standardError)")
    }

    @Test("Both commands' help names docs/bench.md")
    func help() throws {
        for command in ["monitor", "play"] {
            let help = try styluskit([command, "--help"])
            #expect(help.status == 0 && help.standardOutput.contains("docs/bench.md"), "\(command)")
        }
    }
}
