/// The type of an evdev event (`EV_SYN`, `EV_KEY`, `EV_ABS`, ...).
public struct EventType: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Frame markers. The corresponding C constant is `EV_SYN`.
    public static let synchronization = EventType(rawValue: 0x00)
    /// Keys and buttons, including the pen's tool bits. The corresponding C constant is `EV_KEY`.
    public static let key = EventType(rawValue: 0x01)
    /// Relative axes. The corresponding C constant is `EV_REL`.
    public static let relative = EventType(rawValue: 0x02)
    /// Absolute axes: position, pressure, tilt. The corresponding C constant is `EV_ABS`.
    public static let absolute = EventType(rawValue: 0x03)
    /// Miscellaneous, e.g. the tool serial. The corresponding C constant is `EV_MSC`.
    public static let miscellaneous = EventType(rawValue: 0x04)
    /// Switches. The corresponding C constant is `EV_SW`.
    public static let `switch` = EventType(rawValue: 0x05)
    /// LEDs. The corresponding C constant is `EV_LED`.
    public static let led = EventType(rawValue: 0x11)
    /// Sounds. The corresponding C constant is `EV_SND`.
    public static let sound = EventType(rawValue: 0x12)
    /// Auto-repeat settings. The corresponding C constant is `EV_REP`.
    public static let autoRepeat = EventType(rawValue: 0x14)
    /// Force feedback. The corresponding C constant is `EV_FF`.
    public static let forceFeedback = EventType(rawValue: 0x15)
    /// The largest event type the kernel defines. The corresponding C constant is `EV_MAX`.
    public static let max = EventType(rawValue: 0x1f)

    /// The kernel's name for this type (`EV_ABS`), or nil for an undefined type.
    public var name: String? { EventNames.types[rawValue] }

    /// The highest code this type can carry (`ABS_MAX`, `KEY_MAX`, ...), or nil for an undefined type.
    public var maximumCode: UInt16? {
        rawValue < Self.maximumCodeByType.count ? Self.maximumCodeByType[Int(rawValue)] : nil
    }

    /// `EventNames.maximumCodes` indexed by type: every event read from a recording is checked
    /// against it, and hashing the type cost more than parsing the rest of the line.
    private static let maximumCodeByType: [UInt16?] = (0...EventType.max.rawValue).map { EventNames.maximumCodes[$0] }

    public static func < (lhs: EventType, rhs: EventType) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { name ?? "EV_\(rawValue)" }
}

/// The name libevdev gives an event code (`ABS_X`, `BTN_TOOL_PEN`), or nil when it has none.
public func eventCodeName(type: EventType, code: UInt16) -> String? {
    EventNames.codes[UInt32(type.rawValue) << 16 | UInt32(code)]
}

/// The name libevdev gives an input property (`INPUT_PROP_DIRECT`), or nil when it has none.
public func inputPropertyName(_ property: UInt16) -> String? {
    EventNames.properties[property]
}

/// One evdev event: what `struct input_event` carries.
public struct InputEvent: Hashable, Sendable {
    /// When the kernel stamped the event; all events of one frame share it.
    public var time: EventTime
    public var type: EventType
    public var code: UInt16
    public var value: Int32

    public init(time: EventTime, type: EventType, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// True for the `EV_SYN`/`SYN_REPORT` that ends a frame.
    public var isFrameEnd: Bool { type == .synchronization && code == SynchronizationCode.report }

    /// True for `EV_SYN`/`SYN_DROPPED`: the kernel's buffer overflowed and events were lost.
    public var isDropped: Bool { type == .synchronization && code == SynchronizationCode.dropped }
}

/// `EV_SYN` codes.
public enum SynchronizationCode {
    /// `SYN_REPORT`: the end of a frame.
    public static let report: UInt16 = 0
    /// `SYN_CONFIG`.
    public static let config: UInt16 = 1
    /// `SYN_MT_REPORT`.
    public static let multitouchReport: UInt16 = 2
    /// `SYN_DROPPED`: the kernel's event buffer overflowed; events up to the next `SYN_REPORT` are incomplete.
    public static let dropped: UInt16 = 3
}

/// `EV_ABS` codes a pen tablet uses.
public enum AbsoluteAxis {
    /// `ABS_X`.
    public static let x: UInt16 = 0x00
    /// `ABS_Y`.
    public static let y: UInt16 = 0x01
    /// `ABS_Z`: rotation on Wacom art pens and 4D mice.
    public static let z: UInt16 = 0x02
    /// `ABS_RX`.
    public static let rx: UInt16 = 0x03
    /// `ABS_RY`.
    public static let ry: UInt16 = 0x04
    /// `ABS_WHEEL`: the airbrush finger wheel, or a pad's touch ring.
    public static let wheel: UInt16 = 0x08
    /// `ABS_THROTTLE`.
    public static let throttle: UInt16 = 0x06
    /// `ABS_PRESSURE`.
    public static let pressure: UInt16 = 0x18
    /// `ABS_DISTANCE`: hover height.
    public static let distance: UInt16 = 0x19
    /// `ABS_TILT_X`.
    public static let tiltX: UInt16 = 0x1a
    /// `ABS_TILT_Y`.
    public static let tiltY: UInt16 = 0x1b
    /// `ABS_MISC`: Wacom's tool id.
    public static let misc: UInt16 = 0x28
}

/// `EV_KEY` codes a pen tablet uses.
public enum KeyCode {
    /// `BTN_0`: the first pad button.
    public static let button0: UInt16 = 0x100
    /// `BTN_STYLUS3`.
    public static let stylus3: UInt16 = 0x149
    /// `BTN_TOOL_PEN`.
    public static let toolPen: UInt16 = 0x140
    /// `BTN_TOOL_RUBBER`: the eraser end.
    public static let toolRubber: UInt16 = 0x141
    /// `BTN_TOOL_BRUSH`.
    public static let toolBrush: UInt16 = 0x142
    /// `BTN_TOOL_PENCIL`.
    public static let toolPencil: UInt16 = 0x143
    /// `BTN_TOOL_AIRBRUSH`.
    public static let toolAirbrush: UInt16 = 0x144
    /// `BTN_TOOL_FINGER`: on a pad, the pad itself.
    public static let toolFinger: UInt16 = 0x145
    /// `BTN_TOOL_MOUSE`.
    public static let toolMouse: UInt16 = 0x146
    /// `BTN_TOOL_LENS`.
    public static let toolLens: UInt16 = 0x147
    /// `BTN_TOUCH`: tip contact as the kernel reports it.
    public static let touch: UInt16 = 0x14a
    /// `BTN_STYLUS`: the lower barrel button.
    public static let stylus: UInt16 = 0x14b
    /// `BTN_STYLUS2`: the upper barrel button.
    public static let stylus2: UInt16 = 0x14c
}

/// `EV_MSC` codes.
public enum MiscellaneousCode {
    /// `MSC_SERIAL`: the tool serial, a signed 32-bit value; -1 marks the pad.
    public static let serial: UInt16 = 0x00
    /// `MSC_SCAN`.
    public static let scan: UInt16 = 0x04
    /// `MSC_TIMESTAMP`: the device's own microsecond counter.
    public static let timestamp: UInt16 = 0x05
}

/// Input properties (`INPUT_PROP_*`).
public enum InputProperty {
    /// `INPUT_PROP_POINTER`: an indirect device (a tablet without a screen).
    public static let pointer: UInt16 = 0x00
    /// `INPUT_PROP_DIRECT`: a pen display or touch screen.
    public static let direct: UInt16 = 0x01
}
