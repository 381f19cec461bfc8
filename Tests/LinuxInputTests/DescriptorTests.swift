import Foundation
import LinuxInput
import StylusInput
import Testing

/// LiveTablet's descriptor opened a thousand times, on a node that is not an event device and on a
/// real uinput pen where /dev/uinput is writable (the VM suite runs that one): each open must be
/// closed by its owner, each refusal must close what it opened (issue 29, item 7).
@Suite("LiveTablet's descriptors")
struct DescriptorTests {
    /// The number of descriptors the process has open now.
    static func openDescriptors() throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }

    /// The Dell Canvas pen of the real recordings: the tablet the VM suite makes with evemu-device.
    static let dellCanvas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/recordings/real/dell_canvas_pen.evemu").path

    @Test(
        "A thousand opens of a uinput pen (every other one grabbed), each read and let go, leave no descriptor open",
        .enabled(if: UinputPen.isAvailable, Comment(rawValue: UinputPen.unavailable)))
    func uinputPenOpens() throws {
        let pen = try #require(
            UinputPen(descriptionPath: Self.dellCanvas), "libevemu could not make a pen from \(Self.dellCanvas)")
        // devtmpfs makes the node a moment after the kernel device.
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: pen.node) { usleep(10_000) }
        // One open for the whole test, as a second reader of the tablet would hold.
        let first = try LiveTablet(node: pen.node)
        let name = first.description.name
        #expect(!name.isEmpty)
        let before = try Self.openDescriptors()
        for round in 0..<1_000 {
            let tablet = try LiveTablet(node: pen.node, grab: round.isMultiple(of: 2) && round > 0)
            #expect(tablet.description.name == name)
            var events: [InputEvent] = []
            #expect(try tablet.read(into: &events) == .drained)
            #expect(try LiveTablet.describe(node: pen.node).name == name)
        }
        let grown = try Self.openDescriptors() - before
        #expect(grown < 50, "\(grown) more descriptors open")
        _ = first
    }

    @Test("A thousand opens of a plain file, refused as not an event node, leave no descriptor open")
    func refusedOpens() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "not-an-event-node-\(UUID().uuidString)"
        ).path
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
