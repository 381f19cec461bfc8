import FormPrinting
import PatientWindow
import Testing

/// `calibrate display --ruler`'s line: sized with the arrows, measured by typing, drawn exact to the pixel.
@Suite struct DisplayRulerTests {
    @Test("The line starts at the largest hundred within 80 % of the width; arrows size it within its bounds")
    func sizing() {
        var ruler = DisplayRuler(width: 1920, height: 1080)
        #expect(ruler.pixels == 1500 && ruler.phase == .sizing)
        ruler.press(.longer)
        ruler.press(.muchLonger)
        #expect(ruler.pixels == 1511)
        ruler.press(.shorter)
        ruler.press(.muchShorter)
        ruler.press(.muchShorter)
        #expect(ruler.pixels == 1490)
        for _ in 0..<200 { ruler.press(.muchLonger) }
        #expect(ruler.pixels == 1920 - 2 * DisplayRuler.marginPixels)
        for _ in 0..<300 { ruler.press(.muchShorter) }
        #expect(ruler.pixels == DisplayRuler.shortestPixels)
        // Digits mean nothing while sizing.
        ruler.press(.character("5"))
        #expect(ruler.phase == .sizing)
    }

    @Test("Enter, the length typed (a comma read as a point), Enter: measured; a non-length is refused in words")
    func typing() throws {
        var ruler = DisplayRuler(width: 1280, height: 800)
        #expect(ruler.pixels == 1000)
        ruler.press(.enter)
        for character in "9,x62" { ruler.press(.character(character)) }
        #expect(ruler.phase == .typing("9.62", refused: nil))
        ruler.press(.backspace)
        ruler.press(.character("2"))
        ruler.press(.enter)
        #expect(ruler.phase == .measured(pixels: 1000, centimetres: 9.62))
        #expect(ruler.isDone)
        #expect(abs(try #require(ruler.pixelsPerInch) - 1000 / (9.62 / 2.54)) < 1e-9)

        var empty = DisplayRuler(width: 1280, height: 800)
        empty.press(.enter)
        empty.press(.character("."))
        empty.press(.enter)
        #expect(empty.phase == .typing(".", refused: "'.' is not a length: type it in centimetres, e.g. 29.6"))
        #expect(empty.instructions.last == "'.' is not a length: type it in centimetres, e.g. 29.6")
        // Escape goes back to the line, and from the line leaves.
        empty.press(.escape)
        #expect(empty.phase == .sizing)
        empty.press(.escape)
        #expect(empty.phase == .cancelled && empty.isDone && empty.pixelsPerInch == nil)
    }

    @Test("The drawn line covers exactly its pixels, tick edge to tick edge, on the screen's own pixels")
    func drawnExactly() {
        var ruler = DisplayRuler(width: 800, height: 600)
        ruler.press(.longer)
        #expect(ruler.pixels == 601)
        let image = RasterImage(page: ruler.page, dotsPerInch: 2.54)
        #expect(image.width == 800 && image.height == 600)
        let row = ruler.top
        let dark = (0..<800).filter { image.pixel(x: $0, y: row).brightness < 128 }
        #expect(dark.first == ruler.left)
        #expect(dark.last == ruler.left + ruler.pixels - 1)
        #expect(dark.count == ruler.pixels)
        // The pixels beside the line's ends are white: nothing overhangs.
        #expect(image.pixel(x: ruler.left - 1, y: row).brightness > 250)
        #expect(image.pixel(x: ruler.left + ruler.pixels, y: row).brightness > 250)
        // The ticks stand above the line, at both ends only.
        let above = row - DisplayRuler.tickPixels / 2 + 4
        #expect(image.pixel(x: ruler.left, y: above).brightness < 128)
        #expect(image.pixel(x: ruler.left + ruler.pixels - 1, y: above).brightness < 128)
        #expect(image.pixel(x: ruler.left + ruler.pixels / 2, y: above).brightness > 250)
    }
}
