import Features
import Measures
import Testing

/// The JSON Lines of `features` write strings as every other `--json` output does (issue 29, item 6:
/// `FeaturesTable` had an escaper of its own that wrote U+0008 and U+000C as `\u0008` and `\u000c`
/// where `JSONLine` and JSONEncoder write `\b` and `\f`).
@Suite("features JSON Lines strings")
struct FeaturesTableJSONTests {
    @Test("A file name with control characters, quotes and a slash: RFC 8259 escapes, the short ones by name")
    func escapedFileName() {
        var table = FeaturesTable(format: .json, level: .test)
        table.append(file: "a\u{08}b\u{0C}c\u{01}d\"e\\f/g\u{1F}\té.adf", MeasureRow())
        // The file's value; the measures after it are null for an empty row.
        #expect(table.text.hasPrefix(#"{"file":"a\bb\fc\u0001d\"e\\f/g\u001f\té.adf","#))
    }
}
