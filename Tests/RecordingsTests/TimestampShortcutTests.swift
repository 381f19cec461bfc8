import Recordings
import StylusInput
import Testing

/// The reader skips parsing a timestamp whose text repeats the line before's; these lines are
/// built so that a shortcut taken wrongly gives a wrong time or accepts a bad line.
@Suite("Repeated timestamps")
struct TimestampShortcutTests {
    private static let header = """
        # EVEMU 1.3
        N: Test Pen
        I: 0003 056a 0001 0100
        P: 00 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 03 03 00 00 01 00 00 00 00
        A: 00 0 1000 0 0 10
        A: 01 0 1000 0 0 10
        A: 18 0 2047 0 0 0

        """

    private func times(_ events: String) throws -> [Int64] {
        try RecordingReader(bytes: Array((Self.header + events).utf8), name: "t.evemu").readAll()
            .map(\.time.microseconds)
    }

    @Test("times that share a prefix, differ in the last digit, or differ only in length each read their own value")
    func prefixesAndLengths() throws {
        let lines = """
            E: 1699999999.999987 0003 0000 0010\t# EV_ABS / ABS_X 10
            E: 1699999999.999987 0003 0001 0020\t# EV_ABS / ABS_Y 20
            E: 1699999999.999987 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
            E: 1699999999.999988 0003 0000 0011\t# EV_ABS / ABS_X 11
            E: 1699999999.999988 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
            E: 16999999999.999988 0003 0000 0012\t# EV_ABS / ABS_X 12
            E: 16999999999.999988 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
            E: 1.5 0003 0000 0013
            E: 1.5 0000 0000 0000
            E: 1.50 0003 0000 0014
            E: 1.50    0000 0000 0000

            """
        // Worked out by hand: seconds * 10^6 + the fraction read as a decimal fraction.
        let expected: [Int64] = [
            1_699_999_999_999_987, 1_699_999_999_999_987, 1_699_999_999_999_987,
            1_699_999_999_999_988, 1_699_999_999_999_988,
            16_999_999_999_999_988, 16_999_999_999_999_988,
            1_500_000, 1_500_000, 1_500_000, 1_500_000,
        ]
        #expect(try times(lines) == expected)
    }

    @Test("a line that repeats the last timestamp but runs on past it is still refused")
    func repeatedPrefixThenGarbage() {
        let lines = """
            E: 10.000001 0003 0000 0010\t# EV_ABS / ABS_X 10
            E: 10.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
            E: 10.0000011 0003 0000 0010\t# seven digits of fraction
            E: 10.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms

            """
        #expect(throws: RecordingError.self) { try times(lines) }
        do {
            _ = try times(lines)
        } catch {
            #expect("\(error)".contains("t.evemu:12"))
        }
    }
}
