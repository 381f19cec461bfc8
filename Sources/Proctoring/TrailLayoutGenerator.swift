public import StylusGeometry

/// Alternate trail making forms from a seed (trails.md, "Forms"): parts A and B of one form whose
/// layouts keep the spec's three rules and whose straight paths are within 5 % of each other.
///
/// Each circle is placed a random step (`stepCentimetres`) in a random direction from the one
/// before it, where it keeps the rules with every circle and segment placed so far (tried
/// again in another direction when it does not; the layout starts over after too many tries).
/// Centres are kept in whole millimetres, as a form is printed and a layout file written. Part B
/// is drawn again until its path is within 5 % of part A's. SplitMix64 makes one seed give one
/// form on every machine, so a form is named by its seed (`alternate-7-A`) and can be made again.
public struct TrailLayoutGenerator: Sendable {
    /// A part's form: wide enough for 25 circles at the spec's distances, and printable at
    /// 100 % on A4 and US letter paper (landscape) with room to spare.
    public static let partFormSize = FormSize(widthCentimetres: 25, heightCentimetres: 18)
    /// A sample's form: 8 circles.
    public static let sampleFormSize = FormSize(widthCentimetres: 15, heightCentimetres: 10)

    /// The most the straight paths of parts A and B of one form may differ, as a fraction of the shorter.
    public static let pathLengthTolerance = 0.05

    /// The shortest and longest step from one circle's centre to the next, in cm.
    public var stepCentimetres: ClosedRange<Double>
    /// Tries of a direction for one circle before the layout starts over.
    public var directionTries = 60
    /// Layouts started before giving up (never reached with the standard sizes: each takes a few).
    public var layoutTries = 20_000

    public init(stepCentimetres: ClosedRange<Double> = 2.5...6) {
        self.stepCentimetres = stepCentimetres
    }

    /// The generator of the samples' forms: shorter steps, for 8 circles on a smaller form.
    public static let samples = TrailLayoutGenerator(stepCentimetres: 2.5...4.5)

    /// Parts A and B (or, with `samples`, samples A and B) of the form `seed`, named `PREFIX-A`
    /// and `PREFIX-B`.
    ///
    /// - Returns: nil only if no layout was found in `layoutTries` starts (not the case for the
    ///   standard sizes; a caller with a form too small for its circles gets nil).
    public func form(seed: UInt64, name prefix: String, formSize: FormSize = partFormSize, samples: Bool = false)
        -> (a: TrailLayout, b: TrailLayout)?
    {
        var random = SplitMix64(seed: seed)
        let parts: (TrailPart, TrailPart) = samples ? (.sampleA, .sampleB) : (.partA, .partB)
        guard let a = layout(parts.0, name: "\(prefix)-A", formSize: formSize, random: &random) else { return nil }
        let length = a.straightPathCentimetres
        for _ in 0..<layoutTries {
            guard let b = layout(parts.1, name: "\(prefix)-B", formSize: formSize, random: &random) else { return nil }
            if Self.pathLengthsMatch(length, b.straightPathCentimetres) { return (a, b) }
        }
        return nil
    }

    /// Whether two straight paths are within `pathLengthTolerance` of each other (of the shorter).
    public static func pathLengthsMatch(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= pathLengthTolerance * min(a, b)
    }

    /// One layout of `part` from `random`, or nil after `layoutTries` starts.
    func layout(_ part: TrailPart, name: String, formSize: FormSize, random: inout SplitMix64) -> TrailLayout? {
        let inset = TrailLayoutValidator.marginCentimetres + TrailLayout.circleRadiusCentimetres
        let xs = inset...(formSize.widthCentimetres - inset)
        let ys = inset...(formSize.heightCentimetres - inset)
        guard xs.upperBound > xs.lowerBound, ys.upperBound > ys.lowerBound else { return nil }
        for _ in 0..<layoutTries {
            var centres = [
                FormPosition(
                    xCentimetres: Self.millimetres(random.uniform(in: xs)),
                    yCentimetres: Self.millimetres(random.uniform(in: ys)))
            ]
            while centres.count < part.circleCount {
                guard let next = nextCentre(after: centres, xs: xs, ys: ys, random: &random) else { break }
                centres.append(next)
            }
            guard centres.count == part.circleCount else { continue }
            let circles = zip(part.labels, centres).enumerated().map { index, pair in
                TrailCircle(label: pair.0, order: index + 1, centre: pair.1)
            }
            let layout = TrailLayout(name: name, part: part, formSize: formSize, circles: circles)
            // The validator has the last word (its tolerance and its rules are the ones files are held to).
            if TrailLayoutValidator.violations(of: layout).isEmpty { return layout }
        }
        return nil
    }

    private func nextCentre(
        after centres: [FormPosition], xs: ClosedRange<Double>, ys: ClosedRange<Double>, random: inout SplitMix64
    )
        -> FormPosition?
    {
        let last = centres[centres.count - 1]
        for _ in 0..<directionTries {
            let angle = random.uniform(in: 0...(2 * Double.pi))
            let step = random.uniform(in: stepCentimetres)
            let candidate = FormPosition(
                xCentimetres: Self.millimetres(last.xCentimetres + step * cosine(angle)),
                yCentimetres: Self.millimetres(last.yCentimetres + step * sine(angle)))
            guard xs.contains(candidate.xCentimetres), ys.contains(candidate.yCentimetres) else { continue }
            if Self.keepsRules(candidate, after: centres) { return candidate }
        }
        return nil
    }

    /// Whether `candidate`, the next circle after `centres`, keeps the spec's rules with them:
    /// its edge 1 cm from every edge; its segment from the last circle 3 mm from every other
    /// circle's edge; every earlier segment 3 mm from its edge.
    static func keepsRules(_ candidate: FormPosition, after centres: [FormPosition]) -> Bool {
        let radius = TrailLayout.circleRadiusCentimetres
        let apart = 2 * radius + TrailLayoutValidator.spacingCentimetres
        let clear = radius + TrailLayoutValidator.clearanceCentimetres
        let last = centres[centres.count - 1]
        for (index, centre) in centres.enumerated() {
            if formDistance(centre, candidate) < apart { return false }
            if index < centres.count - 1 && TrailLayoutValidator.segmentDistance(last, candidate, centre) < clear {
                return false
            }
            if index > 0 && TrailLayoutValidator.segmentDistance(centres[index - 1], centre, candidate) < clear {
                return false
            }
        }
        return true
    }

    /// `value` in cm to the nearest millimetre.
    static func millimetres(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}

extension SplitMix64 {
    /// A number in `range`, from the top 53 bits of the next value.
    mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
    }
}
