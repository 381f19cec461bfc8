import FormPrinting
import StylusGeometry

/// Which monitor the operator's window goes on: the first one that is not the patient's, so the
/// patient at a pen display never sees it; none when the patient's is the only monitor.
public enum OperatorMonitor {
    /// SDL's index of the operator's monitor, given the patient's and how many there are.
    public static func choose(patient: Int, monitors: Int) -> Int? {
        (0..<max(0, monitors)).first { $0 != patient }
    }
}

/// The operator's line (`OperatorLine`'s text) in a small dark window at the top-left corner of
/// another monitor than the patient's: light text on a dark strip, drawn with cairo, repainted
/// whole when the line changes.
final class OperatorWindow {
    private let window: SDLPictureWindow
    private var shown: String?
    /// The strip's colours: dark, so it reads as the operator's and not the test's.
    static let background = PrintColour(red: 30 / 255, green: 30 / 255, blue: 36 / 255)
    static let textColour = PrintColour(red: 1, green: 1, blue: 1)
    /// The strip is drawn at 96 dots per inch, the window system's usual idea of a monitor.
    static let dotsPerInch = 96.0

    /// Opens the strip on SDL's monitor `monitorIndex`, at most `width` pixels wide.
    init(monitorIndex: Int, width: Int = 1_200, height: Int = 44) throws(PatientWindowError) {
        window = try SDLPictureWindow(
            monitorIndex: monitorIndex, width: width, height: height, title: "StylusKit operator")
    }

    /// SDL's index of the monitor the strip is on.
    var monitorIndex: Int { window.monitorIndex }

    /// Shows `text` (nothing is drawn again when it has not changed).
    func show(_ text: String) {
        guard text != shown else { return }
        shown = text
        let centimetresPerPixel = 2.54 / Self.dotsPerInch
        let size = FormSize(
            widthCentimetres: Double(window.width) * centimetresPerPixel,
            heightCentimetres: Double(window.height) * centimetresPerPixel)
        let page = PageDrawing(
            size: size,
            marks: [
                .polygon(
                    [
                        FormPosition(xCentimetres: 0, yCentimetres: 0),
                        FormPosition(xCentimetres: size.widthCentimetres, yCentimetres: 0),
                        FormPosition(xCentimetres: size.widthCentimetres, yCentimetres: size.heightCentimetres),
                        FormPosition(xCentimetres: 0, yCentimetres: size.heightCentimetres),
                    ], colour: Self.background),
                .text(
                    text,
                    at: FormPosition(xCentimetres: 12 * centimetresPerPixel, yCentimetres: 28 * centimetresPerPixel),
                    sizeCentimetres: 16 * centimetresPerPixel, colour: Self.textColour),
            ])
        let raster = RasterImage(page: page, dotsPerInch: Self.dotsPerInch)
        window.show(PatientScreen.fitted(raster, width: window.width, height: window.height))
    }
}
