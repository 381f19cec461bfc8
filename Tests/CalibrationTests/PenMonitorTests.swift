import Calibration
import Foundation
import Recordings
import StylusGeometry
import StylusInput
import Testing

/// `styluskit monitor`'s readings, against values worked out by hand from the Dell Canvas's
/// description (X/Y 100 units per mm, pressure 0..4095, tilt ±9000 at 5730 units per radian).
@Suite("Pen monitor")
struct PenMonitorTests {
    static let dellCanvas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/recordings/real/dell_canvas_pen.evemu")

    /// The readings of `events` (evemu `E:` lines) on the Dell Canvas.
    static func readings(_ events: String) throws -> [PenReading] {
        let header = try String(contentsOf: dellCanvas, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.hasPrefix("E:") }
            .joined(separator: "\n")
        let reader = try RecordingReader(bytes: Array((header + "\n" + events).utf8), name: "monitor.evemu")
        var monitor = try PenMonitor(device: reader.header.device, profile: nil)
        var readings: [PenReading] = []
        while let event = try reader.next() {
            if let reading = monitor.process(event) { readings.append(reading) }
        }
        return readings
    }

    @Test("Position in mm, pressure and force, tilt as altitude and azimuth, buttons, frame rate and drops")
    func readings() throws {
        let readings = try Self.readings(
            """
            E: 2.000000 0003 0000 10000
            E: 2.000000 0003 0001 5000
            E: 2.000000 0003 0018 0
            E: 2.000000 0003 001a 573
            E: 2.000000 0003 001b 0
            E: 2.000000 0001 0140 1
            E: 2.000000 0000 0000 0
            E: 2.004000 0003 0018 2048
            E: 2.004000 0001 014a 1
            E: 2.004000 0000 0000 0
            E: 2.008000 0001 014b 1
            E: 2.008000 0000 0000 0
            E: 2.010000 0000 0003 0
            E: 2.010000 0000 0000 0
            E: 2.012000 0003 0000 10100
            E: 2.012000 0000 0000 0
            E: 3.500000 0003 0000 10200
            E: 3.500000 0000 0000 0
            """)
        try #require(readings.count == 5)
        let first = readings[0]
        #expect(first.seconds == 0 && first.tool == .pen && first.inProximity && !first.tipDown)
        // 10000 / 100 units per mm, 5000 / 100.
        #expect(first.position == TabletPosition(xMillimetres: 100, yMillimetres: 50))
        #expect(first.rawX == 10000 && first.rawY == 5000 && first.pressure == 0 && first.force == 0)
        // 573 units / 5730 per radian = 0.1 rad = 5.7296°; leaning toward +x only: azimuth 0, altitude 90 - 5.7296.
        let tilt = try #require(first.tilt)
        #expect(abs(tilt.x - 0.1 * 180 / .pi) < 1e-9 && tilt.y == 0)
        #expect(abs((first.altitudeDegrees ?? 0) - (90 - 0.1 * 180 / .pi)) < 1e-6)
        #expect(first.azimuthDegrees == 0)
        // Tip down at pressure 2048 (at least 5 % of 4095); force 2048 / 4095 × 25/6.
        let down = readings[1]
        #expect(down.tipDown && down.pressure == 2048)
        #expect(abs((down.force ?? 0) - 2048.0 / 4095 * 25 / 6) < 1e-9)
        #expect(readings[2].buttons == .stylus && abs(readings[2].seconds - 0.008) < 1e-9)
        #expect(readings[0..<3].allSatisfy { $0.drops == 0 })
        // The frame after the SYN_DROPPED: one drop; frames in the last second: all four so far.
        #expect(readings[3].drops == 1 && readings[3].framesPerSecond == 4 && readings[3].frames == 4)
        #expect(readings[3].position.xMillimetres == 101)
        // 1.488 s later the second before it holds only this frame.
        #expect(readings[4].framesPerSecond == 1 && readings[4].frames == 5 && readings[4].drops == 1)
    }

    @Test("A device without tilt or pressure reads none (not upright, not zero), and a keyboard is refused")
    func absentAxes() throws {
        let text = try String(contentsOf: Self.dellCanvas, encoding: .utf8)
        // The same tablet with its pressure and tilt axes taken out of its description (the A: lines and the bits).
        var header = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.hasPrefix("E:") }
            .filter { !$0.hasPrefix("A: 18") && !$0.hasPrefix("A: 1a") && !$0.hasPrefix("A: 1b") }
        if let abs = header.firstIndex(where: { $0.hasPrefix("B: 03 03 00 00") }) {
            header[abs] = "B: 03 03 00 00 00 00 00 00 00"
        }
        let reader = try RecordingReader(
            bytes: Array(
                (header.joined(separator: "\n") + "\nE: 0.100000 0003 0000 100\nE: 0.100000 0003 0001 200\n"
                    + "E: 0.100000 0001 0140 1\nE: 0.100000 0000 0000 0\n").utf8), name: "bare.evemu")
        try #require(reader.header.device.absInfo[AbsoluteAxis.pressure] == nil)
        var monitor = try PenMonitor(device: reader.header.device, profile: nil)
        var readings: [PenReading] = []
        while let event = try reader.next() {
            if let reading = monitor.process(event) { readings.append(reading) }
        }
        try #require(readings.count == 1)
        #expect(readings[0].pressure == nil && readings[0].force == nil && readings[0].tilt == nil)
        #expect(readings[0].altitudeDegrees == nil && readings[0].azimuthDegrees == nil)
        #expect(readings[0].position == TabletPosition(xMillimetres: 1, yMillimetres: 2))
        let keyboard = DeviceDescription(
            name: "k", id: InputID(bustype: 3, vendor: 1, product: 2, version: 1), properties: [],
            codes: [.key: [1, 2, 3]], absInfo: [:])
        #expect(throws: PenDeviceRejection.self) { try PenMonitor(device: keyboard, profile: nil) }
    }
}
