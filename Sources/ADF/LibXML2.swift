// Every libxml2 call of the ADF module lives in this file.
//
// libxml2 is reached through its streaming xmlTextWriter, over an xmlOutputBuffer whose I/O
// callbacks write to a file descriptor the caller owns: the caller can then fsync that
// descriptor before renaming the file into place, which xmlNewTextWriterFilename would not allow.

import CLibXML2

import Glibc

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
    var writeErrno: Int32?

    init(fd: Int32) {
        self.fd = fd
    }

    /// Writes all of `count` bytes, retrying short writes and EINTR; false on error.
    func writeAll(_ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
        var done = 0
        while done < count {
            let n = write(fd, bytes + done, count - done)
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
    init(fileDescriptor fd: Int32) throws {
        sink = DescriptorSink(fd: fd)
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
