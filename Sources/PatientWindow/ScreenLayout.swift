public import Proctoring
public import StylusGeometry

/// A rectangle of screen pixels, x right and y down from the window's top-left corner.
public struct PixelRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    /// Whether the pixel position lies inside, edges included.
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px <= x + width && py >= y && py <= y + height
    }
}

/// Where the form sits on the patient's screen: at physical size from the display's density,
/// centred; scaled down only when the form is larger than the screen (then `isPhysicalSize` is false).
public struct ScreenLayout: Hashable, Sendable {
    public let form: FormSize
    public let screenWidth: Int
    public let screenHeight: Int
    /// The display's density, as its profile (or the window system) gives it.
    public let pixelsPerInch: Double
    /// Screen pixels per form centimetre: the density's, or less when the form had to shrink to fit.
    public let pixelsPerCentimetre: Double
    /// The screen pixel of the form's top-left corner.
    public let originX: Double
    public let originY: Double

    /// Places `form` on a screen of `width` x `height` pixels at `pixelsPerInch`: the placement
    /// that keeps the whole form on the screen.
    public init(form: FormSize, screenWidth width: Int, screenHeight height: Int, pixelsPerInch: Double) {
        self.init(
            form: form, screenWidth: width, screenHeight: height, pixelsPerInch: pixelsPerInch,
            keeping: FormRectangle(x: 0, y: 0, width: form.widthCentimetres, height: form.heightCentimetres))
    }

    /// Places `form` at physical size whenever `content` (the part of the form with something on
    /// it) fits the screen, though the form's blank edges may not: the form centred, then moved
    /// just enough to bring all of `content` onto the screen. Content larger than the screen is
    /// shrunk to fit and centred (then `isPhysicalSize` is false). A trail making form is 25 x 18 cm
    /// on paper, taller than a Cintiq 13HD's 16.5 cm, but its circles fit at their printed size.
    public init(
        form: FormSize, screenWidth width: Int, screenHeight height: Int, pixelsPerInch: Double,
        keeping content: FormRectangle
    ) {
        self.form = form
        screenWidth = width
        screenHeight = height
        self.pixelsPerInch = pixelsPerInch
        let physical = pixelsPerInch / 2.54
        // A form larger than the screen is shrunk so the patient still sees all of it; not one that
        // overflows by less than half a pixel (a pen display's active area is its panel, give or take rounding).
        let overflows =
            content.size.widthCentimetres * physical > Double(width) + 0.5
            || content.size.heightCentimetres * physical > Double(height) + 0.5
        if overflows {
            pixelsPerCentimetre = min(
                Double(width) / content.size.widthCentimetres, Double(height) / content.size.heightCentimetres)
            originX =
                (Double(width) - content.size.widthCentimetres * pixelsPerCentimetre) / 2 - content.minX
                * pixelsPerCentimetre
            originY =
                (Double(height) - content.size.heightCentimetres * pixelsPerCentimetre) / 2 - content.minY
                * pixelsPerCentimetre
        } else {
            pixelsPerCentimetre = physical
            /// The centred origin on one axis, clamped so the content's span lies on the screen.
            func origin(form length: Double, screen pixels: Int, from low: Double, to high: Double) -> Double {
                let centred = (Double(pixels) - length * physical) / 2
                // 0 - x, not -x: a content edge at 0 gives +0, so an exact fit's origin is 0, not -0.
                let least = 0 - low * physical
                let most = Double(pixels) - high * physical
                return least <= most ? min(max(centred, least), most) : (least + most) / 2
            }
            originX = origin(form: form.widthCentimetres, screen: width, from: content.minX, to: content.maxX)
            originY = origin(form: form.heightCentimetres, screen: height, from: content.minY, to: content.maxY)
        }
    }

    /// True when 1 cm on the form is 1 cm on the screen.
    public var isPhysicalSize: Bool { abs(pixelsPerCentimetre - pixelsPerInch / 2.54) < 1e-9 }

    /// The screen pixel position of a form position.
    public func pixel(of position: FormPosition) -> (x: Double, y: Double) {
        (originX + position.xCentimetres * pixelsPerCentimetre, originY + position.yCentimetres * pixelsPerCentimetre)
    }

    /// The form position under a screen pixel position.
    public func formPosition(x: Double, y: Double) -> FormPosition {
        FormPosition(
            xCentimetres: (x - originX) / pixelsPerCentimetre, yCentimetres: (y - originY) / pixelsPerCentimetre)
    }

    /// The whole screen as a region of form centimetres (x, y, width, height), for rasterising a
    /// page of form marks onto exactly the screen's pixels.
    public var screenRegion: (x: Double, y: Double, width: Double, height: Double) {
        (
            -originX / pixelsPerCentimetre, -originY / pixelsPerCentimetre,
            Double(screenWidth) / pixelsPerCentimetre, Double(screenHeight) / pixelsPerCentimetre
        )
    }

    /// The rasterising density that makes one form centimetre `pixelsPerCentimetre` pixels.
    public var rasterDotsPerInch: Double { pixelsPerCentimetre * 2.54 }
}
