import Foundation

/// The one place a system error becomes words a person can act on: an `errno`, or one of
/// Foundation's file errors, as the system's own short reason ("No such file or directory",
/// "Permission denied"), never an `NSError`'s text with its domain and code.
public enum SystemErrorText {
    /// The reason of `code`, an `errno` value.
    public static func reason(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The reason of `error`: its POSIX cause where Foundation kept one, else the reason of the
    /// file error it names; an error that is neither keeps its own description.
    public static func reason(_ error: any Error) -> String {
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return reason(errno: Int32(error.code)) }
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(errno: Int32(underlying.code))
        }
        guard error.domain == NSCocoaErrorDomain else { return "\(error)" }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return reason(errno: ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: return reason(errno: EACCES)
        case .fileWriteVolumeReadOnly: return reason(errno: EROFS)
        case .fileWriteOutOfSpace: return reason(errno: ENOSPC)
        case .fileWriteFileExists: return reason(errno: EEXIST)
        case .fileReadTooLarge: return reason(errno: EFBIG)
        case .fileReadCorruptFile, .fileReadInapplicableStringEncoding: return "its contents cannot be read as expected"
        // Foundation on Linux gives this, with no POSIX cause, for a folder that cannot be made
        // because a file is in the way of it (or of a folder above it).
        case .fileWriteUnknown: return "it cannot be made there (a file may be in the way of a folder on its path)"
        default: return "the system refused (\(error.code))"
        }
    }
}

extension SystemErrorText {
    /// A YAML parser's error as words that never quote the file: Yams ends its message with the offending
    /// line and a caret under it, and a file given by mistake (a patient's details as `--protocol`) would
    /// be printed in plaintext (issue 34, item 5). Keeps the first line, `1:6: error: parser: did not find
    /// expected <document start>`, which says where.
    public static func yamlProblem(_ error: any Error) -> String {
        let text = "\(error)"
        let first =
            text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            ?? text
        return first.hasSuffix(":") ? String(first.dropLast()) : first
    }
}

extension SystemErrorText {
    /// Whether a key read from a file may be quoted in a message: a short word of ASCII letters, `-` and `_`, as
    /// every key of our files is. A name, a date or a sentence (a patient's details in a file given by mistake)
    /// is not one, and is never printed (issue 34, item 5): the message names the line instead.
    public static func looksLikeAKey(_ key: some StringProtocol) -> Bool {
        // 40: the longest key of our files, a settings key, has 27 characters (`enable-wall-cross-detection`).
        key.utf8.count <= 40 && key.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "_" || $0 == "-") }
    }
}
