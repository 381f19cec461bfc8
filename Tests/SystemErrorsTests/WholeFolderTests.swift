import Foundation
import SystemErrors
import Testing

/// `WholeFile.writeFolder`: a set of files replacing a folder's content as one (issue 34, item 1).
@Suite("WholeFile.writeFolder: a set replaced as one folder")
struct WholeFolderTests {
    /// A new empty folder for one test, as `WholeFileWriterTests` makes them.
    static func scratch() throws -> String { try WholeFileWriterTests.folder() }

    static func files(_ text: String) -> [(name: String, data: Data)] {
        ["a.csv", "b.csv"].map { ($0, Data("\(text) \($0)\n".utf8)) }
    }

    static func names(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    static func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test(
        "A new folder, then its set replaced: swapped as one each time, the folder's permissions kept, nothing left beside it"
    )
    func replacedAsOne() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let folder = scratch + "/set"
        #expect(try WholeFile.writeFolder(Self.files("old"), to: folder) == .asOne)
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: folder)
        #expect(try WholeFile.writeFolder(Self.files("new"), to: folder) == .asOne)
        #expect(try Self.names(in: folder) == ["a.csv", "b.csv"])
        #expect(try Self.text(folder + "/b.csv") == "new b.csv\n")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int)
        #expect(mode == 0o750)
        #expect(try Self.names(in: scratch) == ["set"])
    }

    @Test("A symbolic link to the folder stays a link; the folder it names gets the new set")
    func linkKept() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = try WholeFile.writeFolder(Self.files("old"), to: scratch + "/real")
        try FileManager.default.createSymbolicLink(atPath: scratch + "/link", withDestinationPath: "real")
        #expect(try WholeFile.writeFolder(Self.files("new"), to: scratch + "/link") == .asOne)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch + "/link") == "real")
        #expect(try Self.text(scratch + "/real/a.csv") == "new a.csv\n")
        #expect(try Self.names(in: scratch) == ["link", "real"])
    }

    @Test("A folder holding a file not of the set keeps it: the set goes in file by file, and the reason is given")
    func otherFilesKept() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: scratch + "/notes.txt"))
        #expect(
            try WholeFile.writeFolder(Self.files("new"), to: scratch)
                == .fileByFile(reason: "it holds 1 file not of the set"))
        #expect(try Self.names(in: scratch) == ["a.csv", "b.csv", "notes.txt"])
        #expect(try Self.text(scratch + "/notes.txt") == "mine\n")
    }

    @Test(
        "A temporary folder a killed writer left beside the folder (its old or its new set) is removed by the next write"
    )
    func deadWritersFolderReaped() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let stale = scratch + "/\(WholeFile.temporaryPrefix)\(ended.processIdentifier)-7-set"
        try FileManager.default.createDirectory(atPath: stale, withIntermediateDirectories: false)
        try Data("old a.csv\n".utf8).write(to: URL(fileURLWithPath: stale + "/a.csv"))
        #expect(try WholeFile.writeFolder(Self.files("new"), to: scratch + "/set") == .asOne)
        #expect(try Self.names(in: scratch) == ["set"])
    }
}
