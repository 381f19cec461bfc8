import Foundation
import Testing

@testable import ADF

/// Files built to attack an XML reader must be refused, quickly, with a message saying why.
@Suite("ADF reader refuses hostile input")
struct HostileInputTests {
    private func file(_ text: String, _ name: String = "hostile.csk") throws -> (String, ScratchDirectory) {
        let directory = try ScratchDirectory()
        let path = directory.file(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (path, directory)
    }

    private func refusal(_ path: String, limits: ADFReadLimits = .standard) -> ADFReadError? {
        do {
            _ = try ADFReader.read(path: path, limits: limits)
            return nil
        } catch let error as ADFReadError {
            return error
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    private let xxe = """
        <?xml version="1.0" encoding="utf-8"?>
        <!DOCTYPE ClockSketchXMLFile [<!ENTITY e SYSTEM "file:///etc/passwd">]>
        <ClockSketchXMLFile><ClockSketchData><DeviceName value="&e;"/></ClockSketchData><x>&e;</x></ClockSketchXMLFile>
        """

    private let billionLaughsText = """
        <?xml version="1.0"?>
        <!-- a comment
             over two lines -->
        <!DOCTYPE lolz [
         <!ENTITY lol "lol">
         <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
         <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
         <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
         <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
         <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
         <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
         <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
         <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
         <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <ClockSketchXMLFile><x a="&lol9;">&lol9;</x></ClockSketchXMLFile>
        """

    @Test("External entities (XXE) are refused at the DOCTYPE, on its line")
    func externalEntity() throws {
        let (path, directory) = try file(xxe)
        defer { directory.remove() }
        let error = try #require(refusal(path))
        #expect(error.reason == .documentType)
        #expect(error.line == 2)
        #expect(
            error.description
                == "\(path):2: the file has a DOCTYPE (document type declaration); results files "
                + "never have one, so it was refused unread (it may try to read other files or "
                + "expand entities without limit): remove the declaration if the file is genuine")
        #expect(!error.description.contains("root:"))
    }

    @Test("Behind the DOCTYPE check, libxml2 itself loads no external entity")
    func externalEntityBehindThePrologueCheck() throws {
        let (path, directory) = try file(xxe)
        defer { directory.remove() }
        let reader = try XMLStreamReader(path: path, limits: .standard, checkPrologue: false)
        var texts: [String] = []
        #expect(throws: ADFReadError.self) {
            while let node = try reader.next() {
                if case .text(let text, _) = node { texts.append(text) }
                if case .start(let element) = node { texts += element.attributes.map(\.value) }
            }
        }
        #expect(!texts.joined().contains("root:"))
    }

    @Test("Billion laughs is refused at once, with the DOCTYPE's line after a two-line comment")
    func billionLaughs() throws {
        let (path, directory) = try file(billionLaughsText)
        defer { directory.remove() }
        let error = try #require(refusal(path))
        #expect(error.reason == .documentType)
        #expect(error.line == 4)
    }

    @Test("Billion laughs behind the DOCTYPE check is still stopped, by libxml2's own guard")
    func billionLaughsBehindThePrologueCheck() throws {
        let (path, directory) = try file(billionLaughsText)
        defer { directory.remove() }
        let reader = try XMLStreamReader(path: path, limits: .standard, checkPrologue: false)
        var characters = 0
        #expect(throws: ADFReadError.self) {
            while let node = try reader.next() {
                if case .text(let text, _) = node { characters += text.utf8.count }
            }
        }
        // Expanded, the entities would be 10^9 characters; the guard stops the expansion early.
        #expect(characters < 1_000_000)
    }

    @Test("A plain DOCTYPE (no entities) is refused too")
    func plainDoctype() throws {
        let (path, directory) = try file(
            "<?xml version=\"1.0\"?>\n\n<!DOCTYPE ClockSketchXMLFile SYSTEM \"http://example.com/adf.dtd\">\n<ClockSketchXMLFile/>\n"
        )
        defer { directory.remove() }
        let error = try #require(refusal(path))
        #expect(error.reason == .documentType)
        #expect(error.line == 3)
    }

    @Test("10,000 levels of nesting are refused at the first element deeper than the limit")
    func deepNesting() throws {
        // Line 1 the declaration, line 2 the root (depth 0), line 2 + d the element at depth d.
        var text = "<?xml version=\"1.0\"?>\n<ClockSketchXMLFile>\n"
        text += String(repeating: "<a>\n", count: 10_000)
        text += String(repeating: "</a>", count: 10_000) + "</ClockSketchXMLFile>\n"
        let (path, directory) = try file(text)
        defer { directory.remove() }
        let error = try #require(refusal(path))
        #expect(error.reason == .tooDeep(limit: 16))
        #expect(error.line == 18)
        #expect(
            error.description
                == "\(path):18: elements are nested deeper than 16 levels; an ADF file nests at "
                + "most 6, so this is not a results file")
    }

    @Test("A 20 MB attribute is refused (libxml2's own 10 MB cap, in our words)")
    func hugeAttribute() throws {
        let text =
            "<?xml version=\"1.0\"?>\n<ClockSketchXMLFile>\n<ClockSketchData>\n<DeviceName value=\""
            + String(repeating: "A", count: 20_000_000) + "\"/></ClockSketchData></ClockSketchXMLFile>\n"
        let (path, directory) = try file(text)
        defer { directory.remove() }
        let error = try #require(refusal(path))
        #expect(error.reason == .tokenTooLong)
        #expect(error.line == 4)
        #expect(
            error.description
                == "\(path):4: a tag or attribute value is longer than 10 MB, the most libxml2 "
                + "reads safely; no ADF value is that long, so this is not a results file")
    }

    @Test("An attribute over the reader's limit names the element and the attribute")
    func longAttribute() throws {
        let text =
            "<?xml version=\"1.0\"?>\n<ClockSketchXMLFile>\n<ClockSketchData>\n<DeviceName value=\""
            + String(repeating: "A", count: 100_000) + "\"/></ClockSketchData></ClockSketchXMLFile>\n"
        let (path, directory) = try file(text)
        defer { directory.remove() }
        let error = try #require(refusal(path))
        #expect(
            error.reason == .attributeTooLong(element: "DeviceName", attribute: "value", bytes: 100_000, limit: 65536))
        #expect(
            error.description
                == "\(path):4: attribute value of <DeviceName> is longer than 65536 bytes "
                + "(100000 bytes); no ADF value is that long, so this is not a results file")
    }

    @Test("gzip files (a gzip bomb) are refused by their magic bytes, before any inflation")
    func gzipBomb() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        // 64 MB of zeros compress to ~64 kB: gzip -c < /dev/zero | head -c 64M.
        let zeros = directory.file("zeros")
        try Data(count: 64 << 20).write(to: URL(fileURLWithPath: zeros))
        let result = try run("/bin/sh", ["-c", "gzip -9 -c '\(zeros)' > '\(directory.file("bomb.csk"))'"])
        try #require(result.status == 0, "gzip failed: \(result.errors)")
        let path = directory.file("bomb.csk")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(bytes.starts(with: [0x1F, 0x8B]))
        let error = try #require(refusal(path))
        #expect(error.reason == .compressed("gzip"))
        #expect(
            error.description
                == "\(path): the file is gzip-compressed; results files are plain XML: decompress "
                + "it yourself (e.g. with gunzip) after checking where it came from")
    }

    @Test("A file over the size limit is refused before it is parsed")
    func sizeLimit() throws {
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: "\(goldenDirectory)/clock-small.csk")[.size] as? Int)
        let error = try #require(
            refusal("\(goldenDirectory)/clock-small.csk", limits: ADFReadLimits(maximumFileBytes: 1000)))
        #expect(error.reason == .fileTooLarge(bytes: size, limit: 1000))
        #expect(error.line == 0)
        // The same file is fine under the standard limits.
        #expect(refusal("\(goldenDirectory)/clock-small.csk") == nil)
    }

    @Test("Too many elements or points are refused on the offending line")
    func countLimits() throws {
        let golden = "\(goldenDirectory)/clock-small.csk"
        // grep -n '<point' clock-small.csk: the 3rd point is on line 45, the 8th element
        // (ClockSketchXMLFile, ClockSketchData, 6 facts) is <PencilID> on line 9.
        let points = try #require(refusal(golden, limits: ADFReadLimits(maximumPoints: 2)))
        #expect(points.reason == .tooManyPoints(limit: 2))
        #expect(points.line == 45)
        let elements = try #require(refusal(golden, limits: ADFReadLimits(maximumElements: 7)))
        #expect(elements.reason == .tooManyElements(limit: 7))
        #expect(elements.line == 9)
    }

    @Test("Malformed XML is refused with the line xmllint also reports")
    func malformed() throws {
        let text = """
            <?xml version="1.0" encoding="utf-8" standalone="no"?>
            <ClockSketchXMLFile>
              <ClockSketchData>
                <OriginalOrigin x="0.0000" y="0.0000"/>
              </ClockSketchData>
              <TaskData>
                <Step identifier="a">
                  <Start timestamp="1"/>
                </Stp>
              </TaskData>
            </ClockSketchXMLFile>

            """
        let (path, directory) = try file(text)
        defer { directory.remove() }
        let error = try #require(refusal(path))
        guard case .malformed(let message) = error.reason else {
            Issue.record("expected malformed, got \(error)")
            return
        }
        #expect(error.line == 9)
        #expect(message.contains("Step") && message.contains("Stp"))
        let lint = try run(xmllintPath, ["--noout", path])
        #expect(lint.errors.contains("\(path):9:"))
    }

    @Test("An undeclared entity, a UTF-16 file and a foreign root are refused")
    func otherRefusals() throws {
        let (entity, a) = try file("<?xml version=\"1.0\"?>\n<ClockSketchXMLFile>&e;</ClockSketchXMLFile>\n")
        defer { a.remove() }
        let entityError = try #require(refusal(entity))
        #expect(entityError.line == 2)

        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let utf16 = directory.file("utf16.csk")
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<?xml version=\"1.0\"?><!DOCTYPE x><x/>".utf16 {
            bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        try Data(bytes).write(to: URL(fileURLWithPath: utf16))
        #expect(refusal(utf16)?.reason == .notUTF8)

        let (foreign, b) = try file("<?xml version=\"1.0\"?>\n<html/>\n")
        defer { b.remove() }
        let foreignError = try #require(refusal(foreign))
        #expect(
            foreignError.reason
                == .notADF(
                    "the root element is <html>, not one of <ClockSketchXMLFile>, <MazeSketchXMLFile>, <SymbolDigitSketchXMLFile>, <TrailsSketchXMLFile>"
                ))
        #expect(foreignError.line == 2)
    }

    @Test("Strokes and points outside a <drawing> are ignored, not indexed into an empty list (a fuzzer's find)")
    func strokeOutsideDrawing() throws {
        let (path, directory) = try file(
            """
            <?xml version="1.0" encoding="utf-8" standalone="no"?>
            <ClockSketchXMLFile>
              <PenData>
                <rawing>
                  <symbol><stroke index="1"><point x="1" y="2" timestamp="1673535658692"/></stroke></symbol>
                </rawing>
                <drawing><strokes><stroke index="1"><point x="3" y="4" timestamp="1673535658700"/></stroke></strokes></drawing>
              </PenData>
            </ClockSketchXMLFile>
            """)
        defer { directory.remove() }
        let read = try ADFReader.read(path: path)
        #expect(read.drawings.count == 1)
        #expect(read.pointCount == 1)
        var points: [Double] = []
        _ = try ADFReader.forEachPoint(path: path) { points.append($0.point.x) }
        #expect(points == [3])
    }

    @Test(
        "A RawData, Motion or Pause under an unknown section or parent is ignored, not closed on a record never opened (a fuzzer's find)"
    )
    func recordsOnlyInTheirSections() throws {
        let (path, directory) = try file(
            """
            <?xml version="1.0" encoding="utf-8" standalone="no"?>
            <MazeSketchXMLFile>
              <TaskData>
                <Steps><Interruptions><Pause timestamp="1673989894109" type="no-drawing"/></Interruptions></Steps>
              </TaskData>
              <Pe2Data>
                <drawing><RawData>Number of strokes: 0
            </RawData></drawing>
                <Step><Motion timestamp="1673987905421"/></Step>
              </Pe2Data>
            </MazeSketchXMLFile>
            """)
        defer { directory.remove() }
        let read = try ADFReader.read(path: path)
        #expect(read.drawings.isEmpty)
        #expect(read.pointCount == 0)
        _ = try ADFReader.forEachPoint(path: path) { _ in Issue.record("no point is under a <drawing> of PenData") }
    }
}
