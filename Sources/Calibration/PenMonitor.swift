public import StylusGeometry
public import StylusInput

/// What `styluskit monitor` shows of one frame of the pen: what the kernel sent, and what
/// StylusKit makes of it (position in millimetres, force, tilt as altitude and azimuth).
public struct PenReading: Hashable, Sendable {
    /// Seconds since the first frame the monitor saw.
    public var seconds: Double
    /// The tool in proximity, or the one that just left.
    public var tool: PenTool
    /// True while the tool is in proximity (false in the frame it leaves).
    public var inProximity: Bool
    /// True while the tip touches, by the frame assembler's pressure thresholds.
    public var tipDown: Bool
    /// The barrel buttons held.
    public var buttons: PenButtons
    /// The raw position, in device units.
    public var rawX: Int32
    /// The raw `ABS_Y`.
    public var rawY: Int32
    /// The position on the active area, in millimetres from its top left corner.
    public var position: TabletPosition
    /// The raw pressure and the normalised force (1.0 an average touch); nil without a pressure axis.
    public var pressure: Int32?
    /// The normalised force of `pressure`, a worn nib's offset subtracted.
    public var force: Double?
    /// The raw hover distance, when the device reports one.
    public var distance: Int32?
    /// Tilt in degrees and as altitude and azimuth in degrees; nil without both tilt axes.
    public var tilt: TiltDegrees?
    /// The altitude, 90 upright (ADF stores it in radians).
    public var altitudeDegrees: Double?
    /// The azimuth, 0 toward +x, clockwise with y down.
    public var azimuthDegrees: Double?
    /// Pen frames in the second up to this one: the sampling rate while the pen moves.
    public var framesPerSecond: Int
    /// Pen frames seen so far.
    public var frames: Int
    /// `SYN_DROPPED`s so far (the kernel's buffer overflowed), and the events they lost.
    public var drops: Int
    /// The events those `SYN_DROPPED`s lost.
    public var droppedEvents: Int
}

/// The live pen as `libinput debug-tablet` shows it, through StylusKit's own frame assembly and
/// normalisation (the same the sessions use), so what it shows is what a session would record.
///
/// Pure: it is given events and gives readings; the command reads the tablet and prints.
public struct PenMonitor: Sendable {
    private var assembler: FrameAssembler
    /// The normalisation of the device's description and profile; its tablet size is the active area.
    public let normalizer: Normalizer
    private var first: EventTime?
    private var recentFrames: [EventTime] = []
    private var frames = 0
    private var drops = 0
    private var droppedEvents = 0

    /// Sets up the monitor of `device`, with the tablet profile that applies to it, if any.
    ///
    /// - Throws: `PenDeviceRejection` when the device is not a pen; `NormalizationError` when its
    ///   position axes have no range or resolution.
    public init(device: DeviceDescription, profile: TabletProfile?) throws {
        assembler = try FrameAssembler(device: device, tipContact: profile?.pressure.tipContact)
        // The form plays no part in tablet millimetres; any size will do.
        normalizer = try Normalizer(
            device: device, profile: profile, formSize: FormSize(widthCentimetres: 29.7, heightCentimetres: 21))
    }

    /// The reading of the pen frame `event` ends, or nil (not a frame end, or not the pen's frame).
    public mutating func process(_ event: InputEvent) -> PenReading? {
        guard case .pen(let frame) = assembler.process(event) else { return nil }
        if let gap = frame.gapBefore {
            drops += 1
            droppedEvents += gap.discardedEvents
        }
        frames += 1
        recentFrames.append(frame.time)
        let windowStart = frame.time.microseconds - 1_000_000
        if let stale = recentFrames.firstIndex(where: { $0.microseconds > windowStart }), stale > 0 {
            recentFrames.removeFirst(stale)
        }
        let start = first ?? frame.time
        first = start
        let sample = normalizer.sample(frame)
        var tilt: TiltDegrees?
        if let scales = normalizer.tiltScales, let x = frame.axes.tiltX, let y = frame.axes.tiltY {
            tilt = TiltDegrees(x: scales.x.degrees(x), y: scales.y.degrees(y))
        }
        let hasPressure = normalizer.forceScale != nil && frame.axes.pressure != nil
        return PenReading(
            seconds: frame.time.duration(since: start).seconds, tool: frame.tool, inProximity: frame.inProximity,
            tipDown: frame.tipDown, buttons: frame.buttons, rawX: frame.axes.x, rawY: frame.axes.y,
            position: sample.tabletPosition, pressure: frame.axes.pressure, force: hasPressure ? sample.force : nil,
            distance: frame.axes.distance, tilt: tilt,
            altitudeDegrees: tilt.map { _ in sample.altitude * 180 / .pi },
            azimuthDegrees: tilt.map { _ in sample.azimuth * 180 / .pi }, framesPerSecond: recentFrames.count,
            frames: frames, drops: drops, droppedEvents: droppedEvents)
    }
}
