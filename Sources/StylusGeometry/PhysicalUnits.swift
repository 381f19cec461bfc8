import StylusInput

/// The physical size of a tablet's active area in millimetres.
public struct TabletSize: Hashable, Sendable {
    public var widthMillimetres: Double
    public var heightMillimetres: Double
}

/// A resolution in device units per millimetre, as `input_absinfo.resolution` gives it for X and Y.
public struct UnitsPerMillimetre: Hashable, Sendable {
    public var x: Double
    public var y: Double
}

/// The range of device units that makes up the active area, per axis (both ends included).
public struct DeviceArea: Hashable, Sendable {
    public var minimumX: Int32
    public var maximumX: Int32
    public var minimumY: Int32
    public var maximumY: Int32

    /// The size of the area in millimetres: `(maximum - minimum) / resolution` per axis.
    public func size(at resolution: UnitsPerMillimetre) -> TabletSize {
        TabletSize(
            widthMillimetres: Double(Int64(maximumX) - Int64(minimumX)) / resolution.x,
            heightMillimetres: Double(Int64(maximumY) - Int64(minimumY)) / resolution.y)
    }
}

/// Converts device-unit positions to millimetres from the active area's top-left corner.
///
/// `millimetres = (value - minimum) / resolution`, kept as one multiply and one add per axis
/// because it runs for every frame.
public struct DeviceToTabletScale: Hashable, Sendable {
    let xPerUnit: Double
    let xOffset: Double
    let yPerUnit: Double
    let yOffset: Double

    public init(area: DeviceArea, resolution: UnitsPerMillimetre) {
        xPerUnit = 1 / resolution.x
        xOffset = -Double(area.minimumX) / resolution.x
        yPerUnit = 1 / resolution.y
        yOffset = -Double(area.minimumY) / resolution.y
    }

    /// The tablet position of the device-unit position (`x`, `y`).
    @inline(__always)
    public func tabletPosition(x: Int32, y: Int32) -> TabletPosition {
        TabletPosition(
            xMillimetres: Double(x) * xPerUnit + xOffset,
            yMillimetres: Double(y) * yPerUnit + yOffset)
    }
}
