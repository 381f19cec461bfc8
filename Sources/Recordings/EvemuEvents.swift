import StylusInput

/// What an `E:` line must look like, as error messages quote it.
let eventLineExpectation = "'E: <seconds>.<microseconds> <type> <code> <value>'"

/// The outcome of parsing one `E:` line.
enum EventLineResult {
    case event(InputEvent)
    case malformed
    case outOfRange(column: Int, problem: String)
}

@inline(__always) private func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

@inline(__always) private func hexDigit(_ c: UInt8) -> UInt32? {
    switch c {
    case 0x30...0x39: UInt32(c &- 0x30)
    case 0x61...0x66: UInt32(c &- 0x61 &+ 10)
    case 0x41...0x46: UInt32(c &- 0x41 &+ 10)
    default: nil
    }
}

/// The decimal digits from `p[i]` on, and how many there are; `i` is left after the last. Nil when there is none, or
/// more than `maximumDigits`: the field is malformed.
@inline(__always) private func decimalField(
    _ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ hi: Int, maximumDigits: Int
) -> (value: Int64, digits: Int)? {
    var value: Int64 = 0
    var digits = 0
    while i < hi {
        let d = p[i] &- 0x30
        guard d < 10 else { break }
        if digits == maximumDigits { return nil }
        value = value &* 10 &+ Int64(d)
        digits += 1
        i += 1
    }
    return digits > 0 ? (value, digits) : nil
}

/// The hexadecimal number of at most eight digits from `p[i]` on; `i` is left after the last. Nil when there is no
/// digit, or more than eight: the field is malformed.
@inline(__always) private func hexField(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ hi: Int) -> UInt32? {
    var value: UInt32 = 0
    var digits = 0
    while i < hi, let d = hexDigit(p[i]) {
        if digits == 8 { return nil }
        value = value << 4 | d
        digits += 1
        i += 1
    }
    return digits > 0 ? value : nil
}

/// The largest whole-second timestamp an event may carry: microseconds since the clock's origin fit in an Int64.
let maximumEventSeconds: Int64 = Int64.max / 1_000_000 - 1

private let microsecondScale: [Int64] = [1_000_000, 100_000, 10_000, 1_000, 100, 10, 1]

/// The text and value of the timestamp of the last `E:` line parsed.
///
/// All events of a frame carry the same timestamp, so most lines repeat the line before's: comparing
/// its text (three words) costs a tenth of parsing its sixteen digits again.
struct RepeatedTimestamp {
    /// The text, little-endian, in three words, zero past `length`.
    private var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// Which bits of each word the text covers.
    private var masks: (UInt64, UInt64, UInt64) = (0, 0, 0)
    /// Bytes of text; 0 when nothing is remembered.
    private(set) var length = 0
    private(set) var microseconds: Int64 = 0

    /// The longest timestamp text remembered: 24 bytes hold any time StylusKit keeps.
    static let capacity = 24

    /// True when `p[i...]` starts with the remembered text and a blank follows it.
    @inline(__always)
    func matches(_ p: UnsafeBufferPointer<UInt8>, at i: Int, end hi: Int) -> Bool {
        guard length > 0, i &+ Self.capacity < hi, let base = p.baseAddress else { return false }
        let text = UnsafeRawPointer(base + i)
        return text.loadUnaligned(as: UInt64.self) & masks.0 == words.0
            && text.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & masks.1 == words.1
            && text.loadUnaligned(fromByteOffset: 16, as: UInt64.self) & masks.2 == words.2
            && isBlank(p[i &+ length])
    }

    /// Remembers the text `p[start..<end]` and its value.
    mutating func remember(_ p: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, microseconds: Int64) {
        guard end - start <= Self.capacity else {
            length = 0
            return
        }
        length = end - start
        /// Word `w` of the text and its mask.
        func word(_ w: Int) -> (text: UInt64, mask: UInt64) {
            var text: UInt64 = 0
            var mask: UInt64 = 0
            for k in stride(from: min(length, 8 * w + 8) - 1, through: 8 * w, by: -1) {
                text = text << 8 | UInt64(p[start + k])
                mask = mask << 8 | 0xff
            }
            return (text, mask)
        }
        let (first, second, third) = (word(0), word(1), word(2))
        words = (first.text, second.text, third.text)
        masks = (first.mask, second.mask, third.mask)
        self.microseconds = microseconds
    }
}

/// Parses `E: <seconds>.<fraction> <type hex> <code hex> <value>[ # comment]` in `p[lo..<hi]`.
///
/// The fraction is read as a decimal fraction of up to six digits (evemu always writes six;
/// libevemu would read a shorter one as a count of microseconds). `timestamp` is the last
/// timestamp parsed, which this line's most likely repeats.
func parseEventLine(
    _ p: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hiWithCR: Int, _ timestamp: inout RepeatedTimestamp
) -> EventLineResult {
    var hi = hiWithCR
    if hi > lo && p[hi - 1] == 0x0d { hi -= 1 }
    var i = lo + 2
    while i < hi && isBlank(p[i]) { i += 1 }

    let time: Int64
    if timestamp.matches(p, at: i, end: hi) {
        time = timestamp.microseconds
        i += timestamp.length
    } else {
        let timeStart = i
        let secondsColumn = i - lo + 1
        guard let seconds = decimalField(p, &i, hi, maximumDigits: 18)?.value, i < hi, p[i] == 0x2e else {
            return .malformed
        }
        // Times are kept in microseconds; beyond this they would wrap around.
        guard seconds <= maximumEventSeconds else {
            return .outOfRange(
                column: secondsColumn,
                problem: "timestamp \(seconds) s is beyond the largest time StylusKit keeps (\(maximumEventSeconds) s)")
        }
        i += 1
        guard let fraction = decimalField(p, &i, hi, maximumDigits: 6) else { return .malformed }
        time = seconds &* 1_000_000 &+ fraction.value &* microsecondScale[fraction.digits]
        if i < hi && isBlank(p[i]) { timestamp.remember(p, from: timeStart, to: i, microseconds: time) }
    }

    guard i < hi, isBlank(p[i]) else { return .malformed }
    while i < hi && isBlank(p[i]) { i += 1 }
    let typeColumn = i - lo + 1
    guard let type = hexField(p, &i, hi), i < hi, isBlank(p[i]) else { return .malformed }
    while i < hi && isBlank(p[i]) { i += 1 }
    let codeColumn = i - lo + 1
    guard let code = hexField(p, &i, hi), i < hi, isBlank(p[i]) else { return .malformed }
    while i < hi && isBlank(p[i]) { i += 1 }
    let valueColumn = i - lo + 1
    var negative = false
    if i < hi && (p[i] == 0x2d || p[i] == 0x2b) {
        negative = p[i] == 0x2d
        i += 1
    }
    guard let magnitude = decimalField(p, &i, hi, maximumDigits: 18)?.value else { return .malformed }
    if i < hi {
        guard isBlank(p[i]) else { return .malformed }
        while i < hi && isBlank(p[i]) { i += 1 }
        guard i == hi || p[i] == 0x23 else { return .malformed }
    }

    let value = negative ? -magnitude : magnitude
    guard value >= Int64(Int32.min), value <= Int64(Int32.max) else {
        return .outOfRange(
            column: valueColumn,
            problem: "event value \(value) is outside the 32-bit range of an evdev value (\(Int32.min)...\(Int32.max))")
    }
    guard type <= UInt32(EventType.max.rawValue) else {
        return .outOfRange(
            column: typeColumn, problem: "event type 0x\(String(type, radix: 16)) is above EV_MAX (0x1f)")
    }
    let eventType = EventType(rawValue: UInt16(type))
    guard let maximumCode = eventType.maximumCode else {
        return .outOfRange(
            column: typeColumn, problem: "event type 0x\(String(type, radix: 16)) is not an evdev event type")
    }
    guard code <= UInt32(maximumCode) else {
        return .outOfRange(
            column: codeColumn,
            problem: "event code 0x\(String(code, radix: 16)) is above the highest code of \(eventType)"
                + " (0x\(String(maximumCode, radix: 16)))")
    }
    return .event(
        InputEvent(
            time: EventTime(microseconds: time), type: eventType,
            code: UInt16(code), value: Int32(value)))
}

/// The kind of a line, from its first bytes.
enum LineKind {
    case blank, comment, event, other
}

func classifyLine(_ p: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hi: Int) -> LineKind {
    var i = lo
    while i < hi && (isBlank(p[i]) || p[i] == 0x0d) { i += 1 }
    if i == hi { return .blank }
    if p[i] == 0x23 { return .comment }
    if i == lo && hi - lo >= 2 && p[lo] == 0x45 && p[lo + 1] == 0x3a { return .event }
    return .other
}

/// The prefix of the comment lines a live session writes for its control events (step changes).
let controlLinePrefix = Array("# StylusKit control: ".utf8)

/// The text after `# StylusKit control: ` when the line is a control line.
func controlText(_ p: UnsafeBufferPointer<UInt8>, _ lo: Int, _ hiWithCR: Int) -> String? {
    var hi = hiWithCR
    if hi > lo && p[hi - 1] == 0x0d { hi -= 1 }
    guard hi - lo >= controlLinePrefix.count,
        controlLinePrefix.indices.allSatisfy({ p[lo + $0] == controlLinePrefix[$0] })
    else { return nil }
    return String(decoding: UnsafeBufferPointer(rebasing: p[(lo + controlLinePrefix.count)..<hi]), as: UTF8.self)
}

/// The events of an evemu file after its description, parsed lazily.
struct EvemuEventStream {
    private var source: LineSource
    private let allowTruncated: Bool
    /// In `allowTruncated` mode, the frame being collected or handed out.
    private var frame: [InputEvent] = []
    private var frameIndex = 0
    private var finished = false
    /// Events read since the last `SYN_REPORT`, to tell a recording cut off inside a frame.
    private var eventsSinceFrameEnd = 0
    private var timestamp = RepeatedTimestamp()
    /// The fast path for lines in evemu's own layout.
    private var layoutParser = EvemuLayoutEventParser()
    /// Events per `nextEvents(into:)` when the fast path reads ahead.
    static let batchSize = 64
    /// Room for one batch of `nextEvents(into:)`, its values to be overwritten.
    static func emptyBatch() -> [InputEvent] {
        [InputEvent](
            repeating: InputEvent(time: EventTime(microseconds: 0), type: .synchronization, code: 0, value: 0),
            count: batchSize)
    }
    /// False to read every `E:` line with the careful parser alone (tests compare the two).
    private let fastPath: Bool
    /// What was dropped, once reading ended in `allowTruncated` mode.
    private(set) var truncation: TruncationReport?
    /// The text after `# StylusKit control: ` of every control line read so far, in order.
    private(set) var controlLines: [String] = []

    init(source: LineSource, allowTruncated: Bool, controlLines: [String] = [], fastPath: Bool = true) {
        self.source = source
        self.allowTruncated = allowTruncated
        self.controlLines = controlLines
        self.fastPath = fastPath
    }

    private enum Step {
        case event(InputEvent)
        case end
        case bad(RecordingError)
        /// A line `LineSource` refused unread; the source is at its start.
        case badLine(RecordingError)
    }

    private mutating func step() throws(RecordingError) -> Step {
        // Most lines are events in evemu's own layout; any other line (and any error) is read
        // below, by the careful parser. Without `allowTruncated`, `nextEvents(into:)` has tried this line.
        var tryFastPath = fastPath && allowTruncated
        while true {
            if tryFastPath, let event = source.nextLine(parsedBy: &layoutParser) { return .event(event) }
            tryFastPath = fastPath
            let next: Range<Int>?
            do {
                next = try source.nextLine()
            } catch {
                // An overlong line is damage like any malformed line: in `allowTruncated` mode
                // the frames before it are kept.
                guard allowTruncated, case .lineTooLong = error else { throw error }
                return .badLine(error)
            }
            guard let range = next else { break }
            let result = source.buffer.withUnsafeBufferPointer { p -> EventLineResult? in
                switch classifyLine(p, range.lowerBound, range.upperBound) {
                case .comment:
                    if let control = controlText(p, range.lowerBound, range.upperBound) { controlLines.append(control) }
                    return nil
                case .blank: return nil
                case .event: return parseEventLine(p, range.lowerBound, range.upperBound, &timestamp)
                case .other: return .malformed
                }
            }
            guard let result else { continue }
            switch result {
            case .event(let event):
                return .event(event)
            case .malformed:
                let found = quoted(source.buffer[range])
                if source.lastLineHadNewline {
                    return .bad(
                        .malformedLine(
                            file: source.name, line: source.lineNumber, expected: eventLineExpectation, found: found))
                }
                return .bad(
                    .cutOffLine(
                        file: source.name, line: source.lineNumber, expected: eventLineExpectation, found: found))
            case .outOfRange(let column, let problem):
                return .bad(.outOfRange(file: source.name, line: source.lineNumber, column: column, problem: problem))
            }
        }
        return .end
    }

    /// The next events into `batch`, their count: at least one, 0 at the end.
    ///
    /// Lines in evemu's own layout are read ahead, as many as fit (without `allowTruncated`),
    /// which is safe: the fast path throws nothing and leaves the source where that many single
    /// reads would, and every line it refuses waits, unread, for the careful parser in the next
    /// call, so errors, line numbers and control lines are as reading one line at a time gives them.
    @inline(never)
    mutating func nextEvents(into batch: UnsafeMutableBufferPointer<InputEvent>) throws(RecordingError) -> Int {
        if fastPath && !allowTruncated, let base = batch.baseAddress {
            let count = source.nextLines(parsedBy: &layoutParser, into: base, capacity: batch.count)
            if count > 0 {
                // Only the end of the stream reads this, after the whole batch is handed out.
                var lastFrameEnd = count &- 1
                while lastFrameEnd >= 0 && !batch[lastFrameEnd].isFrameEnd { lastFrameEnd &-= 1 }
                eventsSinceFrameEnd = lastFrameEnd < 0 ? eventsSinceFrameEnd &+ count : count &- 1 &- lastFrameEnd
                return count
            }
        }
        guard let event = try nextThroughSteps() else { return 0 }
        batch[0] = event
        return 1
    }

    /// The next event, or nil at the end, read by `step()`.
    @inline(never)
    private mutating func nextThroughSteps() throws(RecordingError) -> InputEvent? {
        guard allowTruncated else {
            switch try step() {
            case .event(let event):
                eventsSinceFrameEnd = event.isFrameEnd ? 0 : eventsSinceFrameEnd + 1
                return event
            case .end:
                guard eventsSinceFrameEnd == 0 else {
                    throw .incompleteLastFrame(file: source.name, line: source.lineNumber, events: eventsSinceFrameEnd)
                }
                return nil
            case .bad(let error), .badLine(let error): throw error
            }
        }
        if frameIndex < frame.count {
            defer { frameIndex += 1 }
            return frame[frameIndex]
        }
        frame.removeAll(keepingCapacity: true)
        frameIndex = 0
        if finished { return nil }
        collecting: while true {
            let outcome = try step()
            switch outcome {
            case .event(let event):
                frame.append(event)
                if event.isFrameEnd { break collecting }
            case .end:
                if !frame.isEmpty {
                    truncation = TruncationReport(
                        stoppedAt: nil, droppedLines: 0, droppedBytes: 0, droppedEvents: frame.count)
                }
                frame.removeAll()
                finished = true
                return nil
            case .bad(let error), .badLine(let error):
                let rest: (lines: Int, bytes: Int)
                if case .badLine = outcome {
                    rest = try source.measureRest()
                } else {
                    rest = try source.measureRestFromLastLine()
                }
                truncation = TruncationReport(
                    stoppedAt: error, droppedLines: rest.lines, droppedBytes: rest.bytes, droppedEvents: frame.count)
                frame.removeAll()
                finished = true
                return nil
            }
        }
        frameIndex = 1
        return frame[0]
    }
}
