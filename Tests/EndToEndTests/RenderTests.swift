import FormPrinting
import Foundation
import Testing

/// `styluskit render` end to end: a synthesized wall cross, replayed, rendered, and measured.
@Suite("Render")
struct RenderTests {
    private let synth = Paths.fixtures.appendingPathComponent("synth")

    @Test("The wall-cross marker lies at the last recorded sample before the interruption")
    func wallCrossMarker() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("cross.evemu")
        let results = directory.appendingPathComponent("cross.msk")
        let picture = directory.appendingPathComponent("cross.png")
        let maze = synth.appendingPathComponent("detour.maze").path
        let made = try styluskit([
            "synth", synth.appendingPathComponent("wall-cross-0.6s.scenario").path, "--output", recording.path,
        ])
        try #require(made.status == 0, "\(made.standardError)")
        let replay = try styluskit(["replay", recording.path, "--test", "maze", "--maze", maze, "--out", directory.path])
        try #require(replay.status == 0, "\(replay.standardError)")
        let render = try styluskit([
            "render", results.path, "--maze", maze, "--out", picture.path, "--dpi", "100", "--no-legend", "--colour", "stroke",
        ])
        try #require(render.status == 0, "\(render.standardError)")

        // The recorded position, read with xmllint: the last point at or before the Pause.
        #expect(try xpath("string(//Pause/@type)", in: results) == "wall-cross")
        let time = try xpath("string(//Pause/@timestamp)", in: results)
        let x = Double(try xpath("string((//point[@timestamp <= \(time)])[last()]/@x)", in: results))!
        let y = Double(try xpath("string((//point[@timestamp <= \(time)])[last()]/@y)", in: results))!
        let pointsPerInch = Double(try xpath("string(//PointsPerInch/@value)", in: results))!
        let expected = (x: x / pointsPerInch * 100, y: y / pointsPerInch * 100)

        let image = try RasterImage(readingPNG: picture.path)
        var sum = (x: 0.0, y: 0.0, n: 0.0)
        for py in 0..<image.height {
            for px in 0..<image.width {
                let p = image.pixel(x: px, y: py)
                if p.red > 150, p.green < 80, p.blue > 150 {
                    sum = (sum.x + Double(px) + 0.5, sum.y + Double(py) + 0.5, sum.n + 1)
                }
            }
        }
        try #require(sum.n > 10, "no marker in the picture")
        #expect(abs(sum.x / sum.n - expected.x) < 1.5, "marker x \(sum.x / sum.n), expected \(expected.x)")
        #expect(abs(sum.y / sum.n - expected.y) < 1.5, "marker y \(sum.y / sum.n), expected \(expected.y)")
    }

    @Test("A recording renders directly, and a PDF has one page per step")
    func fromRecording() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("clock.evemu")
        let made = try styluskit(["synth", synth.appendingPathComponent("clock.scenario").path, "--output", recording.path])
        try #require(made.status == 0, "\(made.standardError)")
        let pdf = directory.appendingPathComponent("clock.pdf")
        let render = try styluskit(["render", recording.path, "--test", "clock", "--out", pdf.path])
        try #require(render.status == 0, "\(render.standardError)")
        // The clock test has two steps (command, copy): two PDF pages.
        let text = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
        #expect(text.components(separatedBy: "/Type /Page\n").count - 1 == 2 || text.components(separatedBy: "/Type /Page ").count - 1 == 2)
    }

    @Test("A results file without --test is taken as itself; an unknown output extension is refused")
    func refusals() throws {
        let result = try styluskit(["render", "Fixtures/golden/clock-small.csk", "--out", "x.gif"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("does not end in .png, .pdf or .svg"))
    }
}
