/// What a pen node can report, checked once when the device is opened.
///
/// Mirrors libinput's `tablet_reject_device()` and `axis_caps` cache
/// (src/evdev-tablet.c, tag 1.31.3), after the node's kind is decided (`DeviceKind`: a pad,
/// touch surface or puck is refused for what it is), with two deliberate differences:
/// - `BTN_TOUCH` alone counts as a pen, because the UC-LOGIC WP5540U has no
///   `BTN_TOOL_*` bits at all (its proximity is inferred), unless the device also
///   has finger tools, multitouch axes or pad controls: then it is touch or a pad.
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

    /// Axes the description lists without a range (maximum ≤ minimum, or no absinfo at all):
    /// pressure, distance and tilt listed so carry nothing, so they are taken as absent (pressure
    /// and tilt are then recorded as absent, and contact comes from `BTN_TOUCH`) and said as
    /// `AssemblerNotice.axisWithoutRange`, never read as values.
    public var axesWithoutRange: [AxisWithoutRange]

    /// True when the node announces at least one tool bit; otherwise the tool is `.inferredPen`.
    public var hasToolBits: Bool { !toolCodes.isEmpty }
    /// True when pad buttons share the pen's node.
    public var sharesNodeWithPad: Bool { !padButtonCodes.isEmpty }
    public var hasPressure: Bool { pressure != nil }
    public var hasDistance: Bool { distance != nil }

    /// The node's kind (`DeviceKind`): `.pen` or `.penWithEraser`, the only kinds accepted.
    public var kind: DeviceKind

    /// Checks that `device` is a pen and caches what it can report.
    ///
    /// The kind is decided first (`DeviceKind`), so a pad, touch surface or puck is refused for
    /// what it is before anything asks about its resolution or ranges.
    ///
    /// - Throws: `PenDeviceRejection.notAPen` naming the node's kind, or
    ///   `.missingTabletCapabilities` naming exactly what is missing.
    public init(checking device: DeviceDescription) throws(PenDeviceRejection) {
        let kind = DeviceKind(classifying: device)
        switch kind {
        case .pad, .touch, .puck:
            throw .notAPen(device: device.name, kind: kind)
        case .unknown:
            var missing: [TabletCapability] = []
            if !(device.supports(.absolute, AbsoluteAxis.x) && device.supports(.absolute, AbsoluteAxis.y)) {
                missing.append(.xy)
            }
            missing.append(.pen)
            throw .missingTabletCapabilities(device: device.name, missing: missing)
        case .pen, .penWithEraser:
            // Rule 6 of DeviceKind needs x and y; a pen tool does not, and a pen without them is broken.
            if !(device.supports(.absolute, AbsoluteAxis.x) && device.supports(.absolute, AbsoluteAxis.y)) {
                throw .missingTabletCapabilities(device: device.name, missing: [.xy])
            }
        }
        self.kind = kind

        func info(_ axis: UInt16) -> AbsInfo? {
            guard device.supports(.absolute, axis) else { return nil }
            // An axis announced without absinfo still exists; give it a degenerate range.
            return device.absInfo[axis] ?? AbsInfo(minimum: 0, maximum: 0, resolution: nil)
        }
        self.x = info(AbsoluteAxis.x) ?? AbsInfo(minimum: 0, maximum: 0, resolution: nil)
        self.y = info(AbsoluteAxis.y) ?? AbsInfo(minimum: 0, maximum: 0, resolution: nil)
        // An axis without a range carries nothing: taken as absent and said, never read (with a
        // pressure range of 0..0, every frame would toggle the tip: one stroke a point).
        var withoutRange: [AxisWithoutRange] = []
        func ranged(_ axis: UInt16) -> AbsInfo? {
            guard let range = info(axis) else { return nil }
            guard range.maximum > range.minimum else {
                withoutRange.append(AxisWithoutRange(code: axis, minimum: range.minimum, maximum: range.maximum))
                return nil
            }
            return range
        }
        self.pressure = ranged(AbsoluteAxis.pressure)
        self.distance = ranged(AbsoluteAxis.distance)
        let tiltX = ranged(AbsoluteAxis.tiltX)
        let tiltY = ranged(AbsoluteAxis.tiltY)
        self.hasTilt = tiltX != nil && tiltY != nil
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
        self.axesWithoutRange = withoutRange
        if let pressure = withoutRange.first(where: { $0.code == AbsoluteAxis.pressure }), !hasTouchKey {
            throw .noContactSource(device: device.name, pressure: pressure)
        }
    }
}

/// An axis a device description lists without a usable range.
public struct AxisWithoutRange: Hashable, Sendable {
    /// The `ABS_*` code.
    public var code: UInt16
    public var minimum: Int32
    public var maximum: Int32

    /// The axis's kernel name, `ABS_PRESSURE`.
    public var name: String { eventCodeName(type: .absolute, code: code) ?? "ABS_\(code)" }
}

/// A capability a pen tablet must have; the names are libinput's.
public enum TabletCapability: String, Hashable, Sendable {
    /// `ABS_X` and `ABS_Y`.
    case xy
    /// `BTN_TOOL_PEN`, or `BTN_STYLUS` or `BTN_TOUCH` without finger tools or pad controls.
    case pen
}

/// Why a device cannot be used as a pen tablet.
public enum PenDeviceRejection: Error, Hashable, Sendable, CustomStringConvertible {
    /// The node is part of a tablet (or a touch surface) but not its pen: a pad, touch or puck.
    case notAPen(device: String, kind: DeviceKind)
    /// The device lacks capabilities every pen tablet has.
    case missingTabletCapabilities(device: String, missing: [TabletCapability])
    /// The description lists pressure without a range and has no `BTN_TOUCH`: nothing tells when
    /// the tip touches.
    case noContactSource(device: String, pressure: AxisWithoutRange)

    /// What to do instead, the same for a live node and a recording: the pen is a node of its own.
    static let advice =
        "Record from the tablet's pen node (`styluskit devices` lists each node with its kind), or replay a recording of it."

    public var description: String {
        if case .noContactSource = self {
            return "\(problem). Give ABS_PRESSURE's range in the description (its A: line, or --desc FILE with one), "
                + "as `styluskit devices` or evemu-describe prints it for the tablet."
        }
        return "\(problem). \(Self.advice)"
    }

    /// What the device is, without the advice (for a caller with better advice, such as a
    /// multi-device recording's other devices).
    public var problem: String {
        switch self {
        case .notAPen(let device, let kind):
            let what: String
            switch kind {
            case .pad:
                what =
                    "is the tablet's pad (buttons and ring), not its pen: it has pad controls (BTN_0…, a ring or strip)"
                    + " and no pen tool (BTN_TOOL_PEN); its BTN_STYLUS alone does not make it a pen"
            case .touch:
                what = "is a touch surface, not a pen: its finger tools or multitouch axes report fingers"
            case .puck:
                what =
                    "is a lens cursor or mouse (a puck: BTN_TOOL_LENS/BTN_TOOL_MOUSE), not a pen:"
                    + " a puck's position is not handwriting"
            case .pen, .penWithEraser, .unknown:
                what = "is a \(kind), not a pen"
            }
            return "\"\(device)\" \(what)"
        case .missingTabletCapabilities(let device, let missing):
            let list = missing.map(\.rawValue).joined(separator: " ")
            var text = "\"\(device)\" is not a pen tablet: missing tablet capabilities: \(list)"
            var needs: [String] = []
            if missing.contains(.xy) { needs.append("ABS_X and ABS_Y") }
            if missing.contains(.pen) { needs.append("one of BTN_TOOL_PEN, BTN_STYLUS or BTN_TOUCH") }
            text += " (a pen tablet needs \(needs.joined(separator: " and ")))"
            return text
        case .noContactSource(let device, let pressure):
            return
                "\"\(device)\" lists ABS_PRESSURE without a range (\(pressure.minimum)..\(pressure.maximum)) and has no "
                + "BTN_TOUCH, so nothing tells when the pen touches the surface"
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
