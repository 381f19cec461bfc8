public import StylusGeometry
public import StylusInput

/// A device a recording is synthesized for: its description and how its units map to the form.
public struct SynthesisDevice: Sendable {
    public let description: DeviceDescription
    public let area: DeviceArea
    public let resolution: UnitsPerMillimetre
    public let tabletToForm: TabletToFormTransform

    /// Checks that the device can draw: it has position axes and a way to tell contact
    /// (`BTN_TOUCH` or `ABS_PRESSURE`).
    ///
    /// - Parameters:
    ///   - area, resolution, tabletToForm: the replay's mapping (`Normalizer`'s), so that the
    ///     positions generated land where the scenario aimed when replayed.
    public init(
        description: DeviceDescription, area: DeviceArea, resolution: UnitsPerMillimetre,
        tabletToForm: TabletToFormTransform
    ) throws(ScenarioError) {
        guard description.supports(.absolute, AbsoluteAxis.x), description.supports(.absolute, AbsoluteAxis.y) else {
            throw .unsuitableDevice(device: description.name, problem: "has no ABS_X and ABS_Y axes")
        }
        guard description.supports(.key, KeyCode.touch) || description.absInfo[AbsoluteAxis.pressure] != nil else {
            throw .unsuitableDevice(
                device: description.name, problem: "reports neither BTN_TOUCH nor ABS_PRESSURE, so no contact")
        }
        let determinant = tabletToForm.xx * tabletToForm.yy - tabletToForm.xy * tabletToForm.yx
        guard determinant != 0, determinant.isFinite else {
            throw .unsuitableDevice(
                device: description.name, problem: "has a tablet-to-form mapping that cannot be inverted")
        }
        self.description = description
        self.area = area
        self.resolution = resolution
        self.tabletToForm = tabletToForm
    }

    /// The device units of a form position (not rounded): the replay's mapping run backwards.
    func deviceUnits(of form: FormPosition) -> (x: Double, y: Double) {
        let t = tabletToForm
        let fx = form.xCentimetres - t.x0
        let fy = form.yCentimetres - t.y0
        let determinant = t.xx * t.yy - t.xy * t.yx
        let millimetresX = (t.yy * fx - t.xy * fy) / determinant
        let millimetresY = (t.xx * fy - t.yx * fx) / determinant
        return (
            Double(area.minimumX) + millimetresX * resolution.x, Double(area.minimumY) + millimetresY * resolution.y
        )
    }
}

/// Turns a pen plan into the evdev events a real tablet would send: frames at 133-266 Hz with
/// jitter, a little tremor, pressure rising and falling with each stroke, a slowly drifting
/// tilt, hover frames with a distance between strokes, and proximity in and out.
///
/// Like the kernel, it sends an axis only when its value changed; `MSC_SERIAL` goes with every
/// frame where the device has it; Wacom devices zero their axes in the proximity-out frame.
/// Every random choice comes from the seed, so a seed always gives the same events.
public struct PenEventSynthesizer {
    /// The tool id written to `ABS_MISC` (a Wacom Pro Pen's).
    public static let toolID: Int32 = 0x0010_0802
    /// The serial written to `MSC_SERIAL`.
    public static let serial: Int32 = 0x2C5E_ED01
    /// The shortest and longest time between frames: 266 and 133 Hz.
    public static let intervalRange: ClosedRange<Int64> = 3_760...7_518

    let device: SynthesisDevice
    var random: SynthRandom

    /// The events of `plan`, in time order, every frame ended by `SYN_REPORT`.
    public mutating func events(for plan: PenPlan) -> [InputEvent] {
        let description = device.description
        let pressure = description.absInfo[AbsoluteAxis.pressure]
        let distanceAxis = description.absInfo[AbsoluteAxis.distance]
        let tiltX = description.absInfo[AbsoluteAxis.tiltX]
        let tiltY = description.absInfo[AbsoluteAxis.tiltY]
        let hasToolKey = description.supports(.key, KeyCode.toolPen)
        let hasTouch = description.supports(.key, KeyCode.touch)
        let hasSerial = description.supports(.miscellaneous, MiscellaneousCode.serial)
        let hasMisc =
            description.absInfo[AbsoluteAxis.misc] != nil && description.supports(.absolute, AbsoluteAxis.misc)
        let zeroesOnLeaving = description.id.vendor == 0x056a

        // The hand: sampling rate, tilt and tremor of this recording.
        let baseInterval = random.uniform(4_400...6_000)
        let baseTiltX = random.uniform(15...35)
        let baseTiltY = random.uniform(20...40)
        let tiltPhase = random.uniform(0...6.28)
        let tremorPhases = (random.uniform(0...6.28), random.uniform(0...6.28), random.uniform(0...6.28))

        var events: [InputEvent] = []
        events.reserveCapacity(Int((plan.end.microseconds - plan.start.microseconds) / 5_000 + 1) * 8)
        var last: [UInt16: Int32] = [:]
        for (code, info) in description.absInfo { last[code] = info.value }
        var keys: [UInt16: Int32] = [:]
        var inProximity = false
        var strokeIndex = 0
        var peak = random.uniform(0.35...0.55)

        func emit(_ type: EventType, _ code: UInt16, _ value: Int32, at time: EventTime) {
            events.append(InputEvent(time: time, type: type, code: code, value: value))
        }
        func axis(_ code: UInt16, _ value: Int32, at time: EventTime) {
            guard description.absInfo[code] != nil, description.supports(.absolute, code), last[code] != value else {
                return
            }
            last[code] = value
            emit(.absolute, code, value, at: time)
        }
        func key(_ code: UInt16, _ value: Int32, at time: EventTime) {
            guard description.supports(.key, code), keys[code, default: 0] != value else { return }
            keys[code] = value
            emit(.key, code, value, at: time)
        }
        func clamp(_ value: Double, _ info: AbsInfo) -> Int32 {
            Int32(min(Double(info.maximum), max(Double(info.minimum), value.rounded())))
        }
        func tiltUnits(_ degrees: Double, _ info: AbsInfo) -> Int32 {
            // The inverse of the replay's conversion (libinput's): units per radian when the axis
            // has a resolution and spans zero, else the range mapped onto ±64 degrees.
            if let resolution = info.resolution, resolution != 0, info.minimum < 0, info.maximum > 0 {
                return clamp(degrees * .pi / 180 * Double(resolution), info)
            }
            let fraction = (degrees / 64 + 1) / 2
            return clamp(Double(info.minimum) + fraction * Double(info.maximum - info.minimum), info)
        }
        func leave(at time: EventTime) {
            if zeroesOnLeaving {
                for code in [
                    AbsoluteAxis.x, AbsoluteAxis.y, AbsoluteAxis.pressure, AbsoluteAxis.distance,
                    AbsoluteAxis.tiltX, AbsoluteAxis.tiltY,
                ] {
                    axis(code, 0, at: time)
                }
            } else {
                axis(AbsoluteAxis.pressure, 0, at: time)
            }
            key(KeyCode.touch, 0, at: time)
            key(KeyCode.toolPen, 0, at: time)
            if hasMisc { axis(AbsoluteAxis.misc, 0, at: time) }
            if hasSerial { emit(.miscellaneous, MiscellaneousCode.serial, Self.serial, at: time) }
            emit(.synchronization, SynchronizationCode.report, 0, at: time)
            inProximity = false
        }

        var index = 0
        var time = plan.start.advanced(by: EventDuration(microseconds: Int64(random.uniform(0...3_000))))
        while index < plan.segments.count {
            let timed = plan.segments[index]
            if time >= timed.end {
                index += 1
                continue
            }
            if case .away = timed.segment {
                if inProximity { leave(at: time) }
                // The pen comes back into range a few milliseconds after the away time ends.
                time = timed.end.advanced(by: EventDuration(microseconds: Int64(random.uniform(0...4_000))))
                index += 1
                continue
            }
            let seconds = Double(time.microseconds) / 1_000_000
            let (position, contact, height) = state(of: timed, at: time)

            // Tremor: two physiological tremor components and a little sensor noise, in mm.
            let tremorX =
                0.04 * sine(2 * .pi * 9.5 * seconds + tremorPhases.0)
                + 0.03 * sine(2 * .pi * 11.3 * seconds + tremorPhases.2) + random.noise(0.012)
            let tremorY =
                0.04 * sine(2 * .pi * 9.5 * seconds + tremorPhases.1)
                + 0.03 * cosine(2 * .pi * 11.3 * seconds + tremorPhases.2) + random.noise(0.012)
            let units = device.deviceUnits(of: position)
            let xInfo = description.absInfo[AbsoluteAxis.x]!
            let yInfo = description.absInfo[AbsoluteAxis.y]!
            let x = clamp(units.x + tremorX * device.resolution.x, xInfo)
            let y = clamp(units.y + tremorY * device.resolution.y, yInfo)

            inProximity = true
            axis(AbsoluteAxis.x, x, at: time)
            axis(AbsoluteAxis.y, y, at: time)
            if let pressure {
                var value = 0.0
                if contact {
                    while strokeIndex < plan.strokes.count - 1, plan.strokes[strokeIndex].up < time {
                        strokeIndex += 1
                        peak = random.uniform(0.35...0.55)
                    }
                    let stroke = plan.strokes[min(strokeIndex, plan.strokes.count - 1)]
                    let sinceDown = Double(time.microseconds - stroke.down.microseconds) / 1_000_000
                    let untilUp = Double(stroke.up.microseconds - time.microseconds) / 1_000_000
                    // Rises from 12% over 40 ms, falls to 6% over the last 40 ms: always above
                    // libinput's 5% contact threshold at touch-down and its 1% release threshold after.
                    var fraction = peak * (1 + 0.08 * sine(2 * .pi * 1.3 * seconds)) + random.noise(0.006)
                    fraction = min(fraction, 0.12 + (peak - 0.12) * min(1, sinceDown / 0.04))
                    fraction = min(fraction, 0.06 + (peak - 0.06) * min(1, max(0, untilUp) / 0.04))
                    value = Double(pressure.minimum) + max(0.06, fraction) * Double(pressure.maximum - pressure.minimum)
                }
                axis(AbsoluteAxis.pressure, clamp(value, pressure), at: time)
            }
            if let distanceAxis {
                let fraction = contact ? 0.1 : height
                axis(
                    AbsoluteAxis.distance,
                    clamp(
                        Double(distanceAxis.minimum) + fraction * Double(distanceAxis.maximum - distanceAxis.minimum),
                        distanceAxis),
                    at: time)
            }
            if let tiltX, let tiltY {
                let drift = 3 * sine(2 * .pi * 0.3 * seconds + tiltPhase)
                axis(AbsoluteAxis.tiltX, tiltUnits(baseTiltX + drift + random.noise(0.3), tiltX), at: time)
                axis(AbsoluteAxis.tiltY, tiltUnits(baseTiltY - drift + random.noise(0.3), tiltY), at: time)
            }
            if hasMisc { axis(AbsoluteAxis.misc, Self.toolID, at: time) }
            if hasToolKey { key(KeyCode.toolPen, 1, at: time) }
            if hasTouch { key(KeyCode.touch, contact ? 1 : 0, at: time) }
            if hasSerial { emit(.miscellaneous, MiscellaneousCode.serial, Self.serial, at: time) }
            emit(.synchronization, SynchronizationCode.report, 0, at: time)

            let jitter = random.uniform(-1_000...1_000)
            let interval = Int64(baseInterval + jitter).clamped(to: Self.intervalRange)
            time = time.advanced(by: EventDuration(microseconds: interval))
        }
        if inProximity { leave(at: time) }
        return events
    }

    /// Where the pen is at `time` within `timed`, whether it touches, and its height above the
    /// surface as a fraction of the distance axis.
    func state(of timed: TimedSegment, at time: EventTime) -> (FormPosition, Bool, Double) {
        let span = Double(timed.end.microseconds - timed.start.microseconds)
        let progress = span > 0 ? min(1, max(0, Double(time.microseconds - timed.start.microseconds) / span)) : 1
        switch timed.segment {
        case .hover(let from, let to, let startHeight, let endHeight, let arch):
            // Smoothstep: the hand accelerates and slows down between strokes too.
            let eased = progress * progress * (3 - 2 * progress)
            let position = FormPosition(
                xCentimetres: from.xCentimetres + (to.xCentimetres - from.xCentimetres) * eased,
                yCentimetres: from.yCentimetres + (to.yCentimetres - from.yCentimetres) * eased)
            let height = startHeight + (endHeight - startHeight) * progress + arch * sine(.pi * progress)
            return (position, false, min(1, height))
        case .draw(let path):
            // Minimum-jerk profile along the path: s = L (10τ³ − 15τ⁴ + 6τ⁵).
            let tau = progress
            let shaped = tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
            return (point(along: path, fraction: shaped), true, 0)
        case .hold(let position):
            return (position, true, 0)
        case .away:
            return (FormPosition(xCentimetres: 0, yCentimetres: 0), false, 1)
        }
    }

    /// The point `fraction` of the way along a polyline, by length.
    func point(along path: [FormPosition], fraction: Double) -> FormPosition {
        guard path.count > 1 else { return path[0] }
        let lengths = zip(path, path.dropFirst()).map { distance($0.0, $0.1) }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return path[0] }
        var remaining = fraction * total
        for (index, length) in lengths.enumerated() {
            if remaining <= length || index == lengths.count - 1 {
                let t = length > 0 ? min(1, remaining / length) : 0
                let a = path[index]
                let b = path[index + 1]
                return FormPosition(
                    xCentimetres: a.xCentimetres + (b.xCentimetres - a.xCentimetres) * t,
                    yCentimetres: a.yCentimetres + (b.yCentimetres - a.yCentimetres) * t)
            }
            remaining -= length
        }
        return path[path.count - 1]
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        Swift.min(range.upperBound, Swift.max(range.lowerBound, self))
    }
}
