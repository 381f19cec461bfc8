import Foundation
import SystemErrors
import Testing

@Suite("NullWhenNil: every key written, nil as null")
struct NullWhenNilTests {
    struct Line: Codable, Equatable {
        var file: String
        @NullWhenNil var strokes: Int? = nil
        @NullWhenNil var date: String? = nil
    }

    func json(_ line: Line) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(line), as: UTF8.self)
    }

    @Test("nil is written as null under its key; a value as itself")
    func written() throws {
        #expect(try json(Line(file: "a.csk")) == #"{"date":null,"file":"a.csk","strokes":null}"#)
        #expect(
            try json(Line(file: "a.csk", strokes: 3, date: "2023")) == #"{"date":"2023","file":"a.csk","strokes":3}"#)
    }

    @Test("Read back: null and an absent key are both nil, a value is itself")
    func read() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Line.self, from: Data(#"{"file":"a","strokes":null}"#.utf8)) == Line(file: "a"))
        #expect(
            try decoder.decode(Line.self, from: Data(#"{"file":"a","strokes":2,"date":"d"}"#.utf8))
                == Line(file: "a", strokes: 2, date: "d"))
        #expect(throws: DecodingError.self) {
            try decoder.decode(Line.self, from: Data(#"{"file":"a","strokes":"two"}"#.utf8))
        }
    }
}
