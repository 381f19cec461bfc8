/// The one JSON string writer of the package (RFC 8259, section 7): a string in quotes with `"`, `\`
/// and every control character below U+0020 escaped, as Foundation's JSONEncoder writes them
/// (`\b`, `\f`, `\n`, `\r`, `\t` by name, the others as `\u00XX` in lowercase hex), and every other
/// character (`/`, DEL, non-ASCII) written as itself in UTF-8.
///
/// `features` JSON Lines and the commands' `--json` lines (Reports' `JSONLine`) both write through
/// it, so the same text is the same JSON in every output.
public enum JSONString {
    /// `text` as a JSON string, quotes included.
    public static func quoted(_ text: String) -> String {
        var out = ""
        write(text, to: &out)
        return out
    }

    /// Appends `text` as a JSON string, quotes included, to `out`.
    public static func write(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
