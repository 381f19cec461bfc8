/// The shape of ink beyond its length: extents, crossings, vertical peaks and valleys, the
/// changes of direction of each profile, and stops (docs/measures.md, "Shape, stops and profiles").
enum StrokeShape {
    /// Speeds at or below this (mm/s) for at least `stopDuration` make a stop inside a stroke.
    static let stopSpeed = 1.0
    static let stopDuration = 0.015

    /// Largest minus smallest of `values`; nil for none.
    static func extent(_ values: [Double]) -> Double? {
        guard let low = values.min(), let high = values.max() else { return nil }
        return high - low
    }

    /// Runs of consecutive sample intervals at or below `stopSpeed` lasting `stopDuration` or
    /// more: their number and their summed duration.
    static func stops(speeds: [Double], intervals: [Double]) -> (count: Int, time: Double) {
        var count = 0
        var time = 0.0
        var run = 0.0
        // A tolerance of a nanosecond keeps a run of exactly 15 whole milliseconds a stop.
        let shortest = stopDuration - 1e-9
        for (speed, interval) in zip(speeds, intervals) {
            if speed <= stopSpeed {
                run += interval
                continue
            }
            if run >= shortest {
                count += 1
                time += run
            }
            run = 0
        }
        if run >= shortest {
            count += 1
            time += run
        }
        return (count, time)
    }

    /// Vertical peaks (the pen turning from going up to going down; y grows downwards) and
    /// valleys (down to up), over the samples as recorded; a flat run is no turn.
    static func verticalTurns(_ ys: [Double]) -> (peaks: Int, valleys: Int) {
        var peaks = 0
        var valleys = 0
        var lastSign = 0
        for i in ys.indices.dropFirst() {
            let difference = ys[i] - ys[i - 1]
            let sign = difference > 0 ? 1 : (difference < 0 ? -1 : 0)
            guard sign != 0 else { continue }
            if lastSign == -1, sign == 1 { peaks += 1 }
            if lastSign == 1, sign == -1 { valleys += 1 }
            lastSign = sign
        }
        return (peaks, valleys)
    }

    /// A segment between consecutive samples, with its bounding box for a quick rejection.
    struct Segment {
        var x0, y0, x1, y1: Double
        var minX: Double { min(x0, x1) }
        var maxX: Double { max(x0, x1) }
        var minY: Double { min(y0, y1) }
        var maxY: Double { max(y0, y1) }

        /// Whether the two segments cross at a point inside both: touching ends, collinear
        /// overlaps and repeated samples are no crossing, so a stroke through its own sample
        /// (or two strokes meeting end to end) counts none.
        func crosses(_ other: Segment) -> Bool {
            guard maxX >= other.minX, other.maxX >= minX, maxY >= other.minY, other.maxY >= minY else {
                return false
            }
            let d1 = Self.orientation(x0, y0, x1, y1, other.x0, other.y0)
            let d2 = Self.orientation(x0, y0, x1, y1, other.x1, other.y1)
            let d3 = Self.orientation(other.x0, other.y0, other.x1, other.y1, x0, y0)
            let d4 = Self.orientation(other.x0, other.y0, other.x1, other.y1, x1, y1)
            return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
        }

        static func orientation(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ cx: Double, _ cy: Double)
            -> Double
        {
            (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
        }
    }

    /// The segments between consecutive samples of `points`.
    static func segments(_ points: [InkPoint]) -> [Segment] {
        guard points.count >= 2 else { return [] }
        return (1..<points.count).map { k in
            Segment(
                x0: points[k - 1].xMillimetres, y0: points[k - 1].yMillimetres, x1: points[k].xMillimetres,
                y1: points[k].yMillimetres)
        }
    }

    /// Crossings of a stroke with itself: pairs of its segments that are not neighbours and cross.
    static func selfIntersections(_ points: [InkPoint]) -> Int {
        let segments = Self.segments(points)
        var count = 0
        for i in segments.indices {
            for j in stride(from: i + 2, to: segments.count, by: 1) where segments[i].crosses(segments[j]) {
                count += 1
            }
        }
        return count
    }

    /// Crossings between different strokes: pairs of segments, one from each of two strokes, that cross.
    static func crossings(between strokes: [[InkPoint]]) -> Int {
        let lines = strokes.map { Self.segments($0) }
        let boxes = lines.map { line -> Segment? in
            guard !line.isEmpty else { return nil }
            return Segment(
                x0: line.map(\.minX).min()!, y0: line.map(\.minY).min()!, x1: line.map(\.maxX).max()!,
                y1: line.map(\.maxY).max()!)
        }
        var count = 0
        for a in lines.indices {
            guard let boxA = boxes[a] else { continue }
            for b in lines.indices where b > a {
                guard let boxB = boxes[b], boxA.maxX >= boxB.minX, boxB.maxX >= boxA.minX, boxA.maxY >= boxB.minY,
                    boxB.maxY >= boxA.minY
                else { continue }
                for first in lines[a] {
                    for second in lines[b] where first.crosses(second) { count += 1 }
                }
            }
        }
        return count
    }
}
