/// What one `SYN_REPORT` turned into.
public enum AssembledFrame: Hashable, Sendable {
    /// A frame of the pen: it changed something or entered or left proximity.
    case pen(PenFrame)
    /// A frame of a pad that shares the pen's node.
    case pad(PadFrame)
    /// A `SYN_REPORT` that carried nothing for the pen or pad (for example only
    /// `MSC_SCAN`, a repeated serial, or axis events while no tool is in proximity).
    case empty(time: EventTime, gapBefore: FrameGap?)

    /// The kernel timestamp of the frame.
    public var time: EventTime {
        switch self {
        case .pen(let frame): frame.time
        case .pad(let frame): frame.time
        case .empty(let time, _): time
        }
    }

    /// The gap marker carried by the first frame after a `SYN_DROPPED`.
    public var gapBefore: FrameGap? {
        switch self {
        case .pen(let frame): frame.gapBefore
        case .pad(let frame): frame.gapBefore
        case .empty(_, let gap): gap
        }
    }
}

/// Something the assembler noticed that a person may need to know; libinput logs these.
public enum AssemblerNotice: Hashable, Sendable, CustomStringConvertible {
    /// A worn nib's pressure offset was detected and is subtracted from now on.
    case pressureOffsetDetected(tool: PenTool, serial: Int32?, offset: Int32, percent: Int)
    /// A pressure offset above half the range was seen at proximity-in and ignored.
    case pressureOffsetIgnored(tool: PenTool, serial: Int32?, offset: Int32, percent: Int)

    /// The description lists an axis without a range; it is taken as absent (`PenCapabilities.axesWithoutRange`).
    case axisWithoutRange(AxisWithoutRange)

    public var description: String {
        switch self {
        case .axisWithoutRange(let axis):
            let range = "\(axis.minimum)..\(axis.maximum)"
            let fix = "If the tablet has it, give the axis's range in the description (its A: line, or --desc FILE)."
            switch axis.code {
            case AbsoluteAxis.pressure:
                return
                    "\(axis.name) is listed without a range (\(range)), so it carries no pressure: pressure is recorded "
                    + "as absent and the tip's contact comes from BTN_TOUCH. \(fix)"
            case AbsoluteAxis.tiltX, AbsoluteAxis.tiltY:
                return "\(axis.name) is listed without a range (\(range)), so tilt is recorded as absent (altitude and "
                    + "azimuth). \(fix)"
            default:
                return "\(axis.name) is listed without a range (\(range)) and is not read. \(fix)"
            }
        case .pressureOffsetDetected(let tool, let serial, let offset, let percent):
            return "Pressure offset of \(percent)% (\(offset) device units) detected on tool \(tool.rawValue)"
                + "\(Self.serialText(serial)): the nib reports pressure while hovering, so tip contact is "
                + "measured from that offset. Replace the nib if it keeps growing."
        case .pressureOffsetIgnored(let tool, let serial, let offset, let percent):
            return "Ignoring pressure offset greater than 50% (\(percent)%, \(offset) device units) detected on tool "
                + "\(tool.rawValue)\(Self.serialText(serial)): the pen was pressed while entering proximity "
                + "or its nib is broken. Check the pen; tip contact uses the default thresholds."
        }
    }

    private static func serialText(_ serial: Int32?) -> String {
        guard let serial else { return "" }
        return " (serial 0x\(String(UInt32(bitPattern: serial), radix: 16)))"
    }
}

/// Turns a device's evdev events into one `AssembledFrame` per `SYN_REPORT`.
///
/// A plain value with no I/O and no clock: time comes only from the events. Like
/// libinput's `tablet_process_event()`/`tablet_flush()`, it collects a frame's events
/// and acts only on `SYN_REPORT`, so the order of events inside a frame does not matter.
///
/// Behaviour on real devices:
/// - **Proximity-out zeros.** In the frame in which a tool leaves, Wacom (and the ISD-V4)
///   report `ABS_X`, `ABS_Y`, distance, tilt, pressure and `ABS_MISC` as 0. No value of
///   a leaving frame is a measurement: the leaving frame repeats the last real axes,
///   tool id and serial, with `tipDown` false and no buttons (libinput releases all
///   buttons on proximity-out). The zeros do become the device state, as in the kernel,
///   so the next proximity-in starts from the values it carries.
/// - **Inferred proximity** (libinput's forced-tool plugin). An axis event
///   (x, y, rotation, pressure, tilt, wheel; not distance) while no tool is in proximity
///   brings in an `.inferredPen`: on devices without tool bits (UC-LOGIC WP5540U) and on
///   streams that start with a tool already in proximity (the Cintiq 22HDT recording).
///   It leaves on a `BTN_TOOL_*` release, and a real tool announcing itself replaces it.
/// - **End of inferred proximity** on devices without tool bits. libinput forces
///   proximity-out after 50 ms without events (`FORCED_PROXOUT_TIMEOUT`, proximity-timer
///   plugin) unless `BTN_TOUCH` or a barrel button is held. Without a clock we cannot emit
///   a frame when that time passes, and we never invent frames. Instead, a pen frame that
///   arrives more than `inferredProximityTimeout` after the previous frame, while neither
///   the tip, `BTN_TOUCH` nor a barrel button was held, starts a new proximity: it carries
///   `.enteredProximity` although the previous frame was in proximity. The previous
///   proximity ended, unreported, somewhere between the two frames. The proximity of the
///   last frame of a stream simply stays open.
/// - **Tip contact** comes from pressure with libinput's hysteresis (or a tablet profile's `TipContactThreshold`) and
/// worn-nib offset
///   (see `PressureThresholds`), per tool and serial; on devices without a pressure axis,
///   and until a declared pressure axis first reports a value, from `BTN_TOUCH` (a tablet
///   that declares `ABS_PRESSURE` and never sends it still draws; its pressure is absent).
/// - **Pad frames** on a shared node (serial -1, `BTN_TOOL_FINGER`, or pad buttons in a
///   frame without pen events) become `.pad` and never touch the pen's state.
/// - **No invented coordinates.** evdev reports only changes, so until the stream has
///   reported both `ABS_X` and `ABS_Y` the assembler has no position, only the range's
///   starting value (0 in a recording). A pen frame is yielded only once both axes are
///   known: after proximity-in, or after the first events of a stream that starts mid-stroke.
///   Values a leaving frame reports (the Wacom zeros) are not known positions: an axis the
///   leaving frame reported is unknown again until the next proximity reports it. A frame
///   held back for this becomes `.empty` and is counted in `framesWithoutPosition`; the first
///   frame yielded in that proximity then carries `.enteredProximity` (and `.tipWentDown`
///   when the tip is down), so consumers see a proximity begin with a real position. A tool
///   that leaves before its position was known leaves unseen.
/// - **Pucks are not pens.** Frames of a lens cursor or mouse (`BTN_TOOL_LENS`,
///   `BTN_TOOL_MOUSE`, on the Intuos4's shared node) track the tool's state but are never
///   yielded as pen frames: they become `.empty` and are counted in `puckFrames`.
/// - **The eraser is a tool of its own.** Its frames are pen frames whose `tool` is
///   `.eraser` (`isEraserContact` while it touches): a driver refuses that contact as ink.
///
/// `SYN_DROPPED` contract: every event from the `SYN_DROPPED` up to and including the next
/// `SYN_REPORT`, and the incomplete frame collected before it, is discarded; that
/// `SYN_REPORT` yields no output. The next frame that does yield one carries a `FrameGap`
/// (start: the drop's time; end: that frame's time; the number of discarded events, not
/// counting `EV_SYN` events). No sample is invented. The assembler cannot ask the device
/// for its state, so the live layer must, after passing on the `SYN_DROPPED`, pass a
/// `SYN_REPORT` that ends the lost frame (libevdev already discarded the kernel's
/// incomplete events) and then libevdev's resync delta as one ordinary frame ending in
/// its `SYN_REPORT`; that frame carries the gap. A replayed journal of that live stream
/// then gives the same frames.
public struct FrameAssembler: Sendable {
    /// What the device can report, checked when it was opened.
    public let capabilities: PenCapabilities
    /// How long a device without tool bits may be silent before its next pen frame
    /// starts a new proximity; libinput's `FORCED_PROXOUT_TIMEOUT` is 50 ms.
    public var inferredProximityTimeout: EventDuration

    /// Every `SYN_REPORT` seen, including the discarded ones.
    public private(set) var framesSeen = 0
    /// `SYN_REPORT`s that ended a frame discarded after `SYN_DROPPED`; they yield no output.
    public private(set) var framesDiscarded = 0
    /// Notices not yet taken with `takeNotices()`.
    public private(set) var notices: [AssemblerNotice] = []
    /// Pen frames held back because `ABS_X` or `ABS_Y` had not been reported yet: a sample there
    /// would have an invented coordinate (the axis's starting value).
    public private(set) var framesWithoutPosition = 0
    /// Frames of a lens cursor or mouse, never yielded as pen frames.
    public private(set) var puckFrames = 0

    // The frame being collected.
    private var pending = FrameChanges()
    // SYN_DROPPED bookkeeping: `dropping` while discarding, `gap` until a frame carries it.
    private var dropping = false
    private var gapStart: EventTime?
    private var gapDiscarded = 0
    private var lastFrameTime: EventTime?

    // Device state as the kernel holds it (evdev reports changes only).
    private var deviceAxes: RawPenAxes
    private var deviceToolID: Int32 = 0
    private var toolBits: Set<UInt16> = []
    private var touchKey = false
    private var barrel: PenButtons = []
    private var padButtons: Set<UInt16> = []
    private var ring: Int32?
    private var firstStrip: Int32?
    private var secondStrip: Int32?
    // Whether the stream has reported ABS_X / ABS_Y since the start or since a leaving frame
    // zeroed them: until both are, the device state's position is not a measurement.
    private var xKnown = false
    private var yKnown = false
    // Whether consumers were given this proximity's entry (its first frame with a known position).
    private var proximityYielded = false
    // Whether the tip was down in the last frame consumers were given.
    private var yieldedTipDown = false

    // The pen as last reported.
    private var inProximity = false
    private var tool: PenTool = .pen
    private var toolKey = ToolKey(tool: .pen, serial: nil)
    private var tipDown = false
    private var axes: RawPenAxes
    private var serial: Int32?
    private var toolID: Int32?
    /// Every tool's thresholds but the current one's, which `activeThresholds` holds: a frame
    /// reads and updates them, and hashing the key twice a frame cost as much as the rest.
    private var thresholds: [ToolKey: PressureThresholds] = [:]
    /// The thresholds of `toolKey`'s tool, once it has some.
    private var activeThresholds: PressureThresholds?
    /// The tablet profile's tip contact rule; nil for libinput's 5 % / 1 %.
    public let tipContact: TipContactThreshold?

    /// Creates an assembler for a device whose capabilities were already checked; `tipContact`
    /// is the tablet profile's tip contact rule, nil (no profile, or none in it) for libinput's.
    public init(
        capabilities: PenCapabilities, tipContact: TipContactThreshold? = nil,
        inferredProximityTimeout: EventDuration = .milliseconds(50)
    ) {
        self.capabilities = capabilities
        self.tipContact = tipContact
        self.inferredProximityTimeout = inferredProximityTimeout
        let c = capabilities
        let start = RawPenAxes(
            x: c.x.value, y: c.y.value, pressure: nil, distance: c.distance?.value,
            // Pressure and tilt are nil until the device reports them: a recording does not carry
            // the axes' starting values, and some pens advertise axes they never send (the
            // DTH2242's tilt; a tablet declaring ABS_PRESSURE whose contact is BTN_TOUCH alone).
            tiltX: nil, tiltY: nil, rotation: c.hasRotation ? 0 : nil,
            wheel: c.hasWheel ? 0 : nil)
        self.deviceAxes = start
        self.axes = start
        notices = capabilities.axesWithoutRange.map(AssemblerNotice.axisWithoutRange)
    }

    /// Checks `device` and creates an assembler for it.
    ///
    /// - Throws: `PenDeviceRejection` when the device is not a pen tablet.
    public init(
        device: DeviceDescription, tipContact: TipContactThreshold? = nil,
        inferredProximityTimeout: EventDuration = .milliseconds(50)
    ) throws(PenDeviceRejection) {
        self.init(
            capabilities: try PenCapabilities(checking: device), tipContact: tipContact,
            inferredProximityTimeout: inferredProximityTimeout)
    }

    /// The pressure offset detected for `tool` with `serial`, in device units, if any.
    public func pressureOffset(tool: PenTool, serial: Int32?) -> Int32? {
        let key = ToolKey(tool: tool, serial: serial)
        return key == toolKey ? activeThresholds?.offset : thresholds[key]?.offset
    }

    /// Returns the notices collected so far and forgets them.
    public mutating func takeNotices() -> [AssemblerNotice] {
        defer { notices = [] }
        return notices
    }

    /// Takes one event; returns the frame it completes, on `SYN_REPORT` only.
    ///
    /// Every `SYN_REPORT` yields exactly one output, except one that ends a frame
    /// discarded after `SYN_DROPPED`.
    public mutating func process(_ event: InputEvent) -> AssembledFrame? {
        if event.isDropped {
            if !dropping && gapStart == nil { gapStart = event.time }
            dropping = true
            gapDiscarded += pending.eventCount
            pending = FrameChanges()
            return nil
        }
        if event.isFrameEnd {
            framesSeen += 1
            if dropping {
                dropping = false
                framesDiscarded += 1
                return nil
            }
            return flush(at: event.time)
        }
        if event.type == .synchronization { return nil }
        if dropping {
            gapDiscarded += 1
            return nil
        }
        pending.collect(event)
        return nil
    }

    // MARK: - Flush

    private mutating func flush(at time: EventTime) -> AssembledFrame {
        let changes = pending
        pending = FrameChanges()
        var gap: FrameGap?
        if let start = gapStart {
            gap = FrameGap(start: start, end: time, discardedEvents: gapDiscarded)
            gapStart = nil
            gapDiscarded = 0
        }
        defer { lastFrameTime = time }

        if changes.isPadFrame {
            return .pad(padFrame(changes, time: time, gap: gap))
        }
        if let frame = penFrame(changes, time: time, gap: gap), let yielded = yieldable(frame) {
            return .pen(yielded)
        }
        return .empty(time: time, gapBefore: gap)
    }

    /// The frame as consumers may see it, or nil when it is held back: a puck's frame, or a frame
    /// whose position is not known yet (see the contract above). Transitions are rewritten so
    /// that what consumers see is consistent on its own: a proximity begins with its first
    /// yielded frame, and a tool whose entry was never yielded leaves unseen.
    private mutating func yieldable(_ frame: PenFrame) -> PenFrame? {
        if frame.tool == .lens || frame.tool == .mouse {
            puckFrames += 1
            if !frame.inProximity { proximityYielded = false }
            return nil
        }
        if !frame.inProximity {
            defer {
                proximityYielded = false
                yieldedTipDown = false
            }
            guard proximityYielded else {
                framesWithoutPosition += 1
                return nil
            }
            var leaving = frame
            leaving.transitions = yieldedTipDown ? [.tipWentUp, .leftProximity] : [.leftProximity]
            return leaving
        }
        if frame.transitions.contains(.enteredProximity) { proximityYielded = false }
        guard xKnown && yKnown else {
            framesWithoutPosition += 1
            return nil
        }
        var yielded = frame
        if !proximityYielded {
            // The first frame consumers see of this proximity: it is their proximity-in, whatever
            // the held-back frames before it did; the tip went up unseen if it was seen down.
            var transitions: PenTransitions = [.enteredProximity]
            if frame.tipDown { transitions.insert(.tipWentDown) }
            if yieldedTipDown && !frame.tipDown { transitions.insert(.tipWentUp) }
            yielded.transitions = transitions
            proximityYielded = true
        }
        yieldedTipDown = frame.tipDown
        return yielded
    }

    private mutating func padFrame(_ changes: FrameChanges, time: EventTime, gap: FrameGap?) -> PadFrame {
        for key in changes.keys where PadButtonCodes.set.contains(key.code) {
            if key.value != 0 { padButtons.insert(key.code) } else { padButtons.remove(key.code) }
        }
        if let value = changes.absolute.wheel { ring = value }
        if let value = changes.absolute.rx { firstStrip = value }
        if let value = changes.absolute.ry { secondStrip = value }
        return PadFrame(
            time: time, buttons: padButtons.sorted(), ring: ring, firstStrip: firstStrip,
            secondStrip: secondStrip, gapBefore: gap)
    }

    private mutating func penFrame(_ changes: FrameChanges, time: EventTime, gap: FrameGap?) -> PenFrame? {
        let heldBefore = touchKey || !barrel.isEmpty || tipDown
        var announced: PenTool?
        var toolReleased = false
        for key in changes.keys {
            let pressed = key.value != 0
            if let kind = PenToolCodes.tool(for: key.code) {
                if pressed {
                    toolBits.insert(key.code)
                    announced = kind
                } else {
                    toolBits.remove(key.code)
                    toolReleased = true
                }
                continue
            }
            switch key.code {
            case KeyCode.touch: touchKey = pressed
            case KeyCode.stylus: barrel.set(.stylus, pressed)
            case KeyCode.stylus2: barrel.set(.stylus2, pressed)
            case KeyCode.stylus3: barrel.set(.stylus3, pressed)
            default:
                if PadButtonCodes.set.contains(key.code) {
                    if pressed { padButtons.insert(key.code) } else { padButtons.remove(key.code) }
                }
            }
        }
        let heldTool = toolBits.min().flatMap(PenToolCodes.tool(for:))

        enum Step {
            case enter(PenTool)
            case leave, stay, absent
        }
        let step: Step
        if inProximity {
            if tool == .inferredPen {
                if let announced {
                    step = .enter(announced)
                } else if toolReleased && toolBits.isEmpty {
                    step = .leave
                } else if !capabilities.hasToolBits, changes.hasPenContent, !heldBefore, let last = lastFrameTime,
                    time.duration(since: last) > inferredProximityTimeout
                {
                    step = .enter(.inferredPen)
                } else {
                    step = .stay
                }
            } else if let announced, announced != tool {
                step = .enter(announced)
            } else if !toolBits.contains(where: { PenToolCodes.tool(for: $0) == tool }) {
                step = heldTool.map(Step.enter) ?? .leave
            } else {
                step = .stay
            }
        } else if let tool = announced ?? (changes.hasPenContent ? heldTool : nil) {
            step = .enter(tool)
        } else if changes.forcesProximity {
            step = .enter(.inferredPen)
        } else {
            step = .absent
        }

        switch step {
        case .absent:
            apply(changes)
            return nil

        case .leave:
            var transitions: PenTransitions = [.leftProximity]
            if tipDown { transitions.insert(.tipWentUp) }
            let frame = PenFrame(
                time: time, tool: tool, inProximity: false, tipDown: false, buttons: [], axes: axes,
                serial: serial, toolID: toolID, transitions: transitions, gapBefore: gap,
                pressureOffset: activeThresholds?.offset)
            // The kernel now holds the leaving frame's zeros; the next proximity starts from them,
            // but they are no position: an axis the leaving frame reported is unknown until reported again.
            apply(changes)
            if changes.absolute.x != nil { xKnown = false }
            if changes.absolute.y != nil { yKnown = false }
            inProximity = false
            tipDown = false
            return frame

        case .enter(let newTool):
            let wasDown = inProximity && tipDown
            apply(changes)
            inProximity = true
            tool = newTool
            serial = changes.serial
            let newKey = ToolKey(tool: newTool, serial: serial)
            if newKey != toolKey {
                if let activeThresholds { thresholds[toolKey] = activeThresholds }
                activeThresholds = thresholds.removeValue(forKey: newKey)
                toolKey = newKey
            }
            axes = deviceAxes
            toolID = deviceToolID != 0 ? deviceToolID : nil
            tipDown = enterContact()
            var transitions: PenTransitions = [.enteredProximity]
            if tipDown { transitions.insert(.tipWentDown) }
            if wasDown && !tipDown { transitions.insert(.tipWentUp) }
            return currentFrame(time: time, transitions: transitions, gap: gap)

        case .stay:
            guard changes.hasPenContent || changes.serial.map({ $0 != serial }) == true else { return nil }
            apply(changes)
            axes = deviceAxes
            if let reported = changes.serial { serial = reported }
            if changes.absolute.misc != nil, deviceToolID != 0 { toolID = deviceToolID }
            let wasDown = tipDown
            tipDown = continuedContact(pressureReported: changes.absolute.pressure != nil)
            var transitions: PenTransitions = []
            if tipDown && !wasDown { transitions.insert(.tipWentDown) }
            if !tipDown && wasDown { transitions.insert(.tipWentUp) }
            return currentFrame(time: time, transitions: transitions, gap: gap)
        }
    }

    private func currentFrame(time: EventTime, transitions: PenTransitions, gap: FrameGap?) -> PenFrame {
        PenFrame(
            time: time, tool: tool, inProximity: true, tipDown: tipDown, buttons: barrel, axes: axes,
            serial: serial, toolID: toolID, transitions: transitions, gapBefore: gap,
            pressureOffset: activeThresholds?.offset)
    }

    /// Tip contact at proximity-in, after offset detection (libinput's order in `tablet_flush()`).
    private mutating func enterContact() -> Bool {
        guard let range = capabilities.pressure, let pressure = deviceAxes.pressure else { return touchKey }
        var threshold =
            activeThresholds ?? PressureThresholds(pressure: range, distance: capabilities.distance, tip: tipContact)
        threshold.observe(pressure: pressure)
        switch threshold.detectOffset(pressure: pressure, distance: deviceAxes.distance) {
        case .accepted(let units, let percent)?:
            notices.append(.pressureOffsetDetected(tool: tool, serial: serial, offset: units, percent: percent))
        case .ignoredAboveHalf(let units, let percent)?:
            notices.append(.pressureOffsetIgnored(tool: tool, serial: serial, offset: units, percent: percent))
        case nil:
            break
        }
        activeThresholds = threshold
        return threshold.contact(pressure: pressure, wasDown: false)
    }

    private mutating func continuedContact(pressureReported: Bool) -> Bool {
        guard let range = capabilities.pressure, let pressure = deviceAxes.pressure else { return touchKey }
        var threshold =
            activeThresholds ?? PressureThresholds(pressure: range, distance: capabilities.distance, tip: tipContact)
        if pressureReported { threshold.observe(pressure: pressure) }
        activeThresholds = threshold
        return threshold.contact(pressure: pressure, wasDown: tipDown)
    }

    /// Stores the frame's axis values as the device state, as the kernel does.
    private mutating func apply(_ changes: FrameChanges) {
        let absolute = changes.absolute
        if let value = absolute.x {
            deviceAxes.x = value
            xKnown = true
        }
        if let value = absolute.y {
            deviceAxes.y = value
            yKnown = true
        }
        if capabilities.hasPressure, let value = absolute.pressure { deviceAxes.pressure = value }
        if capabilities.hasDistance, let value = absolute.distance { deviceAxes.distance = value }
        if capabilities.hasTilt, let value = absolute.tiltX { deviceAxes.tiltX = value }
        if capabilities.hasTilt, let value = absolute.tiltY { deviceAxes.tiltY = value }
        if capabilities.hasRotation, let value = absolute.z { deviceAxes.rotation = value }
        if capabilities.hasWheel, let value = absolute.wheel { deviceAxes.wheel = value }
        if let value = absolute.misc { deviceToolID = value }
    }
}

/// A tool as libinput tells tools apart: by type and serial.
struct ToolKey: Hashable, Sendable {
    var tool: PenTool
    var serial: Int32?
}

/// The events of one frame, collected until its `SYN_REPORT`.
struct FrameChanges: Sendable {
    struct KeyChange: Sendable {
        var code: UInt16
        var value: Int32
    }

    /// The last value of each absolute axis reported in the frame.
    var absolute = AbsoluteChanges()
    /// Key events in the order they came.
    var keys: [KeyChange] = []
    /// The last `MSC_SERIAL` of the frame.
    var serial: Int32?
    /// Events collected, `EV_SYN` excluded.
    var eventCount = 0

    static let penAxes = AbsoluteChanges.mask(
        AbsoluteAxis.x, AbsoluteAxis.y, AbsoluteAxis.pressure, AbsoluteAxis.distance, AbsoluteAxis.tiltX,
        AbsoluteAxis.tiltY, AbsoluteAxis.z, AbsoluteAxis.wheel, AbsoluteAxis.misc)
    /// The axes whose events prove a tool is in proximity (libinput's forced-tool plugin: not distance).
    static let proximityAxes = AbsoluteChanges.mask(
        AbsoluteAxis.x, AbsoluteAxis.y, AbsoluteAxis.z, AbsoluteAxis.pressure, AbsoluteAxis.tiltX,
        AbsoluteAxis.tiltY, AbsoluteAxis.wheel)
    static let penKeys: Set<UInt16> = Set(
        PenToolCodes.all + [
            KeyCode.touch, KeyCode.stylus, KeyCode.stylus2, KeyCode.stylus3,
        ])

    mutating func collect(_ event: InputEvent) {
        eventCount += 1
        switch event.type {
        case .absolute: absolute.set(event.code, event.value)
        // Value 2 is auto-repeat: still held.
        case .key: keys.append(KeyChange(code: event.code, value: event.value))
        case .miscellaneous where event.code == MiscellaneousCode.serial: serial = event.value
        default: break  // unused codes and unknown types are ignored
        }
    }

    /// True when the frame reports any pen axis or pen key.
    var hasPenContent: Bool {
        absolute.reported & Self.penAxes != 0 || keys.contains { Self.penKeys.contains($0.code) }
    }

    var forcesProximity: Bool { absolute.reported & Self.proximityAxes != 0 }

    /// True for the Wacom pad's own reports: serial -1 or `BTN_TOOL_FINGER`, or pad
    /// buttons in a frame without pen events.
    var isPadFrame: Bool {
        if serial == -1 || keys.contains(where: { $0.code == KeyCode.toolFinger }) { return true }
        return keys.contains { PadButtonCodes.set.contains($0.code) } && !hasPenContent
    }
}

/// The absolute axes one frame reported: the last value of each axis the assembler reads, and
/// which codes were reported at all.
///
/// A frame comes every millisecond or so: fixed fields, not a dictionary, so collecting one
/// allocates nothing (a dictionary per frame was most of the pipeline's cost).
struct AbsoluteChanges: Sendable {
    /// Bit `code` set when axis `code` (below 64, as every `ABS_*` is) was reported.
    var reported: UInt64 = 0
    var x: Int32?
    var y: Int32?
    var z: Int32?
    var rx: Int32?
    var ry: Int32?
    var wheel: Int32?
    var pressure: Int32?
    var distance: Int32?
    var tiltX: Int32?
    var tiltY: Int32?
    var misc: Int32?

    static func mask(_ codes: UInt16...) -> UInt64 {
        codes.reduce(0) { $0 | (1 << UInt64($1)) }
    }

    @inline(__always)
    mutating func set(_ code: UInt16, _ value: Int32) {
        if code < 64 { reported |= 1 << UInt64(code) }
        switch code {
        case AbsoluteAxis.x: x = value
        case AbsoluteAxis.y: y = value
        case AbsoluteAxis.z: z = value
        case AbsoluteAxis.rx: rx = value
        case AbsoluteAxis.ry: ry = value
        case AbsoluteAxis.wheel: wheel = value
        case AbsoluteAxis.pressure: pressure = value
        case AbsoluteAxis.distance: distance = value
        case AbsoluteAxis.tiltX: tiltX = value
        case AbsoluteAxis.tiltY: tiltY = value
        case AbsoluteAxis.misc: misc = value
        default: break  // no frame reads the others
        }
    }
}

extension PenButtons {
    fileprivate mutating func set(_ button: PenButtons, _ held: Bool) {
        if held { insert(button) } else { remove(button) }
    }
}
