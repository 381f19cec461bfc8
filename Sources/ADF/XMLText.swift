/// Text made safe for XML 1.0 before libxml2 sees it.
///
/// libxml2's writer copies control characters such as U+0001 into its output, and its own
/// parser (like every conforming one) then rejects the file. Strings that come from hardware
/// (device names, serial numbers) or from people are therefore filtered here.
enum XMLText {
    /// Whether `scalar` is a `Char` of XML 1.0 (§2.2): tab, newline, carriage return,
    /// U+0020...U+D7FF, U+E000...U+FFFD, U+10000...U+10FFFF.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// `text` without the characters XML 1.0 does not allow (they are dropped, not replaced,
    /// so a name padded with NULs by firmware reads as the name).
    static func filtered(_ text: String) -> String {
        if text.unicodeScalars.allSatisfy(isAllowed) { return text }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: text.unicodeScalars.lazy.filter(isAllowed))
        return String(result)
    }
}
