/// The RawData block of a drawing, parsed: the same strokes in the older line format.
///
/// ```
/// Number of strokes: 1
/// StrokeID: 0
/// Number of samples: 2
/// Color: 0 0 255
/// StartTime: 1673535664834.0
/// 708.5000 314.5000 0 1239.0000
/// ```
/// Parsing never throws: what does not fit the format is listed in `problems`, with the line
/// (counted from 0 at the line the text starts on) so a caller can point at it.
public struct RawDataText: Sendable, Hashable {
    /// One sample line: x, y, milliseconds since the previous sample, pressure (force × 1000).
    public struct Sample: Sendable, Hashable {
        public var x: Double
        public var y: Double
        public var milliseconds: Int64
        public var pressure: Double
        public var lineOffset: Int
    }

    /// One stroke of the block.
    public struct Stroke: Sendable, Hashable {
        public var strokeID: Int?
        public var declaredSamples: Int?
        public var color: [Int]?
        public var startTime: Double?
        public var samples: [Sample] = []
        /// The line of its `StrokeID:`.
        public var lineOffset: Int
    }

    /// A line that does not fit the format.
    public struct Problem: Sendable, Hashable {
        public var lineOffset: Int
        public var message: String
    }

    /// The `Number of strokes:` header, if present and a number.
    public var declaredStrokes: Int?
    public var strokes: [Stroke] = []
    public var problems: [Problem] = []

    /// Parses `text`, the content of a `RawData` element.
    ///
    /// Sample lines of ASCII are read from their bytes (`sample(_:lineOffset:)`); every other line,
    /// and a sample line that does not parse, by Characters (`take(_:lineOffset:sawHeader:)`). Reading
    /// every line by Characters was most of the time `features` spent checking a file (issue 32, item 4).
    public init(_ text: String) {
        var lineOffset = 0
        var sawHeader = false
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            while true {
                let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n"))
                let line = UnsafeBufferPointer(rebasing: bytes[start..<(newline ?? bytes.count)])
                if !(sawHeader && sample(line, lineOffset: lineOffset)) {
                    take(
                        Substring(String(decoding: line, as: UTF8.self)), lineOffset: lineOffset, sawHeader: &sawHeader)
                }
                lineOffset += 1
                guard let newline else { break }
                start = newline + 1
            }
        }
    }

    /// `text` parsed by Characters line by line, as it was before the byte path (for the tests
    /// that compare the two).
    static func parsedByCharacters(_ text: String) -> RawDataText {
        var parsed = RawDataText(declaredStrokes: nil)
        var sawHeader = false
        for (offset, line) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        {
            parsed.take(Substring(line), lineOffset: offset, sawHeader: &sawHeader)
        }
        return parsed
    }

    private init(declaredStrokes: Int?) { self.declaredStrokes = declaredStrokes }

    private static let keywords: [[UInt8]] = [
        "Number of strokes:", "StrokeID:", "Number of samples:", "Color:", "StartTime:",
    ].map { Array($0.utf8) }

    /// Takes `whole` (a line of the text) as `take` would if it is a blank line or a sample line of
    /// ASCII that parses, after the header and a `StrokeID:`; false, having taken nothing, otherwise.
    private mutating func sample(_ whole: UnsafeBufferPointer<UInt8>, lineOffset: Int) -> Bool {
        var count = whole.count
        if count > 0 && whole[count - 1] == UInt8(ascii: "\r") { count -= 1 }
        let line = UnsafeBufferPointer(rebasing: whole[0..<count])
        guard line.allSatisfy({ $0 < 0x80 }) else { return false }
        // For ASCII a byte is a Character (a CR would join only a newline), so blanks and words are
        // those `take` finds.
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }
        guard let last = strokes.indices.last else { return false }
        for keyword in Self.keywords where line.starts(with: keyword) { return false }
        var fields: [UnsafeBufferPointer<UInt8>] = []
        var index = 0
        while index < line.count {
            while index < line.count && (line[index] == 0x20 || line[index] == 0x09) { index += 1 }
            let start = index
            while index < line.count && line[index] != 0x20 && line[index] != 0x09 { index += 1 }
            if index > start {
                guard fields.count < 4 else { return false }
                fields.append(UnsafeBufferPointer(rebasing: line[start..<index]))
            }
        }
        guard fields.count == 4,
            let x = ADFNumberText.decimal(bytes: fields[0].baseAddress!, count: fields[0].count),
            let y = ADFNumberText.decimal(bytes: fields[1].baseAddress!, count: fields[1].count),
            let dt = Int64(String(decoding: fields[2], as: UTF8.self)),
            let pressure = ADFNumberText.decimal(bytes: fields[3].baseAddress!, count: fields[3].count)
        else { return false }
        strokes[last].samples.append(Sample(x: x, y: y, milliseconds: dt, pressure: pressure, lineOffset: lineOffset))
        return true
    }

    /// Takes one line of the text, by Characters.
    private mutating func take(_ rawLine: Substring, lineOffset: Int, sawHeader: inout Bool) {
        var line = rawLine
        if line.last == "\r" { line.removeLast() }
        if line.allSatisfy({ $0 == " " || $0 == "\t" }) { return }
        func value(after prefix: String) -> Substring? {
            guard line.hasPrefix(prefix) else { return nil }
            return line.dropFirst(prefix.count).drop { $0 == " " }
        }
        if let count = value(after: "Number of strokes:") {
            if sawHeader {
                problems.append(Problem(lineOffset: lineOffset, message: "a second \"Number of strokes\" line"))
            }
            sawHeader = true
            declaredStrokes = Int(count)
            if declaredStrokes == nil {
                problems.append(
                    Problem(lineOffset: lineOffset, message: "\"Number of strokes: \(count)\" is not a count"))
            }
            return
        }
        if !sawHeader {
            problems.append(
                Problem(lineOffset: lineOffset, message: "RawData does not start with \"Number of strokes: N\""))
            sawHeader = true
        }
        if let id = value(after: "StrokeID:") {
            strokes.append(Stroke(strokeID: Int(id), lineOffset: lineOffset))
            if Int(id) == nil {
                problems.append(Problem(lineOffset: lineOffset, message: "\"StrokeID: \(id)\" is not a number"))
            }
            return
        }
        guard !strokes.isEmpty else {
            problems.append(
                Problem(lineOffset: lineOffset, message: "\"\(line)\" comes before the first \"StrokeID\" line"))
            return
        }
        let last = strokes.count - 1
        if let count = value(after: "Number of samples:") {
            strokes[last].declaredSamples = Int(count)
            if Int(count) == nil {
                problems.append(
                    Problem(lineOffset: lineOffset, message: "\"Number of samples: \(count)\" is not a count"))
            }
        } else if let color = value(after: "Color:") {
            let parts = color.split(separator: " ").map { Int($0) }
            if parts.count == 3, parts.allSatisfy({ $0 != nil && (0...255).contains($0!) }) {
                strokes[last].color = parts.map { $0! }
            } else {
                problems.append(
                    Problem(lineOffset: lineOffset, message: "\"Color: \(color)\" is not three numbers 0...255"))
            }
        } else if let time = value(after: "StartTime:") {
            strokes[last].startTime = ADFNumberText.decimal(time)
            if strokes[last].startTime == nil {
                problems.append(
                    Problem(lineOffset: lineOffset, message: "\"StartTime: \(time)\" is not a time in milliseconds")
                )
            }
        } else {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.count == 4, let x = ADFNumberText.decimal(fields[0]),
                let y = ADFNumberText.decimal(fields[1]), let dt = ADFNumberText.integer(fields[2]),
                let pressure = ADFNumberText.decimal(fields[3])
            {
                strokes[last].samples.append(
                    Sample(x: x, y: y, milliseconds: dt, pressure: pressure, lineOffset: lineOffset))
            } else {
                problems.append(
                    Problem(lineOffset: lineOffset, message: "\"\(line)\" is not a sample line \"x y dt pressure\"")
                )
            }
        }
    }
}

/// The number syntax ADF files use: plain decimals, no exponents, no "nan" or "inf".
enum ADFNumberText {
    /// `-?[0-9]+(\.[0-9]+)?` as a Double.
    static func decimal<S: StringProtocol>(_ text: S) -> Double? {
        var digits = 0
        var sawPoint = false
        var digitsAfterPoint = 0
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where index == 0: continue
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if sawPoint { digitsAfterPoint += 1 }
            case UInt8(ascii: ".") where !sawPoint && digits > 0: sawPoint = true
            default: return nil
            }
        }
        guard digits > 0, !sawPoint || digitsAfterPoint > 0 else { return nil }
        return Double(String(text))
    }

    private static let exactPowersOfTen: [Double] = (0...22).map { exponent in
        var power = 1.0
        for _ in 0..<exponent { power *= 10 }  // exact: 10^22 < 2^53 × 2^22
        return power
    }

    /// `-?[0-9]+(\.[0-9]+)?` in `count` bytes at `bytes`, as a Double: the same value as
    /// `decimal(_:)` (strtod's correctly rounded one) without making a String.
    ///
    /// Numbers of up to 15 or so significant digits, the ADF formats, take Clinger's fast
    /// path: the digits as an integer below 2^53 and a power of ten up to 10^22 are both
    /// exact doubles, so one IEEE division rounds the quotient correctly. Longer numbers
    /// go to strtod.
    static func decimal(bytes: UnsafePointer<UInt8>, count: Int) -> Double? {
        let end = bytes + count
        var cursor = bytes
        let negative = count > 0 && cursor.pointee == UInt8(ascii: "-")
        if negative { cursor += 1 }
        // Wraps after 19 digits; such numbers go to strtod below.
        var mantissa: UInt64 = 0
        let wholeStart = cursor
        while cursor < end, cursor.pointee &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(cursor.pointee &- UInt8(ascii: "0"))
            cursor += 1
        }
        let wholeDigits = cursor - wholeStart
        guard wholeDigits > 0 else { return nil }
        var fractionDigits = 0
        if cursor < end {
            guard cursor.pointee == UInt8(ascii: ".") else { return nil }
            cursor += 1
            let fractionStart = cursor
            while cursor < end, cursor.pointee &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(cursor.pointee &- UInt8(ascii: "0"))
                cursor += 1
            }
            fractionDigits = cursor - fractionStart
            guard fractionDigits > 0, cursor == end else { return nil }
        }
        if wholeDigits + fractionDigits <= 19 && mantissa < (1 << 53) && fractionDigits <= 22 {
            let magnitude = Double(mantissa) / exactPowersOfTen[fractionDigits]
            return negative ? -magnitude : magnitude
        }
        return Double(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
    }

    /// `-?[0-9]+` as an Int64.
    static func integer<S: StringProtocol>(_ text: S) -> Int64? {
        Int64(String(text))
    }
}

/// The `StartTime` of each stroke of a RawData text, picked out of the text as it streams by
/// in chunks, without parsing the sample lines: what `RawDataText(text).strokes.map(\.startTime)`
/// gives, for readers that keep no RawData.
///
/// The same rules as `RawDataText`: a stroke starts at each line beginning `StrokeID:`; its
/// start time is the decimal after `StartTime:` (and spaces) on a later line, before the next
/// stroke (nil if absent or not a decimal). Lines with non-ASCII bytes are checked as
/// `RawDataText` checks them (by Character), so even odd text gives the same answer.
struct RawDataStartTimes {
    private var times: [Double?] = []
    /// The unfinished last line of the chunks so far.
    private var partial: [UInt8] = []

    mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        var lineStart = 0
        var index = 0
        while index < chunk.count {
            if base[index] == UInt8(ascii: "\n") {
                if partial.isEmpty {
                    take(UnsafeBufferPointer(start: base + lineStart, count: index - lineStart))
                } else {
                    partial.append(contentsOf: UnsafeBufferPointer(start: base + lineStart, count: index - lineStart))
                    let line = partial
                    partial = []
                    line.withUnsafeBufferPointer { take($0) }
                }
                lineStart = index + 1
            }
            index += 1
        }
        partial.append(contentsOf: UnsafeBufferPointer(start: base + lineStart, count: chunk.count - lineStart))
    }

    /// The start times, one per stroke, after the last chunk.
    mutating func finish() -> [Double?] {
        if !partial.isEmpty {
            let line = partial
            partial = []
            line.withUnsafeBufferPointer { take($0) }
        }
        return times
    }

    private static func hasPrefix(_ line: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard line.count >= count else { return false }
        let expected = prefix.utf8Start
        for index in 0..<count where line[index] != expected[index] { return false }
        return true
    }

    private mutating func take(_ whole: UnsafeBufferPointer<UInt8>) {
        var count = whole.count
        if count > 0 && whole[count - 1] == UInt8(ascii: "\r") { count -= 1 }
        let line = UnsafeBufferPointer(rebasing: whole[0..<count])
        if line.contains(where: { $0 >= 0x80 }) {
            takeByCharacters(String(decoding: line, as: UTF8.self))
            return
        }
        if Self.hasPrefix(line, "StrokeID:") {
            times.append(nil)
        } else if !times.isEmpty, Self.hasPrefix(line, "StartTime:") {
            var start = 10
            while start < line.count && line[start] == UInt8(ascii: " ") { start += 1 }
            times[times.count - 1] = ADFNumberText.decimal(
                bytes: line.baseAddress! + start, count: line.count - start)
        }
        // Blank lines, the header and every other line leave the start times as they are.
    }

    /// A line with non-ASCII text, checked exactly as `RawDataText` checks it.
    private mutating func takeByCharacters(_ text: String) {
        let line = Substring(text)
        if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.hasPrefix("Number of strokes:") { return }
        if line.hasPrefix("StrokeID:") {
            times.append(nil)
        } else if !times.isEmpty, line.hasPrefix("StartTime:") {
            times[times.count - 1] = ADFNumberText.decimal(line.dropFirst(10).drop { $0 == " " })
        }
    }
}
