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
    public init(_ text: String) {
        var lineOffset = 0
        var sawHeader = false
        for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { lineOffset += 1 }
            var line = Substring(rawLine)
            if line.last == "\r" { line.removeLast() }
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
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
                    problems.append(Problem(lineOffset: lineOffset, message: "\"Number of strokes: \(count)\" is not a count"))
                }
                continue
            }
            if !sawHeader {
                problems.append(Problem(lineOffset: lineOffset, message: "RawData does not start with \"Number of strokes: N\""))
                sawHeader = true
            }
            if let id = value(after: "StrokeID:") {
                strokes.append(Stroke(strokeID: Int(id), lineOffset: lineOffset))
                if Int(id) == nil {
                    problems.append(Problem(lineOffset: lineOffset, message: "\"StrokeID: \(id)\" is not a number"))
                }
                continue
            }
            guard !strokes.isEmpty else {
                problems.append(Problem(lineOffset: lineOffset, message: "\"\(line)\" comes before the first \"StrokeID\" line"))
                continue
            }
            let last = strokes.count - 1
            if let count = value(after: "Number of samples:") {
                strokes[last].declaredSamples = Int(count)
                if Int(count) == nil {
                    problems.append(Problem(lineOffset: lineOffset, message: "\"Number of samples: \(count)\" is not a count"))
                }
            } else if let color = value(after: "Color:") {
                let parts = color.split(separator: " ").map { Int($0) }
                if parts.count == 3, parts.allSatisfy({ $0 != nil && (0...255).contains($0!) }) {
                    strokes[last].color = parts.map { $0! }
                } else {
                    problems.append(Problem(lineOffset: lineOffset, message: "\"Color: \(color)\" is not three numbers 0...255"))
                }
            } else if let time = value(after: "StartTime:") {
                strokes[last].startTime = ADFNumberText.decimal(time)
                if strokes[last].startTime == nil {
                    problems.append(Problem(lineOffset: lineOffset, message: "\"StartTime: \(time)\" is not a time in milliseconds"))
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
                    problems.append(Problem(lineOffset: lineOffset, message: "\"\(line)\" is not a sample line \"x y dt pressure\""))
                }
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

    /// `-?[0-9]+` as an Int64.
    static func integer<S: StringProtocol>(_ text: S) -> Int64? {
        Int64(String(text))
    }
}
