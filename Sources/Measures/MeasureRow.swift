import StylusGeometry

/// One value of a table of measures: a number, a count or a word; nil where the measure does
/// not apply or cannot be computed (an empty cell in CSV, `null` in JSON).
public enum MeasureValue: Hashable, Sendable {
    case number(Double?)
    case count(Int?)
    case text(String?)

    /// The value as a table prints it, nil for a missing one: numbers with six significant
    /// digits in plain decimals (see `decimalText`), counts as integers, words as they are.
    public var text: String? {
        switch self {
        case .number(let value): value.flatMap { Self.decimalText($0) }
        case .count(let value): value.map(String.init)
        case .text(let value): value
        }
    }

    /// Whether a JSON writer should quote the value.
    public var isText: Bool {
        if case .text = self { return true }
        return false
    }

    /// `value` rounded to `significantDigits` significant digits and written in plain decimals,
    /// without an exponent or trailing zeros, so that no binary noise (0.30000000000000004)
    /// reaches a table; nil for NaN and infinities.
    ///
    /// Decimals stop at the twelfth place: a magnitude below 5e-13 is written 0 (such a value is
    /// rounding, not a measurement, in millimetres and seconds).
    public static func decimalText(_ value: Double, significantDigits: Int = 6) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return "0" }
        let magnitude = Int(decimalLogarithm(abs(value)).rounded(.down))
        let decimals = min(12, max(0, significantDigits - 1 - magnitude))
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        // Round at the last significant digit first; for large numbers that digit is left of the point.
        var rounded = value
        if significantDigits - 1 - magnitude < 0 {
            var unit = 1.0
            for _ in 0..<(magnitude - significantDigits + 1) { unit *= 10 }
            rounded = (value / unit).rounded() * unit
        }
        let negative = rounded < 0
        let units = (abs(rounded) * scale).rounded()
        guard units > 0 else { return "0" }
        guard units < 9e15 else { return nil }
        return decimalDigits(UInt64(units), decimals: decimals, negative: negative)
    }

    /// `units` written with its last `decimals` digits after a decimal point, trailing zeros (and a
    /// bare point) dropped, `-` first when `negative`. Written into bytes: editing a String by
    /// Characters cost `features` more than computing the measures (issue 32, item 4).
    static func decimalDigits(_ units: UInt64, decimals: Int, negative: Bool) -> String {
        // 20 digits of a UInt64, 12 decimals of zeros before them at most, a point and a sign.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 40) { buffer in
            var end = buffer.count
            var start = end
            var rest = units
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0
            if decimals > 0 {
                // At least one digit before the point.
                while end - start <= decimals {
                    start -= 1
                    buffer[start] = UInt8(ascii: "0")
                }
                let point = end - decimals
                var last = end
                while last > point && buffer[last - 1] == UInt8(ascii: "0") { last -= 1 }
                if last > point {
                    // The point goes in front of the decimals: move the whole digits one place left.
                    for index in start..<point { buffer[index - 1] = buffer[index] }
                    start -= 1
                    buffer[point - 1] = UInt8(ascii: ".")
                }
                end = last
            }
            if negative {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
        }
    }
}

/// One row of a table of measures: stable column names (units in the name) and their values.
public struct MeasureRow: Hashable, Sendable {
    public private(set) var columns: [String] = []
    public private(set) var values: [MeasureValue] = []

    public init() {}

    public mutating func append(_ column: String, _ value: MeasureValue) {
        columns.append(column)
        values.append(value)
    }

    public mutating func append(_ column: String, _ number: Double?) { append(column, .number(number)) }
    public mutating func append(_ column: String, count: Int?) { append(column, .count(count)) }
    public mutating func append(_ column: String, text: String?) { append(column, .text(text)) }

    /// The value of `column`, or nil if the row has no such column.
    public subscript(column: String) -> MeasureValue? {
        columns.firstIndex(of: column).map { values[$0] }
    }
}
