public import StylusGeometry
public import StylusInput

/// The pressure range a pen actually used, per tool (`calibrate pressure`): a recording read to
/// its end, or a live tablet until Ctrl-C.
public struct PressureCalibration {
    /// The device's pressure axis, whose range the observed one is set against.
    public var axis: AbsInfo
    /// Each tool seen, with its lowest pressure while touching, highest, and worn-nib offset.
    public var tools: [PressureObserver.Tool]
    /// The pressures touching and hovering, every tool's together, and the profile settings they propose.
    public var histogram: PressureHistogram

    /// Reads `input`'s pressure; `reading` is told once the device is known to report pressure,
    /// before the first event is read (to ask for strokes on a live tablet).
    ///
    /// - Throws: `CalibrationError` when the device has no pressure axis, the pen never touched, or
    ///   it touched and the device never sent a pressure value.
    public init(input: PenInput, reading: () -> Void = {}, note: (String) -> Void = { _ in }) throws {
        let device = input.device
        guard let axis = device.absInfo[AbsoluteAxis.pressure] else {
            throw CalibrationError.noPressureAxis(device: device.name)
        }
        var observer = try PressureObserver(device: device)
        // The same frames as the observer's, for the histogram (the observer keeps only extremes).
        var frames = try FrameAssembler(device: device)
        var histogram = PressureHistogram(axis: axis)
        reading()
        try input.forEachEvent(note: note) { event in
            observer.process(event)
            if case .pen(let frame)? = frames.process(event) { histogram.count(frame) }
            return true
        }
        guard observer.tools.contains(where: { $0.touchingFrames > 0 }) else {
            if observer.touchingFramesWithoutPressure > 0 {
                throw CalibrationError.pressureNeverSent(
                    file: input.name, touchingFrames: observer.touchingFramesWithoutPressure)
            }
            throw CalibrationError.noContact(file: input.name)
        }
        self.axis = axis
        tools = observer.tools
        self.histogram = histogram
    }
}
