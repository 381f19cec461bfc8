public import StylusInput

/// What libwacom's database says about a tablet model: the facts the kernel does not report.
///
/// libwacom gives the usable area in whole inches (an Intuos4 6x9 is 9 x 6), so a resolution
/// derived from it is approximate (the Intuos4's 44704 x 27940 units at 200 per mm are 223.5 x
/// 139.7 mm, not 228.6 x 152.4): it is used only where neither the device, the recording nor a
/// profile gives one, and always named with its source.
public struct LibwacomTablet: Hashable, Sendable {
    /// libwacom's name (`Wacom Intuos Pro M`).
    public var name: String
    /// The maker's model number (`PTH-660`), when libwacom has one.
    public var modelName: String?
    /// libwacom's match string of the device found (`usb|056a|0357`).
    public var match: String?
    /// Width and height of the usable area, in whole inches as libwacom's `.tablet` files give them.
    public var widthInches: Int
    public var heightInches: Int
    /// A pen display: the pen draws on a screen (libwacom's `IntegratedIn=Display`).
    public var integratedInDisplay: Bool
    /// Built into a computer (a tablet PC or laptop: `IntegratedIn=System`).
    public var integratedInSystem: Bool
    public var hasTouch: Bool
    /// Pad buttons.
    public var buttons: Int
    public var hasRing: Bool
    /// The styli the model supports, in libwacom's order.
    public var styli: [LibwacomStylus]

    /// The usable area in millimetres (inches x 25.4); nil when libwacom gives no size.
    public var physicalSizeMillimetres: (width: Double, height: Double)? {
        guard widthInches > 0, heightInches > 0 else { return nil }
        return (Double(widthInches) * 25.4, Double(heightInches) * 25.4)
    }

    /// "pen display" or "tablet" (opaque, beside the screen), as `devices` and `info` print it.
    public var kindOfSurface: String { integratedInDisplay ? "pen display" : "tablet" }

    /// Approximate units per millimetre of `device`'s x and y from the physical size: for a device
    /// that reports resolution 0 and has no profile. Nil without a size or without x/y ranges.
    public func approximateResolution(of device: DeviceDescription) -> (x: Double, y: Double)? {
        guard let size = physicalSizeMillimetres, let x = device.absInfo[AbsoluteAxis.x],
            let y = device.absInfo[AbsoluteAxis.y], x.maximum > x.minimum, y.maximum > y.minimum
        else { return nil }
        return (
            Double(Int64(x.maximum) - Int64(x.minimum)) / size.width,
            Double(Int64(y.maximum) - Int64(y.minimum)) / size.height
        )
    }
}

/// A stylus as libwacom knows it, by tool id (`ABS_MISC`).
public struct LibwacomStylus: Hashable, Sendable {
    /// What the stylus is.
    public enum Kind: String, Hashable, Sendable, Codable {
        case pen, inking, marker, airbrush, eraser, puck
    }

    /// The tool id (`ABS_MISC`), as libwacom lists it.
    public var id: Int
    public var name: String
    public var kind: Kind
    /// True when the stylus has an eraser end (reported as its own tool, `BTN_TOOL_RUBBER`).
    public var hasEraser: Bool

    /// The evdev tool this stylus reports as: a puck is a lens or a mouse by its name.
    public var tool: PenTool {
        switch kind {
        case .pen, .inking, .marker: .pen
        case .airbrush: .airbrush
        case .eraser: .eraser
        case .puck: name.lowercased().contains("lens") ? .lens : .mouse
        }
    }
}

/// libwacom's tablet and stylus database, opened once and read by value.
public final class LibwacomDatabase: @unchecked Sendable {
    // @unchecked: the handle is never mutated after init, and libwacom's lookups only read the database.
    private let handle: WacomDatabaseHandle

    /// The installed database, opened once for the process on first use (libwacom reads every
    /// .tablet file when it opens): what a session, `info` and `devices` ask; nil as `init()` is.
    public static let shared: LibwacomDatabase? = LibwacomDatabase()

    /// Opens the installed database; nil when libwacom finds no data files (say so where it matters).
    public init?() {
        guard let handle = WacomDatabaseHandle() else { return nil }
        self.handle = handle
    }

    /// The model with this USB vendor and product, or nil when libwacom does not know it.
    public func tablet(usbVendor vendor: UInt16, product: UInt16) -> LibwacomTablet? {
        Libwacom.tablet(in: handle, usbVendor: vendor, product: product)
    }

    /// The model of `id` when it is a USB device (bus 0x03); nil otherwise or when unknown.
    public func tablet(for id: InputID) -> LibwacomTablet? {
        id.bustype == 0x03 ? tablet(usbVendor: id.vendor, product: id.product) : nil
    }

    /// The model of the live node at `path`, through udev's ids; nil when unknown.
    public func tablet(node path: String) -> LibwacomTablet? {
        Libwacom.tablet(in: handle, node: path)
    }

    /// The stylus with tool id `id` (`ABS_MISC`), or nil.
    public func stylus(toolID id: Int32) -> LibwacomStylus? {
        Libwacom.stylus(in: handle, toolID: id)
    }
}

extension LibwacomDatabase: DeviceFacts {
    /// The installed database's facts, the ones a session on this machine is given; no facts when
    /// libwacom finds no data files (as `shared` is nil then). The database is opened when a fact is
    /// first asked, not here: opening it reads every .tablet file, 8 % of `features` over 20 results
    /// files, which ask nothing of it.
    public static var installedFacts: any DeviceFacts { InstalledDeviceFacts() }

    /// True when libwacom knows the USB model `id` as integrated in a display.
    public func isIntegratedInDisplay(_ id: InputID) -> Bool { tablet(for: id)?.integratedInDisplay == true }
}

/// `LibwacomDatabase.shared`'s facts, the database opened on the first question.
struct InstalledDeviceFacts: DeviceFacts {
    func isIntegratedInDisplay(_ id: InputID) -> Bool { LibwacomDatabase.shared?.isIntegratedInDisplay(id) == true }
}
