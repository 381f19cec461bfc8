import StylusGeometry

/// One way a trail layout breaks the spec (trails.md, "Forms"): the rule and the circles involved.
public enum TrailLayoutViolation: Hashable, Sendable, CustomStringConvertible {
    /// The layout has another number of circles than its part (8 for a sample, 25 for a part).
    case circleCount(found: Int, expected: Int)
    /// The circle at this place in the order has another order number (orders run 1, 2, … without a gap or repeat).
    case order(TrailCircle, expected: Int)
    /// The circle's label is not the one its place in the part's order takes (`1 A 2 B …` in part B).
    case label(TrailCircle, expected: String)
    /// The circle's kind is not the one its place takes (numbers and letters alternate in part B).
    case kind(TrailCircle, expected: TrailCircleKind)
    /// Rule 1: the circle comes nearer the form's edge than the margin (`margin`: the nearest edge
    /// to its rim, negative when the circle sticks out).
    case margin(TrailCircle, margin: Double)
    /// Rule 2: two circles' edges are nearer than the spacing (`gap`: rim to rim, negative when they overlap).
    case spacing(TrailCircle, TrailCircle, gap: Double)
    /// Rule 3: the straight segment from one circle to the next passes nearer another circle's
    /// edge than the clearance (`clearance`: to the rim, negative when the segment crosses it).
    case clearPath(from: TrailCircle, to: TrailCircle, passing: TrailCircle, clearance: Double)

    /// Which of the spec's three rules is broken; nil for the structural mistakes before them.
    public var rule: TrailLayoutRule? {
        switch self {
        case .circleCount, .order, .label, .kind: nil
        case .margin: .margin
        case .spacing: .spacing
        case .clearPath: .clearPath
        }
    }

    /// The circles involved, by order number.
    public var circles: [Int] {
        switch self {
        case .circleCount: []
        case .order(let circle, _), .label(let circle, _), .kind(let circle, _), .margin(let circle, _): [circle.order]
        case .spacing(let first, let second, _): [first.order, second.order]
        case .clearPath(let from, let to, let passing, _): [from.order, to.order, passing.order]
        }
    }

    public var description: String {
        let rules = TrailLayoutValidator.self
        switch self {
        case .circleCount(let found, let expected):
            return "the layout has \(found) circles, the part has \(expected); give one circle per label of the part."
        case .order(let circle, let expected):
            return "\(circle) is number \(expected) in the order but says order \(circle.order); "
                + "number the circles 1, 2, 3 … without a gap or a repeat."
        case .label(let circle, let expected):
            return "\(circle) is labelled \"\(circle.label)\" where the part's order takes \"\(expected)\"; "
                + "relabel it or put it at its place in the order."
        case .kind(let circle, let expected):
            return "\(circle) is a \(circle.kind.rawValue) where the part's order takes a \(expected.rawValue); "
                + "numbers and letters alternate in part B, part A has numbers only."
        case .margin(let circle, let margin):
            return "\(circle) at \(centimetres(circle.centre)) comes \(near(margin)) the form's edge; "
                + "the margin rule asks for \(length(rules.marginCentimetres)): move it inward."
        case .spacing(let first, let second, let gap):
            let apart = gap < 0 ? "overlap by \(length(-gap))" : "are \(length(gap)) apart edge to edge"
            return "\(first) and \(second) \(apart); the spacing rule asks for "
                + "\(length(rules.spacingCentimetres)) between edges: move them apart."
        case .clearPath(let from, let to, let passing, let clearance):
            let passes =
                clearance < 0
                ? "crosses \(passing) (\(length(-clearance)) inside its edge)"
                : "passes \(length(clearance)) from the edge of \(passing)"
            return "the line from \(from) to \(to) \(passes); the clear-path rule asks for "
                + "\(length(rules.clearanceCentimetres)), so a careful line never enters a wrong circle: "
                + "move \(passing) or the line's ends."
        }
    }

    /// `within 0.7 cm of` or `1.2 cm over`: how near a circle's rim comes to an edge.
    private func near(_ margin: Double) -> String {
        margin < 0 ? "\(length(-margin)) over" : "within \(length(margin)) of"
    }
}

/// The spec's three rules for a valid layout (trails.md, "Forms").
public enum TrailLayoutRule: String, CaseIterable, Hashable, Sendable {
    /// Every circle lies inside the form with a 1 cm margin.
    case margin
    /// Circle edges are at least 1 cm apart.
    case spacing
    /// The straight segment between consecutive circles keeps at least 3 mm from every other circle's edge.
    case clearPath = "clear-path"
}

/// A layout refused: its name and every rule it breaks.
public struct TrailLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The layout's name, or the file it came from.
    public var layout: String
    /// Every violation, structural ones first, then by rule and circle.
    public var violations: [TrailLayoutViolation]

    public var description: String {
        "\(layout): not a valid trail layout (trails.md, \"Forms\"); correct each of these and check it again:\n"
            + violations.map { "  - \($0)" }.joined(separator: "\n")
    }
}

/// Checks a trail layout against the part it is for and the spec's three rules.
///
/// Lengths are compared with a tolerance of a micrometre, so a layout written to the rule's exact
/// edge (a circle's rim 1 cm from the form's edge) is valid despite the rounding of its decimals.
public enum TrailLayoutValidator {
    /// Rule 1: how far inside the form's edges every circle's rim must stay.
    public static let marginCentimetres = 1.0
    /// Rule 2: the least distance between two circles' rims.
    public static let spacingCentimetres = 1.0
    /// Rule 3: how far from every other circle's rim the straight line from one circle to the next must stay.
    public static let clearanceCentimetres = 0.3

    /// What the comparisons forgive: rounding, not a real breach.
    static let tolerance = 1e-4

    /// Every way `layout` breaks the spec; empty when it is valid.
    ///
    /// The structural checks (number, order, labels and kinds of the circles) come first; when the
    /// number or the order is wrong the three rules are still checked, on the circles as given.
    public static func violations(of layout: TrailLayout) -> [TrailLayoutViolation] {
        var violations: [TrailLayoutViolation] = []
        let circles = layout.circles
        let labels = layout.part.labels
        if circles.count != labels.count {
            violations.append(.circleCount(found: circles.count, expected: labels.count))
        }
        for (index, circle) in circles.enumerated() where circle.order != index + 1 {
            violations.append(.order(circle, expected: index + 1))
        }
        for (circle, label) in zip(circles, labels) where circle.label != label {
            violations.append(.label(circle, expected: label))
        }
        for (circle, label) in zip(circles, labels) where circle.kind != TrailCircleKind(label: label) {
            violations.append(.kind(circle, expected: TrailCircleKind(label: label)))
        }

        let radius = TrailLayout.circleRadiusCentimetres
        let size = layout.formSize
        for circle in circles {
            let x = circle.centre.xCentimetres
            let y = circle.centre.yCentimetres
            let margin = min(x, y, size.widthCentimetres - x, size.heightCentimetres - y) - radius
            if margin < marginCentimetres - tolerance { violations.append(.margin(circle, margin: margin)) }
        }
        for (index, first) in circles.enumerated() {
            for second in circles[(index + 1)...] {
                let gap = formDistance(first.centre, second.centre) - 2 * radius
                if gap < spacingCentimetres - tolerance { violations.append(.spacing(first, second, gap: gap)) }
            }
        }
        for (index, (from, to)) in zip(circles, circles.dropFirst()).enumerated() {
            for (other, passing) in circles.enumerated() where other != index && other != index + 1 {
                let clearance = segmentDistance(from.centre, to.centre, passing.centre) - radius
                if clearance < clearanceCentimetres - tolerance {
                    violations.append(.clearPath(from: from, to: to, passing: passing, clearance: clearance))
                }
            }
        }
        return violations
    }

    /// Checks `layout`; throws every violation when there is one.
    public static func validate(_ layout: TrailLayout) throws(TrailLayoutError) {
        let violations = violations(of: layout)
        if !violations.isEmpty { throw TrailLayoutError(layout: layout.name, violations: violations) }
    }

    /// The distance from `point` to the segment from `a` to `b`.
    static func segmentDistance(_ a: FormPosition, _ b: FormPosition, _ point: FormPosition) -> Double {
        let dx = b.xCentimetres - a.xCentimetres
        let dy = b.yCentimetres - a.yCentimetres
        let squared = dx * dx + dy * dy
        guard squared > 0 else { return formDistance(a, point) }
        let along = ((point.xCentimetres - a.xCentimetres) * dx + (point.yCentimetres - a.yCentimetres) * dy) / squared
        let t = min(max(along, 0), 1)
        return formDistance(
            FormPosition(xCentimetres: a.xCentimetres + t * dx, yCentimetres: a.yCentimetres + t * dy), point)
    }
}

/// `0.7 cm`: a length for messages, to the tenth of a millimetre.
private func length(_ centimetres: Double) -> String {
    "\(decimal(centimetres)) cm"
}

/// `(3.5, 12.25) cm`: a centre for messages.
private func centimetres(_ position: FormPosition) -> String {
    "(\(decimal(position.xCentimetres)), \(decimal(position.yCentimetres))) cm"
}

/// A number rounded to two decimals, without trailing zeros: `0.7`, `12.25`, `3`.
private func decimal(_ value: Double) -> String {
    let hundredths = Int64((value * 100).rounded())
    let sign = hundredths < 0 ? "-" : ""
    let whole = abs(hundredths) / 100
    let fraction = abs(hundredths) % 100
    guard fraction != 0 else { return "\(sign)\(whole)" }
    let digits = fraction % 10 == 0 ? "\(fraction / 10)" : (fraction < 10 ? "0\(fraction)" : "\(fraction)")
    return "\(sign)\(whole).\(digits)"
}
