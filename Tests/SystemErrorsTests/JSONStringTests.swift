import Foundation
import SystemErrors
import Testing

/// The one JSON string writer against RFC 8259 and Foundation's JSONEncoder (issue 29, item 6).
@Suite("JSON strings")
struct JSONStringTests {
    /// Every ASCII character, then DEL's neighbours beyond ASCII, a line separator and an emoji.
    static let text: String = {
        var text = ""
        for value in 0..<0x80 { text.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
        return text + "é\u{2028}😀"
    }()

    @Test("Quotes, backslashes and control characters escaped, as JSONEncoder escapes them; nothing else")
    func likeJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let encoded = String(decoding: try encoder.encode([Self.text]), as: UTF8.self)
        #expect("[" + JSONString.quoted(Self.text) + "]" == encoded)
    }

    @Test("The short escapes by name, the other control characters as lowercase \\u00XX, / and DEL as themselves")
    func escapes() {
        #expect(JSONString.quoted("\u{08}\u{0C}\n\r\t") == #""\b\f\n\r\t""#)
        #expect(JSONString.quoted("\u{00}\u{01}\u{1F}\u{0B}") == #""\u0000\u0001\u001f\u000b""#)
        #expect(JSONString.quoted("a\"b\\c/d\u{7F}é") == "\"a\\\"b\\\\c/d\u{7F}é\"")
    }

    @Test("HTML-safe: < > & and the line and paragraph separators also as \\u00XX, and it parses back the same")
    func htmlSafe() throws {
        #expect(
            JSONString.quoted("<a href='x'>&\u{2028}\u{2029}", htmlSafe: true)
                == #""\u003ca href='x'\u003e\u0026\u2028\u2029""#)
        #expect(JSONString.quoted("<&>") == #""<&>""#)
        let quoted = JSONString.quoted(Self.text, htmlSafe: true)
        #expect(!quoted.contains("<") && !quoted.contains(">") && !quoted.contains("&") && !quoted.contains("\u{2028}"))
        let parsed = try JSONSerialization.jsonObject(with: Data(("[" + quoted + "]").utf8)) as? [String]
        #expect(parsed == [Self.text])
    }

    @Test("What it writes parses back to the same text")
    func roundTrip() throws {
        let parsed =
            try JSONSerialization.jsonObject(with: Data(("[" + JSONString.quoted(Self.text) + "]").utf8)) as? [String]
        #expect(parsed == [Self.text])
    }
}
