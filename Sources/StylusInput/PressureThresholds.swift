/// Tip-contact thresholds of one tool, with worn-nib pressure offset detection.
///
/// The rules and numbers are libinput's (src/evdev-tablet.c, tag 1.31.3):
/// - `update_pressure_range()`: the tip goes down at 5% of the pressure range and up
///   at 1%, each computed as `(max - min) * percent / 100 + min` truncated to an integer.
///   Contact starts when pressure >= the upper threshold and ends when pressure <= the
///   lower one (`detect_tool_contact()`), so values between the two keep the tip as it was.
/// - `detect_pressure_offset()`: when a tool enters proximity with pressure above the
///   minimum, that pressure is a worn nib's offset, provided the tool is hovering:
///   on devices with `ABS_DISTANCE`, its distance is at least 50% of the distance range;
///   on devices without one, the decision waits for the third proximity-in that carries
///   pressure and uses the smallest pressure seen until then. An offset above 50% of the
///   range is ignored (libinput logs an error). An accepted offset moves the lower
///   threshold to the offset and keeps the 4% gap to the upper one (`set_pressure_offset()`).
/// - `update_pressure_offset()`: a later pressure below the offset lowers it.
///
/// libinput stores the offset as a fraction of the range; we keep it in device units,
/// which is exact where libinput may differ by the truncation of one unit.
///
/// A tablet profile's `tip_threshold` (`TipContactThreshold`) replaces the two percentages: the tip goes
/// down at the threshold above the resting pressure and up at a fifth of it (libinput's 1 : 5),
/// the resting pressure being the worn-nib offset when one is detected, else the profile's
/// `pressure.minimum`, else the axis minimum. Offset detection itself is unchanged.
struct PressureThresholds: Hashable, Sendable {
    /// The deciding steps of the heuristic for devices without a distance axis.
    enum Heuristic: Hashable, Sendable {
        case firstProximityIn, secondProximityIn, decide, done
    }

    let range: AbsInfo
    let distanceRange: AbsInfo?
    private(set) var lower: Int32
    private(set) var upper: Int32
    /// The accepted offset in device units (libinput's `has_offset`), or nil.
    private(set) var offset: Int32?
    /// The smallest pressure seen while the heuristic is still undecided.
    private(set) var smallestSeen: Int32
    private(set) var heuristic: Heuristic
    /// The profile's tip threshold, nil for libinput's percentages.
    let tip: TipContactThreshold?

    init(pressure range: AbsInfo, distance distanceRange: AbsInfo?, tip: TipContactThreshold? = nil) {
        self.range = range
        self.distanceRange = distanceRange
        self.tip = tip
        if let tip {
            (self.lower, self.upper) = tip.contactRange(resting: tip.restingPressure ?? range.minimum)
        } else {
            self.upper = Self.percentage(of: range, 5)
            self.lower = Self.percentage(of: range, 1)
        }
        self.offset = nil
        // libinput starts the undecided offset at 100% of the range.
        self.smallestSeen = range.maximum
        self.heuristic = distanceRange == nil ? .firstProximityIn : .done
    }

    /// libinput's `axis_range_percentage()`: C's double-to-int conversion truncates.
    static func percentage(of axis: AbsInfo, _ percent: Double) -> Int32 {
        Int32((Double(axis.maximum) - Double(axis.minimum)) * percent / 100.0 + Double(axis.minimum))
    }

    private var gap: Int32 { Self.percentage(of: range, 5) - Self.percentage(of: range, 1) }

    private mutating func setOffset(_ units: Int32) {
        offset = units
        if let tip {
            // Never below the profile's minimum: the force scale rests there too (`ForceScale.force`).
            (lower, upper) = tip.contactRange(resting: Swift.max(units, tip.restingPressure ?? range.minimum))
        } else {
            lower = units
            upper = units + gap
        }
    }

    /// `update_pressure_offset()`: called for every frame in which pressure was reported,
    /// and on proximity-in.
    mutating func observe(pressure: Int32) {
        if let offset {
            if pressure < offset { setOffset(pressure) }
        } else if heuristic != .done {
            smallestSeen = Swift.min(smallestSeen, pressure)
        }
    }

    /// The result of offset detection at proximity-in.
    enum Detection: Hashable, Sendable {
        case accepted(units: Int32, percent: Int)
        case ignoredAboveHalf(units: Int32, percent: Int)
    }

    /// `detect_pressure_offset()`: called when the tool enters proximity, after `observe`.
    mutating func detectOffset(pressure: Int32, distance: Int32?) -> Detection? {
        guard offset == nil else { return nil }
        var units = pressure
        guard units > range.minimum else { return nil }
        if let distanceRange {
            // Closer than half the distance range, the pen may be touching: too likely wrong.
            if let distance, distance < Self.percentage(of: distanceRange, 50) { return nil }
        } else {
            smallestSeen = Swift.min(smallestSeen, units)
            switch heuristic {
            case .firstProximityIn:
                heuristic = .secondProximityIn
                return nil
            case .secondProximityIn:
                heuristic = .decide
                return nil
            case .decide:
                heuristic = .done
                units = smallestSeen
            case .done:
                return nil
            }
        }
        guard units > range.minimum else { return nil }
        let span = Double(range.maximum) - Double(range.minimum)
        let fraction = span > 0 ? (Double(units) - Double(range.minimum)) / span : 0
        let percent = Int(fraction * 100)
        if fraction > 0.5 {
            return .ignoredAboveHalf(units: units, percent: percent)
        }
        setOffset(units)
        return .accepted(units: units, percent: percent)
    }

    /// `detect_tool_contact()`: the tip state after a frame with this pressure.
    func contact(pressure: Int32, wasDown: Bool) -> Bool {
        if wasDown { return pressure > lower }
        return pressure >= upper
    }
}

/// A tablet profile's tip contact rule (`pressure.tip_threshold`, with `pressure.minimum`): the
/// frame assembler's tip goes down at `units` above the resting pressure instead of at libinput's
/// 5 % of the range, and up at a fifth of `units` above it instead of at 1 %.
public struct TipContactThreshold: Hashable, Sendable {
    /// Raw pressure units above the resting pressure at which the tip counts as down; 0 counts as
    /// 1, so that a nib at rest is never down.
    public var units: Int32
    /// The raw pressure of a nib at rest (the profile's `pressure.minimum`); nil for the axis minimum.
    public var restingPressure: Int32?

    /// The rule of a profile that gives `units` (and perhaps a resting pressure).
    public init(units: Int32, restingPressure: Int32? = nil) {
        self.units = units
        self.restingPressure = restingPressure
    }

    /// The pressures at or below which the tip goes up and at or above which it goes down, for a
    /// nib resting at `resting`; computed in 64 bits and clamped, so no profile value overflows.
    func contactRange(resting: Int32) -> (lower: Int32, upper: Int32) {
        let down = Int64(Swift.max(units, 1))
        return (Int32(clamping: Int64(resting) + down / 5), Int32(clamping: Int64(resting) + down))
    }
}
