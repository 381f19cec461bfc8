import Foundation
import TestSupport
import Testing

@testable import ADF

/// The reader's fast path for `point` elements and RawData start times gives exactly what the
/// general path (a String per attribute, strtod, `RawDataText`) gives.
@Suite("ADF reader fast path")
struct ReaderFastPathTests {
    private func fast(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { ADFNumberText.decimal(bytes: $0.baseAddress!, count: $0.count) }
    }

    @Test("Byte-level decimals equal strtod's for the ADF formats, long numbers and non-numbers")
    func decimals() {
        let fixed = [
            "0", "-0", "-0.0000", "1.5708", "708.5848", "1673535664834", "1673535664834.0",
            "0.1", "0.3", "2.6374", "9007199254740991", "9007199254740993", "12345678901234567890",
            "0.12345678901234567890123", "1.00000000000000000000000001", "000123.4500",
            "179769313486231570000000000000000000000000000000000000000000000000000000000000000",
            "", "-", ".5", "5.", "1e3", "+1", " 1", "1 ", "--1", "1.2.3", "nan", "inf", "0x10", "1,5",
        ]
        for text in fixed {
            #expect(fast(text)?.bitPattern == ADFNumberText.decimal(text)?.bitPattern, "\(text)")
            #expect((fast(text) == nil) == (ADFNumberText.decimal(text) == nil), "\(text)")
        }
        var random = SplitMix64(state: 7)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next() & 0x7FEF_FFFF_FFFF_FFFF).truncatingRemainder(dividingBy: 1e16)
            let decimals = Int.random(in: 0...18, using: &random)
            let text = String(format: "%.\(decimals)f", Bool.random(using: &random) ? value : -value)
            #expect(fast(text)?.bitPattern == ADFNumberText.decimal(text)?.bitPattern, "\(text)")
        }
        for _ in 0..<20_000 {
            let digits = (0..<Int.random(in: 1...24, using: &random)).map { _ in
                String(Int.random(in: 0...9, using: &random))
            }.joined()
            let point = Int.random(in: 0...digits.count, using: &random)
            let text =
                point == 0 || point == digits.count
                ? digits : "\(digits.prefix(point)).\(digits.dropFirst(point))"
            #expect(fast(text)?.bitPattern == ADFNumberText.decimal(text)?.bitPattern, "\(text)")
        }
    }

    @Test("RawData start times, however the text is cut into chunks, equal RawDataText's")
    func startTimes() {
        let texts = [
            "Number of strokes: 1\nStrokeID: 0\nNumber of samples: 2\nColor: 0 0 255\nStartTime: 1673535664834.0\n708.5000 314.5000 0 1239.0000\n708.5848 312.2214 103 1226.0000\n",
            "Number of strokes: 2\r\nStrokeID: 0\r\nStartTime: 12.5\r\n1 2 0 3\r\nStrokeID: 1\r\n\r\nStartTime:    7\r\n",
            "StartTime: 5\nStrokeID: 0\nStartTime: 12.5 \nStrokeID: 1\nStartTime: x\nStrokeID: 2",
            "Number of strokes: 1\nStrokeID: 0\nStartTime: 1.5\nStartTime: 2.5\n  \t \nStrokeID:ë\nStartTime: 3\u{301}\nStartTime:\u{301}4\nStrokeID: 3\nStartTime:\t9\n",
            "", "\n\n", "StrokeID: 0\nStartTime: 99999999999999999999.5",
        ]
        for text in texts {
            let expected = RawDataText(text).strokes.map(\.startTime)
            let bytes = Array(text.utf8)
            for cut in [1, 2, 3, 7, bytes.count + 1] {
                var scanner = RawDataStartTimes()
                bytes.withUnsafeBufferPointer { all in
                    var start = 0
                    while start < all.count {
                        let end = min(start + cut, all.count)
                        scanner.scan(UnsafeBufferPointer(rebasing: all[start..<end]))
                        start = end
                    }
                }
                #expect(scanner.finish() == expected, "\(text.debugDescription) in chunks of \(cut)")
            }
        }
    }

    @Test("RawData parsed with sample lines read as bytes equals RawData parsed by Characters, on odd texts too")
    func rawDataBytePath() {
        var texts = [
            "Number of strokes: 1\nStrokeID: 0\nNumber of samples: 2\nColor: 0 0 255\nStartTime: 1673535664834.0\n708.5000 314.5000 0 1239.0000\n708.5848 312.2214 103 1226.0000\n",
            "Number of strokes: 2\r\nStrokeID: 0\r\nStartTime: 12.5\r\n1 2 0 3\r\nStrokeID: 1\r\n\r\nStartTime:    7\r\n",
            "1 2 3 4\nNumber of strokes: 1\n1 2 3 4\nStrokeID: 0\n1\t2 \t3   4\n-1.5 2 +3 4\n1 2 3 4 5\n1 2 3\n1. 2 3 4\n1 2 3.0 4\n",
            "Number of strokes: 1\nStrokeID: 0\n1 2 3 4\u{301}\n1 2 3 4\r\r\n\r1 2 3 4\n1 2 99999999999999999999 4\n  \t \n\n",
            "", "\n", "\r", "Number of strokes: 1\nStrokeID: x\nStrokeID: 1\n0 0 0 0\n12345678901234567890.5 1 1 1\n",
        ]
        // Random edits of a well-formed text: bytes of the format's own alphabet put in, taken out, swapped.
        var random = SplitMix64(state: 32)
        let alphabet = Array(" \t\r\n-.0123456789SNC:x".utf8)
        let base = Array(texts[0].utf8)
        for _ in 0..<500 {
            var bytes = base
            for _ in 0..<Int(random.next() % 4 + 1) {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: at)
                case 1: bytes.remove(at: at)
                default: bytes[at] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                }
            }
            texts.append(String(decoding: bytes, as: UTF8.self))
        }
        for text in texts {
            #expect(RawDataText(text) == RawDataText.parsedByCharacters(text), "\(text.debugDescription)")
        }
    }

    @Test("read and forEachPoint agree with each other on generated sessions", arguments: 1...6)
    func streamingAgrees(seed: UInt64) throws {
        var generator = SessionGenerator(seed: seed)
        let document = generator.document()
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try document.write(to: directory.file("s.\(document.variant.fileExtension)"))
        let whole = try ADFReader.read(path: path)
        var points: [[[PenPoint]]] = whole.document.steps.map { $0.strokes.map { _ in [] } }
        let streamed = try ADFReader.forEachPoint(path: path) {
            points[$0.step][$0.strokeInDrawing].append($0.point)
        }
        #expect(whole.document == document)
        #expect(points == document.steps.map { $0.strokes.map(\.points) })
        // The streamed document has the same steps and stroke times, without the points.
        var withoutPoints = document
        for s in withoutPoints.steps.indices {
            for k in withoutPoints.steps[s].strokes.indices { withoutPoints.steps[s].strokes[k].points = [] }
        }
        #expect(streamed.document == withoutPoints)
    }

    /// A one-stroke maze file whose first point element is `point`.
    private func file(_ name: String, point: String, in directory: ScratchDirectory) throws -> String {
        let path = directory.file("\(name).msk")
        let xml = """
            <?xml version="1.0" encoding="utf-8" standalone="no"?>
            <MazeSketchXMLFile>
              <PenData>
                <drawing>
                  <strokes>
                    <stroke index="1" label="1">
                      \(point)
                      <point altitude="1.0000" azimuth="2.0000" pressure="500" timestamp="1673535664900" x="3.0000" y="4.0000"/>
                    </stroke>
                  </strokes>
                </drawing>
              </PenData>
            </MazeSketchXMLFile>

            """
        try xml.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test("Points the fast path cannot take go the general way, with the same results and errors")
    func unusualPoints() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        // Line 7 is the first point's line in `file(point:in:)`.
        let extra = try file(
            "extra",
            point:
                #"<point altitude="1.5" azimuth="0.5" pressure="1239" timestamp="1673535664834" x="708.5" y="314.5" tilt="3"/>"#,
            in: directory)
        let open = try file(
            "open",
            point:
                #"<point altitude="1.5" azimuth="0.5" pressure="1239" timestamp="1673535664834" x="708.5" y="314.5"></point>"#,
            in: directory)
        let older = try file("older", point: #"<point timestamp="1673535664834" x="708.5" y="314.5"/>"#, in: directory)
        for path in [extra, open] {
            let points = try ADFReader.read(path: path).document.steps[0].strokes[0].points
            #expect(
                points.first
                    == PenPoint(
                        x: 708.5, y: 314.5, altitude: 1.5, azimuth: 0.5, force: 1.239,
                        unixMilliseconds: 1_673_535_664_834)
            )
            #expect(points.count == 2)
        }
        // Files of the older generation lack altitude, azimuth and pressure: they read as 0.
        let first = try ADFReader.read(path: older).document.steps[0].strokes[0].points[0]
        #expect(
            first
                == PenPoint(x: 708.5, y: 314.5, altitude: 0, azimuth: 0, force: 0, unixMilliseconds: 1_673_535_664_834))

        let exponent = try file(
            "exponent", point: #"<point timestamp="1673535664834" x="1e3" y="314.5"/>"#, in: directory)
        #expect(
            throws: ADFReadError(
                path: exponent, line: 7,
                reason: .invalidValue(element: "point", attribute: "x", value: "1e3", expected: "a decimal number")
            )
        ) {
            try ADFReader.forEachPoint(path: exponent) { _ in }
        }
        let missing = try file("missing", point: #"<point timestamp="1673535664834" x="708.5"/>"#, in: directory)
        #expect(throws: ADFReadError(path: missing, line: 7, reason: .notADF("<point> has no y attribute"))) {
            try ADFReader.read(path: missing)
        }
        let tooLong = try file(
            "long", point: "<point timestamp=\"1673535664834\" x=\"\(String(repeating: "1", count: 100))\" y=\"1\"/>",
            in: directory)
        #expect(
            throws: ADFReadError(
                path: tooLong, line: 7,
                reason: .attributeTooLong(element: "point", attribute: "x", bytes: 100, limit: 50))
        ) {
            try ADFReader.forEachPoint(path: tooLong, limits: ADFReadLimits(maximumAttributeBytes: 50)) { _ in }
        }
    }
}
