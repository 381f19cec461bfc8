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
        var done = 0
        while done < count {
            let n = calls.write(fd, bytes + done, count - done)
            if n < 0 {
                if errno == EINTR { continue }
                writeErrno = errno
                return false
            }
            done += n
        }
        return true
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

// The reader side: libxml2's streaming xmlTextReader over an xmlParserInputBuffer whose read
// callback reads a file descriptor we opened ourselves. libxml2 therefore never opens a file
// or a URL (no transparent decompression, no network), and the bytes pass through the
// `DocumentPrologue` check, which refuses a DOCTYPE before libxml2 sees it. The parse options
// leave out XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR, XML_PARSE_NOENT and XML_PARSE_HUGE, and a
// deny-all external entity loader is installed while any reader is open.

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

private let sourceRead: xmlInputReadCallback = { context, buffer, length in
    guard let context, let buffer else { return -1 }
    let source = Unmanaged<DescriptorSource>.fromOpaque(context).takeUnretainedValue()
    return source.read(into: buffer, Int(length))
}

// The descriptor belongs to XMLStreamReader, which closes it.
private let sourceClose: xmlInputCloseCallback = { _ in 0 }

/// The first error libxml2 reported, with its line.
private final class ErrorSink {
    var message: String?
    var line = 0
    var code: Int32 = 0
}

private let collectError: xmlStructuredErrorFunc = { context, error in
    guard let context, let error else { return }
    let sink = Unmanaged<ErrorSink>.fromOpaque(context).takeUnretainedValue()
    guard sink.message == nil, error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else {
        return
    }
    var message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    while message.last?.isWhitespace == true { message.removeLast() }
    sink.message = message
    sink.line = Int(error.pointee.line)
    sink.code = error.pointee.code
}

/// A forward-only reader of one XML file through xmlTextReader, enforcing `ADFReadLimits`.
///
/// Owns the file descriptor and the `xmlTextReaderPtr` (which owns the input buffer) and
/// frees both in `deinit`. Only the current node is in memory: libxml2 frees earlier
/// siblings as it goes.
final class XMLStreamReader {
    let path: String
    private let limits: ADFReadLimits
    private let fd: Int32
    private let source: DescriptorSource
    private let errors = ErrorSink()
    private let reader: xmlTextReaderPtr
    /// The end tag to report for an empty element (`<a/>` has no END_ELEMENT node).
    private var pendingEnd: (name: String, depth: Int, line: Int)?
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
        ExternalEntityLoader.acquire()
        let context = Unmanaged.passUnretained(source).toOpaque()
        guard
            let reader = path.withCString({
                xmlReaderForIO(sourceRead, sourceClose, context, $0, nil, adfParseOptions)
            })
        else {
            ExternalEntityLoader.release()
            _ = Glibc.close(fd)
            if let failure = source.failure {
                throw ADFReadError(path: path, line: source.failureLine, reason: failure)
            }
            throw ADFReadError(
                path: path, line: 0, reason: .unreadable("libxml2 could not start a reader (out of memory?)"))
        }
        self.reader = reader
        xmlTextReaderSetStructuredErrorHandler(
            reader, collectError, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
        ExternalEntityLoader.release()
        _ = Glibc.close(fd)
    }

    private var parserLine: Int { Int(xmlTextReaderGetParserLineNumber(reader)) }

    private func fail(_ reason: ADFReadError.Reason, line: Int? = nil) -> ADFReadError {
        ADFReadError(path: path, line: line ?? parserLine, reason: reason)
    }

    /// The error after xmlTextReaderRead returned -1: ours first, then libxml2's.
    private func readFailure() -> ADFReadError {
        if let failure = source.failure {
            return fail(failure, line: source.failureLine > 0 ? source.failureLine : parserLine)
        }
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

    private func string(_ bytes: UnsafePointer<xmlChar>?) -> String {
        guard let bytes else { return "" }
        return String(cString: bytes)
    }

    /// The current element's own line (the parser may have read ahead of it).
    private var nodeLine: Int {
        if let node = xmlTextReaderCurrentNode(reader) {
            let line = Int(xmlGetLineNo(node))
            if line > 0 { return line }
        }
        return parserLine
    }

    /// The next element start, element end or text; nil at the end of the document.
    ///
    /// Comments, processing instructions and whitespace between elements are skipped; empty
    /// elements are followed by their `.end`.
    func next() throws -> ADFNode? {
        if let end = takePendingEnd() { return end }
        while try advance() {
            if let node = try currentNode() { return node }
        }
        return nil
    }

    /// The `.end` an empty element owes, once.
    private func takePendingEnd() -> ADFNode? {
        guard let end = pendingEnd else { return nil }
        pendingEnd = nil
        return .end(name: end.name, depth: end.depth, line: end.line)
    }

    /// Moves the reader to the next node; false at the end of the document (an error kept by the
    /// reader's handler or the source is thrown then, as a failed read is).
    private func advance() throws -> Bool {
        let result = xmlTextReaderRead(reader)
        if result == 0 {
            if errors.message != nil || source.failure != nil { throw readFailure() }
            return false
        }
        if result < 0 { throw readFailure() }
        return true
    }

    /// The node the reader is on, or nil for one that is skipped (comments, whitespace...).
    private func currentNode() throws -> ADFNode? {
        switch xmlTextReaderNodeType(reader) {
        case Int32(XML_READER_TYPE_ELEMENT.rawValue):
            return .start(try element())
        case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
            return .end(
                name: string(xmlTextReaderConstName(reader)),
                depth: Int(xmlTextReaderDepth(reader)), line: parserLine)
        case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
            return .text(string(xmlTextReaderConstValue(reader)), line: nodeLine)
        case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
            // Behind the prologue check, in case bytes reach libxml2 another way.
            throw fail(.documentType, line: nodeLine)
        case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue),
            Int32(XML_READER_TYPE_ENTITY.rawValue):
            throw fail(.entityExpansion, line: nodeLine)
        default:
            return nil
        }
    }

    private func element() throws -> ADFElement {
        let line = nodeLine
        let name = string(xmlTextReaderConstName(reader))
        let depth = Int(xmlTextReaderDepth(reader))
        try count(isPoint: name == "point", depth: depth, line: line)
        return try element(name: name, depth: depth, line: line)
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

    /// The current element (already counted) with its attributes as strings.
    private func element(name: String, depth: Int, line: Int) throws -> ADFElement {
        var attributes: [ADFAttribute] = []
        if xmlTextReaderHasAttributes(reader) == 1 {
            attributes.reserveCapacity(6)
            while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                let attributeName = string(xmlTextReaderConstName(reader))
                let value = xmlTextReaderConstValue(reader)
                let length = value.map { Int(xmlStrlen($0)) } ?? 0
                if length > limits.maximumAttributeBytes {
                    throw fail(
                        .attributeTooLong(
                            element: name, attribute: attributeName, bytes: length,
                            limit: limits.maximumAttributeBytes), line: line)
                }
                attributes.append(ADFAttribute(name: attributeName, value: string(value)))
            }
            _ = xmlTextReaderMoveToElement(reader)
        }
        let isEmpty = xmlTextReaderIsEmptyElement(reader) == 1
        if isEmpty { pendingEnd = (name, depth, line) }
        return ADFElement(name: name, attributes: attributes, line: line, depth: depth)
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
    /// the instructions of `xmllint --stream` on the same file (callgrind, 20 000 points);
    /// with this path it is 1.4 times. A point this path cannot take as it is (not empty, a
    /// value that is not a plain decimal, an attribute over the limit) comes as a `.node`,
    /// through the general path, with the same errors.
    func nextItem() throws -> Item? {
        if let end = takePendingEnd() { return .node(end) }
        while try advance() {
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                guard let namePointer = xmlTextReaderConstName(reader) else {
                    return .node(.start(try element()))
                }
                let line = nodeLine
                let depth = Int(xmlTextReaderDepth(reader))
                let isPoint = Self.equals(namePointer, "point")
                try count(isPoint: isPoint, depth: depth, line: line)
                if isPoint, let attributes = pointAttributes() {
                    return .point(attributes, depth: depth, line: line)
                }
                return .node(.start(try element(name: string(namePointer), depth: depth, line: line)))
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                let line = nodeLine
                guard let value = xmlTextReaderConstValue(reader) else {
                    return .text(UnsafeBufferPointer(start: nil, count: 0), line: line)
                }
                return .text(UnsafeBufferPointer(start: value, count: Int(xmlStrlen(value))), line: line)
            default:
                // End tags, refused node types and skipped ones exactly as `next` does.
                if let node = try currentNode() { return .node(node) }
            }
        }
        return nil
    }

    /// Whether the NUL-terminated `bytes` are `literal`.
    private static func equals(_ bytes: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        let expected = literal.utf8Start
        for index in 0...literal.utf8CodeUnitCount {
            // The literal's NUL terminator is compared too: "pointer" is not "point".
            if bytes[index] != expected[index] { return false }
        }
        return true
    }

    /// The current empty `point` element's attributes as numbers; nil (the reader back on
    /// the element) if any cannot be taken fast.
    private func pointAttributes() -> PointAttributes? {
        guard xmlTextReaderIsEmptyElement(reader) == 1 else { return nil }
        var point = PointAttributes()
        var fast = true
        // The rank of the last known attribute, alphabetically (absent 0, altitude 1 ... y 6).
        var lastRank = -1
        func ranked(_ rank: Int) {
            if rank < lastRank { point.alphabetical = false }
            lastRank = rank
        }
        while fast && xmlTextReaderMoveToNextAttribute(reader) == 1 {
            guard let name = xmlTextReaderConstName(reader), let value = xmlTextReaderConstValue(reader)
            else {
                fast = false
                break
            }
            let length = Int(xmlStrlen(value))
            guard length <= limits.maximumAttributeBytes else {
                fast = false
                break
            }
            func parse() -> Double? {
                let number = ADFNumberText.decimal(bytes: value, count: length)
                if number == nil { fast = false }
                return number
            }
            // A plain decimal is whole when it has no decimal point.
            func whole() -> Bool { memchr(value, Int32(UInt8(ascii: ".")), length) == nil }
            switch (name[0], name[1]) {
            case (UInt8(ascii: "x"), 0):
                point.x = parse()
                ranked(5)
            case (UInt8(ascii: "y"), 0):
                point.y = parse()
                ranked(6)
            case (UInt8(ascii: "a"), UInt8(ascii: "b")) where Self.equals(name, "absent"):
                // A word the reader does not know sends the point through the general path, which names it.
                let text = String(decoding: UnsafeBufferPointer(start: value, count: length), as: UTF8.self)
                if let absent = AbsentPointValues(attributeText: text) { point.absent = absent } else { fast = false }
                ranked(0)
            case (UInt8(ascii: "a"), UInt8(ascii: "l")) where Self.equals(name, "altitude"):
                point.altitude = parse()
                ranked(1)
            case (UInt8(ascii: "a"), UInt8(ascii: "z")) where Self.equals(name, "azimuth"):
                point.azimuth = parse()
                ranked(2)
            case (UInt8(ascii: "p"), _) where Self.equals(name, "pressure"):
                point.pressure = parse()
                point.wholePressure = whole()
                ranked(3)
            case (UInt8(ascii: "t"), _) where Self.equals(name, "timestamp"):
                point.timestamp = parse()
                point.wholeTimestamp = whole()
                ranked(4)
            default: break  // Attributes the reader does not know are ignored, as in `point(_:)`.
            }
        }
        _ = xmlTextReaderMoveToElement(reader)
        return fast ? point : nil
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
