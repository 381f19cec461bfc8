package import StylusInput

// The fast path for `E:` lines in the layout evemu itself writes:
//
//     E: 1369413636.405673 0003 0000 71789\t# EV_ABS / ABS_X 71789
//
// Each field is read eight bytes at a time (SWAR: SIMD within a register) instead of a byte
// at a time: the seconds' digits are found by one mask over two words, the six-digit fraction
// and the value are converted with three multiplications each, and the two 4-digit hex codes
// are checked and converted in a handful of operations. A line in any other shape (a tab
// after `E:`, two blanks between fields, a fraction of fewer than six digits, a value of more
// than ten digits, an error of any kind) is left to `parseEventLine`, the careful byte loop,
// which alone decides what is malformed and says so. The fast path only ever accepts: for
// every line it accepts, the careful parser gives the same event (EventLineFastPathTests
// checks this over every recording in Fixtures and generated edge cases).

/// The first `size` bytes of a line, read a word at a time: the fast path's only unchecked reads.
///
/// `init` checks once per line that all `size` bytes from the line's start lie inside the
/// buffer; the words then read may run past the line's end into the next line or into bytes
/// of the buffer not yet filled (initialised memory all the same), so the fast path never
/// lets a byte at or past the line's end decide anything.
struct EventLineWindow {
    /// Bytes the window covers; the fast path reads words at offsets up to 47.
    static let size = 64

    private let start: UnsafeRawPointer

    /// The window at `p[lo...]`, or nil when fewer than `size` bytes of the buffer are left there.
    @inline(__always)
    init?(_ p: UnsafeBufferPointer<UInt8>, at lo: Int) {
        guard lo >= 0, p.count - lo >= Self.size, let base = p.baseAddress else { return nil }
        start = UnsafeRawPointer(base + lo)
    }

    /// The eight bytes at `offset`, the first in the lowest byte.
    @inline(__always)
    func word(at offset: Int) -> UInt64 {
        // One compare, never taken: the callers' offsets are bounded by the fields' widths.
        precondition(UInt(bitPattern: offset) <= UInt(Self.size - 8), "read outside the line window")
        return UInt64(littleEndian: start.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}

/// Eight bytes of 0x01: a byte-wise constant is `k &* ones`.
private let ones: UInt64 = 0x0101_0101_0101_0101

/// 0x80 in each byte of `w` that is not an ASCII digit, 0 in each that is.
///
/// The sums are taken over the low seven bits of each byte so that no byte carries into the
/// next; a byte with its top bit set is not a digit anyway.
@inline(__always)
func nonDigitBytes(_ w: UInt64) -> UInt64 {
    let low = w & (0x7f &* ones)
    // low + 0x50 has its top bit set from '0' (0x30) up; low + 0x46 from ':' (0x3a) up.
    return (w | ~(low &+ 0x50 &* ones) | (low &+ 0x46 &* ones)) & (0x80 &* ones)
}

/// The number of leading ASCII digits of `w`, 8 when all of its bytes are digits.
@inline(__always)
func leadingDigits(_ w: UInt64) -> Int {
    nonDigitBytes(w).trailingZeroBitCount >> 3
}

/// The number written by the first `count` (1...8) digits of `w`, which must be ASCII digits.
@inline(__always)
func decimalValue(_ w: UInt64, digits count: Int) -> UInt64 {
    // Shifting the digits to the top of the word drops the bytes after them and puts zero
    // digits before them, so every count is converted as eight digits.
    var v = (w & (0x0f &* ones)) << (8 &* (8 &- count))
    // Pairs, then fours, then all eight (Lemire's eight-digit conversion).
    v = v &* 10 &+ (v >> 8)
    return
        ((v & 0x0000_00ff_0000_00ff) &* 0x000f_4240_0000_0064
        &+ ((v >> 16) & 0x0000_00ff_0000_00ff) &* 0x0000_2710_0000_0001) >> 32
}

/// The values of the four hex digits (either case) in the low bytes of `first` and of `second`,
/// nil when a byte is not a hex digit.
@inline(__always)
func twoHexNumbers(_ first: UInt64, _ second: UInt64) -> (UInt32, UInt32)? {
    // Both numbers in one word, so that each step below is one operation for the eight digits.
    let x = first & 0xffff_ffff | second << 32
    // Only ASCII bytes: then no sum below carries out of its byte.
    guard x & (0x80 &* ones) == 0 else { return nil }
    // '0'...'9': x + 0x50 has its top bit set from 0x30, x + 0x46 from 0x3a.
    let digit = (x &+ 0x50 &* ones) & ~(x &+ 0x46 &* ones)
    // 'a'...'f' (and 'A'...'F', which setting bit 5 lowers): from 0x61, and not from 0x67.
    let lower = x | (0x20 &* ones)
    let letter = (lower &+ 0x1f &* ones) & ~(lower &+ 0x19 &* ones)
    guard (digit | letter) & (0x80 &* ones) == 0x80 &* ones else { return nil }
    // A digit's low nibble is its value; a letter's plus 9 (letters have bit 6 set, digits not).
    let nibbles = (x & (0x0f &* ones)) &+ ((x >> 6) & ones) &* 9
    // Nibbles n0 n1 n2 n3 of each number, the first the most significant: pair them (a byte
    // every other byte), then join the pairs (16 bits every other 32).
    let pairs = (nibbles << 4 | nibbles >> 8) & 0x00ff_00ff_00ff_00ff
    let numbers = (pairs << 8 | pairs >> 16) & 0x0000_ffff_0000_ffff
    return (UInt32(truncatingIfNeeded: numbers), UInt32(truncatingIfNeeded: numbers >> 32))
}

/// True when byte `index` (0...7) of `w` is a space or a tab.
@inline(__always)
private func isBlank(_ w: UInt64, byte index: Int) -> Bool {
    let c = UInt8(truncatingIfNeeded: w >> (8 &* index))
    return c == 0x20 || c == 0x09
}

/// The timestamp of the last line the fast path read, by its bytes and its value.
///
/// All events of a frame carry the same timestamp, so most lines repeat the line before's:
/// comparing the three words that hold it costs a tenth of converting it again.
struct EvemuLayoutTimestamp {
    /// The words at offsets 3, 11 and `dot` of that line: together they cover the timestamp
    /// and the blank after it (offsets 3 to `dot + 7`, `dot` being 18 at most).
    fileprivate var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// The offset of the timestamp's '.'; 0 while nothing is remembered.
    fileprivate var dot = 0
    fileprivate var microseconds: UInt64 = 0
}

/// The fast path as a `LineParser`: the code limits it checks and the timestamp it remembers.
struct EvemuLayoutEventParser: LineParser {
    private let limits = EventCodeLimits()
    private var recent = EvemuLayoutTimestamp()

    @inline(__always)
    mutating func parse(_ p: UnsafeBufferPointer<UInt8>, from lo: Int, to hi: Int) -> InputEvent? {
        parseEvemuLayoutEventLine(p, lo, hi, limits, &recent)
    }
}

/// The highest code of each event type (`EventType.maximumCode`) looked up once, not per event.
struct EventCodeLimits {
    /// By type, -1 where the type is not an evdev event type.
    private let highest: [Int32]

    init() {
        highest = (0...EventType.max.rawValue).map { type in
            EventType(rawValue: type).maximumCode.map { Int32($0) } ?? -1
        }
    }

    /// True when `type` is an event type and `code` is one of its codes.
    @inline(__always)
    func allows(type: UInt32, code: UInt32) -> Bool {
        Int(type) < highest.count && Int32(truncatingIfNeeded: code) <= highest[Int(type)]
    }
}

/// Parses an `E:` line in `p[lo..<hi]` when it is in evemu's own layout; nil for any other line.
///
/// The layout: `E: `, 1 to 15 digits of seconds, `.`, six digits of fraction, one blank, four
/// hex digits of type, one blank, four of code, one blank, an optional sign and 1 to 10 digits
/// of a 32-bit value, then the end of the line, or one blank and the end or a `#` comment. A type, code or
/// time out of range also gives nil, so that `parseEventLine` reports it. `hi` may include a
/// carriage return, which ends the line as it does for `parseEventLine`. `recent` is the
/// timestamp of the last line read here, which this line's most likely repeats.
@inline(__always)
func parseEvemuLayoutEventLine(
    _ p: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: Int, _ limits: EventCodeLimits,
    _ recent: inout EvemuLayoutTimestamp
) -> InputEvent? {
    // The shortest line this layout allows: `E: 0.000000 0000 0000 0`.
    guard hi &- lo >= 23, let line = EventLineWindow(p, at: lo) else { return nil }
    var length = hi &- lo
    if p[hi &- 1] == 0x0d { length &-= 1 }

    let head = line.word(at: 0)
    guard head & 0xff_ffff == 0x20_3a45 else { return nil }  // "E: "

    // The timestamp: the line before's when the words holding it are the same, else
    // 1 to 15 digits of seconds from offset 3, '.', six digits of fraction, a blank.
    let secondsHigh = line.word(at: 3)
    let secondsLow = line.word(at: 11)
    let dot: Int
    let microseconds: UInt64
    if recent.dot != 0, secondsHigh == recent.words.0, secondsLow == recent.words.1,
        line.word(at: recent.dot) == recent.words.2
    {
        dot = recent.dot
        microseconds = recent.microseconds
    } else {
        var secondsDigits = leadingDigits(secondsHigh)
        if secondsDigits == 8 { secondsDigits = 8 &+ leadingDigits(secondsLow) }
        guard secondsDigits >= 1, secondsDigits <= 15 else { return nil }
        dot = 3 &+ secondsDigits
        let fraction = line.word(at: dot)
        guard UInt8(truncatingIfNeeded: fraction) == 0x2e, nonDigitBytes(fraction) & 0x00ff_ffff_ffff_ff00 == 0,
            isBlank(fraction, byte: 7)
        else { return nil }
        var seconds: UInt64
        if secondsDigits <= 8 {
            seconds = decimalValue(secondsHigh, digits: secondsDigits)
        } else {
            let low = decimalValue(line.word(at: dot &- 8), digits: 8)
            seconds = decimalValue(secondsHigh, digits: secondsDigits &- 8) &* 100_000_000 &+ low
        }
        // Beyond this the careful parser reports the time as out of range.
        guard seconds <= UInt64(maximumEventSeconds) else { return nil }
        microseconds = seconds &* 1_000_000 &+ decimalValue(fraction >> 8, digits: 6)
        // Remembered by its bytes alone: a line with the same bytes has the same timestamp,
        // wherever the bytes read here came from.
        recent = EvemuLayoutTimestamp(words: (secondsHigh, secondsLow, fraction), dot: dot, microseconds: microseconds)
    }

    // Type, blank, code, blank: then the value starts, and it must be inside the line, so every
    // byte read so far is too.
    let typeWord = line.word(at: dot &+ 8)
    let codeWord = line.word(at: dot &+ 13)
    let valueStart = dot &+ 18
    guard valueStart < length, isBlank(typeWord, byte: 4), isBlank(codeWord, byte: 4),
        let (type, code) = twoHexNumbers(typeWord, codeWord), limits.allows(type: type, code: code)
    else { return nil }

    // The value: a sign, then digits up to the end of the line or a blank.
    var digitsStart = valueStart
    let sign = UInt8(truncatingIfNeeded: codeWord >> 40)
    let negative = sign == 0x2d
    if negative || sign == 0x2b { digitsStart &+= 1 }
    let valueWord = line.word(at: digitsStart)
    var valueDigits = leadingDigits(valueWord)
    if valueDigits == 8 { valueDigits = 8 &+ leadingDigits(line.word(at: digitsStart &+ 8)) }
    // Digits read past the line's end belong to the next line (or to nothing).
    if valueDigits > length &- digitsStart { valueDigits = length &- digitsStart }
    // Ten digits hold any 32-bit value; longer ones are the careful parser's to refuse.
    guard valueDigits >= 1, valueDigits <= 10 else { return nil }
    let valueEnd = digitsStart &+ valueDigits
    if valueEnd < length {
        // One blank, then the end of the line or a comment.
        let rest = line.word(at: valueEnd)
        guard isBlank(rest, byte: 0),
            valueEnd &+ 1 == length || UInt8(truncatingIfNeeded: rest >> 8) == 0x23
        else { return nil }
    }
    var magnitude = decimalValue(valueWord, digits: min(valueDigits, 8))
    if valueDigits > 8 {
        // A serial number, often: the first one or two digits, then the last eight.
        let low = decimalValue(line.word(at: valueEnd &- 8), digits: 8)
        magnitude = decimalValue(valueWord, digits: valueDigits &- 8) &* 100_000_000 &+ low
    }
    // Outside the 32-bit range the careful parser says so.
    guard magnitude <= (negative ? 0x8000_0000 : 0x7fff_ffff) else { return nil }
    let value = Int32(truncatingIfNeeded: negative ? 0 &- magnitude : magnitude)
    return InputEvent(
        time: EventTime(microseconds: Int64(microseconds)), type: EventType(rawValue: UInt16(type)),
        code: UInt16(code), value: value)
}

/// An evemu file read to its end through the event stream, with or without the fast path: its
/// events, the error that stopped it and the truncation; nil when its description is refused.
package struct EvemuStreamReading: Equatable {
    package var events: [InputEvent] = []
    package var error: RecordingError?
    package var truncation: TruncationReport?

    /// Reads the file `bytes`, named `name` in messages.
    package init?(bytes: [UInt8], name: String, fastPath: Bool, allowTruncated: Bool) {
        self.init(source: LineSource(bytes: bytes, name: name), fastPath: fastPath, allowTruncated: allowTruncated)
    }

    init?(source: LineSource, fastPath: Bool, allowTruncated: Bool) {
        var source = source
        var header = EvemuHeaderParser(fileName: source.name)
        do { try header.parse(&source) } catch { return nil }
        var stream = EvemuEventStream(source: source, allowTruncated: allowTruncated, fastPath: fastPath)
        // In batches, as `RecordingReader` reads.
        var batch = EvemuEventStream.emptyBatch()
        do {
            while true {
                let count = try batch.withUnsafeMutableBufferPointer { b throws(RecordingError) in
                    try stream.nextEvents(into: b)
                }
                if count == 0 { break }
                events += batch[..<count]
            }
        } catch {
            self.error = error
        }
        truncation = stream.truncation
    }
}
