/// A path's parts as text, without Foundation's `NSString` path methods: on Linux,
/// `deletingLastPathComponent` traps on a one-character relative name (`export csv --out a` died with
/// signal 4; issue 33, item 5), so every module asks here for a path's folder.
public enum PathText {
    /// The folder `path` is in, as `NSString.deletingLastPathComponent` gives it: "" for a bare name
    /// (`a`, `visits.csv`), `/` for a name in the root, trailing and repeated slashes ignored
    /// (`a/b/` is in `a`, `a//b` too).
    public static func folder(of path: String) -> String {
        let rooted = path.hasPrefix("/")
        var trimmed = Substring(path)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return rooted ? "/" : "" }
        var folder = trimmed[..<slash]
        while folder.hasSuffix("/") { folder = folder.dropLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
