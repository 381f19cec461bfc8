/// The lines of a file or of bytes in memory, read in large chunks without a String per line.
///
/// `nextLine()` returns a range of `buffer` that stays valid until the next call.
struct LineSource {
    /// The file name errors quote.
    let name: String
    private let file: FileDescriptorBox?
    private(set) var buffer: [UInt8]
    /// Start of the next line in `buffer`.
    private var position = 0
    /// Number of valid bytes in `buffer`.
    private var end: Int
    private var atEndOfFile: Bool
    /// Start in `buffer` of the line last returned.
    private var lineStart = 0
    /// The 1-based number of the line last returned.
    private(set) var lineNumber = 0
    /// False when the line last returned ended at the end of the file without a newline.
    private(set) var lastLineHadNewline = true

    /// Bytes read from the file per `read(2)`.
    static let chunkSize = 1 << 20

    /// The longest line (without its newline) read; a longer one is refused, so the buffer
    /// never grows past about twice this however the file is damaged. The longest real line is
    /// a HID report descriptor (4096 bytes at most, about 12 kB as text).
    static let maximumLineBytes = 1 << 20

    init(path: String) throws(RecordingError) {
        name = path
        file = try FileDescriptorBox.openForReading(path)
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
        end = 0
        atEndOfFile = false
    }

    /// The size of the file when it is a regular file; nil for bytes in memory, pipes and devices.
    var regularFileSize: Int? { file?.regularFileSize() }

    init(bytes: [UInt8], name: String) {
        self.name = name
        file = nil
        buffer = bytes
        end = bytes.count
        atEndOfFile = true
    }

    /// The next line without its newline, or nil at the end.
    mutating func nextLine() throws(RecordingError) -> Range<Int>? {
        while true {
            let newline = buffer.withUnsafeBufferPointer { firstIndex(of: 0x0a, in: $0, from: position, to: end) }
            if let newline {
                try checkLength(newline - position)
                lineStart = position
                position = newline + 1
                lineNumber += 1
                lastLineHadNewline = true
                return lineStart..<newline
            }
            if atEndOfFile {
                guard position < end else { return nil }
                try checkLength(end - position)
                lineStart = position
                position = end
                lineNumber += 1
                lastLineHadNewline = false
                return lineStart..<end
            }
            try checkLength(end - position)
            try refill()
        }
    }

    /// The next line as `parser` reads it, or nil, with nothing read, when `parser` refuses it.
    ///
    /// For the lines of a long recording: one newline search and nothing else between the bytes
    /// and the parser. A line not yet whole in the buffer, or too long, is not offered:
    /// `nextLine()` reads on and says what is wrong, as for a line `parser` refuses.
    @inline(__always)
    mutating func nextLine<Parser: LineParser>(parsedBy parser: inout Parser) -> Parser.Parsed? {
        let (parsed, newline) = buffer.withUnsafeBufferPointer { p -> (Parser.Parsed?, Int) in
            guard let newline = firstIndex(of: 0x0a, in: p, from: position, to: end),
                newline - position <= Self.maximumLineBytes
            else { return (nil, 0) }
            return (parser.parse(p, from: position, to: newline), newline)
        }
        guard let parsed else { return nil }
        lineStart = position
        position = newline + 1
        lineNumber += 1
        lastLineHadNewline = true
        return parsed
    }

    /// Reads as many of the next lines as `parser` accepts, up to `capacity`, into `out`; the count.
    ///
    /// `nextLine(parsedBy:)` called in a loop, with the bookkeeping paid once a batch: the source
    /// ends as it would after that many calls (the last accepted line the line last returned),
    /// and stops at the first line `parser` refuses, or that is not yet whole in the buffer or
    /// too long, leaving it unread for `nextLine()`. `out` has room for `capacity` values; what
    /// it held is overwritten without being deinitialised, which only a trivial `Parsed` (such as
    /// `InputEvent`) allows.
    @inline(__always)
    mutating func nextLines<Parser: LineParser>(
        parsedBy parser: inout Parser, into out: UnsafeMutablePointer<Parser.Parsed>, capacity: Int
    ) -> Int {
        let (count, last, next) = buffer.withUnsafeBufferPointer { p -> (Int, Int, Int) in
            var count = 0
            var last = lineStart
            var start = position
            while count < capacity {
                guard let newline = firstIndex(of: 0x0a, in: p, from: start, to: end),
                    newline &- start <= Self.maximumLineBytes,
                    let parsed = parser.parse(p, from: start, to: newline)
                else { break }
                (out + count).initialize(to: parsed)
                count &+= 1
                last = start
                start = newline &+ 1
            }
            return (count, last, start)
        }
        guard count > 0 else { return 0 }
        lineStart = last
        position = next
        lineNumber &+= count
        lastLineHadNewline = true
        return count
    }

    /// Refuses a line of more than `maximumLineBytes`, leaving `position` at its start.
    private func checkLength(_ bytes: Int) throws(RecordingError) {
        guard bytes <= Self.maximumLineBytes else {
            throw .lineTooLong(file: name, line: lineNumber + 1, limit: Self.maximumLineBytes)
        }
    }

    /// Makes the line last returned the next line again. Only valid right after `nextLine()`.
    mutating func pushBack() {
        position = lineStart
        lineNumber -= 1
    }

    private mutating func refill() throws(RecordingError) {
        guard let file else {
            atEndOfFile = true
            return
        }
        if position > 0 {
            let remaining = end - position
            if remaining > 0 {
                let from = position
                buffer.withUnsafeMutableBufferPointer { p in
                    // Overlapping move towards the front: copy forwards.
                    for i in 0..<remaining { p[i] = p[from + i] }
                }
            }
            end = remaining
            lineStart -= position
            position = 0
        }
        if end == buffer.count {
            // A line longer than the buffer: grow it.
            buffer.append(contentsOf: [UInt8](repeating: 0, count: buffer.count))
        }
        let count = try file.read(into: &buffer, at: end, count: buffer.count - end)
        if count == 0 {
            atEndOfFile = true
        } else {
            end += count
        }
    }

    /// Counts the lines and bytes from the start of the line last returned to the end.
    mutating func measureRestFromLastLine() throws(RecordingError) -> (lines: Int, bytes: Int) {
        pushBack()
        return try measureRest()
    }

    /// Counts the lines and bytes from the start of the next line to the end, whatever their
    /// length, reading chunk by chunk (after `nextLine()` refused a line as too long, that line).
    mutating func measureRest() throws(RecordingError) -> (lines: Int, bytes: Int) {
        var newlines = 0
        var bytes = 0
        var lastByte: UInt8 = 0x0a
        while true {
            if position < end {
                buffer.withUnsafeBufferPointer { p in
                    for i in position..<end where p[i] == 0x0a { newlines += 1 }
                    lastByte = p[end - 1]
                }
                bytes += end - position
                position = end
            }
            if atEndOfFile { break }
            try refill()
        }
        return (newlines + (lastByte == 0x0a ? 0 : 1), bytes)
    }
}

/// A reader of single lines that may refuse a line, for `LineSource.nextLine(parsedBy:)`.
protocol LineParser {
    associatedtype Parsed
    /// What `p[lo..<hi]` (a line without its newline) says, or nil when this parser does not read it.
    mutating func parse(_ p: UnsafeBufferPointer<UInt8>, from lo: Int, to hi: Int) -> Parsed?
}
