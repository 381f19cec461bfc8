import Foundation
import Testing

@testable import ADF

/// The `.msk` and `.ssk` golden files: written from the fixed models below and compared byte
/// for byte, like clock-small.csk in WriterTests.
///
/// Every value in the golden files was checked by hand once against these models and adf.md
/// (the comments next to the values say what each must become). The times are whole
/// milliseconds plus .25, .5 or .75, which doubles near 1.67e12 hold exactly, so the
/// truncated timestamps and the ties of the RawData dts are certain. To regenerate after a
/// deliberate change: `ADF_REGENERATE_GOLDEN=1 swift test --filter GoldenVariantTests`, then
/// review the diff.
@Suite("Golden .msk and .ssk files")
struct GoldenVariantTests {
    @Test("A small .msk document (two mazes, interruptions, motion) matches maze-small.msk")
    func goldenMaze() throws {
        try compare(smallMazeDocument(), golden: "maze-small.msk")
    }

    @Test("A small .ssk document (two parts with drawing tags) matches symbol-digit-small.ssk")
    func goldenSymbolDigit() throws {
        try compare(smallSymbolDigitDocument(), golden: "symbol-digit-small.ssk")
    }

    @Test("The golden files are well-formed for xmllint and valid for ADFValidator")
    func goldenFilesAreValid() throws {
        for name in ["maze-small.msk", "symbol-digit-small.ssk"] {
            let path = "\(goldenDirectory)/\(name)"
            #expect(ADFValidator().validate(path: path).isEmpty, "\(name)")
            if FileManager.default.isExecutableFile(atPath: xmllintPath) {
                let result = try run(xmllintPath, ["--noout", path])
                #expect(result.status == 0, "\(name): \(result.errors)")
            }
        }
    }

    @Test("The golden files read back into the models they were written from")
    func goldenRoundTrip() throws {
        for (document, name) in [
            (smallMazeDocument(), "maze-small.msk"), (smallSymbolDigitDocument(), "symbol-digit-small.ssk"),
        ] {
            let file = try ADFReader.read(path: "\(goldenDirectory)/\(name)")
            let read = file.document
            #expect(read.variant == document.variant)
            #expect(read.steps.map(\.identifier) == document.steps.map(\.identifier))
            #expect(read.steps.map(\.drawingTags) == document.steps.map(\.drawingTags))
            #expect(read.steps.map(\.interruptions.count) == document.steps.map(\.interruptions.count))
            #expect(
                read.steps.map { $0.strokes.map(\.points.count) }
                    == document.steps.map { $0.strokes.map(\.points.count) })
            #expect(read.display == document.display)
        }
    }

    private func compare(_ document: ADFDocument, golden name: String) throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try document.write(to: directory.file("result.\(document.variant.fileExtension)"))
        let actual = try Data(contentsOf: URL(fileURLWithPath: path))
        let golden = "\(goldenDirectory)/\(name)"
        if ProcessInfo.processInfo.environment["ADF_REGENERATE_GOLDEN"] == "1" {
            try actual.write(to: URL(fileURLWithPath: golden))
            Issue.record("regenerated \(golden); review the diff and run the tests again")
            return
        }
        let expected = try Data(contentsOf: URL(fileURLWithPath: golden))
        #expect(actual == expected, "the written file differs from \(golden)")
    }
}

/// A maze battery of two mazes: a calibration maze with one stroke and a no-drawing pause,
/// then a choice maze with a motion sample, two strokes, a wall cross and a no-drawing pause.
func smallMazeDocument() -> ADFDocument {
    // 2023-01-17T21:11:30.000250Z; every time below is base + whole ms + .25, .5 or .75 ms.
    let base = 1_673_989_890_000.25
    return ADFDocument(
        variant: .maze,
        environment: ClockSketchData(
            deviceSystemName: "Linux", deviceSystemVersion: "6.1.0-18-amd64",
            deviceModel: "Wacom Intuos S Pen", deviceModelIdentifier: "0003:056a:0374",
            pencilID: "0x0802:12345678", batteryLevel: 0.8125, canvasWidth: 768,
            canvasHeight: 1024),
        steps: [
            ADFDocument.Step(
                identifier: "mazeStep-calibration",
                start: StepMark(unixMilliseconds: base, brightness: 0.5),  // 1673989890000, "0.5000"
                end: StepMark(unixMilliseconds: base + 6000, brightness: 0.5),  // 1673989896000
                strokes: [
                    ADFDocument.Stroke(
                        beginUnixMilliseconds: base + 1000, endUnixMilliseconds: base + 1020,
                        points: [
                            // altitude π/2 -> "1.5708"; force 0.8125 -> pressure 812.5 -> 813
                            // (ties away), RawData "812.5000"; timestamp 1673989891000;
                            // RawData StartTime 1673989891000.2 (…000.25 to one decimal: the
                            // double is exactly .25, a tie, printf rounds to even: .2).
                            PenPoint(
                                x: 100.125, y: 200.5, altitude: .pi / 2, azimuth: 0, force: 0.8125,
                                unixMilliseconds: base + 1000),
                            // x 1.03125 + 100 = 101.03125: a tie at 4 decimals -> "101.0312"
                            // (to even); dt 8.5 -> 8 (ties to even); timestamp …891008.
                            PenPoint(
                                x: 101.03125, y: 200, altitude: 1.2, azimuth: 0.25, force: 0.9,
                                unixMilliseconds: base + 1008.5),
                            // dt 9.5 -> 10 (ties to even); force 0.0005 × 1000 is exactly 0.5 in
                            // doubles (checked with Python) -> pressure 1 (ties away from zero),
                            // RawData "0.5000"; azimuth 6.2831.
                            PenPoint(
                                x: 102, y: 199.75, altitude: 1.25, azimuth: 6.2831, force: 0.0005,
                                unixMilliseconds: base + 1018),
                        ])
                ],
                interruptions: [Interruption(type: "no-drawing", unixMilliseconds: base + 3500)]),
            ADFDocument.Step(
                identifier: "mazeStep-choice",
                start: StepMark(unixMilliseconds: base + 7000, brightness: 0.5),
                end: StepMark(unixMilliseconds: base + 15000.5, brightness: 0.5),  // …905000
                strokes: [
                    ADFDocument.Stroke(
                        beginUnixMilliseconds: base + 8000, endUnixMilliseconds: base + 8020,
                        points: [
                            PenPoint(
                                x: 300, y: 400, altitude: 1, azimuth: 3.14159, force: 1,
                                unixMilliseconds: base + 8000),
                            // dt 16.75 -> 17; force 1.25 -> 1250.
                            PenPoint(
                                x: 301.5, y: 398.25, altitude: 1, azimuth: 3.14159, force: 1.25,
                                unixMilliseconds: base + 8016.75),
                        ]),
                    ADFDocument.Stroke(
                        beginUnixMilliseconds: base + 9000, endUnixMilliseconds: base + 9001,
                        points: [
                            // StartTime …899000.75 -> "1673989899000.8"; timestamp …899000.
                            PenPoint(
                                x: 305.25, y: 390, altitude: 0.75, azimuth: 4.5, force: 0.5,
                                unixMilliseconds: base + 9000.5)
                        ]),
                ],
                // The motion example of adf.md.
                motion: [
                    MotionSample(
                        unixMilliseconds: base + 7010, pitch: 0.004, roll: 0.002, yaw: 0,
                        accelerationX: -0.0002, accelerationY: 0.0003, accelerationZ: -0.0051)
                ],
                interruptions: [
                    Interruption(type: "wall-cross", unixMilliseconds: base + 8500),
                    Interruption(type: "no-drawing", unixMilliseconds: base + 11000.5),
                ]),
        ],
        display: .referenceTablet)
}

/// A symbol-digit test of two parts (the legend part and the copy part) on the 8.3" tablet of
/// assessments.md, whose symbol-digit sizes were shrunk to fit its screen (so they are given,
/// not derived from the density), with strings that need escaping and filtering.
func smallSymbolDigitDocument() -> ADFDocument {
    // 2023-01-18T00:00:00.000500Z.
    let base = 1_674_000_000_000.5
    let setID = "form-A"
    func digit(_ start: Double, x: Double, y: Double) -> ADFDocument.Stroke {
        ADFDocument.Stroke(
            beginUnixMilliseconds: start, endUnixMilliseconds: start + 10,
            points: [
                PenPoint(x: x, y: y, altitude: 1.1, azimuth: 2.5, force: 0.75, unixMilliseconds: start),
                PenPoint(x: x, y: y + 12.5, altitude: 1.1, azimuth: 2.5, force: 0.625, unixMilliseconds: start + 10),
            ])
    }
    return ADFDocument(
        variant: .symbolDigit,
        environment: ClockSketchData(
            deviceSystemName: "Linux", deviceSystemVersion: "6.12.0",
            // A control character from firmware is dropped; ë stays UTF-8.
            deviceModel: "Huion Kamvas 13\u{1}", deviceModelIdentifier: "0003:256c:006d",
            deviceName: "Zoë's tablet", canvasWidth: 1080, canvasHeight: 1440.25,
            doctor: "Ada \"Doc\" Lovelace & Co", originalOrigin: .init(x: 12.5, y: 0),
            patientEncodedID: "UEFUSUVOVA==", localPatientEncodedID: "TE9DQUw="),
        steps: [
            ADFDocument.Step(
                identifier: "symbolDigitStep-symbol-digit",
                start: StepMark(unixMilliseconds: base),
                end: StepMark(unixMilliseconds: base + 90000),
                strokes: [digit(base + 5000, x: 40, y: 300)],
                drawingTags: .symbolDigit(setID: setID)),
            ADFDocument.Step(
                identifier: "symbolDigitStep-digit-digit",
                start: StepMark(unixMilliseconds: base + 100_000),
                end: StepMark(unixMilliseconds: base + 190_000),
                strokes: [digit(base + 101_000, x: 40, y: 300), digit(base + 102_000, x: 110, y: 300)],
                drawingTags: .digitDigit(setID: setID)),
        ],
        display: DisplayData(
            pixelsPerInch: 326, screenScalingFactor: 2,
            symbolDigit: SymbolDigitSizes(
                borderWidth: 1, innerCellHeight: 51, innerCellWidth: 58.5, rowVerticalMargin: 16,
                sampleBorderWidth: 2.5, sampleLabelRightMargin: 6, stopSignHeight: 95.5)))
}
