import Foundation
import SystemErrors
import Testing

/// Foundation's file errors in the system's words (issue 22: no NSError text reaches a person).
@Suite("System errors in words")
struct SystemErrorTextTests {
    @Test("A missing file read through Foundation is 'No such file or directory', not Error Domain=NSCocoaErrorDomain")
    func missingFile() {
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent/styluskit-\(UUID().uuidString)"))
            Issue.record("reading a missing file succeeded")
        } catch {
            #expect(SystemErrorText.reason(error) == "No such file or directory")
        }
    }

    @Test("A directory that cannot be created under a file names the system's reason")
    func directoryUnderAFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("styluskit-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            try FileManager.default.createDirectory(
                at: file.appendingPathComponent("sub"), withIntermediateDirectories: true)
            Issue.record("creating a directory under a file succeeded")
        } catch {
            let reason = SystemErrorText.reason(error)
            #expect(!reason.contains("NSCocoaErrorDomain") && !reason.contains("Error Domain"), "\(reason)")
            #expect(
                [
                    "Not a directory", "File exists",
                    "it cannot be made there (a file may be in the way of a folder on its path)",
                ].contains(
                    reason), "\(reason)")
        }
    }

    @Test("errno values read as strerror gives them")
    func errnoValues() {
        #expect(SystemErrorText.reason(errno: ENOENT) == "No such file or directory")
        #expect(SystemErrorText.reason(CocoaError(.fileWriteOutOfSpace)) == "No space left on device")
        #expect(SystemErrorText.reason(CocoaError(.fileWriteNoPermission)) == "Permission denied")
    }
}
