public import StylusGeometry

/// A rectangle of screen pixels, x right and y down from the window's top-left corner.
public struct PixelRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

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

    /// Places `form` on a screen of `width` x `height` pixels at `pixelsPerInch`.
    public init(form: FormSize, screenWidth width: Int, screenHeight height: Int, pixelsPerInch: Double) {
        self.form = form
        screenWidth = width
        screenHeight = height
        self.pixelsPerInch = pixelsPerInch
        let physical = pixelsPerInch / 2.54
        // A form larger than the screen is shrunk so the patient still sees all of it; not one that
        // overflows by less than half a pixel (a pen display's active area is its panel, give or take rounding).
        let overflows = form.widthCentimetres * physical > Double(width) + 0.5 || form.heightCentimetres * physical > Double(height) + 0.5
        let fit = min(Double(width) / form.widthCentimetres, Double(height) / form.heightCentimetres)
        pixelsPerCentimetre = overflows ? fit : physical
        originX = (Double(width) - form.widthCentimetres * pixelsPerCentimetre) / 2
        originY = (Double(height) - form.heightCentimetres * pixelsPerCentimetre) / 2
    }

    /// True when 1 cm on the form is 1 cm on the screen.
    public var isPhysicalSize: Bool { abs(pixelsPerCentimetre - pixelsPerInch / 2.54) < 1e-9 }

    /// The screen pixel position of a form position.
    public func pixel(of position: FormPosition) -> (x: Double, y: Double) {
        (originX + position.xCentimetres * pixelsPerCentimetre, originY + position.yCentimetres * pixelsPerCentimetre)
    }

    /// The form position under a screen pixel position.
    public func formPosition(x: Double, y: Double) -> FormPosition {
        FormPosition(xCentimetres: (x - originX) / pixelsPerCentimetre, yCentimetres: (y - originY) / pixelsPerCentimetre)
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
