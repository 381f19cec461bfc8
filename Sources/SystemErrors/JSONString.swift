/// The one JSON string writer of the package (RFC 8259, section 7): a string in quotes with `"`, `\`
/// and every control character below U+0020 escaped, as Foundation's JSONEncoder writes them
/// (`\b`, `\f`, `\n`, `\r`, `\t` by name, the others as `\u00XX` in lowercase hex), and every other
/// character (`/`, DEL, non-ASCII) written as itself in UTF-8.
///
/// `features` JSON Lines, the commands' `--json` lines (Reports' `JSONLine`) and the results
/// browser's data (`Serving`, `htmlSafe`) all write through it, so the same text is the same JSON
/// in every output.
public enum JSONString {
    /// `text` as a JSON string, quotes included; `htmlSafe` as for `write`.
    public static func quoted(_ text: String, htmlSafe: Bool = false) -> String {
        var out = ""
        write(text, to: &out, htmlSafe: htmlSafe)
        return out
    }

    /// Appends `text` as a JSON string, quotes included, to `out`. `htmlSafe` also escapes what an
    /// HTML page or a script could misread (`<`, `>`, `&`, U+2028 and U+2029, as `\u003c`…), for
    /// JSON a page embeds or a browser's script reads.
    public static func write(_ text: String, to out: inout String, htmlSafe: Bool = false) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            // One `where` per pattern: in a case of several patterns it would guard only the last.
            case "<" where htmlSafe, ">" where htmlSafe, "&" where htmlSafe, "\u{2028}" where htmlSafe,
                "\u{2029}" where htmlSafe:
                unicodeEscape(scalar, to: &out)
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20: unicodeEscape(scalar, to: &out)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `\uXXXX` in lowercase hex, for a scalar of the Basic Multilingual Plane.
    private static func unicodeEscape(_ scalar: Unicode.Scalar, to out: inout String) {
        let digits = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
