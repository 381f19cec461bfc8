/// Watches the bytes of a results file for a stretch without an element tag longer than a limit.
///
/// libxml2 is given XML_PARSE_HUGE so that a long drawing's RawData (about 30 bytes a point,
/// so 10 MB at about 330 000 points) can be read at all; HUGE also lifts libxml2's own caps on
/// one text, comment or attribute value. This scan puts an explicit cap back, before libxml2
/// has buffered more than one read past it: every text node, attribute value, comment and CDATA
/// section lies between two element tags (`<name` or `</name`), so the bytes since the last
/// element tag bound the memory any one of them can take. Comments, CDATA sections and
/// processing instructions are followed to their ends, so a `<` inside them does not count as
/// a tag. Follows its state across chunk boundaries.
struct MarkupRun {
    private enum State {
        case content, afterLessThan, afterBang, afterBangDash
        case comment, commentDash, commentDashDash
        case characterData, characterDataBracket, characterDataBrackets
        case instruction, instructionQuestion
    }

    /// The most bytes allowed since the last element tag began.
    let limit: Int
    private var state = State.content
    /// Bytes since the last element tag began (or since the start of the file).
    private(set) var run = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// Feeds the next bytes of the file; false once a stretch is longer than `limit`.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        var i = 0
        while i < count {
            if state == .content {
                // Almost every byte of a results file is here: skip to the next '<' a word at a time.
                let next = Self.firstLessThan(bytes, from: i)
                run += next - i
                i = next
                if run > limit { return false }
                if i == count { break }
                state = .afterLessThan
                run += 1
                i += 1
                continue
            }
            let byte = bytes[i]
            i += 1
            run += 1
            switch state {
            case .content:
                break
            case .afterLessThan:
                switch byte {
                case UInt8(ascii: "!"): state = .afterBang
                case UInt8(ascii: "?"): state = .instruction
                default:
                    // An element's start or end tag: a new stretch starts at its '<'.
                    run = 2
                    state = .content
                }
            case .afterBang:
                switch byte {
                case UInt8(ascii: "-"): state = .afterBangDash
                case UInt8(ascii: "["): state = .characterData
                default: state = .content  // A declaration; the prologue check refuses DOCTYPE.
                }
            case .afterBangDash:
                state = byte == UInt8(ascii: "-") ? .comment : .content
            case .comment:
                if byte == UInt8(ascii: "-") { state = .commentDash }
            case .commentDash:
                state = byte == UInt8(ascii: "-") ? .commentDashDash : .comment
            case .commentDashDash:
                if byte == UInt8(ascii: ">") {
                    state = .content
                } else if byte != UInt8(ascii: "-") {
                    state = .comment
                }
            case .characterData:
                if byte == UInt8(ascii: "]") { state = .characterDataBracket }
            case .characterDataBracket:
                state = byte == UInt8(ascii: "]") ? .characterDataBrackets : .characterData
            case .characterDataBrackets:
                if byte == UInt8(ascii: ">") {
                    state = .content
                } else if byte != UInt8(ascii: "]") {
                    state = .characterData
                }
            case .instruction:
                if byte == UInt8(ascii: "?") { state = .instructionQuestion }
            case .instructionQuestion:
                if byte == UInt8(ascii: ">") {
                    state = .content
                } else if byte != UInt8(ascii: "?") {
                    state = .instruction
                }
            }
            if run > limit { return false }
        }
        return true
    }

    /// The index of the first '<' at or after `start`, or `bytes.count`.
    private static func firstLessThan(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let count = bytes.count
        var i = start
        // Eight bytes at a time: a byte of `word ^ 0x3c..3c` is zero where the byte is '<'.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let pattern: UInt64 = 0x3c3c_3c3c_3c3c_3c3c
        while i + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ pattern
            if (word &- ones) & ~word & highs != 0 { break }
            i += 8
        }
        while i < count && bytes[i] != UInt8(ascii: "<") { i += 1 }
        return i
    }
}
