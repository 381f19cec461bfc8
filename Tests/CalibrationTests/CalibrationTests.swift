import Calibration
import Foundation
import StylusGeometry
import StylusInput
import Testing

/// The calibrate commands' libraries on the real recordings (a live tablet is the VM tests').
@Suite("Calibration: the paper, the pen's pressure, the EDID file")
struct CalibrationTests {
    static let real = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/recordings/real").path

    @Test("Papers by name in any case; an unknown paper and a sheet that does not fit are refused with what to do")
    func paper() throws {
        #expect(try CalibrationSheet.page(paper: "A4") == CalibrationSheet.a4Landscape)
        #expect(try CalibrationSheet.page(paper: "letter") == CalibrationSheet.letterLandscape)
        #expect(throws: CalibrationError.self) { try CalibrationSheet.page(paper: "legal") }
        #expect(try CalibrationSheet.grid(paper: "a4", columns: 3, rows: 3, spacingCentimetres: 4).targets.count == 9)
        #expect { try CalibrationSheet.grid(paper: "a4", columns: 3, rows: 3, spacingCentimetres: 40) } throws: {
            error in
            "\(error)".hasPrefix("3 x 3 targets 40.0 cm apart do not fit on a4 paper")
        }
    }

    @Test("A grid, a ruler and a scale that cannot be used are refused before anything is read, with what to give")
    func checks() throws {
        try CalibrationSheet.checkGrid(columns: 2, rows: 2, spacingCentimetres: 4)
        #expect { try CalibrationSheet.checkGrid(columns: 3, rows: 1, spacingCentimetres: 4) } throws: { error in
            "\(error)" == "A calibration sheet needs at least 4 targets; --columns 3 --rows 1 give 3."
        }
        #expect(throws: CalibrationError.self) {
            try CalibrationSheet.checkGrid(columns: 3, rows: 3, spacingCentimetres: .infinity)
        }
        try DisplayCalibration.check(rulerPixels: 1000, measuredCentimetres: 15.3, scale: 2)
        #expect { try DisplayCalibration.check(rulerPixels: 1000, measuredCentimetres: nil, scale: 1) } throws: {
            error in
            "\(error)"
                == "--ruler-pixels and --measured-cm go together: the line's length in pixels and in centimetres."
        }
        #expect(throws: CalibrationError.self) {
            try DisplayCalibration.check(rulerPixels: 0, measuredCentimetres: 1, scale: 1)
        }
        #expect(throws: CalibrationError.self) {
            try DisplayCalibration.check(rulerPixels: 10, measuredCentimetres: -1, scale: 1)
        }
        #expect(throws: CalibrationError.self) {
            try DisplayCalibration.check(rulerPixels: nil, measuredCentimetres: nil, scale: 0)
        }
    }

    @Test("A recording's pressure per tool, read to its end; a pen that never touched is refused")
    func pressure() throws {
        let input = try PenInput.open(
            recording: Self.real + "/Wacom-Cintiq-13HD-touch-Pen.events", descriptionFile: nil, device: nil)
        #expect(!input.isLive)
        var told = false
        let pressure = try PressureCalibration(input: input, reading: { told = true })
        #expect(told && pressure.axis.maximum > 0)
        let tool = try #require(pressure.tools.first { $0.touchingFrames > 0 })
        #expect((tool.minimumTouching ?? 0) <= (tool.maximum ?? 0))
        let hovering = try PenInput.open(
            recording: Self.real + "/Wacom-Intuos4-6x9.stylus-move.events",
            descriptionFile: Self.real + "/Wacom-Intuos4-6x9.desc",
            device: nil)
        #expect { try PressureCalibration(input: hovering) } throws: {
            "\($0)".hasPrefix("The pen never touched the tablet in ")
        }
    }

    @Test("An EDID file that cannot be read is named with the reason")
    func edidFile() {
        #expect { try DisplayCalibration.EDIDSource.reading("/nonexistent/edid") } throws: { error in
            "\(error)".hasPrefix("Cannot read the EDID file /nonexistent/edid: ")
        }
    }
}
