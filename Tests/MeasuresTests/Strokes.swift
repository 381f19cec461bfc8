import Foundation
import Measures

/// Synthetic strokes whose measures have closed forms (docs/measures.md names the test of each formula).
enum Strokes {
    /// `count` samples `interval` seconds apart from `start`, at the positions `position(t)` gives
    /// for the time t since the first sample.
    static func sampled(
        count: Int, interval: Double, start: Double = 0, force: (Double) -> Double = { _ in 1 },
        _ position: (Double) -> (x: Double, y: Double)
    ) -> InkStroke {
        InkStroke(
            points: (0..<count).map { k in
                let t = Double(k) * interval
                let p = position(t)
                return InkPoint(time: start + t, xMillimetres: p.x, yMillimetres: p.y, force: force(t))
            })
    }

    /// A straight line at `speed` mm/s in direction `angle` from (x0, y0).
    static func line(
        speed: Double, angle: Double, count: Int, interval: Double, start: Double = 0,
        from origin: (Double, Double) = (10, 20)
    ) -> InkStroke {
        sampled(count: count, interval: interval, start: start) { t in
            (origin.0 + speed * t * cos(angle), origin.1 + speed * t * sin(angle))
        }
    }

    /// A circle of `radius` mm about (cx, cy) at `angularSpeed` rad/s.
    static func circle(radius: Double, angularSpeed: Double, count: Int, interval: Double) -> InkStroke {
        sampled(count: count, interval: interval) { t in
            (60 + radius * cos(angularSpeed * t), 70 + radius * sin(angularSpeed * t))
        }
    }

    /// A minimum-jerk reach of `distance` mm in `duration` s along `angle` (Flash & Hogan 1985):
    /// x(τ) = D (10τ³ − 15τ⁴ + 6τ⁵), τ = t/T.
    static func minimumJerk(distance: Double, duration: Double, count: Int, angle: Double = 0.3) -> InkStroke {
        sampled(count: count, interval: duration / Double(count - 1)) { t in
            let tau = t / duration
            let s = distance * (10 * pow(tau, 3) - 15 * pow(tau, 4) + 6 * pow(tau, 5))
            return (5 + s * cos(angle), 8 + s * sin(angle))
        }
    }
}

/// `a` within `relative` of `b` (relative to |b|).
func close(_ a: Double?, _ b: Double, relative: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= relative * abs(b)
}

/// `a` within `absolute` of `b`.
func near(_ a: Double?, _ b: Double, absolute: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= absolute
}
