import Foundation
import Recordings
import StylusInput
import Testing

/// In a `libinput record --all` file, the pen read by default is the one that drew, not an idle pen
/// node listed before it (issue 33, item 5).
@Suite("Multi-device libinput files: the pen with ink")
struct MultiDevicePenChoiceTests {
    /// The fixture (pad, pen, touch surface) with an idle copy of its pen put first: `devices` read
    /// idle pen, pad, pen, touch surface.
    func idlePenFirst() throws -> String {
        let text = try String(contentsOfFile: fixturesDirectory + "/kinds/libinput-record-all.yml", encoding: .utf8)
        let parts = text.components(separatedBy: "\n- evdev:")
        try #require(parts.count == 4)
        let pen = parts[2]
        let idle = try #require(pen.components(separatedBy: "\n  events:").first) + "\n  events: []"
        let head = parts[0].replacingOccurrences(of: "ndevices: 3", with: "ndevices: 4")
        return ([head, idle] + parts[1...]).joined(separator: "\n- evdev:")
    }

    @Test("The pen that touched is read, the idle pen is named as skipped")
    func readsThePenWithInk() throws {
        let recording = try LibinputRecord.decode(try idlePenFirst(), name: "idle-first.yml")
        #expect(recording.header.deviceIndex == 2)
        #expect(recording.header.device.name == "Wacom DTH2242 Pen")
        #expect(recording.events.contains { $0.type.rawValue == 1 && $0.code == 330 && $0.value == 1 })
        #expect(recording.header.skippedDevices.map(\.index) == [0, 1, 3])
    }

    @Test("--device-index still reads the device asked for, idle or not")
    func deviceIndexWins() throws {
        let recording = try LibinputRecord.decode(try idlePenFirst(), name: "idle-first.yml", deviceIndex: 0)
        #expect(recording.header.deviceIndex == 0)
        #expect(recording.events.isEmpty)
    }
}
