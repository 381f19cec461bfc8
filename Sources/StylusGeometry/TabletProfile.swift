public import StylusInput

/// What a calibration profile says about one tablet model: the facts the kernel gets wrong
/// or does not report. Calibration/README.md documents the YAML schema.
public struct TabletProfile: Hashable, Sendable {
    /// The file the profile was read from, for messages.
    public var source: String
    /// Free text: which device and why the profile exists.
    public var description: String?
    /// The devices the profile applies to.
    public var match: DeviceMatch
    /// Units per millimetre of `ABS_X` and `ABS_Y`; overrides what the device reports.
    public var resolution: UnitsPerMillimetre?
    /// Pressure range, tip threshold and force scale.
    public var pressure: PressureSettings
    /// The device-unit range of the active area; overrides the axes' minimum and maximum.
    public var activeArea: DeviceArea?
    /// Where the form lies on the tablet; overrides the default (centred, physical size).
    public var tabletToForm: TabletToFormTransform?
    /// The display profile of a pen display's screen, by name (its file name without `.yaml`,
    /// see `DisplayProfileCatalog.profile(named:)`): the screen the form is drawn on when the
    /// device is a pen display (`INPUT_PROP_DIRECT`). Nil for a tablet without a display.
    public var display: String?

    /// The profile's name: its file's name without directory and extension (`wacom-cintiq-13hd-touch`).
    public var name: String { profileName(source: source) }

    public init(
        source: String, description: String? = nil, match: DeviceMatch, resolution: UnitsPerMillimetre? = nil,
        pressure: PressureSettings = PressureSettings(), activeArea: DeviceArea? = nil,
        tabletToForm: TabletToFormTransform? = nil, display: String? = nil
    ) {
        self.source = source
        self.description = description
        self.match = match
        self.resolution = resolution
        self.pressure = pressure
        self.activeArea = activeArea
        self.tabletToForm = tabletToForm
        self.display = display
    }
}

/// The pressure settings of a tablet profile; nil fields keep what the device reports.
public struct PressureSettings: Hashable, Sendable {
    /// Raw value of no pressure; overrides `ABS_PRESSURE`'s minimum.
    public var minimum: Int32?
    /// Raw value of full pressure; overrides `ABS_PRESSURE`'s maximum.
    public var maximum: Int32?
    /// Raw units above the resting value (minimum or worn-nib offset) at which the tip counts as
    /// down. Read by the frame assembler's tip logic, not by the normalizer.
    public var tipThreshold: Int32?
    /// The force full scale maps to (see `ForceScale`); default 25/6.
    public var maximumForce: Double?

    public init(minimum: Int32? = nil, maximum: Int32? = nil, tipThreshold: Int32? = nil, maximumForce: Double? = nil) {
        self.minimum = minimum
        self.maximum = maximum
        self.tipThreshold = tipThreshold
        self.maximumForce = maximumForce
    }

    /// The frame assembler's tip contact rule these settings give: `tip_threshold` above
    /// `minimum` (the axis minimum without one); nil without `tip_threshold`, for libinput's 5 % / 1 %.
    public var tipContact: TipContactThreshold? {
        tipThreshold.map { TipContactThreshold(units: $0, restingPressure: minimum) }
    }
}

/// Which devices a profile applies to: every field given must equal the device's.
public struct DeviceMatch: Hashable, Sendable {
    public var bus: UInt16?
    public var vendor: UInt16?
    public var product: UInt16?
    /// The kernel's device name, compared exactly.
    public var name: String?

    public init(bus: UInt16? = nil, vendor: UInt16? = nil, product: UInt16? = nil, name: String? = nil) {
        self.bus = bus
        self.vendor = vendor
        self.product = product
        self.name = name
    }

    /// True if every field given equals the device's.
    public func matches(_ device: DeviceDescription) -> Bool {
        (bus.map { $0 == device.id.bustype } ?? true)
            && (vendor.map { $0 == device.id.vendor } ?? true)
            && (product.map { $0 == device.id.product } ?? true)
            && (name.map { $0 == device.name } ?? true)
    }

    /// How many fields the match gives: among profiles that match a device, the highest wins.
    public var specificity: Int {
        [bus != nil, vendor != nil, product != nil, name != nil].filter { $0 }.count
    }
}
