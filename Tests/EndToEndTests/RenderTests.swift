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
        let replay = try styluskit([
            "replay", recording.path, "--test", "maze", "--maze", maze, "--out", directory.path,
        ])
        try #require(replay.status == 0, "\(replay.standardError)")
        let render = try styluskit([
            "render", results.path, "--maze", maze, "--out", picture.path, "--dpi", "100", "--no-legend", "--colour",
            "stroke",
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
        let made = try styluskit([
            "synth", synth.appendingPathComponent("clock.scenario").path, "--output", recording.path,
        ])
        try #require(made.status == 0, "\(made.standardError)")
        let pdf = directory.appendingPathComponent("clock.pdf")
        let render = try styluskit(["render", recording.path, "--test", "clock", "--out", pdf.path])
        try #require(render.status == 0, "\(render.standardError)")
        // The clock test has two steps (command, copy): two PDF pages.
        let text = String(decoding: try Data(contentsOf: pdf), as: UTF8.self)
        #expect(
            text.components(separatedBy: "/Type /Page\n").count - 1 == 2
                || text.components(separatedBy: "/Type /Page ").count - 1 == 2)
    }

    @Test(
        "Rendered from its recording, a refused maze stroke is faint grey where its samples lie; the results file has none of it"
    )
    func refusedStrokeFromRecording() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("refused.evemu")
        let maze = Paths.fixtures.appendingPathComponent("mazes/no-choice.maze").path
        let made = try styluskit([
            "synth", synth.appendingPathComponent("refused-resume.scenario").path, "--output", recording.path,
        ])
        try #require(made.status == 0, "\(made.standardError)")
        let picture = directory.appendingPathComponent("from-recording.png")
        let render = try styluskit([
            "render", recording.path, "--test", "maze", "--maze", maze, "--out", picture.path, "--dpi", "300",
            "--colour", "stroke",
        ])
        try #require(render.status == 0, "\(render.standardError)")
        #expect(
            render.standardOutput.contains("refused strokes 1, ignored stroke ends 0 (drawn faint grey)"),
            "\(render.standardOutput)")

        // The strokes as the recording has them (BTN_TOUCH runs), in form cm: the tablet's active
        // area at physical size, (value - min) / resolution.
        let strokes = try touchStrokes(in: recording)
        try #require(strokes.count == 3, "expected 3 strokes, found \(strokes.count)")
        func pixel(_ image: RasterImage, _ point: (x: Double, y: Double)) -> RasterImage.Pixel {
            image.pixel(x: Int(point.x / 2.54 * 300), y: Int(point.y / 2.54 * 300))
        }
        // The ends may lie below libinput's contact threshold; the middle of each stroke is in contact.
        func middle(_ stroke: [(x: Double, y: Double)]) -> ArraySlice<(x: Double, y: Double)> {
            stroke.dropFirst(6).dropLast(6)
        }

        let image = try RasterImage(readingPNG: picture.path)
        // The second stroke, refused: grey at 35 % opacity over white, 255 × (1 − 0.35 × 0.6) = 201.
        let refused = middle(strokes[1])
        try #require(refused.count > 20)
        for point in refused {
            let p = pixel(image, point)
            #expect(
                abs(p.red - p.green) <= 2 && abs(p.green - p.blue) <= 2 && (195...212).contains(p.red),
                "refused ink at \(point): \(p)")
        }
        // The first and third, recorded: full-strength colour (the palette's blue and orange, or the
        // magenta ring where it lies over them), nowhere grey.
        let recorded = Array(middle(strokes[0])) + Array(middle(strokes[2]))
        let saturated = recorded.filter { point in
            let p = pixel(image, point)
            return max(p.red, p.green, p.blue) - min(p.red, p.green, p.blue) > 100
        }
        #expect(
            Double(saturated.count) >= 0.98 * Double(recorded.count),
            "\(saturated.count) of \(recorded.count) recorded samples in full colour")

        // The results file of the same replay holds two strokes and nothing where the refused one was.
        let replay = try styluskit([
            "replay", recording.path, "--test", "maze", "--maze", maze, "--out", directory.path,
        ])
        try #require(replay.status == 0, "\(replay.standardError)")
        let results = directory.appendingPathComponent("refused.msk")
        #expect(try xpath("count(//stroke)", in: results) == "2")
        let fromResults = directory.appendingPathComponent("from-results.png")
        let rendered = try styluskit([
            "render", results.path, "--maze", maze, "--out", fromResults.path, "--dpi", "300", "--colour", "stroke",
        ])
        try #require(rendered.status == 0, "\(rendered.standardError)")
        #expect(!rendered.standardOutput.contains("refused"))
        let plain = try RasterImage(readingPNG: fromResults.path)
        #expect(
            refused.allSatisfy { pixel(plain, $0).brightness == 255 },
            "the results file's picture has ink where the refused stroke was")
    }

    @Test(
        "Rendered from its recording, the wall cross's ended stroke counts one ignored stroke end and no refused stroke"
    )
    func ignoredStrokeEndFromRecording() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("cross.evemu")
        let made = try styluskit([
            "synth", synth.appendingPathComponent("wall-cross-0.6s.scenario").path, "--output", recording.path,
        ])
        try #require(made.status == 0, "\(made.standardError)")
        // The pen is held 0.6 s across the wall, the timeout is 0.5 s: the proctor ends the stroke
        // with about 0.1 s of samples still to come before the lift, and refuses nothing.
        let render = try styluskit([
            "render", recording.path, "--test", "maze", "--maze", synth.appendingPathComponent("detour.maze").path,
            "--out", directory.appendingPathComponent("cross.svg").path,
        ])
        try #require(render.status == 0, "\(render.standardError)")
        #expect(
            render.standardOutput.contains("refused strokes 0, ignored stroke ends 1 (drawn faint grey)"),
            "\(render.standardOutput)")

        // Replayed with replay's --settings: with wall-cross detection off the crossing stroke is kept
        // whole, and the second stroke, begun back before the wall, far from where the path now ends, is refused.
        let settings = directory.appendingPathComponent("no-cross.yaml").path
        try "schema: 2\nmaze:\n  enable-wall-cross-detection: false\n".write(
            toFile: settings, atomically: true, encoding: .utf8)
        let withSettings = try styluskit([
            "render", recording.path, "--test", "maze", "--maze", synth.appendingPathComponent("detour.maze").path,
            "--settings", settings, "--out", directory.appendingPathComponent("kept.svg").path,
        ])
        try #require(withSettings.status == 0, "\(withSettings.standardError)")
        #expect(
            withSettings.standardOutput.contains("refused strokes 1, ignored stroke ends 0 (drawn faint grey)"),
            "\(withSettings.standardOutput)")
    }

    @Test("A symbol-digit recording renders directly with --test sdt")
    func symbolDigitFromRecording() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let recording = directory.appendingPathComponent("sdt.evemu")
        let made = try styluskit([
            "synth", synth.appendingPathComponent("sdt-in-order.scenario").path, "--output", recording.path,
        ])
        try #require(made.status == 0, "\(made.standardError)")
        let picture = directory.appendingPathComponent("sdt.svg")
        let render = try styluskit(["render", recording.path, "--test", "sdt", "--out", picture.path])
        try #require(render.status == 0, "\(render.standardError)")
        #expect(render.standardOutput.contains("symbol digit test"), "\(render.standardOutput)")
        #expect(render.standardOutput.contains("refused strokes 0, ignored stroke ends 0"))
    }

    /// The pen positions of each run of `BTN_TOUCH` = 1 in an evemu recording, one per frame, in cm
    /// from the active area's top-left corner, read with the recording's own ABS_X/ABS_Y minimum and
    /// resolution (units per mm).
    private func touchStrokes(in recording: URL) throws -> [[(x: Double, y: Double)]] {
        let lines = try String(contentsOf: recording, encoding: .utf8).split(separator: "\n").map(String.init)
        func axis(_ name: String) throws -> (minimum: Double, resolution: Double) {
            let start = try #require(lines.firstIndex { $0.contains("(\(name))") })
            var minimum: Double?
            var resolution: Double?
            for line in lines[(start + 1)...].prefix(6) {
                let words = line.split(separator: " ")
                if words.count == 3, words[1] == "Min" { minimum = Double(words[2]) }
                if words.count == 3, words[1] == "Resolution" { resolution = Double(words[2]) }
            }
            return (try #require(minimum), try #require(resolution))
        }
        let (xAxis, yAxis) = (try axis("ABS_X"), try axis("ABS_Y"))
        var strokes: [[(x: Double, y: Double)]] = []
        var touching = false
        var wasTouching = false
        var (x, y) = (0.0, 0.0)
        for line in lines where line.hasPrefix("E: ") {
            let words = line.split { $0 == " " || $0 == "\t" }
            guard words.count >= 5, let value = Int(words[4]) else { continue }
            switch (words[2], words[3]) {
            case ("0003", "0000"): x = Double(value)
            case ("0003", "0001"): y = Double(value)
            case ("0001", "014a"): touching = value != 0
            case ("0000", "0000"):
                if touching {
                    if !wasTouching { strokes.append([]) }
                    strokes[strokes.count - 1].append(
                        ((x - xAxis.minimum) / xAxis.resolution / 10, (y - yAxis.minimum) / yAxis.resolution / 10))
                }
                wasTouching = touching
            default: break
            }
        }
        return strokes
    }

    @Test("A results file without --test is taken as itself; an unknown output extension is refused")
    func refusals() throws {
        for command in ["render", "plot"] {
            let result = try styluskit([command, "Fixtures/golden/clock-small.csk", "--out", "x.gif"])
            // A usage error in the library's words, not the parser's wrapper around them.
            #expect(result.status == 64)
            #expect(
                result.standardError
                    == "Error: x.gif does not end in .png, .pdf or .svg; give --out a file name with one of those extensions.\n"
            )
        }
    }
}
