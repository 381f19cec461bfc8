import FormPrinting
import PatientWindow
import Proctoring
import StylusGeometry
import Testing

@Suite("Banner lines")
struct BannerLinesTests {
    /// A fixed measure: 10 units a character.
    static func tenPerCharacter(_ text: String) -> Double { Double(text.count) * 10 }

    /// The Cintiq 13HD's screen (Calibration/displays/wacom-cintiq-13hd.yaml): 1920 x 1080 at 166.0131 ppi,
    /// 29.4 cm wide, the narrowest pen display among the project's display profiles.
    static let cintiq13HD = ScreenLayout(
        form: FormSize(widthCentimetres: 29.376, heightCentimetres: 16.524), screenWidth: 1920, screenHeight: 1080,
        pixelsPerInch: 166.0131)
    /// The narrowest screen administer opens on (with --allow-display-mismatch): a 1920 x 1080
    /// profile's display running at 1280 x 800, the README's example, at the 13HD's density.
    static let mismatched1280 = ScreenLayout(
        form: FormSize(widthCentimetres: 29.376, heightCentimetres: 16.524), screenWidth: 1280, screenHeight: 800,
        pixelsPerInch: 166.0131)

    /// The banner's lines of `text` on `layout` as the patient window breaks them, with the font's own widths.
    static func banner(_ text: String, on layout: ScreenLayout) -> (
        lines: [String], width: Double, measure: (String) -> Double
    ) {
        let size = BannerLines.textPixels(on: layout)
        let measure = { (line: String) in TextMeasure.inkWidth(of: line, size: size, bold: false) }
        let width = BannerLines.lineWidth(on: layout)
        return (BannerLines.lines(of: text, width: width, measure: measure), width, measure)
    }

    @Test("A text that fits is one line, unchanged")
    func fits() {
        #expect(
            BannerLines.lines(of: "Please start at the green arrow.", width: 320, measure: Self.tenPerCharacter) == [
                "Please start at the green arrow."
            ])
        // Even its spacing is kept, as the line is drawn exactly as before.
        #expect(BannerLines.lines(of: "Two  spaces", width: 500, measure: Self.tenPerCharacter) == ["Two  spaces"])
    }

    @Test("A longer text is broken at spaces, each line filled as far as it fits")
    func greedy() {
        // 100 units: "aaa bbb" is 70, "aaa bbb ccc" 110.
        #expect(
            BannerLines.lines(of: "aaa bbb ccc dddd eeeee f", width: 100, measure: Self.tenPerCharacter) == [
                "aaa bbb", "ccc dddd", "eeeee f",
            ])
        // A line exactly the width fits.
        #expect(
            BannerLines.lines(of: "aaaa bbbbb c", width: 100, measure: Self.tenPerCharacter) == ["aaaa bbbbb", "c"])
    }

    @Test("A word wider than the banner keeps a line of its own and is not split")
    func longWord() {
        #expect(
            BannerLines.lines(of: "a bbbbbbbbbbbbbbb c", width: 100, measure: Self.tenPerCharacter) == [
                "a", "bbbbbbbbbbbbbbb", "c",
            ])
    }

    @Test("One line keeps the banner's height and centre; more lines grow it and centre them")
    func geometry() {
        #expect(BannerLines.bannerHeight(lineCount: 1, singleLineHeight: 104.5, textSize: 45.7) == 104.5)
        #expect(BannerLines.lineCentre(0, of: 1, bannerHeight: 104.5, textSize: 45.7) == 104.5 / 2)
        let height = BannerLines.bannerHeight(lineCount: 2, singleLineHeight: 100, textSize: 40)
        #expect(height == 100 + 1.3 * 40)
        let top = BannerLines.lineCentre(0, of: 2, bannerHeight: height, textSize: 40)
        let bottom = BannerLines.lineCentre(1, of: 2, bannerHeight: height, textSize: 40)
        #expect(abs(bottom - top - 1.3 * 40) < 1e-9)
        #expect(abs((top + bottom) / 2 - height / 2) < 1e-9)
        // The first line's centre is as far from the banner's top as a single line's (half a line's
        // spacing above the middle, which is itself half a spacing lower).
        #expect(abs(top - 50) < 1e-9)
    }

    @Test(
        "The clock command fits a 1920 x 1080 pen display and the narrowest screen, on lines of whole words (issue 28)",
        arguments: [(hours: 11, minutes: 10), (hours: 2, minutes: 45)],
        [BannerLinesTests.cintiq13HD, BannerLinesTests.mismatched1280])
    func clockCommand(time: (hours: Int, minutes: Int), layout: ScreenLayout) {
        let command = PatientWords.clock(.command, settings: ClockSettings(hours: time.hours, minutes: time.minutes))
        let (lines, width, measure) = Self.banner(command, on: layout)
        // The defect: drawn as one line, the command is wider than the screen itself.
        #expect(measure(command) > Double(layout.screenWidth))
        #expect(lines.count >= 2)
        for line in lines { #expect(measure(line) <= width, "\(line) is wider than the banner") }
        // Nothing lost or split: the lines are the command's words, in order.
        #expect(lines.joined(separator: " ") == command)
        // And no more lines than needed: no line could take the next line's first word.
        for (line, next) in zip(lines, lines.dropFirst()) {
            let word = String(next.split(separator: " ")[0])
            #expect(measure(line + " " + word) > width)
        }
    }

    @Test("The short messages stay one line on a 1920 x 1080 pen display")
    func shortMessages() {
        for message in [
            PatientWords.clockCopy, PatientWords.startAtArrow, PatientWords.continueInBox, PatientWords.resumeInCircle,
        ] {
            #expect(Self.banner(message, on: Self.cintiq13HD).lines == [message])
        }
    }
}
