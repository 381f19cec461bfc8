package import Foundation

/// One real recording and the facts about it that were established without StylusKit.
package struct RealRecordingFacts: CustomStringConvertible, Sendable {
    package var file: String
    package var desc: String?
    /// `grep -c '^E: [0-9.]* 0000 0000 0*0\b' FILE`: the SYN_REPORT lines.
    package var synReports: Int
    /// Fixtures/tools/strokes.awk with 5% and 1% of the pressure range (libinput's thresholds).
    package var strokes: Int
    package var pressureMaximum: Int
    /// (max - min) / resolution of ABS_X and ABS_Y, from the A: lines (or the profile's 200 units/mm
    /// where the recording has no resolution), worked out by hand.
    package var widthMillimetres: Double
    package var heightMillimetres: Double

    package var description: String { file }

    /// The bundled recordings from physical tablets (MIT licence), so the tests need nothing outside
    /// the clone: copies of the project's shared/recordings/real.
    package static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/recordings/real")

    /// The recording's path, and its description's if it has one.
    package var path: String { Self.directory.appendingPathComponent(file).path }
    package var descPath: String? { desc.map { Self.directory.appendingPathComponent($0).path } }
}

extension RealRecordingFacts {
    /// Every bundled real recording, with its facts: the test targets that replay them (in-process
    /// and through the binary) share this one table.
    package static let all: [RealRecordingFacts] = [
        // A: 00 400 59152 ... 200 -> 58752 / 200; A: 01 400 33448 ... 200 -> 33048 / 200.
        RealRecordingFacts(
            file: "Wacom-Cintiq-13HD-touch-Pen.events", synReports: 79, strokes: 2, pressureMaximum: 2047,
            widthMillimetres: 293.76, heightMillimetres: 165.24),
        // A: 00 0 59674 ... 100; A: 01 0 33566 ... 100.
        RealRecordingFacts(
            file: "dell_canvas_pen.evemu", synReports: 978, strokes: 2, pressureMaximum: 4095,
            widthMillimetres: 596.74, heightMillimetres: 335.66),
        // A: 00 0 32767 ... 235; A: 01 0 32767 ... 323: 139.4340 and 101.4458 mm.
        RealRecordingFacts(
            file: "UC-LOGIC-Tablet-WP5540U-Pen.events", synReports: 506, strokes: 1, pressureMaximum: 1023,
            widthMillimetres: 32767.0 / 235, heightMillimetres: 32767.0 / 323),
        // evemu 1.1, no resolution: 95840 and 54260 units at the profile's 200 units/mm.
        RealRecordingFacts(
            file: "Wacom-DTH2242-Pen.events", synReports: 1200, strokes: 7, pressureMaximum: 2047,
            widthMillimetres: 479.2, heightMillimetres: 271.3),
        RealRecordingFacts(
            // 34 contacts, 5 of them with the eraser end (BTN_TOOL_RUBBER), which are not ink.
            file: "Wacom-Cintiq-22HDT-Pen.events", synReports: 5647, strokes: 29, pressureMaximum: 2047,
            widthMillimetres: 479.2, heightMillimetres: 271.3),
        // The .desc has resolution 0: 44704 and 27940 units at the profile's 200 units/mm.
        RealRecordingFacts(
            file: "Wacom-Intuos4-6x9.stylus-tap.events", desc: "Wacom-Intuos4-6x9.desc", synReports: 88, strokes: 1,
            pressureMaximum: 2047, widthMillimetres: 223.52, heightMillimetres: 139.7),
        RealRecordingFacts(
            file: "Wacom-Intuos4-6x9.stylus-move.events", desc: "Wacom-Intuos4-6x9.desc", synReports: 444, strokes: 0,
            pressureMaximum: 2047, widthMillimetres: 223.52, heightMillimetres: 139.7),
    ]
}
