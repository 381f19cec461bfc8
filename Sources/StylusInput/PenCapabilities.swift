/// What a pen node can report, checked once when the device is opened.
///
/// Mirrors libinput's `tablet_reject_device()` and `axis_caps` cache
/// (src/evdev-tablet.c, tag 1.31.3), with two deliberate differences:
/// - `BTN_TOUCH` alone counts as a pen, because the UC-LOGIC WP5540U has no
///   `BTN_TOOL_*` bits at all (its proximity is inferred), unless the device also
///   has finger tools or multitouch axes: then its touches are fingers.
/// - No resolution is required: several real tablets report none (evemu 1.1
///   recordings, the Intuos4's 0), and the calibration profile supplies it.
public struct PenCapabilities: Hashable, Sendable {
    /// Range of `ABS_X`.
    public var x: AbsInfo
    /// Range of `ABS_Y`.
    public var y: AbsInfo
    /// Range of `ABS_PRESSURE`, when the device has one.
    public var pressure: AbsInfo?
    /// Range of `ABS_DISTANCE`, when the device has one.
    public var distance: AbsInfo?
    /// True when both `ABS_TILT_X` and `ABS_TILT_Y` exist; libinput's `tablet_fix_tilt()`
    /// disables tilt when only one of them does, and so do we.
    public var hasTilt: Bool
    /// `ABS_Z`: barrel rotation (art pen).
    public var hasRotation: Bool
    /// `ABS_WHEEL`: the airbrush wheel (or, in pad frames, the touch ring).
    public var hasWheel: Bool
    /// `ABS_MISC`: Wacom's tool id.
    public var hasToolID: Bool
    /// `MSC_SERIAL`: the tool serial.
    public var hasSerial: Bool
    /// `BTN_TOUCH`.
    public var hasTouchKey: Bool
    /// The `BTN_TOOL_*` codes of pen-like tools the node announces (pen, rubber, brush,
    /// pencil, airbrush, mouse, lens). Empty on devices whose proximity must be inferred.
    public var toolCodes: Set<UInt16>
    /// The barrel buttons the node announces.
    public var barrelButtons: PenButtons
    /// Pad buttons on the same node as the pen (old kernels put the Intuos4 and Cintiq
    /// pads there), in libinput's `pad_init_buttons_from_kernel()` ranges plus the
    /// Wacom keys of `pad_init_keys()` and the `KEY_PROG*` keys older Cintiqs use.
    public var padButtonCodes: Set<UInt16>

    /// True when the node announces at least one tool bit; otherwise the tool is `.inferredPen`.
    public var hasToolBits: Bool { !toolCodes.isEmpty }
    /// True when pad buttons share the pen's node.
    public var sharesNodeWithPad: Bool { !padButtonCodes.isEmpty }
    public var hasPressure: Bool { pressure != nil }
    public var hasDistance: Bool { distance != nil }

    /// Checks that `device` is a pen tablet and caches what it can report.
    ///
    /// - Throws: `PenDeviceRejection.missingTabletCapabilities` naming exactly what is missing.
    public init(checking device: DeviceDescription) throws(PenDeviceRejection) {
        let hasX = device.supports(.absolute, AbsoluteAxis.x)
        let hasY = device.supports(.absolute, AbsoluteAxis.y)
        let touchIsFinger = device.supports(.key, KeyCode.touch) && Self.reportsFingers(device)
        let hasPen =
            device.supports(.key, KeyCode.toolPen) || device.supports(.key, KeyCode.stylus)
            || (device.supports(.key, KeyCode.touch) && !touchIsFinger)

        var missing: [TabletCapability] = []
        if !(hasX && hasY) { missing.append(.xy) }
        if !hasPen { missing.append(.pen) }
        if !missing.isEmpty {
            throw .missingTabletCapabilities(device: device.name, missing: missing, touchIsFinger: touchIsFinger)
        }

        func info(_ axis: UInt16) -> AbsInfo? {
            guard device.supports(.absolute, axis) else { return nil }
            // An axis announced without absinfo still exists; give it a degenerate range.
            return device.absInfo[axis] ?? AbsInfo(minimum: 0, maximum: 0, resolution: nil)
        }
        self.x = info(AbsoluteAxis.x) ?? AbsInfo(minimum: 0, maximum: 0, resolution: nil)
        self.y = info(AbsoluteAxis.y) ?? AbsInfo(minimum: 0, maximum: 0, resolution: nil)
        self.pressure = info(AbsoluteAxis.pressure)
        self.distance = info(AbsoluteAxis.distance)
        self.hasTilt = device.supports(.absolute, AbsoluteAxis.tiltX) && device.supports(.absolute, AbsoluteAxis.tiltY)
        self.hasRotation = device.supports(.absolute, AbsoluteAxis.z)
        self.hasWheel = device.supports(.absolute, AbsoluteAxis.wheel)
        self.hasToolID = device.supports(.absolute, AbsoluteAxis.misc)
        self.hasSerial = device.supports(.miscellaneous, MiscellaneousCode.serial)
        self.hasTouchKey = device.supports(.key, KeyCode.touch)
        self.toolCodes = Set(PenToolCodes.all.filter { device.supports(.key, $0) })
        var barrel: PenButtons = []
        if device.supports(.key, KeyCode.stylus) { barrel.insert(.stylus) }
        if device.supports(.key, KeyCode.stylus2) { barrel.insert(.stylus2) }
        if device.supports(.key, KeyCode.stylus3) { barrel.insert(.stylus3) }
        self.barrelButtons = barrel
        self.padButtonCodes = Set(PadButtonCodes.all.filter { device.supports(.key, $0) })
    }

    /// True when the device's touches are fingers: a touchpad or touchscreen.
    private static func reportsFingers(_ device: DeviceDescription) -> Bool {
        let fingerTools: [UInt16] = [KeyCode.toolFinger, 0x14d, 0x14e, 0x14f, 0x148]  // FINGER, DOUBLETAP, TRIPLETAP, QUADTAP, QUINTTAP
        if fingerTools.contains(where: { device.supports(.key, $0) }) { return true }
        // ABS_MT_SLOT (0x2f) through ABS_MT_TOOL_Y (0x3d): multitouch.
        return (0x2f...0x3d).contains { device.supports(.absolute, UInt16($0)) }
    }
}

/// A capability a pen tablet must have; the names are libinput's.
public enum TabletCapability: String, Hashable, Sendable {
    /// `ABS_X` and `ABS_Y`.
    case xy
    /// `BTN_TOOL_PEN`, `BTN_STYLUS`, or `BTN_TOUCH` without finger tools.
    case pen
}

/// Why a device cannot be used as a pen tablet.
public enum PenDeviceRejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device lacks capabilities every pen tablet has.
    ///
    /// `touchIsFinger` is true when the device has `BTN_TOUCH` but also finger tools or
    /// multitouch axes (a touchpad or touchscreen), so its touch is not a pen's.
    case missingTabletCapabilities(device: String, missing: [TabletCapability], touchIsFinger: Bool)

    public var description: String {
        switch self {
        case .missingTabletCapabilities(let device, let missing, let touchIsFinger):
            let list = missing.map(\.rawValue).joined(separator: " ")
            var text = "\"\(device)\" is not a pen tablet: missing tablet capabilities: \(list)"
            var needs: [String] = []
            if missing.contains(.xy) { needs.append("ABS_X and ABS_Y") }
            if missing.contains(.pen) { needs.append("one of BTN_TOOL_PEN, BTN_STYLUS or BTN_TOUCH") }
            text += " (a pen tablet needs \(needs.joined(separator: " and ")))"
            if touchIsFinger {
                text += "; its BTN_TOUCH comes with finger tools, so it reports fingers, not a pen"
            }
            text += ". Choose the tablet's pen node instead (`styluskit devices` lists them)."
            return text
        }
    }
}

/// The `BTN_TOOL_*` codes of pen-like tools, and the tool each announces.
enum PenToolCodes {
    static let all: [UInt16] = [
        KeyCode.toolPen, KeyCode.toolRubber, KeyCode.toolBrush, KeyCode.toolPencil,
        KeyCode.toolAirbrush, KeyCode.toolMouse, KeyCode.toolLens,
    ]

    static func tool(for code: UInt16) -> PenTool? {
        switch code {
        case KeyCode.toolPen: .pen
        case KeyCode.toolRubber: .eraser
        case KeyCode.toolBrush: .brush
        case KeyCode.toolPencil: .pencil
        case KeyCode.toolAirbrush: .airbrush
        case KeyCode.toolMouse: .mouse
        case KeyCode.toolLens: .lens
        default: nil
        }
    }
}

/// Key codes that are pad buttons when they share a node with the pen.
enum PadButtonCodes {
    static let all: [UInt16] =
        Array(0x100...0x109)  // BTN_0 ... BTN_9
        + Array(0x110...0x116)  // BTN_LEFT ... BTN_BACK
        + Array(0x126...0x127)  // BTN_BASE, BTN_BASE2
        + Array(0x130...0x135)  // BTN_A ... BTN_Z
        + [0x94, 0x95, 0xca]  // KEY_PROG1, KEY_PROG2, KEY_PROG3 (Cintiq 21UX2/22HD pads on old kernels)
        + [0x240, 0x243, 0x278]  // KEY_BUTTONCONFIG, KEY_CONTROLPANEL, KEY_ONSCREEN_KEYBOARD

    static let set = Set(all)
}
