/// The identity of an input device: `struct input_id`.
public struct InputID: Hashable, Sendable, CustomStringConvertible {
    public var bustype: UInt16
    public var vendor: UInt16
    public var product: UInt16
    public var version: UInt16

    public init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }

    /// `bus:vendor:product` in four-digit lower-case hex, as ADF's tablet identifier and the profiles use it.
    public var busVendorProduct: String {
        "\(hex4(bustype)):\(hex4(vendor)):\(hex4(product))"
    }

    public var description: String { busVendorProduct }
}

func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
}

/// One absolute axis's range and resolution: `struct input_absinfo`.
public struct AbsInfo: Hashable, Sendable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre for position axes, units per radian for tilt and rotation;
    /// 0 when the kernel does not know; nil when the recording format could not carry it
    /// (evemu 1.0 and 1.1 wrote no resolution).
    public var resolution: Int32?

    public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32?)
    {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// The resolution when the device reported a usable one (neither missing nor 0).
    public var knownResolution: Int32? {
        guard let resolution, resolution > 0 else { return nil }
        return resolution
    }
}

/// Everything a recording or a live device says about a device: what evemu's
/// `N:`/`I:`/`P:`/`B:`/`A:` lines and libinput-record's `device:` section carry.
public struct DeviceDescription: Hashable, Sendable {
    /// The kernel's device name (`Wacom Intuos4 6x9`).
    public var name: String
    public var id: InputID
    /// The input properties (`INPUT_PROP_*`) the device sets.
    public var properties: Set<UInt16>
    /// The event codes the device supports, by type. A type with an empty set is supported
    /// with no codes known (evemu does not record `EV_SYN` codes).
    public var codes: [EventType: Set<UInt16>]
    /// Range and resolution of each absolute axis.
    public var absInfo: [UInt16: AbsInfo]
    /// Extra facts some formats carry (libinput-record's udev properties, HID report descriptor, quirks).
    public var extras: DeviceExtras

    public init(
        name: String, id: InputID, properties: Set<UInt16> = [], codes: [EventType: Set<UInt16>] = [:],
        absInfo: [UInt16: AbsInfo] = [:], extras: DeviceExtras = DeviceExtras()
    ) {
        self.name = name
        self.id = id
        self.properties = properties
        self.codes = codes
        self.absInfo = absInfo
        self.extras = extras
    }

    /// True if the device supports events of `type`.
    public func supports(_ type: EventType) -> Bool {
        codes[type] != nil
    }

    /// True if the device supports `code` of `type`.
    public func supports(_ type: EventType, _ code: UInt16) -> Bool {
        codes[type]?.contains(code) ?? false
    }

    /// True if the device has `property`.
    public func has(property: UInt16) -> Bool {
        properties.contains(property)
    }
}

/// Facts about a device that only some recording formats carry; kept so conversions lose none.
public struct DeviceExtras: Hashable, Sendable {
    /// udev properties as `KEY=value`, in the order recorded.
    public var udevProperties: [String]
    /// The HID report descriptor, when recorded.
    public var hidReportDescriptor: [UInt8]?
    /// libinput quirks lines, in the order recorded.
    public var quirks: [String]
    /// Resolutions (units per mm) that an evemu 1.0/1.1 file's evtest-style header comments
    /// (`#       Resolution 200`) state for axes whose `A:` lines could not carry one. The absinfo
    /// keeps saying what the `A:` line said (nothing); `DeviceDescription.resolution(of:)` falls
    /// back to these and says so.
    public var headerCommentResolutions: [UInt16: Int32]

    public init(
        udevProperties: [String] = [], hidReportDescriptor: [UInt8]? = nil, quirks: [String] = [],
        headerCommentResolutions: [UInt16: Int32] = [:]
    ) {
        self.udevProperties = udevProperties
        self.hidReportDescriptor = hidReportDescriptor
        self.quirks = quirks
        self.headerCommentResolutions = headerCommentResolutions
    }
}

/// Where an axis's resolution came from.
public enum ResolutionSource: String, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The device's absinfo: the kernel, or a recording's `A:` line or `absinfo:` list.
    case device
    /// The evtest-style header comments of an evemu 1.0/1.1 file, whose `A:` lines have no
    /// resolution field.
    case headerComment = "header comment"

    public var description: String {
        switch self {
        case .device: "device"
        case .headerComment: "the recording's header comment (its A: line has no resolution field)"
        }
    }
}

/// An axis's usable resolution and where it came from.
public struct AxisResolution: Hashable, Sendable {
    /// Units per millimetre for position axes, units per radian for tilt and rotation; above 0.
    public var value: Int32
    public var source: ResolutionSource

    public init(value: Int32, source: ResolutionSource) {
        self.value = value
        self.source = source
    }
}

extension DeviceDescription {
    /// The usable resolution of `axis`: the device's when it reported one above 0, else the one
    /// the recording's header comments state; nil when neither knows.
    public func resolution(of axis: UInt16) -> AxisResolution? {
        if let known = absInfo[axis]?.knownResolution { return AxisResolution(value: known, source: .device) }
        if let stated = extras.headerCommentResolutions[axis], stated > 0 {
            return AxisResolution(value: stated, source: .headerComment)
        }
        return nil
    }
}
