public import StylusInput

/// Taps on the calibration sheet's targets, from pen events: one tap per stroke (tip down to tip
/// up), at the mean tablet position of the stroke's frames in contact.
///
/// The same collector reads a recording and a live tablet (`calibrate tablet --recording` and
/// `--device`): the events go in one at a time, in the order they were read, so a live session
/// stops as soon as the last target is tapped.
public struct TapCollector {
    private var assembler: FrameAssembler
    private let normalizer: Normalizer
    private var sum = (x: 0.0, y: 0.0, count: 0)
    /// The taps so far, in the order they were made.
    public private(set) var taps: [TabletPosition] = []

    /// A collector for pen events of `device`, whose positions `normalizer` turns into tablet mm.
    public init(device: DeviceDescription, normalizer: Normalizer) throws(PenDeviceRejection) {
        assembler = try FrameAssembler(device: device, tipContact: normalizer.tipContact)
        self.normalizer = normalizer
    }

    /// One event; returns the tap when it ends a stroke (the frame it completes has the tip up).
    @discardableResult
    public mutating func process(_ event: InputEvent) -> TabletPosition? {
        guard case .pen(let frame)? = assembler.process(event) else { return nil }
        if frame.isInContact {
            let position = normalizer.sample(frame).tabletPosition
            sum.x += position.xMillimetres
            sum.y += position.yMillimetres
            sum.count += 1
            return nil
        }
        return endStroke()
    }

    /// Ends a stroke still under way when the events stop (a recording that ends with the pen
    /// down); returns its tap.
    @discardableResult
    public mutating func finish() -> TabletPosition? {
        endStroke()
    }

    private mutating func endStroke() -> TabletPosition? {
        guard sum.count > 0 else { return nil }
        let tap = TabletPosition(xMillimetres: sum.x / Double(sum.count), yMillimetres: sum.y / Double(sum.count))
        taps.append(tap)
        sum = (0, 0, 0)
        return tap
    }
}

/// The pressure a pen actually used, per tool (pen, eraser; per serial), from pen events: what
/// `calibrate pressure` reports from a recording or a live tablet.
public struct PressureObserver {
    /// What one tool did.
    public struct Tool: Hashable, Sendable {
        public var tool: PenTool
        public var serial: Int32?
        public var touchingFrames = 0
        public var hoveringFrames = 0
        /// The lowest raw pressure of a frame with the tip down.
        public var minimumTouching: Int32?
        /// The highest raw pressure of any frame in proximity.
        public var maximum: Int32?
        /// The highest raw pressure while hovering: non-zero for a worn nib.
        public var maximumHovering: Int32?
        /// The worn-nib resting offset the frame assembler detected, if any.
        public var wornNibOffset: Int32?

        init(tool: PenTool, serial: Int32?) {
            self.tool = tool
            self.serial = serial
        }
    }

    private var assembler: FrameAssembler
    private var observed: [Tool] = []
    /// Frames with the tip down (from `BTN_TOUCH`) before the pressure axis ever reported: a
    /// tablet that declares pressure and never sends it touches without a pressure to observe.
    public private(set) var touchingFramesWithoutPressure = 0

    public init(device: DeviceDescription) throws(PenDeviceRejection) {
        assembler = try FrameAssembler(device: device)
    }

    /// One event; returns true when it completed a frame with the tip down (a stroke's frame).
    @discardableResult
    public mutating func process(_ event: InputEvent) -> Bool {
        guard case .pen(let frame)? = assembler.process(event), frame.inProximity else { return false }
        let index: Int
        if let known = observed.firstIndex(where: { $0.tool == frame.tool && $0.serial == frame.serial }) {
            index = known
        } else {
            observed.append(Tool(tool: frame.tool, serial: frame.serial))
            index = observed.count - 1
        }
        guard let pressure = frame.axes.pressure else {
            // No pressure reported yet (or ever): the frame is counted, its pressure is not observed.
            if frame.isInContact { touchingFramesWithoutPressure += 1 } else { observed[index].hoveringFrames += 1 }
            return frame.isInContact
        }
        observed[index].maximum = max(observed[index].maximum ?? pressure, pressure)
        if frame.isInContact {
            observed[index].touchingFrames += 1
            observed[index].minimumTouching = min(observed[index].minimumTouching ?? pressure, pressure)
        } else {
            observed[index].hoveringFrames += 1
            observed[index].maximumHovering = max(observed[index].maximumHovering ?? pressure, pressure)
        }
        return frame.isInContact
    }

    /// Every tool seen, in the order it first came into proximity, with its worn-nib offset.
    public var tools: [Tool] {
        observed.map { tool in
            var tool = tool
            tool.wornNibOffset = assembler.pressureOffset(tool: tool.tool, serial: tool.serial)
            return tool
        }
    }
}
