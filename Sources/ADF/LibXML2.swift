// Every libxml2 call of the ADF module lives in this file.
//
// libxml2 is reached through its streaming xmlTextWriter, over an xmlOutputBuffer whose I/O
// callbacks write to a file descriptor the caller owns: the caller can then fsync that
// descriptor before renaming the file into place, which xmlNewTextWriterFilename would not allow.

import CLibXML2
import Glibc
import Synchronization
import SystemErrors

/// A failure reported by libxml2 while writing XML.
struct XMLWriterError: Error, CustomStringConvertible {
    /// What the writer was doing, e.g. "start element <point>".
    var operation: String
    /// The errno of a failed write to the file descriptor, if that is what failed.
    var writeErrno: Int32?

    var description: String {
        if let writeErrno {
            return "libxml2 could not \(operation): writing the results file failed "
                + "(\(String(cString: strerror(writeErrno)))); check the free space and "
                + "permissions of the destination directory."
        }
        return "libxml2 could not \(operation); the results file is incomplete and was not kept."
    }
}

/// The file descriptor libxml2's output buffer writes to, with the first write error seen.
///
/// The callbacks receive it as an unretained pointer; `XMLStreamWriter` keeps it alive.
private final class DescriptorSink {
    let fd: Int32
    let calls: FileCalls
    var writeErrno: Int32?

    init(fd: Int32, calls: FileCalls) {
        self.fd = fd
        self.calls = calls
    }

    /// Writes all of `count` bytes, retrying short writes and EINTR; false on error.
    func writeAll(_ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
        guard let failure = WholeWrite.write(count: count, { done in calls.write(fd, bytes + done, count - done) })
        else { return true }
        writeErrno = failure
        return false
    }
}

private let sinkWrite: xmlOutputWriteCallback = { context, buffer, length in
    guard let context, let buffer else { return -1 }
    let sink = Unmanaged<DescriptorSink>.fromOpaque(context).takeUnretainedValue()
    return sink.writeAll(buffer, Int(length)) ? length : -1
}

// The descriptor belongs to the caller, who fsyncs and closes it.
private let sinkClose: xmlOutputCloseCallback = { _ in 0 }

/// A streaming XML writer over libxml2's xmlTextWriter, writing to a file descriptor.
///
/// Owns the `xmlTextWriterPtr` (and through it the output buffer) and frees it in `deinit`.
/// Names are static strings (NUL-terminated literals); values are filtered by the caller.
/// Nothing is kept in memory beyond libxml2's small output buffer.
final class XMLStreamWriter {
    private let writer: xmlTextWriterPtr
    private let sink: DescriptorSink
    private var finished = false

    /// Creates a writer that writes to `fd`, indenting nested elements by two spaces.
    ///
    /// The descriptor is not closed by the writer.
    init(fileDescriptor fd: Int32, calls: FileCalls = .system) throws {
        LibXML2.initialise()
        sink = DescriptorSink(fd: fd, calls: calls)
        let context = Unmanaged.passUnretained(sink).toOpaque()
        guard let output = xmlOutputBufferCreateIO(sinkWrite, sinkClose, context, nil) else {
            throw XMLWriterError(operation: "create an output buffer (out of memory?)")
        }
        guard let writer = xmlNewTextWriter(output) else {
            // xmlNewTextWriter does not take ownership when it fails.
            _ = xmlOutputBufferClose(output)
            throw XMLWriterError(operation: "create a text writer (out of memory?)")
        }
        self.writer = writer
        try check(xmlTextWriterSetIndent(writer, 1), "turn on indentation")
        try check(xmlTextWriterSetIndentString(writer, "  "), "set the indentation string")
    }

    deinit {
        xmlFreeTextWriter(writer)
    }

    private func check(_ result: Int32, _ operation: @autoclosure () -> String) throws {
        if result < 0 {
            throw XMLWriterError(operation: operation(), writeErrno: sink.writeErrno)
        }
    }

    /// Writes `<?xml version="1.0" encoding="utf-8" standalone="no"?>` and a newline.
    ///
    /// xmlTextWriterStartDocument would spell the encoding "UTF-8" (it writes the name of the
    /// encoder it looks up) and route every byte through a UTF-8 to UTF-8 converter; the spec
    /// spells it "utf-8", and our text is UTF-8 already. So the declaration is written raw.
    func startDocument() throws {
        try check(
            xmlTextWriterWriteRaw(
                writer, "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n"),
            "write the XML declaration")
    }

    /// Opens element `name`; attributes may follow until content or a child is written.
    func startElement(_ name: StaticString) throws {
        try check(xmlTextWriterStartElement(writer, name.utf8Start), "start element <\(name)>")
    }

    /// Writes attribute `name` with a string value (escaped by libxml2).
    func attribute(_ name: StaticString, _ value: String) throws {
        let result = value.withCString { value in
            value.withMemoryRebound(to: xmlChar.self, capacity: 1) {
                xmlTextWriterWriteAttribute(writer, name.utf8Start, $0)
            }
        }
        try check(result, "write attribute \(name)")
    }

    /// Writes attribute `name` whose value is the NUL-terminated bytes at `value`.
    ///
    /// The fast path for numbers formatted into a scratch buffer.
    func attribute(_ name: StaticString, nulTerminated value: UnsafePointer<UInt8>) throws {
        try check(
            xmlTextWriterWriteAttribute(writer, name.utf8Start, value), "write attribute \(name)")
    }

    /// Closes the innermost open element (`<e/>` when it is empty).
    func endElement() throws {
        try check(xmlTextWriterEndElement(writer), "end an element")
    }

    /// Writes text content (escaped by libxml2) from the NUL-terminated UTF-8 at `bytes`.
    func text(nulTerminated bytes: UnsafePointer<UInt8>) throws {
        try check(xmlTextWriterWriteString(writer, bytes), "write text")
    }

    /// Writes text content (escaped by libxml2).
    func text(_ value: String) throws {
        let result = value.withCString { value in
            value.withMemoryRebound(to: xmlChar.self, capacity: 1) {
                xmlTextWriterWriteString(writer, $0)
            }
        }
        try check(result, "write text")
    }

    /// Pushes libxml2's buffered output to the file descriptor.
    func flush() throws {
        try check(xmlTextWriterFlush(writer), "flush its output")
    }

    /// Closes every open element, ends the document and flushes; the writer is then spent.
    func finish() throws {
        precondition(!finished, "XMLStreamWriter.finish called twice")
        finished = true
        try check(xmlTextWriterEndDocument(writer), "end the document")
        try flush()
    }
}

// MARK: - Reading

// The reader side: libxml2's SAX2 push parser, fed chunks we read from a file descriptor we
// opened ourselves. libxml2 therefore never opens a file or a URL (no transparent
// decompression, no network), and the bytes pass through the `DocumentPrologue` check, which
// refuses a DOCTYPE before libxml2 sees it. The parse options leave out XML_PARSE_DTDLOAD,
// XML_PARSE_DTDATTR, XML_PARSE_NOENT and XML_PARSE_HUGE, and a deny-all external entity loader
// is installed while any reader is open.

/// libxml2's parse options for results files: no network, CDATA merged into text, line
/// numbers above 65535 kept. Deliberately absent: DTDLOAD, DTDATTR, NOENT, HUGE, DTDVALID.
/// HUGE would let a drawing's RawData pass 10 MB (about 330 000 points), but in libxml2 2.9.14 it
/// also switches off the entity amplification guard: tried for issue 9, billion laughs behind the
/// DOCTYPE check then no longer stopped (ROBUSTNESS.md (Limits)). Longer texts are refused.
let adfParseOptions: Int32 = Int32(
    XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_BIG_LINES.rawValue)

/// Whether `options` contains any of the parse options a results file must never be read
/// with (for the test that pins `adfParseOptions`).
func containsUnsafeParseOptions(_ options: Int32) -> Bool {
    let unsafe =
        XML_PARSE_DTDLOAD.rawValue | XML_PARSE_DTDATTR.rawValue | XML_PARSE_NOENT.rawValue
        | XML_PARSE_HUGE.rawValue | XML_PARSE_DTDVALID.rawValue | XML_PARSE_XINCLUDE.rawValue
    return UInt32(bitPattern: options) & unsafe != 0
}

/// The loader libxml2 asks for any external entity or DTD: it refuses them all.
private let denyAllEntityLoader: xmlExternalEntityLoader = { _, _, _ in
    ExternalEntityLoader.refusals.add(1, ordering: .relaxed)
    return nil
}

/// Installs the deny-all loader while at least one reader is open.
///
/// libxml2's loader is process-global; readers may run on several threads at once, so the
/// first one in installs it (remembering what was there) and the last one out restores it.
enum ExternalEntityLoader {
    private struct State {
        var readers = 0
        var previous: xmlExternalEntityLoader?
    }

    private static let state = Mutex(State())
    /// How often the deny-all loader was asked for something (tests read it).
    static let refusals = Atomic<Int>(0)

    static func acquire() {
        state.withLock { state in
            if state.readers == 0 {
                state.previous = xmlGetExternalEntityLoader()
                xmlSetExternalEntityLoader(denyAllEntityLoader)
            }
            state.readers += 1
        }
    }

    static func release() {
        state.withLock { state in
            state.readers -= 1
            if state.readers == 0 {
                xmlSetExternalEntityLoader(state.previous)
                state.previous = nil
            }
        }
    }

    /// Whether the loader libxml2 would use now is the deny-all one.
    static var isDenyingAll: Bool {
        guard let current = xmlGetExternalEntityLoader() else { return false }
        return unsafeBitCast(current, to: UnsafeRawPointer.self)
            == unsafeBitCast(denyAllEntityLoader, to: UnsafeRawPointer.self)
    }
}

/// The file being read: its descriptor, the byte budget and the prologue check.
private final class DescriptorSource {
    let fd: Int32
    let maximumBytes: Int
    var bytesRead = 0
    var prologue: DocumentPrologue
    /// Set when the callback refused to go on; takes precedence over libxml2's own message.
    var failure: ADFReadError.Reason?
    var failureLine = 0

    init(fd: Int32, maximumBytes: Int, checkPrologue: Bool) {
        self.fd = fd
        self.maximumBytes = maximumBytes
        prologue = DocumentPrologue(enabled: checkPrologue)
    }

    func read(into buffer: UnsafeMutablePointer<CChar>, _ length: Int) -> Int32 {
        if failure != nil { return -1 }
        var n: Int
        repeat { n = Glibc.read(fd, buffer, length) } while n < 0 && errno == EINTR
        if n < 0 {
            failure = .unreadable(String(cString: strerror(errno)))
            return -1
        }
        bytesRead += n
        if bytesRead > maximumBytes {
            failure = .fileTooLarge(bytes: bytesRead, limit: maximumBytes)
            return -1
        }
        let bytes = UnsafeRawBufferPointer(start: buffer, count: n)
        switch prologue.scan(bytes) {
        case .documentType(let line):
            failure = .documentType
            failureLine = line
            return -1
        case .notUTF8(let line):
            failure = .notUTF8
            failureLine = line
            return -1
        case .undecided, .rootReached:
            break
        }
        return Int32(n)
    }
}

/// The first error libxml2 reported, with its line.
private final class ErrorSink {
    var message: String?
    var line = 0
    var code: Int32 = 0

    func take(_ error: UnsafePointer<xmlError>) {
        guard message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var text = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        while text.last?.isWhitespace == true { text.removeLast() }
        message = text
        line = Int(error.pointee.line)
        code = error.pointee.code
    }
}

/// What the parser's callbacks found, in document order, waiting for `XMLStreamReader` to hand
/// it out (and to count it against the limits then, as the reader always did).
private enum ParsedItem {
    /// An element start; `oversized` is its first attribute over the limit, refused when handed out.
    case start(ADFElement, oversized: (attribute: String, bytes: Int)?)
    case end(name: String, depth: Int, line: Int)
    /// An empty `point` whose known attributes all parsed as decimals (no `.end` follows).
    case point(XMLStreamReader.PointAttributes, depth: Int, line: Int)
    /// Text content, at `offset` in the reader's text store.
    case text(offset: Int, count: Int, line: Int)
    /// A refusal found by a callback (a DOCTYPE, an entity reference, a text over 10 MB).
    case failure(ADFReadError.Reason, line: Int)
}

/// libxml2's SAX2 callbacks' side of `XMLStreamReader`: the items of the chunk being parsed.
///
/// The callbacks get it as an unretained pointer (the parser's user data); the reader keeps it alive.
private final class ParseState {
    let limits: ADFReadLimits
    let errors = ErrorSink()
    var parser: xmlParserCtxtPtr?
    /// Whether empty `point` elements are handed out as numbers (`nextItem`) or as elements (`next`).
    var pointsAsNumbers = true
    var items: [ParsedItem] = []
    /// The texts of `items`, back to back; valid until the next chunk.
    var texts: UnsafeMutablePointer<UInt8>
    var textsCapacity = 1 << 16
    var textsCount = 0
    /// The text being gathered (libxml2 hands it out in pieces): where it starts, its line.
    var textStart: Int?
    var textLine = 0
    var depth = 0
    /// What the end tag of the element just started owes: nothing (a number point), or an end at
    /// the start tag's line (an empty element, as the reader reported it).
    var emptyEnd: EmptyEnd = .none

    enum EmptyEnd {
        case none
        case skip
        case atLine(Int)
    }

    init(limits: ADFReadLimits) {
        self.limits = limits
        texts = .allocate(capacity: textsCapacity)
    }

    deinit { texts.deallocate() }

    var line: Int {
        guard let parser, let input = parser.pointee.input else { return 0 }
        return Int(input.pointee.line)
    }

    /// Starts a new chunk's items, dropping the ones handed out.
    func clear() {
        items.removeAll(keepingCapacity: true)
        if let start = textStart {
            // A text that runs on into the next chunk moves to the front of the store, once.
            let count = textsCount - start
            if start > 0 { memmove(texts, texts + start, count) }
            textStart = 0
            textsCount = count
        } else {
            textsCount = 0
        }
    }

    func characters(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        if textStart == nil {
            textStart = textsCount
            textLine = line
        }
        // libxml2's own tree builder refuses a text node over 10 MB without XML_PARSE_HUGE.
        if textsCount - textStart! + count > 10_000_000 {
            fail(.textTooLong)
            return
        }
        if textsCount + count > textsCapacity {
            var capacity = textsCapacity * 2
            while capacity < textsCount + count { capacity *= 2 }
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: texts, count: textsCount)
            texts.deallocate()
            texts = grown
            textsCapacity = capacity
        }
        (texts + textsCount).update(from: bytes, count: count)
        textsCount += count
    }

    /// Ends the text being gathered: a text item, or nothing for whitespace alone (which the reader skips).
    func endText() {
        guard let start = textStart else { return }
        textStart = nil
        let text = UnsafeBufferPointer(start: texts + start, count: textsCount - start)
        if text.allSatisfy(isBlank) {
            textsCount = start
        } else {
            items.append(.text(offset: start, count: textsCount - start, line: textLine))
        }
    }

    /// Refuses the document here and stops the parser.
    func fail(_ reason: ADFReadError.Reason) {
        items.append(.failure(reason, line: line))
        if let parser { xmlStopParser(parser) }
    }

    func start(
        localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?,
        namespaces: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, namespaceCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, attributeCount: Int
    ) {
        endText()
        let line = self.line
        let depth = self.depth
        self.depth += 1
        // The parser stops on the `/>` or `>` that ends the start tag.
        var isEmpty = false
        if let cur = parser?.pointee.input?.pointee.cur, cur[0] == UInt8(ascii: "/") { isEmpty = true }
        // A point that declares a namespace takes the general path, which checks the declaration's length.
        if pointsAsNumbers, isEmpty, prefix == nil, namespaceCount == 0, equals(localName, "point"),
            let point = pointAttributes(attributes, attributeCount)
        {
            items.append(.point(point, depth: depth, line: line))
            emptyEnd = .skip
            return
        }
        var name = string(localName)
        if let prefix { name = string(prefix) + ":" + name }
        var list: [ADFAttribute] = []
        var oversized: (attribute: String, bytes: Int)?
        if namespaceCount + attributeCount > 0 {
            list.reserveCapacity(namespaceCount + attributeCount)
        }
        // Namespace declarations first, as xmlTextReader listed them.
        if let namespaces {
            for index in 0..<namespaceCount {
                let name = namespaces[2 * index].map { "xmlns:" + string($0) } ?? "xmlns"
                let value = namespaces[2 * index + 1].map { string($0) } ?? ""
                if oversized == nil, value.utf8.count > limits.maximumAttributeBytes {
                    oversized = (name, value.utf8.count)
                }
                list.append(ADFAttribute(name: name, value: value))
            }
        }
        if let attributes {
            for index in 0..<attributeCount {
                guard let local = attributes[5 * index], let value = attributes[5 * index + 3],
                    let valueEnd = attributes[5 * index + 4]
                else { continue }
                var attributeName = string(local)
                if let prefix = attributes[5 * index + 1] { attributeName = string(prefix) + ":" + attributeName }
                let text = attributeValue(UnsafeBufferPointer(start: value, count: valueEnd - value))
                let length = text.utf8.count
                if oversized == nil, length > limits.maximumAttributeBytes { oversized = (attributeName, length) }
                list.append(ADFAttribute(name: attributeName, value: text))
            }
        }
        items.append(.start(ADFElement(name: name, attributes: list, line: line, depth: depth), oversized: oversized))
        emptyEnd = isEmpty ? .atLine(line) : .none
    }

    func end(localName: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
        endText()
        depth -= 1
        let owed = emptyEnd
        emptyEnd = .none
        let line: Int
        switch owed {
        case .skip: return
        case .atLine(let startLine): line = startLine
        case .none: line = self.line
        }
        var name = string(localName)
        if let prefix { name = string(prefix) + ":" + name }
        items.append(.end(name: name, depth: depth, line: line))
    }

    /// An empty `point`'s attributes as numbers; nil if any cannot be taken fast.
    private func pointAttributes(
        _ attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, _ count: Int
    ) -> XMLStreamReader.PointAttributes? {
        var point = XMLStreamReader.PointAttributes()
        guard let attributes else { return point }
        // The rank of the last known attribute, alphabetically (absent 0, altitude 1 ... y 6).
        var lastRank = -1
        func ranked(_ rank: Int) {
            if rank < lastRank { point.alphabetical = false }
            lastRank = rank
        }
        for index in 0..<count {
            guard let name = attributes[5 * index], let value = attributes[5 * index + 3],
                let valueEnd = attributes[5 * index + 4]
            else { return nil }
            // Attributes the reader does not know are ignored, as in `point(_:)`; a prefixed one is not known.
            if attributes[5 * index + 1] != nil { continue }
            let length = valueEnd - value
            guard length <= limits.maximumAttributeBytes else { return nil }
            // A plain decimal is whole when it has no decimal point.
            func whole() -> Bool { memchr(value, Int32(UInt8(ascii: ".")), length) == nil }
            switch (name[0], name[1]) {
            case (UInt8(ascii: "x"), 0):
                guard let number = ADFNumberText.decimal(bytes: value, count: length) else { return nil }
                point.x = number
                ranked(5)
            case (UInt8(ascii: "y"), 0):
                guard let number = ADFNumberText.decimal(bytes: value, count: length) else { return nil }
                point.y = number
                ranked(6)
            case (UInt8(ascii: "a"), UInt8(ascii: "b")) where equals(name, "absent"):
                // A word the reader does not know sends the point through the general path, which names it.
                let text = String(decoding: UnsafeBufferPointer(start: value, count: length), as: UTF8.self)
                guard let absent = AbsentPointValues(attributeText: text) else { return nil }
                point.absent = absent
                ranked(0)
            case (UInt8(ascii: "a"), UInt8(ascii: "l")) where equals(name, "altitude"):
                guard let number = ADFNumberText.decimal(bytes: value, count: length) else { return nil }
                point.altitude = number
                ranked(1)
            case (UInt8(ascii: "a"), UInt8(ascii: "z")) where equals(name, "azimuth"):
                guard let number = ADFNumberText.decimal(bytes: value, count: length) else { return nil }
                point.azimuth = number
                ranked(2)
            case (UInt8(ascii: "p"), _) where equals(name, "pressure"):
                guard let number = ADFNumberText.decimal(bytes: value, count: length) else { return nil }
                point.pressure = number
                point.wholePressure = whole()
                ranked(3)
            case (UInt8(ascii: "t"), _) where equals(name, "timestamp"):
                guard let number = ADFNumberText.decimal(bytes: value, count: length) else { return nil }
                point.timestamp = number
                point.wholeTimestamp = whole()
                ranked(4)
            default: break
            }
        }
        return point
    }
}

/// An attribute's value as the SAX2 parser hands it over, as text. Without entity substitution
/// (XML_PARSE_NOENT, which results files are never read with) libxml2 writes every `&` of a value,
/// however the file spelled it, as `&#38;`, for the tree builder to turn back: so does this.
private func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
    let escaped = Array("&#38;".utf8)
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
        if bytes[index] == UInt8(ascii: "&"), bytes[index...].starts(with: escaped) {
            decoded.append(UInt8(ascii: "&"))
            index += escaped.count
        } else {
            decoded.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: decoded, as: UTF8.self)
}

/// Whether `byte` is XML white space (what xmlTextReader called a blank node is all of it).
private func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

/// The NUL-terminated UTF-8 at `bytes` as a String.
private func string(_ bytes: UnsafePointer<UInt8>) -> String { String(cString: bytes) }

/// Whether the NUL-terminated `bytes` are `literal`.
private func equals(_ bytes: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
    let expected = literal.utf8Start
    for index in 0...literal.utf8CodeUnitCount {
        // The literal's NUL terminator is compared too: "pointer" is not "point".
        if bytes[index] != expected[index] { return false }
    }
    return true
}

private func parseState(_ context: UnsafeMutableRawPointer?) -> ParseState? {
    guard let context else { return nil }
    return Unmanaged<ParseState>.fromOpaque(context).takeUnretainedValue()
}

private let saxStartElement: startElementNsSAX2Func = {
    context, localName, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
    guard let state = parseState(context), let localName else { return }
    state.start(
        localName: localName, prefix: prefix, namespaces: namespaces, namespaceCount: Int(namespaceCount),
        attributes: attributes, attributeCount: Int(attributeCount))
}

private let saxEndElement: endElementNsSAX2Func = { context, localName, prefix, _ in
    guard let state = parseState(context), let localName else { return }
    state.end(localName: localName, prefix: prefix)
}

private let saxCharacters: charactersSAXFunc = { context, bytes, count in
    guard let state = parseState(context), let bytes, count > 0 else { return }
    state.characters(bytes, Int(count))
}

// A comment or processing instruction is skipped, but it ends the text before it, as it
// ended xmlTextReader's text node.
private let saxComment: commentSAXFunc = { context, _ in parseState(context)?.endText() }

private let saxProcessingInstruction: processingInstructionSAXFunc = { context, _, _ in
    parseState(context)?.endText()
}

// Behind the prologue check, in case bytes reach libxml2 another way.
private let saxInternalSubset: internalSubsetSAXFunc = { context, _, _, _ in
    guard let state = parseState(context) else { return }
    state.endText()
    state.fail(.documentType)
}

private let saxReference: referenceSAXFunc = { context, _ in
    guard let state = parseState(context) else { return }
    state.endText()
    state.fail(.entityExpansion)
}

private let saxError: xmlStructuredErrorFunc = { context, error in
    guard let state = parseState(context), let error else { return }
    state.errors.take(error)
}

/// A forward-only reader of one XML file through libxml2's SAX2 push parser, enforcing
/// `ADFReadLimits`.
///
/// The parser is fed a chunk of the file at a time; its callbacks note what they find (points as
/// numbers, no tree), and `next`/`nextItem` hand that out before the next chunk is read. It used
/// to be xmlTextReader, which builds a node (and one per attribute, and a text node per value)
/// for every element and frees it again: most of the reader's time (issue 32, item 4).
/// Owns the file descriptor and the parser context and frees both in `deinit`.
final class XMLStreamReader {
    let path: String
    private let limits: ADFReadLimits
    private let fd: Int32
    private let source: DescriptorSource
    private let state: ParseState
    private let parser: xmlParserCtxtPtr
    private let chunk: UnsafeMutablePointer<CChar>
    private static let chunkBytes = 1 << 16
    /// The next of `state.items` to hand out.
    private var nextIndex = 0
    /// Whether the parser has seen the end of the file, or stopped on an error.
    private var parserDone = false
    private var elements = 0
    private(set) var points = 0

    /// Opens `path` for reading.
    ///
    /// - Parameter checkPrologue: false only in tests of the layers behind the DOCTYPE check.
    init(path: String, limits: ADFReadLimits, checkPrologue: Bool = true) throws {
        LibXML2.initialise()
        self.path = path
        self.limits = limits
        // Before it is opened: opening a FIFO waits for a writer, for ever (issue 34, item 5).
        if let kind = SpecialFile.kind(atPath: path) {
            throw ADFReadError(path: path, line: 0, reason: .unreadable("it is \(kind), not a file"))
        }
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC) } while fd < 0 && errno == EINTR
        guard fd >= 0 else {
            throw ADFReadError(path: path, line: 0, reason: .unreadable(String(cString: strerror(errno))))
        }
        var info = stat()
        if fstat(fd, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                _ = Glibc.close(fd)
                throw ADFReadError(path: path, line: 0, reason: .unreadable("it is a directory"))
            }
            if (info.st_mode & S_IFMT) == S_IFREG && Int(info.st_size) > limits.maximumFileBytes {
                _ = Glibc.close(fd)
                throw ADFReadError(
                    path: path, line: 0,
                    reason: .fileTooLarge(bytes: Int(info.st_size), limit: limits.maximumFileBytes))
            }
        }
        // Compressed files are refused by their magic bytes, read without moving the offset.
        var magic = [UInt8](repeating: 0, count: 6)
        let got = pread(fd, &magic, 6, 0)
        if got >= 2, magic[0] == 0x1F, magic[1] == 0x8B {
            _ = Glibc.close(fd)
            throw ADFReadError(path: path, line: 0, reason: .compressed("gzip"))
        }
        if got >= 6, magic == [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00] {
            _ = Glibc.close(fd)
            throw ADFReadError(path: path, line: 0, reason: .compressed("xz"))
        }
        self.fd = fd
        source = DescriptorSource(fd: fd, maximumBytes: limits.maximumFileBytes, checkPrologue: checkPrologue)
        state = ParseState(limits: limits)
        var handler = xmlSAXHandler()
        xmlSAXVersion(&handler, 2)
        // No tree: no document, no nodes; comments and instructions only end a text. Every default
        // SAX2 handler left would take the user data (a ParseState) for its parser context, so none
        // is: without getEntity libxml2 still knows the predefined entities and refuses the others.
        handler.getEntity = nil
        handler.getParameterEntity = nil
        handler.resolveEntity = nil
        handler.isStandalone = nil
        handler.hasInternalSubset = nil
        handler.hasExternalSubset = nil
        handler.startElement = nil
        handler.endElement = nil
        handler.startDocument = nil
        handler.endDocument = nil
        handler.setDocumentLocator = nil
        handler.startElementNs = saxStartElement
        handler.endElementNs = saxEndElement
        handler.characters = saxCharacters
        handler.ignorableWhitespace = saxCharacters
        handler.cdataBlock = saxCharacters
        handler.comment = saxComment
        handler.processingInstruction = saxProcessingInstruction
        handler.reference = saxReference
        handler.internalSubset = saxInternalSubset
        handler.externalSubset = nil
        handler.entityDecl = nil
        handler.unparsedEntityDecl = nil
        handler.notationDecl = nil
        handler.attributeDecl = nil
        handler.elementDecl = nil
        handler.warning = nil
        handler.error = nil
        handler.fatalError = nil
        handler.serror = saxError
        ExternalEntityLoader.acquire()
        let context = Unmanaged.passUnretained(state).toOpaque()
        guard let parser = path.withCString({ xmlCreatePushParserCtxt(&handler, context, nil, 0, $0) }) else {
            ExternalEntityLoader.release()
            _ = Glibc.close(fd)
            throw ADFReadError(
                path: path, line: 0, reason: .unreadable("libxml2 could not start a parser (out of memory?)"))
        }
        _ = xmlCtxtUseOptions(parser, adfParseOptions)
        self.parser = parser
        state.parser = parser
        chunk = .allocate(capacity: Self.chunkBytes)
    }

    deinit {
        if let document = parser.pointee.myDoc { xmlFreeDoc(document) }
        xmlFreeParserCtxt(parser)
        chunk.deallocate()
        ExternalEntityLoader.release()
        _ = Glibc.close(fd)
    }

    private var parserLine: Int { state.line }

    private func fail(_ reason: ADFReadError.Reason, line: Int? = nil) -> ADFReadError {
        ADFReadError(path: path, line: line ?? parserLine, reason: reason)
    }

    /// The error once the parser has stopped: ours first, then libxml2's.
    private func readFailure() -> ADFReadError {
        if let failure = source.failure {
            return fail(failure, line: source.failureLine > 0 ? source.failureLine : parserLine)
        }
        let errors = state.errors
        let line = errors.line > 0 ? errors.line : parserLine
        guard let message = errors.message else {
            return fail(.malformed("libxml2 stopped without saying why"), line: line)
        }
        // libxml2's own limits (it was not given XML_PARSE_HUGE) get our wording.
        if message.contains("AttValue length too long") {
            return fail(
                .attributeTooLong(element: nil, attribute: nil, bytes: nil, limit: limits.maximumAttributeBytes),
                line: line)
        }
        if message.contains("Huge input lookup") {
            return fail(.tokenTooLong, line: line)
        }
        if message.contains("huge text node") || message.contains("text too long") {
            return fail(.textTooLong, line: line)
        }
        if message.contains("Excessive depth") {
            return fail(.tooDeep(limit: limits.maximumDepth), line: line)
        }
        if message.contains("Detected an entity reference loop")
            || message.contains("entity") && message.contains("amplification")
        {
            return fail(.entityExpansion, line: line)
        }
        return fail(.malformed(message), line: line)
    }

    /// The next parsed item, reading and parsing chunks as needed; nil at the end of the
    /// document (an error libxml2 reported is thrown then, or when it stopped the parser).
    private func nextParsed() throws -> ParsedItem? {
        while nextIndex == state.items.count {
            if parserDone {
                if state.errors.message != nil || source.failure != nil { throw readFailure() }
                return nil
            }
            state.clear()
            nextIndex = 0
            try parseChunk()
        }
        defer { nextIndex += 1 }
        return state.items[nextIndex]
    }

    /// Reads the next chunk of the file and has the parser take it (the end of the file, when it is).
    private func parseChunk() throws {
        let count = source.read(into: chunk, Self.chunkBytes)
        if count < 0 {
            // Our refusal (prologue, size, read error) once what was parsed before it is handed out.
            parserDone = true
            return
        }
        xmlParseChunk(parser, chunk, count, count == 0 ? 1 : 0)
        if count == 0 {
            state.endText()
            parserDone = true
        } else if parser.pointee.disableSAX != 0 {
            parserDone = true
        }
    }

    /// The next element start, element end or text; nil at the end of the document.
    ///
    /// Comments, processing instructions and whitespace between elements are skipped; empty
    /// elements are followed by their `.end`. A reader hands out `next` or `nextItem`, not both.
    func next() throws -> ADFNode? {
        state.pointsAsNumbers = false
        while let parsed = try nextParsed() {
            switch try item(parsed) {
            case .node(let node): return node
            case .text(let bytes, let line): return .text(String(decoding: bytes, as: UTF8.self), line: line)
            case .point: preconditionFailure("points come as numbers only to nextItem")
            }
        }
        return nil
    }

    /// Counts, checks and hands out one parsed item.
    private func item(_ parsed: ParsedItem) throws -> Item {
        switch parsed {
        case .start(let element, let oversized):
            try count(isPoint: element.name == "point", depth: element.depth, line: element.line)
            if let oversized {
                throw fail(
                    .attributeTooLong(
                        element: element.name, attribute: oversized.attribute, bytes: oversized.bytes,
                        limit: limits.maximumAttributeBytes), line: element.line)
            }
            return .node(.start(element))
        case .end(let name, let depth, let line):
            return .node(.end(name: name, depth: depth, line: line))
        case .point(let attributes, let depth, let line):
            try count(isPoint: true, depth: depth, line: line)
            return .point(attributes, depth: depth, line: line)
        case .text(let offset, let count, let line):
            return .text(UnsafeBufferPointer(start: state.texts + offset, count: count), line: line)
        case .failure(let reason, let line):
            throw fail(reason, line: line)
        }
    }

    /// Counts the current element against the limits.
    private func count(isPoint: Bool, depth: Int, line: Int) throws {
        elements += 1
        if depth >= limits.maximumDepth { throw fail(.tooDeep(limit: limits.maximumDepth), line: line) }
        if elements > limits.maximumElements {
            throw fail(.tooManyElements(limit: limits.maximumElements), line: line)
        }
        if isPoint {
            points += 1
            if points > limits.maximumPoints {
                throw fail(.tooManyPoints(limit: limits.maximumPoints), line: line)
            }
        }
    }

    // MARK: The fast path for points

    /// What `nextItem` hands over: a node, or, without making strings, a point or a text.
    enum Item {
        case node(ADFNode)
        /// An empty `<point .../>` whose known attributes all parsed as decimals (no `.end`
        /// follows).
        case point(PointAttributes, depth: Int, line: Int)
        /// Text content; the bytes are valid only until the next call.
        case text(UnsafeBufferPointer<UInt8>, line: Int)
    }

    /// The numbers of a `point` element's attributes (nil where absent), and what the
    /// validator needs of their text, which this path does not keep.
    struct PointAttributes {
        /// The `absent` attribute; empty when the point has none.
        var absent: AbsentPointValues = []
        var altitude: Double?
        var azimuth: Double?
        var pressure: Double?
        var timestamp: Double?
        var x: Double?
        var y: Double?
        /// Whether the known attributes came in alphabetical order, as adf.md writes them.
        var alphabetical = true
        /// Whether pressure and timestamp were written whole (no decimal point), as adf.md writes them.
        var wholePressure = true
        var wholeTimestamp = true
    }

    /// Like `next`, but hands over `point` elements as numbers and texts as bytes: ADF files
    /// are almost all points and RawData, and a Swift String per attribute and per RawData
    /// text (parsed line by line for its start times) made `forEachPoint` execute 5.9 times
    /// the instructions of `xmllint --stream` on the same file (callgrind, 20 000 points).
    /// A point this path cannot take as it is (not empty, a value that is not a plain decimal,
    /// an attribute over the limit) comes as a `.node`, through the general path, with the
    /// same errors.
    func nextItem() throws -> Item? {
        while let parsed = try nextParsed() { return try item(parsed) }
        return nil
    }
}

/// libxml2's global set-up.
enum LibXML2 {
    /// Runs xmlInitParser once. libxml2 sets up its globals lazily on first use, which is not safe
    /// when the first uses come from several threads at once (tests run concurrently); its
    /// documentation asks multithreaded programs to call xmlInitParser first.
    private static let initialised: Void = xmlInitParser()

    static func initialise() {
        _ = initialised
    }
}
