public import StylusGeometry

/// The four layouts a trail making test is given, in the order of its steps (sample A, part A,
/// sample B, part B): a shipped form by name, with any part replaced by a layout file.
///
/// The shipped forms are the generator's (docs/trails-layouts.md): `standard` is seed 0 and
/// `alternate-N` seed N, their samples always the shipped samples (seed 0). Made again from the
/// seed, they are byte for byte the files in `Fixtures/trails/` (a test pins it), so the program
/// needs no data files of its own.
public struct TrailsForm: Hashable, Sendable {
    /// The form's name as given: `standard`, `alternate-2`.
    public var name: String
    /// One layout per step, in step order; each is valid (`TrailLayoutValidator`).
    public var layouts: [TrailLayout]

    /// The layouts in step order; `layouts` must hold one of each part.
    public init(name: String, layouts: [TrailLayout]) {
        self.name = name
        self.layouts = TrailPart.allCases.compactMap { part in layouts.first { $0.part == part } }
    }

    /// The name of the shipped standard form.
    public static let standardName = "standard"

    /// Whether `name` names a shipped form: `standard` or `alternate-N` (N a whole number from 1).
    public static func isShippedName(_ name: String) -> Bool { seed(ofShipped: name) != nil }

    /// The generator's seed of a shipped form's name; nil for another name.
    public static func seed(ofShipped name: String) -> UInt64? {
        if name == standardName { return 0 }
        guard name.hasPrefix("alternate-"), case let digits = name.dropFirst("alternate-".count),
            !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), !digits.hasPrefix("0"),
            let seed = UInt64(digits)
        else { return nil }
        return seed
    }

    /// The shipped form `name` (`standard`, `alternate-N`) with its samples; nil for another name.
    public static func shipped(_ name: String) -> TrailsForm? {
        guard let seed = seed(ofShipped: name),
            let parts = TrailLayoutGenerator().form(seed: seed, name: name),
            let samples = TrailLayoutGenerator.samples.form(
                seed: 0, name: "sample", formSize: TrailLayoutGenerator.sampleFormSize, samples: true)
        else { return nil }
        return TrailsForm(name: name, layouts: [samples.a, parts.a, samples.b, parts.b])
    }

    /// This form with `layout` in place of the layout of its part.
    public func replacing(_ layout: TrailLayout) -> TrailsForm {
        var form = self
        form.layouts = layouts.map { $0.part == layout.part ? layout : $0 }
        return form
    }

    /// The layout of `part`.
    public func layout(_ part: TrailPart) -> TrailLayout? { layouts.first { $0.part == part } }
}
