import Foundation

/// Formats numbers exactly as C's printf `%.Nf` (N = 0...4) and `%lld`, without printf's cost.
///
/// printf rounds the exact binary value of the double to N decimals, ties to even, and keeps
/// the sign of negative values that round to zero ("-0.0000"). A finite double is
/// `m × 2^e` with an integer `m < 2^53`; for `e < 0` the value times `10^N` is
/// `m × 10^N / 2^-e`, computed exactly in 128-bit integers. Values of 2^52 and more
/// (never coordinates or times) and non-finite values fall back to `String(format:)`.
enum DecimalFormat {
    /// Room for the longest output (`-DBL_MAX` with 4 decimals is 315 bytes) and the NUL.
    static let scratchCapacity = 328

    private static let powersOfTen: [UInt128] = [1, 10, 100, 1000, 10000]

    /// Writes `value` with `decimals` decimals at `out`, NUL-terminated; returns the length
    /// without the NUL. `out` must have room for `scratchCapacity` bytes.
    @inline(__always)
    static func write(_ value: Double, decimals: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        precondition((0...4).contains(decimals), "DecimalFormat supports 0 to 4 decimals")
        let magnitude = value.magnitude
        guard value.isFinite, magnitude < 0x1p52 else {
            return writeFallback(value, decimals: decimals, to: out)
        }
        // For a finite double below 2^52, significandBitPattern and exponent give m and e
        // with value = m × 2^e, e < 0 (subnormals included).
        let exponent: Int
        let significand: UInt64
        if magnitude.isZero {
            exponent = -1
            significand = 0
        } else if value.isSubnormal {
            exponent = -1074
            significand = magnitude.significandBitPattern
        } else {
            exponent = Int(magnitude.exponent) - 52
            significand = magnitude.significandBitPattern | (1 << 52)
        }
        let scaled = UInt128(significand) * powersOfTen[decimals]
        let shift = -exponent
        var rounded: UInt128
        if shift >= 127 {
            rounded = 0  // scaled < 2^67, so the value is far below one half of a unit.
        } else {
            rounded = scaled >> UInt128(shift)
            let remainder = scaled & ((1 << UInt128(shift)) - 1)
            let half: UInt128 = 1 << UInt128(shift - 1)
            if remainder > half || (remainder == half && rounded & 1 == 1) {
                rounded += 1
            }
        }
        var length = 0
        if value.sign == .minus {
            out[0] = UInt8(ascii: "-")
            length = 1
        }
        let unit = UInt64(truncatingIfNeeded: powersOfTen[decimals])
        let whole = UInt64(rounded / UInt128(unit))
        var fraction = UInt64(rounded % UInt128(unit))
        length += writeDigits(whole, to: out + length)
        if decimals > 0 {
            out[length] = UInt8(ascii: ".")
            var index = length + decimals
            while index > length {
                out[index] = UInt8(ascii: "0") + UInt8(fraction % 10)
                fraction /= 10
                index -= 1
            }
            length += decimals + 1
        }
        out[length] = 0
        return length
    }

    /// Writes `value` in decimal as `%lld` does, NUL-terminated; returns the length.
    @inline(__always)
    static func write(_ value: Int64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 0
        if value < 0 {
            out[0] = UInt8(ascii: "-")
            length = 1
        }
        length += writeDigits(value.magnitude, to: out + length)
        out[length] = 0
        return length
    }

    @inline(__always)
    private static func writeDigits(_ value: UInt64, to out: UnsafeMutablePointer<UInt8>) -> Int {
        var digits = 1
        var probe = value
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        var rest = value
        var index = digits - 1
        while index >= 0 {
            out[index] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            index -= 1
        }
        return digits
    }

    private static func writeFallback(
        _ value: Double, decimals: Int, to out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let bytes = Array(String(format: "%.\(decimals)f", value).utf8)
        for (index, byte) in bytes.enumerated() { out[index] = byte }
        out[bytes.count] = 0
        return bytes.count
    }

    /// `value` with `decimals` decimals, as `String(format: "%.\(decimals)f", value)`.
    static func string(_ value: Double, decimals: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchCapacity) { buffer in
            let base = buffer.baseAddress!
            let length = write(value, decimals: decimals, to: base)
            return String(decoding: UnsafeBufferPointer(start: base, count: length), as: UTF8.self)
        }
    }
}
