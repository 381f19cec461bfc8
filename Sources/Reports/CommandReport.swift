public import Foundation

/// What a command tells its user: text for people, or JSON (`--json`) for scripts.
///
/// A report is a plain value built from what the libraries returned; the command decides where it
/// goes. Its stored properties are its JSON schema, so a new field is a new key for every script.
public protocol CommandReport: Encodable {
    /// The report as lines for a person.
    var text: String { get }
}

extension CommandReport {
    /// The report as JSON with sorted keys, so output is stable from run to run.
    public var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings and numbers cannot fail; finite numbers are ensured by their sources.
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
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
