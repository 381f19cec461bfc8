import Foundation
import TestSupport
import Testing

@testable import ADF

@Suite("DecimalFormat matches printf")
struct DecimalFormatTests {
    private func expectPrintf(_ value: Double, decimals: Int = 4) {
        let expected = String(format: "%.\(decimals)f", value)
        #expect(DecimalFormat.string(value, decimals: decimals) == expected, "value \(value)")
    }

    @Test func knownValues() {
        // Literal expectations checked against C printf by hand, not only String(format:).
        #expect(DecimalFormat.string(708.5, decimals: 4) == "708.5000")
        #expect(DecimalFormat.string(-0.0, decimals: 4) == "-0.0000")
        #expect(DecimalFormat.string(-0.00001, decimals: 4) == "-0.0000")
        #expect(DecimalFormat.string(0.03125, decimals: 4) == "0.0312")  // exact tie, even
        #expect(DecimalFormat.string(0.09375, decimals: 4) == "0.0938")  // exact tie, even
        #expect(DecimalFormat.string(1673535664834.0, decimals: 1) == "1673535664834.0")
        #expect(DecimalFormat.string(2.5, decimals: 0) == "2")
        #expect(DecimalFormat.string(1.00005, decimals: 4) == "1.0001")  // binary is above .00005
        #expect(DecimalFormat.string(1.15, decimals: 1) == "1.1")  // binary 1.149999...
    }

    @Test func exactTiesRoundToEven() {
        // m / 2^k for k = 5...14 has at least 5 decimals and many exact ties at the 5th.
        for k in 5...14 {
            let denominator = Double(1 << k)
            for m in stride(from: -3000, through: 3000, by: 7) {
                expectPrintf(Double(m) / denominator)
            }
        }
        for m in stride(from: -401, through: 401, by: 2) {
            expectPrintf(Double(m) / 2, decimals: 0)
            expectPrintf(Double(m) / 20, decimals: 1)
        }
    }

    @Test func randomValuesInEveryRange() {
        var random = SplitMix64(state: 42)
        for scale in [1e-6, 1e-3, 1, 10, 1000, 1e6, 1e9, 1.7e12, 1e15, 4.5e15] {
            for _ in 0..<2000 {
                let value = (random.unit() * 2 - 1) * scale
                for decimals in 0...4 { expectPrintf(value, decimals: decimals) }
            }
        }
    }

    @Test func randomBitPatterns() {
        var random = SplitMix64(state: 7)
        for _ in 0..<20000 {
            let value = Double(bitPattern: random.next())
            if value.isNaN { continue }  // printf's "nan"/"-nan" spelling is not needed here
            expectPrintf(value)
        }
    }

    @Test func edgeValues() {
        let values: [Double] = [
            0, 0.00005, -0.00005, 0.00015, 0.99995, 9.99995, 0x1p52, -0x1p52, 0x1p52 - 0.5,
            0x1p53, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .leastNonzeroMagnitude, -.leastNormalMagnitude, .infinity, -.infinity,
            1673535664936.75, 1673535664936.25,
        ]
        for value in values {
            for decimals in 0...4 { expectPrintf(value, decimals: decimals) }
        }
    }

    @Test func integers() {
        for value: Int64 in [0, 7, -7, 1_673_535_664_834, .max, .min, 1239] {
            let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
                let length = DecimalFormat.write(value, to: buffer.baseAddress!)
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<length]), as: UTF8.self)
            }
            #expect(text == String(format: "%lld", value))
        }
    }
}
