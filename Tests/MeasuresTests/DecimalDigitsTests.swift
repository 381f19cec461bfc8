import Testing

@testable import Measures

/// `MeasureValue.decimalDigits` writes bytes where the tables' numbers used to be edited as a String
/// (issue 32, item 4): every table must stay byte-identical, so it is checked against that String
/// editing, kept here as the reference.
@Suite("Decimal digits")
struct DecimalDigitsTests {
    /// The String editing `decimalText` did before issue 32.
    static func reference(_ units: UInt64, decimals: Int, negative: Bool) -> String {
        var digits = String(units)
        if decimals > 0 {
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals - digits.count + 1) + digits }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
            while digits.hasSuffix("0") { digits.removeLast() }
            if digits.hasSuffix(".") { digits.removeLast() }
        }
        return negative ? "-" + digits : digits
    }

    @Test("the bytes are the String editing's, for units, decimals and signs of every size")
    func sameAsStringEditing() {
        var units: [UInt64] = [1, 5, 9, 10, 100, 1000, 1200, 1_000_000, 123_456, 999_999, 8_999_999_999_999_999]
        var state: UInt64 = 32
        for _ in 0..<3000 {
            // SplitMix64, inline: Measures' tests do not link TestSupport.
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            // Every digit count from 1 to 16, and values with runs of zeros at the end.
            let digits = Int(z % 16) + 1
            var value = z % 8_999_999_999_999_999 + 1
            while String(value).count > digits { value /= 10 }
            units.append(value)
            units.append(max(1, value / 1000 * 1000))
        }
        for value in units {
            for decimals in 0...12 {
                for negative in [false, true] {
                    #expect(
                        MeasureValue.decimalDigits(value, decimals: decimals, negative: negative)
                            == Self.reference(value, decimals: decimals, negative: negative),
                        "\(value) \(decimals) \(negative)")
                }
            }
        }
    }
}
