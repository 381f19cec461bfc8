import SystemErrors
import Testing

/// A path's folder without Foundation's `deletingLastPathComponent`, which traps on a one-character name.
@Suite struct PathTextTests {
    @Test("A path's folder is Foundation's answer, and a one-character name is in no folder instead of a trap")
    func folders() {
        let cases: [(String, String)] = [
            ("a", ""), ("-", ""), ("visits.csv", ""), ("./a", "."), ("a/b", "a"), ("/a", "/"), ("/", "/"),
            ("", ""), ("a/b/", "a"), ("a//b", "a"), ("/tmp/x/visits.csv", "/tmp/x"), ("//a", "/"),
        ]
        for (path, folder) in cases { #expect(PathText.folder(of: path) == folder, "\(path)") }
    }
}
