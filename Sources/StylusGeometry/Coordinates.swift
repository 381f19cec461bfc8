import StylusInput

/// A position on the tablet's active area in millimetres, from its top-left corner (y down).
public struct TabletPosition: Hashable, Sendable {
    public var xMillimetres: Double
    public var yMillimetres: Double

    public init(xMillimetres: Double, yMillimetres: Double) {
        self.xMillimetres = xMillimetres
        self.yMillimetres = yMillimetres
    }
}

/// A position on the test form in centimetres, from the form's top-left corner (y down).
public struct FormPosition: Hashable, Sendable {
    public var xCentimetres: Double
    public var yCentimetres: Double

    public init(xCentimetres: Double, yCentimetres: Double) {
        self.xCentimetres = xCentimetres
        self.yCentimetres = yCentimetres
    }
}

/// A position on the ADF drawing canvas in points, from its top-left corner (y down).
public struct CanvasPosition: Hashable, Sendable {
    public var xPoints: Double
    public var yPoints: Double

    public init(xPoints: Double, yPoints: Double) {
        self.xPoints = xPoints
        self.yPoints = yPoints
    }
}

/// The size of a form in centimetres.
public struct FormSize: Hashable, Sendable {
    public var widthCentimetres: Double
    public var heightCentimetres: Double

    public init(widthCentimetres: Double, heightCentimetres: Double) {
        self.widthCentimetres = widthCentimetres
        self.heightCentimetres = heightCentimetres
    }
}
