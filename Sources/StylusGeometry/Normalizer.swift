public import StylusInput

/// One pen frame in physical units: what the proctor and the ADF writer consume.
public struct PenSample: Hashable, Sendable {
    /// The kernel timestamp of the frame.
    public var time: EventTime
    public var tool: PenTool
    public var inProximity: Bool
    public var tipDown: Bool
    public var buttons: PenButtons
    /// How the frame changed proximity and contact (stroke starts and ends).
    public var transitions: PenTransitions
    public var tabletPosition: TabletPosition
    public var formPosition: FormPosition
    public var canvasPosition: CanvasPosition
    /// Radians between pen and surface: π/2 upright (and the placeholder when tilt is absent).
    public var altitude: Double
    /// Radians in [0, 2π): 0 toward +x, clockwise with y down (0 when tilt is absent).
    public var azimuth: Double
    /// Force on the ADF scale (see `ForceScale`): 1.0 an average touch (the placeholder of a
    /// touching tip when pressure is absent).
    public var force: Double
    /// What ADF writes in a point's `pressure` attribute: `round(force * 1000)`.
    public var adfPressure: Int
    /// What the sample did not measure: its `altitude`, `azimuth` or `force` is a placeholder.
    public var absentAxes: AbsentAxes

    /// True while the pen draws; see `PenFrame.isInContact`.
    public var isInContact: Bool { tipDown && inProximity }
    /// True while the eraser end touches; see `PenFrame.isEraserContact`. Not ink.
    public var isEraserContact: Bool { tool == .eraser && isInContact }

    /// The sample as a proctor and the stroke recorder should see it: the eraser's contact is not
    /// ink, so an eraser sample is given as hovering (tip up, no tip transitions) and can never
    /// start, continue or end a stroke; every other sample is itself. A driver counts
    /// `isEraserContact` on the sample before this, for its summary.
    public var asInk: PenSample {
        guard tool == .eraser else { return self }
        var hovering = self
        hovering.tipDown = false
        hovering.transitions.remove(.tipWentDown)
        hovering.transitions.remove(.tipWentUp)
        return hovering
    }

    public init(
        time: EventTime, tool: PenTool, inProximity: Bool, tipDown: Bool, buttons: PenButtons = [],
        transitions: PenTransitions = [], tabletPosition: TabletPosition, formPosition: FormPosition,
        canvasPosition: CanvasPosition, altitude: Double, azimuth: Double, force: Double, adfPressure: Int,
        absentAxes: AbsentAxes = []
    ) {
        self.time = time
        self.tool = tool
        self.inProximity = inProximity
        self.tipDown = tipDown
        self.buttons = buttons
        self.transitions = transitions
        self.tabletPosition = tabletPosition
        self.formPosition = formPosition
        self.canvasPosition = canvasPosition
        self.altitude = altitude
        self.azimuth = azimuth
        self.force = force
        self.adfPressure = adfPressure
        self.absentAxes = absentAxes
    }
}

/// Why a device's frames cannot be normalised; found once, when the `Normalizer` is set up.
public enum NormalizationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The device has no `ABS_X` or `ABS_Y` axis: it is not a pen tablet.
    case missingPositionAxis(device: String, id: InputID, axis: String)
    /// An axis's active range is empty (maximum ≤ minimum).
    case emptyRange(device: String, id: InputID, axis: String, minimum: Int32, maximum: Int32)
    /// Neither the device nor a profile gives the resolution of `axes`.
    case missingResolution(device: String, id: InputID, axes: [String], profileSource: String?)
    /// The form has no area.
    case invalidFormSize(FormSize)
    /// The canvas density is not a positive number.
    case invalidPointsPerInch(Double)

    public var description: String {
        switch self {
        case .missingPositionAxis(let device, let id, let axis):
            return
                "\(device) (\(id.busVendorProduct)) has no \(axis) axis, so it is not a pen tablet StylusKit can use; "
                + "choose the device's pen node (styluskit devices lists them)."
        case .emptyRange(let device, let id, let axis, let minimum, let maximum):
            return "\(device) (\(id.busVendorProduct)) reports an empty range \(minimum)...\(maximum) for \(axis). "
                + "Set 'active_area' in a tablet profile for it (schema in Calibration/README.md)."
        case .missingResolution(let device, let id, let axes, let profileSource):
            let axisList = axes.joined(separator: " and ")
            let setting = "'resolution: {x: <units per mm>, y: <units per mm>}'"
            if let profileSource {
                return "\(device) (\(id.busVendorProduct)) reports no resolution for \(axisList), and its profile "
                    + "\(profileSource) sets none. Add \(setting) to \(profileSource) "
                    + "(units per mm = lines per inch / 25.4; schema in Calibration/README.md)."
            }
            let match = "'match: {bus: \(hex(id.bustype)), vendor: \(hex(id.vendor)), product: \(hex(id.product))}'"
            return "\(device) (\(id.busVendorProduct)) reports no resolution for \(axisList). "
                + "Add a tablet profile in Calibration/tablets/ matching it with \(match) and \(setting) "
                + "(units per mm = lines per inch / 25.4; schema in Calibration/README.md; "
                + "/etc/styluskit/calibration/tablets/ and $XDG_CONFIG_HOME/styluskit/calibration/tablets/ are read too)."
        case .invalidFormSize(let size):
            return "The form size \(size.widthCentimetres) x \(size.heightCentimetres) cm has no area; "
                + "give the form's width and height in centimetres, both greater than 0."
        case .invalidPointsPerInch(let value):
            return "The canvas density \(value) points per inch is not usable; give a number greater than 0 "
                + "(\(FormToCanvasScale.defaultPointsPerInch) for a tablet without a display)."
        }
    }

    private func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Turns a device's pen frames into samples in physical units.
///
/// Everything that depends only on the device, its profile, the form and the canvas density
/// is checked and precomputed once, at setup; `sample(_:pressureOffset:)` only multiplies and
/// adds (plus a few trigonometric calls for tilt), because it runs for every frame at up to 1 kHz.
public struct Normalizer: Sendable {
    /// The active area in device units.
    public let area: DeviceArea
    /// The resolution used: the profile's, else the device's, else the recording's header comments'.
    public let resolution: UnitsPerMillimetre
    /// The physical size of the active area.
    public let tabletSize: TabletSize
    public let formSize: FormSize
    public let tabletToForm: TabletToFormTransform
    public let formToCanvas: FormToCanvasScale
    /// Nil when the device has no pressure axis.
    public let forceScale: ForceScale?
    /// Nil when the device lacks either tilt axis.
    public let tiltScales: (x: TiltAxisScale, y: TiltAxisScale)?
    /// The profile's tip contact rule, for the frame assembler of the same device
    /// (`FrameAssembler(device:tipContact:)`); nil without a profile's `tip_threshold`.
    public let tipContact: TipContactThreshold?

    let deviceToTablet: DeviceToTabletScale

    /// Sets up normalisation for one device.
    ///
    /// - Parameters:
    ///   - device: the device's description (its absinfo gives ranges and resolutions).
    ///   - profile: the tablet profile that matched it, if any; its settings override the device's.
    ///   - formSize: the size of the test form.
    ///   - pointsPerInch: the canvas density.
    /// - Throws: `NormalizationError`, e.g. when neither the device nor the profile gives a resolution.
    public init(
        device: DeviceDescription, profile: TabletProfile?, formSize: FormSize,
        pointsPerInch: Double = FormToCanvasScale.defaultPointsPerInch
    ) throws(NormalizationError) {
        guard formSize.widthCentimetres > 0, formSize.heightCentimetres > 0 else { throw .invalidFormSize(formSize) }
        guard pointsPerInch > 0, pointsPerInch.isFinite else { throw .invalidPointsPerInch(pointsPerInch) }
        let (area, resolution) = try Self.activeArea(of: device, profile: profile)
        self.area = area
        self.resolution = resolution
        self.tabletSize = area.size(at: resolution)
        self.formSize = formSize
        self.deviceToTablet = DeviceToTabletScale(area: area, resolution: resolution)
        self.tabletToForm = profile?.tabletToForm ?? .centred(form: formSize, on: tabletSize)
        self.formToCanvas = FormToCanvasScale(pointsPerInch: pointsPerInch)
        self.tipContact = profile?.pressure.tipContact

        if let pressureInfo = device.absInfo[AbsoluteAxis.pressure] {
            let settings = profile?.pressure ?? PressureSettings()
            let minimum = settings.minimum ?? pressureInfo.minimum
            let maximum = settings.maximum ?? pressureInfo.maximum
            // An axis without a range carries no pressure; treat it as absent rather than divide by 0.
            forceScale =
                maximum > minimum
                ? ForceScale(
                    minimum: minimum, maximum: maximum,
                    maximumForce: settings.maximumForce ?? ForceScale.defaultMaximumForce)
                : nil
        } else {
            forceScale = nil
        }

        // libinput ignores tilt unless the device has both axes; so do we.
        if let tiltXInfo = device.absInfo[AbsoluteAxis.tiltX], let tiltYInfo = device.absInfo[AbsoluteAxis.tiltY],
            let x = TiltAxisScale(tiltXInfo), let y = TiltAxisScale(tiltYInfo)
        {
            tiltScales = (x, y)
        } else {
            tiltScales = nil
        }
    }

    /// The active area in device units and the resolution that makes it physical, from the profile
    /// where it says so and from the device otherwise.
    ///
    /// - Throws: `NormalizationError` when an axis is missing or empty, or no resolution is known.
    public static func activeArea(
        of device: DeviceDescription, profile: TabletProfile?
    ) throws(NormalizationError) -> (area: DeviceArea, resolution: UnitsPerMillimetre) {
        guard let xInfo = device.absInfo[AbsoluteAxis.x] else {
            throw .missingPositionAxis(device: device.name, id: device.id, axis: "ABS_X")
        }
        guard let yInfo = device.absInfo[AbsoluteAxis.y] else {
            throw .missingPositionAxis(device: device.name, id: device.id, axis: "ABS_Y")
        }

        let area =
            profile?.activeArea
            ?? DeviceArea(
                minimumX: xInfo.minimum, maximumX: xInfo.maximum, minimumY: yInfo.minimum, maximumY: yInfo.maximum)
        guard area.maximumX > area.minimumX else {
            throw .emptyRange(
                device: device.name, id: device.id, axis: "ABS_X", minimum: area.minimumX, maximum: area.maximumX)
        }
        guard area.maximumY > area.minimumY else {
            throw .emptyRange(
                device: device.name, id: device.id, axis: "ABS_Y", minimum: area.minimumY, maximum: area.maximumY)
        }

        let resolution: UnitsPerMillimetre
        if let fromProfile = profile?.resolution {
            resolution = fromProfile
        } else if let x = device.resolution(of: AbsoluteAxis.x), let y = device.resolution(of: AbsoluteAxis.y) {
            // The device's own, else what an evemu 1.0/1.1 recording's header comments state.
            resolution = UnitsPerMillimetre(x: Double(x.value), y: Double(y.value))
        } else {
            let missing = [("ABS_X", AbsoluteAxis.x), ("ABS_Y", AbsoluteAxis.y)]
                .filter { device.resolution(of: $0.1) == nil }.map(\.0)
            throw .missingResolution(device: device.name, id: device.id, axes: missing, profileSource: profile?.source)
        }

        return (area, resolution)
    }

    /// The sample of one frame.
    ///
    /// - Parameters:
    ///   - frame: the frame, in device units.
    ///   - pressureOffset: the raw pressure of the resting nib when the frame assembler has detected
    ///     a worn nib's offset; nil for the axis minimum.
    @inline(__always)
    public func sample(_ frame: PenFrame, pressureOffset: Int32? = nil) -> PenSample {
        let tablet = deviceToTablet.tabletPosition(x: frame.axes.x, y: frame.axes.y)
        let form = tabletToForm.formPosition(of: tablet)
        let canvas = formToCanvas.canvasPosition(of: form)

        var absent = frame.axes.unmeasured
        let orientation: PenOrientation
        if let tiltScales, let tiltX = frame.axes.tiltX, let tiltY = frame.axes.tiltY {
            orientation = PenOrientation(tiltX: tiltX, tiltY: tiltY, scales: tiltScales)
        } else {
            // No tilt, or an axis not reported yet: its value is unknown, not 0 (upright along
            // it), so the orientation is absent and upright is only the file's placeholder.
            orientation = .upright
            absent.insert(.tilt)  // also when the axes have no usable range (no `tiltScales`)
        }

        let force: Double
        if let forceScale, let pressure = frame.axes.pressure {
            force = forceScale.force(pressure: pressure, offset: pressureOffset ?? frame.pressureOffset)
        } else {
            // No pressure to read: a touching tip is an average touch, a hovering one none
            // (placeholders, recorded as absent).
            force = frame.tipDown ? ForceScale.forceWithoutPressureAxis : 0
            absent.insert(.pressure)
        }

        return PenSample(
            time: frame.time, tool: frame.tool, inProximity: frame.inProximity, tipDown: frame.tipDown,
            buttons: frame.buttons, transitions: frame.transitions, tabletPosition: tablet, formPosition: form,
            canvasPosition: canvas, altitude: orientation.altitude, azimuth: orientation.azimuth, force: force,
            adfPressure: ForceScale.adfPressure(force: force), absentAxes: absent)
    }
}
