internal import Foundation

/// The file a command's `--out` names: its kind read from its extension, checked before anything is
/// made, so `report --out x.png` cannot write a PDF under a picture's name and `--out DIR --force` is
/// refused with words instead of failing on a stream (issue 33, item 5).
public enum OutputFile {
    /// The name of standard output wherever `--out` names a file.
    public static let standardOutput = "-"

    /// Refuses `path` unless it ends in one of `extensions` (lower case, without the dot) or is `-`
    /// when `allowsStandardOutput`; refuses a directory in its place, `--force` or not.
    ///
    /// - Parameter kind: what the command writes, for the message ("a PDF").
    public static func check(
        _ path: String, extensions: [String], kind: String, allowsStandardOutput: Bool = false
    ) throws(OutputFileError) {
        if path == standardOutput, allowsStandardOutput { return }
        let suffix = (path as NSString).pathExtension.lowercased()
        guard extensions.contains(suffix) else {
            throw .wrongExtension(path: path, kind: kind, extensions: extensions, standardOutput: allowsStandardOutput)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw .directory(
                path: path, kind: kind, example: (path as NSString).appendingPathComponent("out.\(extensions[0])"))
        }
    }
}

/// Why `--out` cannot name the file a command writes.
public enum OutputFileError: Error, Equatable, CustomStringConvertible {
    /// The name's extension says another kind of file than the command writes.
    case wrongExtension(path: String, kind: String, extensions: [String], standardOutput: Bool)
    /// A directory is where the file would go; `example` is a file name in it.
    case directory(path: String, kind: String, example: String)

    public var description: String {
        switch self {
        case .wrongExtension(let path, let kind, let extensions, let standardOutput):
            let stem = ((path as NSString).deletingPathExtension as NSString).lastPathComponent
            return "--out \(path): this command writes \(kind), so the name must end in "
                + extensions.map { "." + $0 }.joined(separator: " or ")
                + (standardOutput ? " (or be - for standard output)" : "")
                + "; give a name such as \(stem.isEmpty || stem == "-" ? "out" : stem).\(extensions[0])."
        case .directory(let path, let kind, let example):
            return "--out \(path) is a directory; --force replaces a file, never a directory. Give the name of "
                + "\(kind) to write there, such as \(example)."
        }
    }
}
