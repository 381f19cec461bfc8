import Foundation
import SystemErrors
import Testing

/// `WholeFile.Writer`: an output written in pieces, in place whole or not at all.
@Suite("WholeFile.Writer: written in pieces, put in place whole")
struct WholeFileWriterTests {
    static func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "styluskit-writer-\(UUID().uuidString)"
        )
        .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test("Nothing is under the name until commit; then the pieces are there whole, and no temporary file is left")
    func pieces() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/table.csv"
        let writer = try WholeFile.Writer(path: path)
        // More than the 64 KiB written out at a time, in pieces of odd sizes.
        let pieces = (0..<3_000).map { "row \($0)," + String(repeating: "x", count: $0 % 97) + "\n" }
        for piece in pieces { writer.write(piece) }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try Self.names(in: folder).allSatisfy { $0.hasPrefix(WholeFile.temporaryPrefix) })
        #expect(try writer.commit(replacing: false))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == pieces.joined())
        #expect(try Self.names(in: folder) == ["table.csv"])
    }

    @Test("Without replacing, a file that is there is kept; replacing puts the new one over it; discard leaves the old")
    func existing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/table.csv"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        let refused = try WholeFile.Writer(path: path)
        refused.write("new\n")
        #expect(try !refused.commit(replacing: false))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        let discarded = try WholeFile.Writer(path: path)
        discarded.write("half")
        discarded.discard()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
        let replacing = try WholeFile.Writer(path: path)
        replacing.write("new\n")
        #expect(try replacing.commit(replacing: true))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(try Self.names(in: folder) == ["table.csv"])
    }

    @Test("A folder that refuses the file is refused at once, with the system's reason")
    func refusedFolder() throws {
        #expect(throws: WholeFileError.self) { try WholeFile.Writer(path: "/nonexistent-styluskit-folder/table.csv") }
    }
}
