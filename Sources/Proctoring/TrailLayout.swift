public import StylusGeometry

/// The steps of a trail making test, in the order they are administered (trails.md, "Parts").
public enum TrailPart: String, CaseIterable, Hashable, Sendable {
    /// Practice for part A: 8 numbers.
    case sampleA
    /// Part A: 25 numbers, 1 to 25.
    case partA = "A"
    /// Practice for part B: 8 circles, numbers and letters alternating.
    case sampleB
    /// Part B: 25 circles, 1, A, 2, B, … 12, L, 13.
    case partB = "B"

    /// The identifier ADF's TaskData gives the step: `trailsStep-sampleA`, `trailsStep-A`, ….
    public var identifier: String { "trailsStep-\(rawValue)" }

    /// Whether the step is practice: proctored and recorded like a part, but not the test's score.
    public var isSample: Bool { self == .sampleA || self == .sampleB }

    /// Whether numbers and letters alternate (part B and its sample); in part A every circle is a number.
    public var alternates: Bool { self == .sampleB || self == .partB }

    /// How many circles the step's layout has.
    public var circleCount: Int { isSample ? 8 : 25 }

    /// The labels in the order they are connected: `1 … 25` for A, `1 A 2 B … 13` for B.
    public var labels: [String] {
        guard alternates else { return (1...circleCount).map { String($0) } }
        let letters: [Character] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return (0..<circleCount).map { (index: Int) -> String in
            let pair = index / 2
            return index.isMultiple(of: 2) ? String(pair + 1) : String(letters[pair])
        }
    }
}

/// What is printed in a circle: part B's shift errors are errors between the two kinds.
public enum TrailCircleKind: String, CaseIterable, Hashable, Sendable {
    case number
    case letter

    /// The kind a label is written in: `letter` when it is one or more letters, else `number`.
    public init(label: String) {
        self = !label.isEmpty && label.allSatisfy(\.isLetter) ? .letter : .number
    }
}

/// One circle of a trail making form: its label, its place in the order, its kind and where it is.
public struct TrailCircle: Hashable, Sendable, CustomStringConvertible {
    /// What is printed in the circle: `7`, `G`.
    public var label: String
    /// Its place in the order the circles are connected, from 1 (the "Begin" circle).
    public var order: Int
    /// Number or letter.
    public var kind: TrailCircleKind
    /// The circle's centre on the form, in centimetres.
    public var centre: FormPosition

    /// Creates a circle; its kind follows from its label unless given.
    public init(label: String, order: Int, kind: TrailCircleKind? = nil, centre: FormPosition) {
        self.label = label
        self.order = order
        self.kind = kind ?? TrailCircleKind(label: label)
        self.centre = centre
    }

    /// `circle 7 ("G")`: how messages name a circle, by its order and label.
    public var description: String { "circle \(order) (\"\(label)\")" }
}

/// The circles of one part on its form, in cm (trails.md, "Forms"): layouts are data, so an
/// alternate form needs no code change.
///
/// A layout read from a file may be invalid: `TrailLayoutValidator` says which rule it breaks.
/// `TrailsProctor` requires a valid layout.
public struct TrailLayout: Hashable, Sendable {
    /// Every circle's diameter on the form: 10 mm (trails.md), printed and shown at physical size.
    public static let circleDiameterCentimetres = 1.0
    /// Every circle's radius on the form.
    public static var circleRadiusCentimetres: Double { circleDiameterCentimetres / 2 }

    /// The form's name, shown to administrators and written in results (`standard-A`, `alternate-1-B`).
    public var name: String
    /// The part the layout is drawn for.
    public var part: TrailPart
    /// The form's size; the circles' centres are measured from its top-left corner.
    public var formSize: FormSize
    /// The circles in the order they are connected (by `order`; `circles[0]` is "Begin").
    public var circles: [TrailCircle]

    /// Creates a layout; the circles are kept sorted by their order, whatever order they come in.
    public init(name: String, part: TrailPart, formSize: FormSize, circles: [TrailCircle]) {
        self.name = name
        self.part = part
        self.formSize = formSize
        self.circles = circles.sorted { $0.order < $1.order }
    }

    /// The "Begin" circle (the first in order).
    public var begin: TrailCircle? { circles.first }

    /// The "End" circle (the last in order).
    public var end: TrailCircle? { circles.last }

    /// The total straight-line path from each circle's centre to the next's, in centimetres: the
    /// length the 5 % rule compares between a form's parts A and B.
    public var straightPathCentimetres: Double {
        zip(circles, circles.dropFirst()).reduce(0) { $0 + formDistance($1.0.centre, $1.1.centre) }
    }
}
