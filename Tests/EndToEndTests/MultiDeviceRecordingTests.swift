import Foundation
import Testing

/// A libinput-record file of several devices (`libinput record --all`: a tablet's pad, pen and
/// touch surface) replays its pen, names the others, and reads another with --device-index
/// (issue 17, item 6). The fixture is three real single-device recordings in one `devices:` list.
@Suite("Multi-device libinput recordings")
struct MultiDeviceRecordingTests {
    static let file = Paths.fixtures.appendingPathComponent("recordings/kinds/libinput-record-all.yml").path
    static let note =
        "note: \(file) holds 3 devices (libinput record --all); read 1 'Wacom DTH2242 Pen' (pen with eraser), skipped 0 "
        + "'Wacom Intuos Pro M Pad' (pad), 2 'Wacom Intuos Pro M Finger' (touch). Give --device-index N to read another."

    @Test("The pen is found and replayed like its own recording; the pad and the touch surface are named as skipped")
    func replaysThePen() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let all = try styluskit([
            "replay", Self.file, "--test", "clock", "--out", directory.appendingPathComponent("all").path,
        ])
        #expect(all.status == 0, "\(all.standardError)")
        #expect(all.standardError == Self.note + "\n")
        let alone = try styluskit([
            "replay", Paths.realRecordings.appendingPathComponent("Wacom-DTH2242-Pen.events").path, "--test", "clock",
            "--out",
            directory.appendingPathComponent("alone").path,
        ])
        #expect(alone.status == 0)
        // The same pen, the same strokes and points: only the file names differ.
        let strokes = { (text: String) in
            text.split(separator: "\n").filter { $0.contains("strokes") || $0.contains("points") }
        }
        #expect(strokes(all.standardOutput) == strokes(alone.standardOutput))
        let info = try styluskit(["info", Self.file])
        #expect(info.standardOutput.contains(Self.note))
    }

    @Test(
        "--device-index reads another device: a pad is refused with the file's own way out, an index beyond the file is named"
    )
    func deviceIndex() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pad = try styluskit([
            "replay", Self.file, "--test", "clock", "--device-index", "0", "--out", directory.path,
        ])
        #expect(pad.status == 65)
        #expect(
            pad.standardError
                == "Error: Device 0 of the recording: \"Wacom Intuos Pro M Pad\" is the tablet's pad (buttons and ring), not its pen: "
                + "it has pad controls (BTN_0…, a ring or strip) and no pen tool (BTN_TOOL_PEN); its BTN_STYLUS alone does not make "
                + "it a pen. The recording's pen is device 1 ('Wacom DTH2242 Pen'): give --device-index 1, or leave --device-index out to read it.\n"
        )
        let beyond = try styluskit(["info", Self.file, "--device-index", "7"])
        #expect(beyond.status == 64)
        #expect(
            beyond.standardError
                == "Error: \(Self.file) holds 3 devices, so there is no device 7; give --device-index 0 to 2, or leave it out to read the pen\n"
        )
        let pen = try styluskit(["info", Self.file, "--device-index", "1", "--json"])
        #expect(pen.status == 0)
        #expect(pen.standardOutput.contains(#""device":"Wacom DTH2242 Pen""#))
    }
}
