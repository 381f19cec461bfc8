/// An affine map from tablet millimetres to form centimetres.
///
/// `form.x = xx * tablet.x + xy * tablet.y + x0` and `form.y = yx * tablet.x + yy * tablet.y + y0`:
/// the 2x3 matrix `[[xx, xy, x0], [yx, yy, y0]]` a profile's `tablet_to_form` gives.
public struct TabletToFormTransform: Hashable, Sendable {
    public var xx: Double
    public var xy: Double
    public var x0: Double
    public var yx: Double
    public var yy: Double
    public var y0: Double

    public init(xx: Double, xy: Double, x0: Double, yx: Double, yy: Double, y0: Double) {
        self.xx = xx
        self.xy = xy
        self.x0 = x0
        self.yx = yx
        self.yy = yy
        self.y0 = y0
    }

    /// The transform from the rows of a 2x3 matrix.
    public init(rows: [[Double]]) {
        precondition(rows.count == 2 && rows.allSatisfy { $0.count == 3 }, "a tablet-to-form matrix is 2x3")
        self.init(xx: rows[0][0], xy: rows[0][1], x0: rows[0][2], yx: rows[1][0], yy: rows[1][1], y0: rows[1][2])
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
        FormPosition(
            xCentimetres: xx * tablet.xMillimetres + xy * tablet.yMillimetres + x0,
            yCentimetres: yx * tablet.xMillimetres + yy * tablet.yMillimetres + y0)
    }
}

/// Converts form centimetres to canvas points at a density in points per inch.
public struct FormToCanvasScale: Hashable, Sendable {
    /// The density ADF assumes for a tablet without a display: that of the reference tablet
    /// the format was designed on.
    public static let defaultPointsPerInch: Double = 132

    public let pointsPerInch: Double
    let pointsPerCentimetre: Double

    public init(pointsPerInch: Double = FormToCanvasScale.defaultPointsPerInch) {
        self.pointsPerInch = pointsPerInch
        pointsPerCentimetre = pointsPerInch / 2.54
    }

    /// The canvas position of a form position: `cm / 2.54 * pointsPerInch`.
    @inline(__always)
    public func canvasPosition(of form: FormPosition) -> CanvasPosition {
        CanvasPosition(xPoints: form.xCentimetres * pointsPerCentimetre, yPoints: form.yCentimetres * pointsPerCentimetre)
    }

    /// The canvas size of the form, for ADF's `CanvasWidth`/`CanvasHeight`.
    public func canvasSize(of form: FormSize) -> (widthPoints: Double, heightPoints: Double) {
        (form.widthCentimetres * pointsPerCentimetre, form.heightCentimetres * pointsPerCentimetre)
    }
}
