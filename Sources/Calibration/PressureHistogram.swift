public import StylusInput

/// How often each pressure came while the pen touched and while it hovered, in bins across the
/// axis, and the profile's `pressure.minimum` and `tip_threshold` it proposes (`calibrate
/// pressure`, issue 33 item 3). Pure: it is given frames.
public struct PressureHistogram: Hashable, Sendable {
    /// One bin: the raw pressures from `from` to `to`, and how many frames had one.
    public struct Bin: Hashable, Sendable {
        /// The bin's lowest raw pressure.
        public var from: Int32
        /// The bin's highest raw pressure.
        public var to: Int32
        /// Frames with the tip down.
        public var touching = 0
        /// Frames in proximity with the tip up.
        public var hovering = 0
    }

    /// The profile settings proposed, in raw units.
    public struct Proposal: Hashable, Sendable {
        /// `pressure.minimum`: the resting pressure, the highest seen while hovering (the axis minimum for
        /// a nib that rests at it).
        public var minimum: Int32
        /// `tip_threshold`: units above the minimum at which the tip counts as down, half the way to the
        /// light touches (the 5th percentile of the touching pressures).
        public var tipThreshold: Int32

        /// The proposal of `minimum` and `tipThreshold` (a script's own, or one read back).
        public init(minimum: Int32, tipThreshold: Int32) {
            (self.minimum, self.tipThreshold) = (minimum, tipThreshold)
        }
    }

    /// How many bins span the axis.
    public static let binCount = 16

    /// The device's pressure axis.
    public let axis: AbsInfo
    /// The bins, from the axis minimum up.
    public private(set) var bins: [Bin]
    private var touchingCounts: [Int32: Int] = [:]
    private var highestHovering: Int32?

    /// An empty histogram of `axis`.
    public init(axis: AbsInfo) {
        self.axis = axis
        let span = max(1, Int64(axis.maximum) - Int64(axis.minimum) + 1)
        bins = (0..<Self.binCount).map { index in
            let from = Int64(axis.minimum) + span * Int64(index) / Int64(Self.binCount)
            let to = Int64(axis.minimum) + span * Int64(index + 1) / Int64(Self.binCount) - 1
            return Bin(from: Int32(from), to: Int32(max(from, to)))
        }
    }

    /// Counts `frame`'s pressure (a frame in proximity that carries one).
    public mutating func count(_ frame: PenFrame) {
        guard frame.inProximity, let pressure = frame.axes.pressure else { return }
        let index = bins.lastIndex { $0.from <= pressure } ?? 0
        if frame.isInContact {
            bins[index].touching += 1
            touchingCounts[pressure, default: 0] += 1
        } else {
            bins[index].hovering += 1
            highestHovering = max(highestHovering ?? pressure, pressure)
        }
    }

    /// The settings proposed; nil without touches, or when the light touches are no higher than the
    /// resting pressure (nothing separates touching from hovering).
    public var proposal: Proposal? {
        let touching = touchingCounts.values.reduce(0, +)
        guard touching > 0 else { return nil }
        let minimum = max(axis.minimum, highestHovering ?? axis.minimum)
        // The 5th percentile, so one stray light frame does not set the threshold.
        let wanted = max(1, Int((Double(touching) * 0.05).rounded(.up)))
        var seen = 0
        var lightTouch = axis.maximum
        for pressure in touchingCounts.keys.sorted() {
            seen += touchingCounts[pressure] ?? 0
            if seen >= wanted {
                lightTouch = pressure
                break
            }
        }
        guard lightTouch > minimum else { return nil }
        return Proposal(minimum: minimum, tipThreshold: max(1, (lightTouch - minimum) / 2))
    }
}
