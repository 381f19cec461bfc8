internal import Foundation

/// `text` as one shell word: as it is when it needs no quoting, else in single quotes.
public func shellQuoted(_ text: String) -> String {
    let plain =
        !text.isEmpty
        && text.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) && $0.isASCII || "/._-+:,=@%".unicodeScalars.contains($0)
        }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
