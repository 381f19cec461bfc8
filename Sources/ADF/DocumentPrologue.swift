/// Watches the bytes before the root element and refuses a DOCTYPE before libxml2 parses it.
///
/// A results file never has a document type declaration, and every entity attack (external
/// entities, billion laughs) needs one; refusing it on sight means libxml2 never parses an
/// internal subset. The check also refuses encodings that would hide "<!DOCTYPE" from a
/// byte scan (UTF-16, UTF-32, EBCDIC): results files are UTF-8. It follows the prologue
/// across chunk boundaries: XML declaration, processing instructions, comments and
/// whitespace; the first `<` followed by anything else ends it.
struct DocumentPrologue {
    enum Outcome: Equatable {
        /// Still in the prologue; nothing wrong so far.
        case undecided
        /// The root element has started: the rest is libxml2's business.
        case rootReached
        /// A `<!DOCTYPE` starts on `line`.
        case documentType(line: Int)
        /// Bytes on `line` show an encoding other than UTF-8 (or ASCII-compatible ones).
        case notUTF8(line: Int)
    }

    private enum State {
        case between, afterLessThan, instruction, instructionQuestion, afterBang, afterBangDash
        case comment, commentDash, commentDashDash
    }

    private var state = State.between
    private var line = 1
    private var outcome = Outcome.undecided
    private var offset = 0

    init(enabled: Bool = true) {
        if !enabled { outcome = .rootReached }
    }

    /// Feeds the next bytes of the file; returns what is known once they are seen.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard outcome == .undecided else { return outcome }
        for byte in bytes {
            defer { offset += 1 }
            if byte == 0 || (offset < 2 && (byte == 0xFE || byte == 0xFF))
                || (offset == 0 && byte == 0x4C)
            {
                outcome = .notUTF8(line: line)
                return outcome
            }
            if byte == UInt8(ascii: "\n") { line += 1 }
            switch state {
            case .between:
                if byte == UInt8(ascii: "<") { state = .afterLessThan }
            case .afterLessThan:
                switch byte {
                case UInt8(ascii: "?"): state = .instruction
                case UInt8(ascii: "!"): state = .afterBang
                default:
                    outcome = .rootReached
                    return outcome
                }
            case .instruction:
                if byte == UInt8(ascii: "?") { state = .instructionQuestion }
            case .instructionQuestion:
                if byte == UInt8(ascii: ">") {
                    state = .between
                } else if byte != UInt8(ascii: "?") {
                    state = .instruction
                }
            case .afterBang:
                if byte == UInt8(ascii: "-") {
                    state = .afterBangDash
                } else {
                    // `<!DOCTYPE`, or anything else after `<!` (a CDATA section, a stray
                    // declaration), which is not allowed before the root either.
                    outcome = .documentType(line: line)
                    return outcome
                }
            case .afterBangDash:
                if byte == UInt8(ascii: "-") {
                    state = .comment
                } else {
                    outcome = .documentType(line: line)
                    return outcome
                }
            case .comment:
                if byte == UInt8(ascii: "-") { state = .commentDash }
            case .commentDash:
                state = byte == UInt8(ascii: "-") ? .commentDashDash : .comment
            case .commentDashDash:
                if byte == UInt8(ascii: ">") {
                    state = .between
                } else if byte != UInt8(ascii: "-") {
                    state = .comment
                }
            }
        }
        return outcome
    }
}
