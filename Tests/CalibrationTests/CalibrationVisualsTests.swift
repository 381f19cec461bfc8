import Calibration
import FormPrinting
import Foundation
import StylusInput
import Testing

@testable import StylusGeometry

/// Calibration you can see (issue 33, item 3): the pressure histogram and its proposal written into a
/// profile, the residual picture, and the history kept when a profile is replaced.
@Suite("Calibration you can see")
struct CalibrationVisualsTests {
    /// A scratch folder, removed by the caller.
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "styluskit-calibration-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(
        "The histogram counts every touching frame the observer counts; its proposal lies between hovering and touching"
    )
    func histogram() throws {
        let input = try PenInput.open(
            recording: CalibrationTests.real + "/Wacom-Cintiq-13HD-touch-Pen.events", descriptionFile: nil, device: nil)
        let pressure = try PressureCalibration(input: input)
        let histogram = pressure.histogram
        #expect(histogram.bins.count == PressureHistogram.binCount)
        #expect(histogram.bins.first?.from == pressure.axis.minimum)
        #expect(histogram.bins.last?.to == pressure.axis.maximum)
        for (bin, next) in zip(histogram.bins, histogram.bins.dropFirst()) { #expect(bin.to + 1 == next.from) }
        let touching = pressure.tools.reduce(0) { $0 + $1.touchingFrames }
        #expect(touching > 0)
        #expect(histogram.bins.reduce(0) { $0 + $1.touching } == touching)
        #expect(histogram.bins.reduce(0) { $0 + $1.hovering } <= pressure.tools.reduce(0) { $0 + $1.hoveringFrames })
        let proposal = try #require(histogram.proposal)
        let hovering = pressure.tools.compactMap(\.maximumHovering).max() ?? pressure.axis.minimum
        #expect(proposal.minimum == max(pressure.axis.minimum, hovering))
        #expect(proposal.tipThreshold >= 1)
        let lightest = try #require(pressure.tools.compactMap(\.minimumTouching).min())
        // Half the way to the 5th percentile of the touches, which is no lighter than the lightest touch.
        #expect(proposal.minimum + 2 * proposal.tipThreshold >= lightest - 1)
        #expect(proposal.minimum + proposal.tipThreshold < lightest || proposal.tipThreshold == 1)
        #expect(proposal.minimum + proposal.tipThreshold < (pressure.tools.compactMap(\.maximum).max() ?? 0))
    }

    @Test("The proposal goes into the profile on top of the one that applies, the replaced one kept in history/")
    func proposalWritten() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = try PenInput.open(
            recording: CalibrationTests.real + "/Wacom-Cintiq-13HD-touch-Pen.events", descriptionFile: nil, device: nil)
        let pressure = try PressureCalibration(input: input)
        let proposal = try #require(pressure.histogram.proposal)
        let path = folder + "/tablet.yaml"
        let applying = TabletProfile(
            source: "/shipped/cintiq.yaml", description: "Cintiq 13HD", match: DeviceMatch(vendor: 0x56a),
            resolution: UnitsPerMillimetre(x: 100, y: 100), display: "wacom-cintiq-13hd")
        let date = Date(timeIntervalSince1970: 1_795_780_800)  // 2026-11-27 12:00:00 UTC
        #expect(
            try PressureProfile.write(
                proposal, device: input.device, match: ProfileMatch(profile: applying), to: path, source: "taps.events",
                now: date) == nil)
        let written = try TabletProfile(yaml: try String(contentsOfFile: path, encoding: .utf8), source: path)
        #expect(written.pressure.minimum == proposal.minimum)
        #expect(written.pressure.tipThreshold == proposal.tipThreshold)
        #expect(written.display == "wacom-cintiq-13hd" && written.resolution == applying.resolution)
        let first = try String(contentsOfFile: path, encoding: .utf8)
        let kept = try PressureProfile.write(
            PressureHistogram.Proposal(minimum: proposal.minimum + 1, tipThreshold: 7), device: input.device,
            match: ProfileMatch(profile: written), to: path, source: "live", now: date)
        #expect(kept == folder + "/history/tablet-20261127-120000.yaml")
        #expect(try String(contentsOfFile: try #require(kept), encoding: .utf8) == first)
        #expect(
            try TabletProfile(yaml: try String(contentsOfFile: path, encoding: .utf8), source: path).pressure
                .tipThreshold == 7)
        // A second replacement in the same second keeps both.
        let again = try PressureProfile.write(
            proposal, device: input.device, match: nil, to: path, source: "live", now: date)
        #expect(again == folder + "/history/tablet-20261127-120000-2.yaml")
    }

    @Test("A display profile replaced with force is kept in history/; without force it is refused as before")
    func displayHistory() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/display.yaml"
        let date = Date(timeIntervalSince1970: 1_795_780_800)
        let first = try DisplayCalibration(
            edid: .connectors([]), output: nil, ruler: (1000, 9.62), scale: 2, out: path, force: false, now: date)
        #expect(!first.notes.contains { $0.contains("kept as") })
        let old = try String(contentsOfFile: path, encoding: .utf8)
        #expect(throws: CalibrationError.self) {
            try DisplayCalibration(
                edid: .connectors([]), output: nil, ruler: (1000, 9.7), scale: 2, out: path, force: false, now: date)
        }
        let second = try DisplayCalibration(
            edid: .connectors([]), output: nil, ruler: (1000, 9.7), scale: 2, out: path, force: true, now: date)
        let kept = folder + "/history/display-20261127-120000.yaml"
        #expect(second.notes.contains("The profile it replaced is kept as \(kept)."))
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == old)
        #expect(try String(contentsOfFile: path, encoding: .utf8) != old)
        // The profile search reads the folder's own files only: the history is never a profile.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["display.yaml", "history"])
    }

    @Test("The residual picture: arrows magnified in 1-2-5 steps, the worst arrow drawn red from its target")
    func residualPicture() throws {
        #expect(ResidualPicture.magnification(worstMillimetres: 0.1) == 100)
        #expect(ResidualPicture.magnification(worstMillimetres: 0.4) == 20)
        #expect(ResidualPicture.magnification(worstMillimetres: 2) == 5)
        #expect(ResidualPicture.magnification(worstMillimetres: 30) == 1)
        #expect(ResidualPicture.path(besideProfile: "/a/b/0056-0304-form.yaml") == "/a/b/0056-0304-form-residuals.png")
        let sheet = CalibrationSheet.grid(
            page: CalibrationSheet.a4Landscape, columns: 3, rows: 3, spacingCentimetres: 4)
        // Taps at the targets in mm, the fifth (the centre) 1 mm to the right.
        let taps = sheet.targets.enumerated().map { index, target in
            TabletPosition(
                xMillimetres: target.xCentimetres * 10 + (index == 4 ? 1 : 0), yMillimetres: target.yCentimetres * 10)
        }
        let fit = try TransformFit(taps: taps, targets: sheet.targets, model: .affine)
        let picture = ResidualPicture(fit: fit, sheet: sheet)
        #expect(picture.magnification == ResidualPicture.magnification(worstMillimetres: fit.worst.millimetres))
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try picture.write(to: folder + "/fit-residuals.png")
        let image = try RasterImage(readingPNG: folder + "/fit-residuals.png")
        #expect(image.width == Int((29.7 / 2.54 * ResidualPicture.dotsPerInch).rounded(.up)))
        // Red along the centre target's arrow, which points right (+x), a third of the way along.
        let worst = fit.worst
        #expect(worst.number == 5)
        let dx = (worst.fitted.xCentimetres - worst.target.xCentimetres) * picture.magnification
        let x = Int(((worst.target.xCentimetres + dx / 3) / 2.54 * ResidualPicture.dotsPerInch).rounded())
        let y = Int((worst.target.yCentimetres / 2.54 * ResidualPicture.dotsPerInch).rounded())
        let pixel = image.pixel(x: x, y: y)
        #expect(pixel.red > 150 && pixel.green < 80 && pixel.blue < 80, "\(pixel) at \(x), \(y)")
    }
}
