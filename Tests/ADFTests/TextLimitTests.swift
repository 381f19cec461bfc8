import Foundation
import Testing

@testable import ADF

/// The reader's cap on one text (XML_PARSE_HUGE lifts libxml2's 10 MB; `MarkupRun` sets ours).
@Suite("ADF reader: texts past 10 MB and the maximumTextBytes limit")
struct TextLimitTests {
    private func scanResult(_ bytes: [UInt8], limit: Int, chunk: Int) -> (accepted: Bool, run: Int) {
        var scanner = MarkupRun(limit: limit)
        var accepted = true
        bytes.withUnsafeBytes { raw in
            var start = 0
            while start < raw.count && accepted {
                let end = min(start + chunk, raw.count)
                accepted = scanner.scan(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                start = end
            }
        }
        return (accepted, scanner.run)
    }

    @Test("A stretch of exactly the limit passes, one byte more is refused, in any chunking", arguments: [1, 3, 7, 4096])
    func boundary(chunk: Int) {
        // "<a>" then 97 bytes of text: 100 bytes since the element tag's '<'.
        let text = Array("<a>".utf8) + [UInt8](repeating: UInt8(ascii: "7"), count: 97)
        #expect(scanResult(text, limit: 100, chunk: chunk) == (true, 100))
        #expect(scanResult(text + [UInt8(ascii: " ")], limit: 100, chunk: chunk).accepted == false)
    }

    @Test("Element tags start a new stretch; '<' inside comments and CDATA does not", arguments: [1, 5, 4096])
    func tagsAndSections(chunk: Int) {
        let filler = String(repeating: "x", count: 60)
        // Two 60-byte texts separated by an element tag: each stretch is under 100.
        #expect(scanResult(Array("<a>\(filler)</a><b>\(filler)</b>".utf8), limit: 100, chunk: chunk).accepted)
        // The same texts separated by a comment or CDATA holding '<b': one stretch of over 120 bytes.
        #expect(!scanResult(Array("<a>\(filler)<!-- <b> -->\(filler)</a>".utf8), limit: 100, chunk: chunk).accepted)
        #expect(!scanResult(Array("<a>\(filler)<![CDATA[<b>]]>\(filler)</a>".utf8), limit: 100, chunk: chunk).accepted)
        #expect(!scanResult(Array("<a>\(filler)<?pi <b> ?>\(filler)</a>".utf8), limit: 100, chunk: chunk).accepted)
        // After the comment ends, a tag starts a new stretch again.
        #expect(scanResult(Array("<a><!-- <b> --></a><c>\(filler)".utf8), limit: 100, chunk: chunk) == (true, 63))
    }

    @Test("A RawData text of 12 MB, past libxml2's 10 MB cap without HUGE, is read whole")
    func textPastTenMegabytes() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("long.csk")
        let line = "708.5000 314.5000 0 1239.0000\n"  // 30 bytes
        let count = 400_000
        let text = "<?xml version=\"1.0\"?>\n<ClockSketchXMLFile><RawData>" + String(repeating: line, count: count)
            + "</RawData></ClockSketchXMLFile>\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var lengths: [Int] = []
        try ADFReader.scan(path: path) { node in
            if case .text(let value, _) = node { lengths.append(value.utf8.count) }
        }
        #expect(lengths == [30 * count])
    }

    @Test("A text over maximumTextBytes is refused with the limit and what to do")
    func textOverLimit() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("long.csk")
        let text = "<?xml version=\"1.0\"?>\n<ClockSketchXMLFile><RawData>\n" + String(repeating: "1 2 0 3\n", count: 20_000)
            + "</RawData></ClockSketchXMLFile>\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            try ADFReader.scan(path: path, limits: ADFReadLimits(maximumTextBytes: 100_000)) { _ in }
            Issue.record("a 160 kB text was read with a 100 kB limit")
        } catch let error as ADFReadError {
            #expect(error.reason == .textTooLong(limit: 100_000))
            #expect(
                error.reason.description
                    == "more than 100000 bytes without an element tag: a text (such as a RawData block, about 30 bytes"
                    + " a point) or comment longer than the reader accepts; if it really is a results file, raise the"
                    + " limit (ADFReadLimits.maximumTextBytes) or record the test in shorter steps")
        }
    }
}
