/// Text from a file (a protocol's title, a skip reason, a tablet's name) made safe to show: its control
/// characters written out in caret notation (`^[` for ESC), so an escape or OSC sequence in it can
/// neither drive the operator's terminal nor hide in a PDF (issue 34, item 4).
public enum VisibleText {
    /// `text` with every control character but the line feed and the tab shown, not sent: C0 controls
    /// in caret notation (`^[`, `^M`), DEL as `^?`, C1 controls (U+0080 to U+009F, which some terminals
    /// obey like ESC-sequences) as `<U+009B>`.
    public static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x7F: out += "^?"
            case 0x00..<0x20: out += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            default: out += "<U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) + ">"
            }
        }
        return out
    }

    /// Whether `scalar` is a control character a terminal might obey (not a line feed or a tab).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00..<0x20, 0x7F..<0xA0: true
        default: false
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
