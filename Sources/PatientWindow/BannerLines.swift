/// The lines the patient's instruction banner breaks a message into, so that none is wider than the
/// screen (issue 28: the clock command ran off both edges of a 1920 x 1080 pen display).
///
/// Pure: the width of a string comes from `measure`, so the decision is the same on every machine
/// that measures alike, and tests can pass the real font's measure or a fixed one.
public enum BannerLines {
    /// The space kept free at each end of a banner line, in physical centimetres.
    public static let marginCentimetres = 0.5
    /// The distance between the baselines of two banner lines, as a multiple of the text size.
    public static let lineSpacing = 1.3

    /// The banner text's size on `layout`'s screen, in pixels: 0.7 cm.
    public static func textPixels(on layout: ScreenLayout) -> Double { 0.7 * layout.pixelsPerInch / 2.54 }

    /// The width a banner line may take on `layout`'s screen, in pixels: the screen's, less the margin at each end.
    public static func lineWidth(on layout: ScreenLayout) -> Double {
        Double(layout.screenWidth) - 2 * marginCentimetres * layout.pixelsPerInch / 2.54
    }

    /// `text` broken at spaces into the fewest lines, each filled greedily, whose width by `measure`
    /// is at most `width`. A text that fits is one line, unchanged (so it is drawn as it always was);
    /// a single word wider than `width` keeps a line of its own, as a word is never split.
    public static func lines(of text: String, width: Double, measure: (String) -> Double) -> [String] {
        if measure(text) <= width { return [text] }
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var lines: [String] = []
        var current = ""
        for word in words {
            let candidate = current.isEmpty ? word : current + " " + word
            if current.isEmpty || measure(candidate) <= width {
                current = candidate
            } else {
                lines.append(current)
                current = word
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines.isEmpty ? [text] : lines
    }

    /// The banner's height for `count` lines of text `textSize` high, in the unit of `textSize`:
    /// `singleLineHeight` for one line (the banner as it always was), one line spacing more for each
    /// further line.
    public static func bannerHeight(lineCount count: Int, singleLineHeight: Double, textSize: Double) -> Double {
        singleLineHeight + Double(max(0, count - 1)) * lineSpacing * textSize
    }

    /// The vertical centre of line `index` of `count` in a banner `height` high, in the same unit:
    /// the lines, `lineSpacing` apart, are centred on the banner's middle.
    public static func lineCentre(_ index: Int, of count: Int, bannerHeight height: Double, textSize: Double) -> Double
    {
        height / 2 + (Double(index) - Double(count - 1) / 2) * lineSpacing * textSize
    }
}
