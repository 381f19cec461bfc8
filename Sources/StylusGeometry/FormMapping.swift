/// A map from tablet millimetres to form centimetres: affine, or projective when a calibration fitted
/// a homography.
///
/// `form.x = (xx * tablet.x + xy * tablet.y + x0) / w` and
/// `form.y = (yx * tablet.x + yy * tablet.y + y0) / w` with `w = px * tablet.x + py * tablet.y + 1`:
/// the matrix `[[xx, xy, x0], [yx, yy, y0]]` (plus `[px, py, 1]` for a homography) a profile's
/// `tablet_to_form` gives. For an affine map `px` and `py` are 0 and `w` is exactly 1.
public struct TabletToFormTransform: Hashable, Sendable {
    public var xx: Double
    public var xy: Double
    public var x0: Double
    public var yx: Double
    public var yy: Double
    public var y0: Double
    /// The perspective terms of a homography; 0 for an affine map.
    public var px: Double
    public var py: Double

    public init(xx: Double, xy: Double, x0: Double, yx: Double, yy: Double, y0: Double, px: Double = 0, py: Double = 0)
    {
        self.xx = xx
        self.xy = xy
        self.x0 = x0
        self.yx = yx
        self.yy = yy
        self.y0 = y0
        self.px = px
        self.py = py
    }

    /// The transform from the rows of a 2x3 matrix (affine) or a 3x3 one (homography, scaled so
    /// that its bottom-right entry is 1).
    public init(rows: [[Double]]) {
        precondition(
            (rows.count == 2 || rows.count == 3) && rows.allSatisfy { $0.count == 3 },
            "a tablet-to-form matrix is 2x3 or 3x3")
        let scale = rows.count == 3 ? rows[2][2] : 1
        precondition(scale != 0, "a homography's bottom-right entry is not 0")
        let r = rows.map { $0.map { $0 / scale } }
        self.init(
            xx: r[0][0], xy: r[0][1], x0: r[0][2], yx: r[1][0], yy: r[1][1], y0: r[1][2],
            px: r.count == 3 ? r[2][0] : 0, py: r.count == 3 ? r[2][1] : 0)
    }

    /// True when the perspective terms are 0.
    public var isAffine: Bool { px == 0 && py == 0 }

    /// The matrix as a profile writes it: 2 rows of 3 for an affine map, 3 for a homography.
    public var rows: [[Double]] {
        let affine = [[xx, xy, x0], [yx, yy, y0]]
        return isAffine ? affine : affine + [[px, py, 1]]
    }

    /// The default placement: the form at physical size (1 mm on the tablet is 1 mm, 0.1 cm, on
    /// the form), its centre on the centre of the tablet's active area.
    public static func centred(form: FormSize, on tablet: TabletSize) -> TabletToFormTransform {
        TabletToFormTransform(
            xx: 0.1, xy: 0, x0: form.widthCentimetres / 2 - tablet.widthMillimetres / 2 * 0.1,
            yx: 0, yy: 0.1, y0: form.heightCentimetres / 2 - tablet.heightMillimetres / 2 * 0.1)
    }

    /// The form position of a tablet position.
    @inline(__always)
    public func formPosition(of tablet: TabletPosition) -> FormPosition {
        // w is exactly 1 for an affine map, so dividing by it changes nothing there.
        let w = px * tablet.xMillimetres + py * tablet.yMillimetres + 1
        return FormPosition(
            xCentimetres: (xx * tablet.xMillimetres + xy * tablet.yMillimetres + x0) / w,
            yCentimetres: (yx * tablet.xMillimetres + yy * tablet.yMillimetres + y0) / w)
    }
}

/// The canvas the ADF format was designed on: an 11" tablet of 264 pixels per inch drawn at
/// scale 2, so 132 points per inch. Results of a tablet without a display are written on it, so
/// existing analysis code sees familiar scales; the original app's pixel options were chosen on it.
public enum ReferenceCanvas {
    public static let pixelsPerInch: Double = 264
    /// Pixels per point.
    public static let scalingFactor: Double = 2
    public static var pointsPerInch: Double { pixelsPerInch / scalingFactor }

    /// A length the reference tablet drew with `pixels` pixels, in centimetres.
    public static func centimetres(pixels: Double) -> Double { pixels / pixelsPerInch * 2.54 }
}

/// Converts form centimetres to canvas points at a density in points per inch.
public struct FormToCanvasScale: Hashable, Sendable {
    /// The density ADF assumes for a tablet without a display: the reference canvas's.
    public static let defaultPointsPerInch: Double = ReferenceCanvas.pointsPerInch

    public let pointsPerInch: Double
    let pointsPerCentimetre: Double

    public init(pointsPerInch: Double = FormToCanvasScale.defaultPointsPerInch) {
        self.pointsPerInch = pointsPerInch
        pointsPerCentimetre = pointsPerInch / 2.54
    }

    /// The canvas position of a form position: `cm / 2.54 * pointsPerInch`.
    @inline(__always)
    public func canvasPosition(of form: FormPosition) -> CanvasPosition {
        CanvasPosition(
            xPoints: form.xCentimetres * pointsPerCentimetre, yPoints: form.yCentimetres * pointsPerCentimetre)
    }

    /// The canvas size of the form, for ADF's `CanvasWidth`/`CanvasHeight`.
    public func canvasSize(of form: FormSize) -> (widthPoints: Double, heightPoints: Double) {
        (form.widthCentimetres * pointsPerCentimetre, form.heightCentimetres * pointsPerCentimetre)
    }
}
