import ADF
import FormPrinting
import Foundation
import Rendering
import Testing

/// `render`'s picture of a replayed trail making session (Fixtures/golden/replayed/trails-session.tsk:
/// sample A with one error and its correction, part A untouched, the B parts never shown) against
/// its golden PNG, as clock-small.csk's is pinned. Regenerate with
/// `ADF_REGENERATE_GOLDEN=1 swift test --filter TrailsRenderGoldenTests` and look at the picture.
@Suite("The render golden of a replayed trail making session")
struct TrailsRenderGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The picture `styluskit render` draws of the file: every step side by side, with the legend.
    static func rendered() throws -> RasterImage {
        let path = root.appendingPathComponent("Fixtures/golden/replayed/trails-session.tsk").path
        let document = try ADFReader.read(path: path).document
        let picture = ResultsPicture(document: document, forms: StepForm.forms(of: document), options: PictureOptions())
        return RasterImage(page: PageDrawing.sideBySide(picture.pages()), dotsPerInch: 30)
    }

    @Test("The picture matches its golden PNG within a small tolerance, the error's red marks included")
    func golden() throws {
        let rendered = try Self.rendered()
        let golden = Self.root.appendingPathComponent("Fixtures/golden/render/trails-session.png").path
        if ProcessInfo.processInfo.environment["ADF_REGENERATE_GOLDEN"] == "1" {
            try rendered.writePNG(to: golden)
            Issue.record("regenerated \(golden); look at it and run the tests again")
            return
        }
        let expected = try RasterImage(readingPNG: golden)
        try #require(rendered.width == expected.width && rendered.height == expected.height)
        var differing = 0
        var red = 0
        for y in 0..<expected.height {
            for x in 0..<expected.width {
                let a = rendered.pixel(x: x, y: y)
                let b = expected.pixel(x: x, y: y)
                if max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue)) > 48 { differing += 1 }
                if a.red > 150 && a.green < 90 && a.blue < 90 { red += 1 }
            }
        }
        // Font rasterisation may move a few pixels of the legend's text; nothing else should differ.
        #expect(Double(differing) < 0.005 * Double(expected.width * expected.height), "\(differing) pixels differ")
        // Sample A's error: its wrong circle ringed and crossed, "error 1 (sequence)" beside it.
        #expect(red > 20, "\(red) red pixels")
    }
}
