/// The tool at the pen end of a frame, from the `BTN_TOOL_*` bits.
public enum PenTool: String, Hashable, Sendable, CaseIterable {
    case pen, eraser, brush, pencil, airbrush, mouse, lens
    /// A tool no `BTN_TOOL_*` bit announced: proximity is inferred and the tool is taken to
    /// be a pen (a device without tool bits, or a stream that starts with a tool already in
    /// proximity).
    case inferredPen = "pen (inferred)"
}

/// Barrel buttons held during a frame.
public struct PenButtons: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `BTN_STYLUS`.
    public static let stylus = PenButtons(rawValue: 1 << 0)
    /// `BTN_STYLUS2`.
    public static let stylus2 = PenButtons(rawValue: 1 << 1)
    /// `BTN_STYLUS3`.
    public static let stylus3 = PenButtons(rawValue: 1 << 2)
}

/// The pen's axes in device units, as the kernel last reported them.
///
/// An axis the device does not have is nil; so are pressure and the tilt axes until the device
/// first reports them (a recording does not carry their starting values). Values are carried over from earlier
/// frames (evdev reports only changes), except that the zeros a Wacom proximity-out
/// frame sends are never taken as a position.
public struct RawPenAxes: Hashable, Sendable {
    public var x: Int32 = 0
    public var y: Int32 = 0
    public var pressure: Int32?
    public var distance: Int32?
    public var tiltX: Int32?
    public var tiltY: Int32?
    /// `ABS_Z`: barrel rotation on art pens.
    public var rotation: Int32?
    /// `ABS_WHEEL`: the airbrush wheel.
    public var wheel: Int32?

    /// The measurements these axes lack: tilt until both tilt axes have reported, pressure
    /// until it has (or on a device without the axis).
    public var unmeasured: AbsentAxes {
        var absent: AbsentAxes = []
        if tiltX == nil || tiltY == nil { absent.insert(.tilt) }
        if pressure == nil { absent.insert(.pressure) }
        return absent
    }
}

/// The measurements a pen frame or sample lacks: the device has no such axis (or its description gives the
/// axis no range), or the axis has not reported a value yet.
///
/// evdev sends only changes and a recording does not carry an axis's starting value, so a tilt
/// axis that has not reported is unknown, not 0; a device may also declare tilt it never sends.
/// The sample then holds a placeholder (upright tilt, an average touch) that is recorded as absent
/// and never measured.
public struct AbsentAxes: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Altitude and azimuth: the device lacks a tilt axis, or either has not reported yet.
    public static let tilt = AbsentAxes(rawValue: 1 << 0)
    /// Force: the device has no usable pressure axis, or it has not reported yet.
    public static let pressure = AbsentAxes(rawValue: 1 << 1)
}

/// Events lost before a frame: the kernel reported `SYN_DROPPED`.
public struct FrameGap: Hashable, Sendable {
    /// When the drop was reported.
    public var start: EventTime
    /// The first complete frame after the drop.
    public var end: EventTime
    /// Events discarded between the drop and the next `SYN_REPORT`.
    public var discardedEvents: Int

    public var duration: EventDuration { end.duration(since: start) }
}

/// The pen's state at one `SYN_REPORT`: one frame of a pen tablet.
public struct PenFrame: Hashable, Sendable {
    /// The kernel timestamp shared by the frame's events.
    public var time: EventTime
    /// The tool in proximity, or the one that just left.
    public var tool: PenTool
    /// True while the tool is in proximity, including the frame in which it arrives.
    /// False in the frame in which it leaves.
    public var inProximity: Bool
    /// True while the tip touches the surface (from pressure with hysteresis where the
    /// device has a pressure axis, otherwise from `BTN_TOUCH`).
    public var tipDown: Bool
    public var buttons: PenButtons = []
    public var axes: RawPenAxes
    /// `MSC_SERIAL` of the tool, when the device reports one.
    public var serial: Int32?
    /// `ABS_MISC`: Wacom's tool id, when the device reports one.
    public var toolID: Int32?
    /// How this frame changed proximity and contact against the previous one.
    public var transitions: PenTransitions = []
    /// Set on the first frame after a `SYN_DROPPED`.
    public var gapBefore: FrameGap?

    /// True while the pen draws: the tip touches and the tool is in proximity. A stroke is a run
    /// of such frames; a tool leaving proximity with the tip down ends it.
    public var isInContact: Bool { tipDown && inProximity }
    /// True while the eraser end touches: contact, but not ink (a patient who turned the pen over).
    public var isEraserContact: Bool { tool == .eraser && isInContact }
    /// The worn-nib pressure offset detected for this tool, in device units: the pressure
    /// the nib reports when nothing presses it. Normalisation subtracts it. Nil when none
    /// was detected or the device has no pressure axis.
    public var pressureOffset: Int32?
}

/// The changes a frame makes, in the order libinput reports them: proximity in, tip down,
/// axes, buttons, tip up, proximity out.
public struct PenTransitions: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let enteredProximity = PenTransitions(rawValue: 1 << 0)
    public static let tipWentDown = PenTransitions(rawValue: 1 << 1)
    public static let tipWentUp = PenTransitions(rawValue: 1 << 2)
    public static let leftProximity = PenTransitions(rawValue: 1 << 3)
}
