import Foundation
import LinuxInput
import Testing

/// LiveTablet's descriptor opened a thousand times on a node that is not an event device (this machine
/// has no /dev/uinput to make a real one): each refusal must close what it opened (issue 29, item 7).
@Suite("LiveTablet's descriptors")
struct DescriptorTests {
    @Test("A thousand opens of a plain file, refused as not an event node, leave no descriptor open")
    func refusedOpens() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-an-event-node-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("not a tablet\n".utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
        for _ in 0..<1_000 {
            #expect(throws: LiveInputError.notAnEventNode(node: path)) { try LiveTablet(node: path) }
            #expect(throws: LiveInputError.notAnEventNode(node: path)) { try LiveTablet.describe(node: path) }
        }
        // Parallel suites hold a few descriptors of their own; a leak would be a thousand or more.
        let grown = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count - before
        #expect(grown < 50, "\(grown) more descriptors open")
    }
}
