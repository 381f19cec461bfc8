import Foundation
import Measures
import Testing

@testable import Features
@testable import TestMaterials

/// What `features` does faster or in less memory since issue 32 item 4 and issue 34 item 5, checked to write
/// the same bytes as the way it replaced.
@Suite("features: the table taken in pieces, numbers unquoted, results files sniffed from their bytes")
struct StreamedTableTests {
    /// Rows of every kind of value: numbers, missing values, counts, words that need quoting or neutralising.
    static func rows() -> [MeasureRow] {
        let words: [String?] = ["clock", nil, "a,b", "=SUM(A1)", "-x", "line\nbreak", "\"quoted\"", "-1.5", ""]
        var generator = SystemRandomNumberGenerator()
        return (0..<40).map { index in
            var row = MeasureRow()
            row.append("word", text: words[index % words.count])
            row.append("count", count: index % 5 == 0 ? nil : index - 20)
            for column in 0..<6 {
                let magnitude = Double.random(in: -14...14, using: &generator)
                let value = (Bool.random(using: &generator) ? -1 : 1) * pow(10, magnitude)
                row.append("number_\(column)", index % 7 == column ? nil : value)
            }
            return row
        }
    }

    @Test(
        "The pieces taken out of a table as rows are appended, joined, are the table's text",
        arguments: FeaturesFormat.allCases)
    func piecesMakeTheTable(format: FeaturesFormat) {
        var whole = FeaturesTable(format: format, level: .stroke)
        var pieces = FeaturesTable(format: format, level: .stroke)
        var taken = pieces.takeText()
        let place = VisitPlace(participant: "P-1", visit: "2026-11-27", test: 2)
        for (index, row) in Self.rows().enumerated() {
            whole.append(file: "f\(index).csk", row, place: index % 2 == 0 ? place : nil)
            pieces.append(file: "f\(index).csk", row, place: index % 2 == 0 ? place : nil)
            if index % 3 == 0 { taken += pieces.takeText() }
        }
        taken += pieces.takeText()
        #expect(taken == whole.text)
        #expect(pieces.text.isEmpty && pieces.rowCount == whole.rowCount)
    }

    @Test("A number or a count goes into CSV as written: csvField would keep every one of them as it is")
    func numbersNeedNoQuoting() {
        var generator = SystemRandomNumberGenerator()
        var values: [MeasureValue] = [.number(-0.0), .number(-1e-13), .number(-123_456_789), .count(-3), .count(0)]
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -15...17, using: &generator)
            values.append(.number((Bool.random(using: &generator) ? -1 : 1) * pow(10, magnitude)))
            values.append(.count(Int.random(in: -1_000_000...1_000_000, using: &generator)))
        }
        for value in values {
            let text = value.text ?? ""
            #expect(FeaturesTable.csvCell(value) == FeaturesTable.csvField(text), "\(value)")
        }
    }

    /// Heads a sniffer might meet: markup after blank lines, spaces and tabs, CR LF endings, a byte-order
    /// mark, a mark combining with `<`, non-breaking spaces, recordings and tables.
    static let headPieces: [String] = [
        "\n", "\r\n", "\r", " ", "\t", "\u{A0}", "\u{FEFF}", "<", "<?xml version=\"1.0\"?>", "<adf>", "\u{301}",
        "# EVEMU 1.3\n", "E: 0.000001 0003 0000 12\n", "N: pen\n", "a,b\n1,2\n", "kind: tablet\n", "é", "x",
        "# StylusKit control: start\n", "libinput:\n",
    ]

    @Test("The bytes' look for markup agrees with reading the lines over random heads")
    func markupFromBytes() {
        var generator = SystemRandomNumberGenerator()
        var heads: [Data] = [Data(), Data("<".utf8), Data((String(repeating: "\n", count: 500) + "<adf/>").utf8)]
        heads.append(Data(String(repeating: "\n", count: 64 << 10).utf8) + Data("<adf/>".utf8))
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...6, using: &generator)
            let text = (0..<count).map { _ in Self.headPieces.randomElement(using: &generator) ?? "" }.joined()
            heads.append(Data(text.utf8))
        }
        var markup = 0
        for head in heads {
            let lines = InputFileKind(lines: head)
            #expect(
                InputFileKind(head: head) == lines,
                "\(String(decoding: head.prefix(80), as: UTF8.self).debugDescription)")
            if InputFileKind.startsWithMarkup(head) {
                markup += 1
                #expect(lines == .xml)
            }
        }
        // Both ways were compared on markup, not only on what the bytes leave to the lines.
        #expect(markup > 500)
    }

    @Test("A FIFO is not opened to be sniffed: it is other, for the reader to refuse")
    func fifoNotOpened() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("styluskit-\(UUID().uuidString).csk")
            .path
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // Opening it would wait for a writer for ever; the test would hang, not fail.
        #expect(InputFileKind(path: fifo) == .other)
    }
}
