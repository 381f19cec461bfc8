import FormPrinting
import Foundation
import Proctoring
import StylusGeometry
import StylusInput
import Testing

@testable import PatientWindow

private func form(_ x: Double, _ y: Double) -> FormPosition { FormPosition(xCentimetres: x, yCentimetres: y) }
private func instant(_ milliseconds: Int64) -> EventTime { EventTime(microseconds: milliseconds * 1_000) }

/// Sample A's eight circles in a row, 2.5 cm apart on a 22 x 6 cm form: the pen can jump from one
/// centre to another without passing through a third.
private let row = TrailLayout(
    name: "row", part: .sampleA, formSize: FormSize(widthCentimetres: 22, heightCentimetres: 6),
    circles: TrailPart.sampleA.labels.enumerated().map { index, label in
        TrailCircle(label: label, order: index + 1, centre: form(2 + 2.5 * Double(index), 3))
    })

@Suite("The trail making form on the patient's screen")
struct TrailsScreenTests {
    @Test("Circles are 10 mm across on the screen whatever its density, each centre where the form puts it")
    func physicalSize() throws {
        // A Cintiq 13HD (1920 x 1080 at 166.0131 ppi): 65.36 px a cm, the 22 x 6 cm form centred.
        let cintiq = ScreenLayout(form: row.formSize, screenWidth: 1920, screenHeight: 1080, pixelsPerInch: 166.0131)
        #expect(cintiq.isPhysicalSize)
        let perCm = 166.0131 / 2.54
        let first = try #require(TrailsScreen.circle(1, of: row, on: cintiq))
        #expect(abs(first.radius - 0.5 * perCm) < 1e-9)  // 32.68 px
        #expect(abs(first.x - ((1920 - 22 * perCm) / 2 + 2 * perCm)) < 1e-9)
        #expect(abs(first.y - ((1080 - 6 * perCm) / 2 + 3 * perCm)) < 1e-9)
        let last = try #require(TrailsScreen.circle(8, of: row, on: cintiq))
        #expect(abs(last.x - first.x - 17.5 * perCm) < 1e-9 && last.y == first.y)
        // An ordinary 96 ppi monitor: fewer pixels, the same centimetre.
        let monitor = ScreenLayout(form: row.formSize, screenWidth: 1920, screenHeight: 1080, pixelsPerInch: 96)
        let small = try #require(TrailsScreen.circle(1, of: row, on: monitor))
        #expect(abs(small.radius - 0.5 * 96 / 2.54) < 1e-9)  // 18.90 px
        #expect(
            TrailsScreen.circle(0, of: row, on: cintiq) == nil && TrailsScreen.circle(9, of: row, on: cintiq) == nil)
    }

    @Test(
        "A 25 x 18 cm form on a Cintiq 13HD (16.5 cm tall): its circles at their printed size, its blank edge left out")
    func tallForm() throws {
        let tall = TrailLayout(
            name: "tall", part: .sampleA, formSize: FormSize(widthCentimetres: 25, heightCentimetres: 18),
            circles: [
                TrailCircle(label: "1", order: 1, centre: form(1.5, 2.7)),
                TrailCircle(label: "2", order: 2, centre: form(21.6, 16.5)),
            ])
        let perCm = 166.0131 / 2.54
        // The whole form would be shrunk to 1080 / 18 = 60 px a cm: circles 9.2 mm across.
        let whole = ScreenLayout(form: tall.formSize, screenWidth: 1920, screenHeight: 1080, pixelsPerInch: 166.0131)
        #expect(!whole.isPhysicalSize && abs(whole.pixelsPerCentimetre - 60) < 1e-9)
        // The circles and their marks (1.5 - 0.8 ... 21.6 + 0.8 by 2.7 - 0.8 ... 16.5 + 1.1 cm, End's word) fit:
        // physical
        // size, the form centred across and moved up just enough to bring the lowest circle's marks onto the screen.
        let content = TrailsScreen.content(tall)
        #expect(abs(content.minX - 0.7) < 1e-9 && abs(content.minY - 1.9) < 1e-9)
        #expect(abs(content.maxX - 22.4) < 1e-9 && abs(content.maxY - 17.6) < 1e-9)
        let screen = TrailsScreen.screen(for: tall, width: 1920, height: 1080, pixelsPerInch: 166.0131)
        #expect(screen.isPhysicalSize)
        #expect(abs(screen.originX - (1920 - 25 * perCm) / 2) < 1e-9)
        #expect(abs(screen.originY - (1080 - 17.6 * perCm)) < 1e-9)
        let low = try #require(TrailsScreen.circle(2, of: tall, on: screen))
        #expect(abs(low.y + 1.1 * perCm - 1080) < 1e-9 && abs(low.radius - 0.5 * perCm) < 1e-9)
        let high = try #require(TrailsScreen.circle(1, of: tall, on: screen))
        #expect(high.y - 0.8 * perCm > 0)
        // A sample's 15 x 10 cm form fits whole: placed exactly as any form.
        let sample = TrailLayout(
            name: "small", part: .sampleA, formSize: FormSize(widthCentimetres: 15, heightCentimetres: 10),
            circles: [
                TrailCircle(label: "1", order: 1, centre: form(4.4, 1.6)),
                TrailCircle(label: "2", order: 2, centre: form(12.1, 8)),
            ])
        #expect(
            TrailsScreen.screen(for: sample, width: 1920, height: 1080, pixelsPerInch: 166.0131)
                == ScreenLayout(form: sample.formSize, screenWidth: 1920, screenHeight: 1080, pixelsPerInch: 166.0131))
        // Circles too far apart for the screen: shrunk to fit them (not the form: 800 / 21.7 cm, the width
        // limits), and centred.
        let shrunk = TrailsScreen.screen(for: tall, width: 800, height: 600, pixelsPerInch: 96)
        #expect(!shrunk.isPhysicalSize && abs(shrunk.pixelsPerCentimetre - 800 / 21.7) < 1e-9)
        let topLeft = shrunk.pixel(of: form(0.7, 1.9))
        let bottomRight = shrunk.pixel(of: form(22.4, 17.6))
        #expect(abs(topLeft.x) < 1e-9 && abs(bottomRight.x - 800) < 1e-9)
        #expect(abs(topLeft.y - (600 - bottomRight.y)) < 1e-9 && topLeft.y > 0)
    }

    @Test("The banner goes to the bottom of the screen when at the top it would hide more circles")
    func bannerEdge() throws {
        // Two circles 2.7 cm from the top of a 25 x 18 cm form, one at 14 cm: on a Cintiq 13HD the form is
        // centred (origin 48.2 px above the screen), the top circles at row 128, the low one at row 867.
        let perCm = 166.0131 / 2.54
        let layout = TrailLayout(
            name: "top-heavy", part: .sampleA, formSize: FormSize(widthCentimetres: 25, heightCentimetres: 18),
            circles: [
                TrailCircle(label: "1", order: 1, centre: form(3, 2.7)),
                TrailCircle(label: "2", order: 2, centre: form(10, 2.7)),
                TrailCircle(label: "3", order: 3, centre: form(6, 14)),
            ])
        let screen = TrailsScreen.screen(for: layout, width: 1920, height: 1080, pixelsPerInch: 166.0131)
        #expect(screen.isPhysicalSize && abs(screen.originY - (1080 - 18 * perCm) / 2) < 1e-9)
        let banner = 1.6 * perCm  // one line
        #expect(TrailsScreen.circles(underStrip: 0, height: banner, layout: layout, on: screen) == [1, 2])
        #expect(TrailsScreen.circles(underStrip: 1080 - banner, height: banner, layout: layout, on: screen).isEmpty)
        #expect(TrailsScreen.bannerAtBottom(height: banner, layout: layout, on: screen))
        // The row of circles on the first test form hides nothing at the top: the banner stays there.
        let rowScreen = TrailsScreen.screen(for: row, width: 1920, height: 1080, pixelsPerInch: 166.0131)
        #expect(!TrailsScreen.bannerAtBottom(height: banner, layout: row, on: rowScreen))
        // The overlay draws it there: the banner's yellow on the bottom row, the top rows clear.
        var view = PatientView(message: "Go back to 2.")
        view.trailMarks = TrailsMarks(wrongCircle: 3, highlightedCircle: 2)
        let overlay = try #require(
            PatientScreen.overlay(view, buttons: ClockButtons(layout: screen), trailLayout: layout, on: screen))
        #expect(overlay[1079 * 1920 + 960] == 0xFFFF_F8CC && overlay[1920 * Int(1080 - banner - 2) + 960] == 0)
        #expect(overlay[5 * 1920 + 960] == 0 && overlay[100 * 1920 + 960] == 0)
    }

    @Test(
        "Every shipped form: the screen draws what paper prints, at physical size on a Cintiq 13HD",
        arguments: [
            "sample-A", "sample-B", "standard-A", "standard-B", "alternate-1-A", "alternate-1-B", "alternate-2-A",
            "alternate-2-B",
        ])
    func shippedForms(name: String) throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/trails/\(name).yaml")
        let layout = try TrailLayout(parsing: String(contentsOf: path, encoding: .utf8), source: name)
        // The printed page on paper of the form's own size, less its line naming the form: the same marks.
        let printed = PageDrawing.trailForm(layout, page: layout.formSize).marks.filter {
            if case .text = $0 { return false }
            return true
        }
        #expect(printed == TrailsScreen.page(layout))
        let screen = TrailsScreen.screen(for: layout, width: 1920, height: 1080, pixelsPerInch: 166.0131)
        #expect(screen.isPhysicalSize)
        for order in 1...layout.circles.count {
            let circle = try #require(TrailsScreen.circle(order, of: layout, on: screen))
            #expect(circle.x - circle.radius > 0 && circle.x + circle.radius < 1920)
            #expect(circle.y - circle.radius > 0 && circle.y + circle.radius < 1080)
        }
    }

    @Test(
        "The page: each circle's outline 10 mm across with its label centred, Begin under the first and End under the last"
    )
    func page() {
        let marks = TrailsScreen.page(row)
        let outlines = marks.compactMap { mark -> FormPosition? in
            guard case .circle(let centre, let radius, let width, let colour) = mark, radius == 0.5, width == 0.04,
                colour == .black
            else { return nil }
            return centre
        }
        #expect(outlines == row.circles.map(\.centre))
        let labels = marks.compactMap { mark -> String? in
            guard case .centredText(let text, let centre, let size, false, .black) = mark, size == 0.5,
                row.circles.contains(where: { $0.centre == centre && $0.label == text })
            else { return nil }
            return text
        }
        #expect(labels == ["1", "2", "3", "4", "5", "6", "7", "8"])
        let words = marks.compactMap { mark -> String? in
            guard case .centredText(let text, let centre, 0.35, true, .black) = mark else { return nil }
            return "\(text) at \(centre.xCentimetres), \(centre.yCentimetres)"
        }
        #expect(words == ["Begin at 2.0, 3.85", "End at 19.5, 3.85"])
    }

    @Test("The circle's outline is drawn 10 mm across in pixels at 100 px a cm, and the marks' rings outside it")
    func pixels() {
        // 6 x 3 cm at 254 ppi on 600 x 300 pixels: 100 px a cm, the form at the top-left pixel.
        let pair = TrailLayout(
            name: "pair", part: .sampleA, formSize: FormSize(widthCentimetres: 6, heightCentimetres: 3),
            circles: [
                TrailCircle(label: "1", order: 1, centre: form(1.5, 1.5)),
                TrailCircle(label: "2", order: 2, centre: form(4.5, 1.5)),
            ])
        let screen = ScreenLayout(form: pair.formSize, screenWidth: 600, screenHeight: 300, pixelsPerInch: 254)
        func raster(_ marks: [PageMark]) -> RasterImage {
            RasterImage(
                page: PageDrawing(size: pair.formSize, marks: marks), dotsPerInch: screen.rasterDotsPerInch,
                region: screen.screenRegion)
        }
        /// The columns of row 150 from `range` whose pixel passes `test`.
        func columns(_ image: RasterImage, _ range: some Sequence<Int>, _ test: (RasterImage.Pixel) -> Bool) -> [Int] {
            range.filter { test(image.pixel(x: $0, y: 150)) }
        }
        let form = raster(TrailsScreen.page(pair))
        #expect(form.width == 600 && form.height == 300)
        // Circle 1 is centred on pixel 150, 150 with a 50 px radius: its 0.4 mm (4 px) outline spans 48 to 52 px
        // from the centre on each side; nothing dark between the label and the outline.
        let dark = { (p: RasterImage.Pixel) in p.brightness < 128 }
        #expect(columns(form, 180..<230, dark) == Array(198..<202))
        #expect(columns(form, 70..<120, dark) == Array(98..<102))
        // The correction's marks: circle 2 wrong (red ring), circle 1 highlighted (green ring), both rings
        // centred 0.68 cm (68 px) from the circle's centre, clear of the outline.
        let marked = raster(
            TrailsScreen.page(pair)
                + TrailsScreen.correctionMarks(TrailsMarks(wrongCircle: 2, highlightedCircle: 1), in: pair))
        let red = { (p: RasterImage.Pixel) in p.red > 180 && p.green < 80 && p.blue < 80 }
        let green = { (p: RasterImage.Pixel) in p.green > 110 && p.red < 80 && p.blue < 100 }
        #expect(columns(marked, 500..<540, red) == Array(512..<524))  // 450 + 68 ± 6
        #expect(columns(marked, 360..<400, red) == Array(376..<388))
        #expect(columns(marked, 200..<240, green) == Array(209..<227))  // 150 + 68 ± 9
        #expect(columns(marked, 180..<205, dark) == Array(198..<202))  // the outline is still there
        #expect(columns(marked, 0..<600, red).count == 24 && columns(form, 0..<600, red).isEmpty)
    }

    @Test("The boxes the overlay keeps cover the rings and the cross")
    func boxes() throws {
        let screen = ScreenLayout(form: row.formSize, screenWidth: 2200, screenHeight: 600, pixelsPerInch: 254)
        let boxes = TrailsScreen.correctionBoxes(TrailsMarks(wrongCircle: 3, highlightedCircle: 2), in: row, on: screen)
        #expect(boxes.count == 2)
        let wrong = try #require(TrailsScreen.circle(3, of: row, on: screen))
        let box = boxes[0]
        // The cross's arm ends (0.68 + 0.25 cm on the diagonal) and the ring's outer edge are inside.
        let arm = (0.68 + 0.25) / 2.squareRoot() * 100 + 6
        #expect(box.contains(x: wrong.x + arm, y: wrong.y + arm) && box.contains(x: wrong.x - arm, y: wrong.y - arm))
        #expect(box.contains(x: wrong.x + 74, y: wrong.y) && !box.contains(x: wrong.x + 250, y: wrong.y))
        #expect(
            TrailsScreen.correctionBoxes(TrailsMarks(wrongCircle: 30, highlightedCircle: 0), in: row, on: screen)
                .isEmpty)
    }

    @Test(
        "The window's frame during a correction: the rings over the form, the outline and the ink under them still seen"
    )
    func frame() throws {
        // 6 x 3 cm at 100 px a cm on 600 x 600 pixels: the form from row 150, circle 1 at (150, 300), 2 at (450, 300).
        let pair = TrailLayout(
            name: "pair", part: .sampleA, formSize: FormSize(widthCentimetres: 6, heightCentimetres: 3),
            circles: [
                TrailCircle(label: "1", order: 1, centre: form(1.5, 1.5)),
                TrailCircle(label: "2", order: 2, centre: form(4.5, 1.5)),
            ])
        let screen = ScreenLayout(form: pair.formSize, screenWidth: 600, screenHeight: 600, pixelsPerInch: 254)
        let frame = LayeredFrame(width: 600, height: 600)
        let page = RasterImage(
            page: PageDrawing(size: pair.formSize, marks: TrailsScreen.page(pair)),
            dotsPerInch: screen.rasterDotsPerInch,
            region: screen.screenRegion)
        frame.showPage(PatientScreen.fitted(page, width: 600, height: 600))
        // The patient's line across circle 2, through its label.
        frame.addInk(
            stride(from: 400.0, through: 470, by: 2).map { PixelDot(x: $0, y: 300, size: 4) },
            colour: PatientScreen.packed(PatientScreen.inkColour))
        var view = PatientView(message: "Go back to 1.")
        view.trailMarks = TrailsMarks(wrongCircle: 2, highlightedCircle: 1)
        let overlay = try #require(
            PatientScreen.overlay(view, buttons: ClockButtons(layout: screen), trailLayout: pair, on: screen))
        frame.setOverlay(overlay)
        let pixels = frame.composeAll()
        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let p = pixels[y * 600 + x]
            return (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
        }
        #expect(rgb(440, 300) == (20, 40, 160))  // the ink inside the wrong circle
        #expect(rgb(500, 300) == (0, 0, 0))  // circle 2's outline, 50 px from its centre
        #expect(rgb(506, 300) == (255, 255, 255))  // the page between the outline and the ring
        let red = rgb(518, 300)
        #expect(red.0 > 180 && red.1 < 80 && red.2 < 80)
        let green = rgb(218, 300)
        #expect(green.1 > 110 && green.0 < 80 && green.2 < 100)
        #expect(rgb(200, 300) == (0, 0, 0))  // circle 1's outline under its green ring
        #expect(rgb(300, 5) == (255, 248, 204))  // the banner (cairo rounds 0.97 up), with the correction's words
        #expect(rgb(300, 550) == (255, 255, 255))
        // No marks, no words: nothing over the form.
        #expect(
            PatientScreen.overlay(PatientView(), buttons: ClockButtons(layout: screen), trailLayout: pair, on: screen)
                == nil)
    }

    @Test("Only the drawn pixels of a kept box reach the overlay: the form and the ink under it stay visible")
    func keepDrawn() {
        let white: UInt32 = 0xFFFF_FFFF
        let red: UInt32 = 0xFFD9_1A1A
        var drawn = [UInt32](repeating: white, count: 16)
        drawn[5] = red  // (1, 1): inside the box
        drawn[15] = red  // (3, 3): outside it
        var overlay = [UInt32](repeating: 0, count: 16)
        PatientScreen.keepDrawn(
            [PixelRect(x: 0, y: 0, width: 3, height: 3)], from: drawn, into: &overlay, width: 4, height: 4)
        #expect(overlay.enumerated().filter { $0.element != 0 }.map(\.offset) == [5])
        #expect(overlay[5] == red)
    }
}

@Suite("What the patient sees during a trail making part")
struct TrailsViewTests {
    @Test(
        "An error marks the wrong circle, highlights the last correct one and says where to go back; reaching it clears them"
    )
    func correction() {
        var proctor = TrailsProctor(layout: row)
        _ = proctor.start(at: instant(0))
        _ = proctor.penDown(row.circles[0].centre, at: instant(1_000))
        _ = proctor.penMoved(row.circles[1].centre, at: instant(1_100))
        // Straight on to circle 4: circle 3 was skipped, and the pen stays in 4 for the dwell.
        _ = proctor.penMoved(row.circles[3].centre, at: instant(1_200))
        #expect(PatientView.trails(proctor) == PatientView())
        _ = proctor.timerFired(at: instant(1_400))
        #expect(proctor.state == .correcting)
        var expected = PatientView(message: "Go back to 2.")
        expected.trailMarks = TrailsMarks(wrongCircle: 4, highlightedCircle: 2)
        #expect(PatientView.trails(proctor) == expected)
        #expect(!expected.isObscured(row.circles[7].centre))
        _ = proctor.penMoved(row.circles[1].centre, at: instant(1_500))
        #expect(proctor.state == .inProgress)
        #expect(PatientView.trails(proctor) == PatientView())
    }

    @Test("An error before Begin highlights Begin and says Start at 1.")
    func beforeBegin() {
        var proctor = TrailsProctor(layout: row)
        _ = proctor.start(at: instant(0))
        _ = proctor.penDown(row.circles[2].centre, at: instant(1_000))
        _ = proctor.penUp(row.circles[2].centre, at: instant(1_050))
        var expected = PatientView(message: "Start at 1.")
        expected.trailMarks = TrailsMarks(wrongCircle: 3, highlightedCircle: 1)
        #expect(PatientView.trails(proctor) == expected)
    }

    @Test("The prompt's words stand until the next circle is reached")
    func prompt() {
        var proctor = TrailsProctor(layout: row)
        _ = proctor.start(at: instant(0))
        _ = proctor.penDown(row.circles[0].centre, at: instant(1_000))
        _ = proctor.penUp(row.circles[0].centre, at: instant(1_100))
        #expect(PatientView.trails(proctor) == PatientView())
        _ = proctor.timerFired(at: instant(11_100))
        #expect(proctor.prompts.count == 1)
        #expect(PatientView.trails(proctor) == PatientView(message: "Keep going: from 1 to 2."))
        // Touching down again does not take the words away; reaching circle 2 does.
        _ = proctor.penDown(row.circles[0].centre, at: instant(12_000))
        #expect(PatientView.trails(proctor) == PatientView(message: "Keep going: from 1 to 2."))
        _ = proctor.penMoved(row.circles[1].centre, at: instant(12_100))
        #expect(PatientView.trails(proctor) == PatientView())
    }

    @Test("Nothing is shown before the start or after End")
    func endsOfAPart() {
        var proctor = TrailsProctor(layout: row)
        #expect(PatientView.trails(proctor) == PatientView())
        _ = proctor.start(at: instant(0))
        _ = proctor.penDown(row.circles[0].centre, at: instant(1_000))
        for (index, circle) in row.circles.enumerated().dropFirst() {
            _ = proctor.penMoved(circle.centre, at: instant(1_000 + 100 * Int64(index)))
        }
        #expect(proctor.state == .finished)
        #expect(PatientView.trails(proctor) == PatientView())
    }
}
