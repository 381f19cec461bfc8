import Foundation
public import StylusGeometry

/// What a command tells its user: text for people, or JSON (`--json`) for scripts.
///
/// A report is a plain value built from what the libraries returned; the command decides where it
/// goes. Its stored properties are its JSON schema, so a new field is a new key for every script.
public protocol CommandReport: Encodable {
    /// The report as lines for a person.
    var text: String { get }
}

extension CommandReport {
    /// The report as one line of JSON with sorted keys, every optional key present (`null` when
    /// unknown), so output is stable from run to run and from file to file.
    public var json: String {
        // Encoding plain structs of strings and numbers cannot fail; finite numbers are ensured by their sources.
        (try? JSONLine.encode(self)) ?? "{}"
    }
}

extension CommandReport {
    /// The report as JSON (one line) or as text.
    public func output(json: Bool) -> String { json ? self.json : text }
}

/// Formats a number with a fixed number of decimals, as every report shows measurements.
public func fixed(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}

extension String {
    /// The string right-aligned in a column of `width` characters.
    public func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}

/// `value` rounded to `decimals` decimals, for JSON that carries the decimals the text shows (no binary noise).
public func rounded(_ value: Double, _ decimals: Int) -> Double {
    let scale = pow(10, Double(decimals))
    return (value * scale).rounded() / scale
}

/// A number, or numbers, a report's JSON gives at the decimals its text shows (`Decimals`).
public protocol DecimalRounding: Encodable, Sendable {
    /// The value with each number rounded to `decimals` (`rounded(_:_:)`).
    func rounded(toDecimals decimals: Int) -> Self
}

extension Double: DecimalRounding {
    /// The number rounded to `decimals`.
    public func rounded(toDecimals decimals: Int) -> Double { Reports.rounded(self, decimals) }
}

extension Optional: DecimalRounding where Wrapped: DecimalRounding {
    /// The number rounded, or nil.
    public func rounded(toDecimals decimals: Int) -> Self { map { $0.rounded(toDecimals: decimals) } }
}

extension Array: DecimalRounding where Element: DecimalRounding {
    /// Each number rounded.
    public func rounded(toDecimals decimals: Int) -> Self { map { $0.rounded(toDecimals: decimals) } }
}

/// A report's number that its JSON gives at the decimals its text shows (no binary noise), kept exact for the
/// text: `@Decimals<3, Double> public var rmsMillimetres: Double` is all a report says of it, where each report
/// wrote out an `encode(to:)` of every key to round a few. The decimals are part of the type, so a report's
/// memberwise initialiser and its own take the number alone.
@propertyWrapper
public struct Decimals<let places: Int, Value: DecimalRounding>: Encodable, Sendable {
    /// The exact value, as the text formats it.
    public var wrappedValue: Value

    /// `wrappedValue`, which the JSON gives at `places` decimals.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// The value rounded to `places`, or null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue.rounded(toDecimals: places))
    }
}

/// A width and height in centimetres, as the print and picture reports give pages and forms; JSON
/// rounds them to the decimals the text shows, the text formats the exact values.
public struct Centimetres: Encodable, Sendable {
    public var width: Double
    public var height: Double
    private var decimals: Int

    /// A page's or a form's size, JSON giving it at `decimals`.
    public init(_ size: FormSize, decimals: Int = 2) {
        width = size.widthCentimetres
        height = size.heightCentimetres
        self.decimals = decimals
    }

    enum CodingKeys: CodingKey { case width, height }

    /// Both keys at the decimals the text shows.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rounded(width, decimals), forKey: .width)
        try container.encode(rounded(height, decimals), forKey: .height)
    }
}

/// A position on the form in centimetres from its top-left corner; JSON rounds it to the decimals
/// the text shows.
public struct FormPoint: Encodable, Sendable {
    @Decimals<2, Double> public var x: Double
    @Decimals<2, Double> public var y: Double

    /// A position on a form or a page.
    public init(_ position: FormPosition) {
        x = position.xCentimetres
        y = position.yCentimetres
    }

    enum CodingKeys: CodingKey { case x, y }
}
