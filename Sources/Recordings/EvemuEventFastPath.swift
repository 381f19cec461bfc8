package import StylusInput

// The fast path for `E:` lines in the layout evemu itself writes:
//
//     E: 1369413636.405673 0003 0000 71789\t# EV_ABS / ABS_X 71789
//
// Each field is read eight bytes at a time (SWAR: SIMD within a register) instead of a byte
// at a time: the seconds' digits are found by one mask over two words, the six-digit fraction
// and the value are converted with three multiplications each, and the two 4-digit hex codes
// are checked and converted two digits at a time by a table of every byte pair (`EventCodeLimits`). A line in any other
// shape (a tab
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
    /// Bytes the window covers: a word at any offset up to 63, though the fast path reads none past 47.
    static let size = 72

    private let start: UnsafeRawPointer

    /// The window at `p[lo...]`, or nil when fewer than `size` bytes of the buffer are left there.
    @inline(__always)
    init?(_ p: UnsafeBufferPointer<UInt8>, at lo: Int) {
        guard lo >= 0, p.count - lo >= Self.size, let base = p.baseAddress else { return nil }
        start = UnsafeRawPointer(base + lo)
    }

    /// The eight bytes at `offset` (0...47 in the fast path), the first in the lowest byte.
    @inline(__always)
    func word(at offset: Int) -> UInt64 {
        // The callers' offsets are bounded by the fields' widths; the mask keeps even a wrong one
        // inside the window, for one instruction where a bounds check took a compare and a branch.
        UInt64(littleEndian: start.loadUnaligned(fromByteOffset: offset & 63, as: UInt64.self))
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
    /// The offset of the timestamp's '.'; 0 while nothing is remembered (and `words` are 0).
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

/// The tables the fast path reads a line's type and code with: made once a process, never freed.
///
/// Converting and checking the two 4-digit hex codes took about 60 instructions a line word-wise
/// (SWAR); four loads from a table of digit pairs take about 20.
struct EventCodeLimits: @unchecked Sendable {
    /// Made on first use and only read after (hence `@unchecked Sendable`).
    private static let shared = EventCodeLimits(making: ())
    /// By two bytes read as a little-endian `UInt16` (the first in the low byte): their value as
    /// two hex digits (either case, 0...255), 0x100 when either is not a hex digit. 128 KiB.
    let hexPairs: UnsafePointer<UInt16>
    /// By event type (0...255): its highest code (`EventType.maximumCode`), -1 where the type is
    /// not an evdev event type.
    let highestCode: UnsafePointer<Int32>

    /// The tables (the same for every parser).
    init() { self = Self.shared }

    private init(making: Void) {
        let digits =
            Array(0x30...0x39).enumerated() + Array(0x41...0x46).enumerated().map { ($0 + 10, $1) }
            + Array(0x61...0x66).enumerated().map { ($0 + 10, $1) }
        let pairs = UnsafeMutablePointer<UInt16>.allocate(capacity: 1 << 16)
        // Filled first (a memset), then the 22 x 22 pairs of digits: a table made cell by cell
        // cost a million instructions, 3 % of reading the 22HDT recording.
        pairs.initialize(repeating: 0x100, count: 1 << 16)
        for (first, firstByte) in digits {
            for (second, secondByte) in digits {
                pairs[firstByte | secondByte << 8] = UInt16(first << 4 | second)
            }
        }
        let highest = UnsafeMutablePointer<Int32>.allocate(capacity: 256)
        for type in 0..<256 {
            let known = type <= EventType.max.rawValue ? EventType(rawValue: UInt16(type)).maximumCode : nil
            highest[type] = known.map { Int32($0) } ?? -1
        }
        hexPairs = UnsafePointer(pairs)
        highestCode = UnsafePointer(highest)
    }

    /// The type and code written by the first four bytes of `typeWord` and of `codeWord` (hex
    /// digits, either case), nil when a byte is not a hex digit, the type is not an event type or
    /// the code is above its type's highest.
    @inline(__always)
    func typeAndCode(_ typeWord: UInt64, _ codeWord: UInt64) -> (type: UInt32, code: UInt32)? {
        let typeHigh = hexPairs[Int(typeWord & 0xffff)]
        let typeLow = hexPairs[Int(typeWord >> 16 & 0xffff)]
        let codeHigh = hexPairs[Int(codeWord & 0xffff)]
        let codeLow = hexPairs[Int(codeWord >> 16 & 0xffff)]
        // Every event type is below 0x100: its first two digits are "00" (value 0); 0x100 marks a non-digit.
        guard typeHigh | (typeLow | codeHigh | codeLow) & 0x100 == 0 else { return nil }
        let code = UInt32(codeHigh) << 8 | UInt32(codeLow)
        guard Int32(code) <= highestCode[Int(typeLow)] else { return nil }
        return (UInt32(typeLow), code)
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
    // Nothing remembered (`dot` 0, words 0) never matches: the word at 0 starts with "E: ".
    if secondsHigh == recent.words.0, secondsLow == recent.words.1, line.word(at: recent.dot) == recent.words.2 {
        dot = recent.dot
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
        let microseconds = seconds &* 1_000_000 &+ decimalValue(fraction >> 8, digits: 6)
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
        let (type, code) = limits.typeAndCode(typeWord, codeWord)
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
        // This line's timestamp, read from `recent` here rather than kept in a register through
        // the fields (one load against a spill and a reload); at most `maximumEventSeconds` and
        // six digits, far inside Int64.
        time: EventTime(microseconds: Int64(bitPattern: recent.microseconds)),
        type: EventType(rawValue: UInt16(truncatingIfNeeded: type)), code: UInt16(truncatingIfNeeded: code),
        value: value)
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
