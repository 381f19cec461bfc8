public import FormPrinting
import Foundation
public import StylusGeometry

/// `calibrate tablet`'s picture of its fit (issue 33, item 3): the sheet at its size, each target's
/// crosshair with an arrow to where the fit puts its tap, magnified so a tenth of a millimetre shows,
/// and labelled with the target's number and its residual in millimetres; written beside the profile.
public struct ResidualPicture: Hashable, Sendable {
    /// How many times the arrows are longer than the residuals they draw.
    public let magnification: Double
    /// The page: the sheet's paper, in form centimetres.
    public let page: PageDrawing

    /// The dots per inch the PNG is written at.
    public static let dotsPerInch = 100.0
    /// The length the worst residual's arrow is magnified to, at most: 1.5 cm on the page.
    public static let worstArrowCentimetres = 1.5
    /// The arrows' colour.
    public static let arrowColour = PrintColour.endRed

    /// The picture of `fit` on `sheet`'s page.
    public init(fit: TransformFit, sheet: CalibrationSheet) {
        magnification = Self.magnification(worstMillimetres: fit.worst.millimetres)
        let size = sheet.page
        var marks: [PageMark] = []
        for residual in fit.residuals {
            let target = residual.target
            for (dx, dy) in [(0.5, 0.0), (0.0, 0.5)] {
                marks.append(
                    .line(
                        from: FormPosition(
                            xCentimetres: target.xCentimetres - dx, yCentimetres: target.yCentimetres - dy),
                        to: FormPosition(
                            xCentimetres: target.xCentimetres + dx, yCentimetres: target.yCentimetres + dy),
                        widthCentimetres: 0.02, colour: .black))
            }
            let end = FormPosition(
                xCentimetres: target.xCentimetres + (residual.fitted.xCentimetres - target.xCentimetres)
                    * magnification,
                yCentimetres: target.yCentimetres + (residual.fitted.yCentimetres - target.yCentimetres) * magnification
            )
            marks += Self.arrow(from: target, to: end)
            marks.append(
                .text(
                    "\(residual.number): " + String(format: "%.2f mm", residual.millimetres),
                    at: FormPosition(xCentimetres: target.xCentimetres + 0.3, yCentimetres: target.yCentimetres + 0.9),
                    sizeCentimetres: 0.4, colour: .black))
        }
        let legendY = size.heightCentimetres - 1.2
        marks.append(
            .text(
                "Residuals of the tablet-to-form fit, arrows \(Self.factor(magnification)) x their length: RMS "
                    + String(format: "%.3f", fit.rmsMillimetres) + " mm, worst "
                    + String(format: "%.3f", fit.worst.millimetres) + " mm (target \(fit.worst.number)).",
                at: FormPosition(xCentimetres: 1, yCentimetres: 1.2), sizeCentimetres: 0.45, colour: .black))
        // A scale arrow: what one millimetre of residual looks like here.
        let scaleStart = FormPosition(xCentimetres: 1, yCentimetres: legendY)
        let scaleEnd = FormPosition(xCentimetres: 1 + 0.1 * magnification, yCentimetres: legendY)
        marks += Self.arrow(from: scaleStart, to: scaleEnd)
        marks.append(
            .text(
                "1 mm of residual",
                at: FormPosition(xCentimetres: scaleEnd.xCentimetres + 0.4, yCentimetres: legendY + 0.15),
                sizeCentimetres: 0.4, colour: .black))
        page = PageDrawing(size: size, marks: marks)
    }

    /// The magnification that draws the worst residual at most `worstArrowCentimetres` long: a 1, 2, 5
    /// step (10, 20, 50, 100 ...), at least 1 and at most 1000.
    public static func magnification(worstMillimetres: Double) -> Double {
        guard worstMillimetres > 0 else { return 1000 }
        let most = worstArrowCentimetres * 10 / worstMillimetres
        var best = 1.0
        for decade in [1.0, 10, 100, 1000] {
            for step in [1.0, 2, 5] where step * decade <= min(most, 1000) { best = step * decade }
        }
        return best
    }

    /// The picture's path beside the profile at `profile`: `NAME-residuals.png`.
    public static func path(besideProfile profile: String) -> String {
        let stem =
            profile.hasSuffix(".yaml") || profile.hasSuffix(".yml")
            ? (profile as NSString).deletingPathExtension : profile
        return stem + "-residuals.png"
    }

    /// Writes the picture as a PNG at `dotsPerInch`.
    public func write(to path: String) throws(PrintError) {
        try page.writePNG(to: path, dotsPerInch: Self.dotsPerInch)
    }

    private static func factor(_ value: Double) -> String { String(Int(value)) }

    /// A line from `start` to `end` with a filled head at `end` (nothing for an arrow shorter than its head's
    /// length but the line).
    private static func arrow(from start: FormPosition, to end: FormPosition) -> [PageMark] {
        let dx = end.xCentimetres - start.xCentimetres
        let dy = end.yCentimetres - start.yCentimetres
        let length = (dx * dx + dy * dy).squareRoot()
        var marks: [PageMark] = [
            .path([start, end], widthCentimetres: 0.03, colour: arrowColour, dashCentimetres: nil)
        ]
        let head = 0.2
        guard length > head else { return marks }
        let (ux, uy) = (dx / length, dy / length)
        let base = (end.xCentimetres - ux * head, end.yCentimetres - uy * head)
        marks.append(
            .polygon(
                [
                    end, FormPosition(xCentimetres: base.0 - uy * head / 2, yCentimetres: base.1 + ux * head / 2),
                    FormPosition(xCentimetres: base.0 + uy * head / 2, yCentimetres: base.1 - ux * head / 2),
                ], colour: arrowColour))
        return marks
    }
}
