import Foundation
import StylusInput
import Testing

@testable import LinuxInput

/// The identity `record` waits for after an unplug (issue 5): not the node path.
@Suite struct TabletIdentityTests {
    func node(
        _ sysname: String, name: String = "Wacom ISD-V4 Pen", product: UInt16 = 0x4200, udev: [String: String] = [:]
    ) -> TabletNode {
        TabletNode(
            node: "/dev/input/\(sysname)", sysname: sysname, role: .pen, name: name,
            id: InputID(bustype: 0x0003, vendor: 0x056a, product: product, version: 0x0110), udevProperties: udev)
    }

    @Test("The same tablet at another eventN is accepted; another name or product is not")
    func sameTabletAnywhere() {
        let lost = TabletIdentity(node("event5"))
        #expect(lost.accepts(TabletIdentity(node("event7"))))
        #expect(!lost.accepts(TabletIdentity(node("event5", name: "Wacom ISD-V4 Finger"))))
        #expect(!lost.accepts(TabletIdentity(node("event5", product: 0x4201))))
    }

    @Test("A serial, when udev gives one, must match: a second tablet of the same model is not this one")
    func serialMustMatch() {
        let lost = TabletIdentity(node("event5", udev: ["ID_SERIAL_SHORT": "8CQ0123"]))
        #expect(lost.serial == "8CQ0123")
        #expect(lost.accepts(TabletIdentity(node("event9", udev: ["ID_SERIAL_SHORT": "8CQ0123"]))))
        #expect(!lost.accepts(TabletIdentity(node("event9", udev: ["ID_SERIAL_SHORT": "8CQ0999"]))))
        #expect(!lost.accepts(TabletIdentity(node("event9"))))
        // Without a serial of its own, the lost tablet is matched on name and ids alone.
        #expect(TabletIdentity(node("event5")).accepts(TabletIdentity(node("event9", udev: ["ID_SERIAL_SHORT": "X"]))))
        #expect(TabletIdentity(node("event5"), uniq: "").serial == nil)
        #expect(TabletIdentity(node("event5"), uniq: "abc").serial == "abc")
    }

    @Test("The kernel's uniq is read from /sys when udev names no serial")
    func uniqFromSysfs() throws {
        let root = NSTemporaryDirectory() + "identity-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/event3/device", withIntermediateDirectories: true)
        try "TAB-42\n".write(toFile: root + "/event3/device/uniq", atomically: true, encoding: .utf8)
        #expect(TabletIdentity.reading(node("event3"), sysfsRoot: root).serial == "TAB-42")
        #expect(TabletIdentity.reading(node("event4"), sysfsRoot: root).serial == nil)
        let discovery = TabletDiscovery(nodes: [node("event3"), node("event4")], source: .sysfs, fallbackReason: nil)
        let lost = TabletIdentity(
            name: "Wacom ISD-V4 Pen", bustype: 3, vendor: 0x056a, product: 0x4200, serial: "TAB-42")
        #expect(discovery.penNode(of: lost, sysfsRoot: root)?.sysname == "event3")
        #expect(
            discovery.penNode(
                of: TabletIdentity(name: "Other", bustype: 3, vendor: 0x056a, product: 0x4200), sysfsRoot: root) == nil)
    }
}
